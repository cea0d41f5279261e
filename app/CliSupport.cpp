// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliSupport.h"

#include "Cli.h"
#include "Identifier.h"
#include "SqliteLocks.h"
#include "Store.h"

#include <QFileDevice>
#include <QSaveFile>

namespace LedgerCurator::Cli {

// Made when a subcommand runs, after main() named the application: the default path in --help is
// the one openStore() opens (~/.local/share/ledger-curator/ledger-cache.sqlite on Linux).
QCommandLineOption dbOption()
{
    return QCommandLineOption(QStringLiteral("db"),
        QStringLiteral("The cache file (default: %1).").arg(defaultCachePath()),
        QStringLiteral("PATH"));
}
const QCommandLineOption kJsonOption(QStringLiteral("json"), QStringLiteral("Write JSON."));

int exitStatus(const Error &error)
{
    return error.kind == Error::Kind::BadInput ? ExitBadInput : ExitFailure;
}

int report(const Error &error, QTextStream &err)
{
    // A message may quote a file, a reply or the cache.
    err << "ledger-curator: " << terminalSafe(error.toString(), DisplayText::Lines::Keep)
        << Qt::endl;
    return exitStatus(error);
}

int usage(const QString &message, QTextStream &err, const QString &helpOf)
{
    err << "ledger-curator: " << terminalSafe(message, DisplayText::Lines::Keep) << Qt::endl
        << "Try 'ledger-curator " << (helpOf.isEmpty() ? QString() : helpOf + u' ') << "--help'."
        << Qt::endl;
    return ExitBadInput;
}

QString cachePath(const QCommandLineParser &parser)
{
    return parser.isSet(QStringLiteral("db")) ? parser.value(QStringLiteral("db"))
                                              : defaultCachePath();
}

std::unique_ptr<Store> openStore(const QCommandLineParser &parser, QTextStream &err, int *status)
{
    auto store = std::make_unique<Store>(cachePath(parser));
    if (auto opened = store->open(); !opened) {
        *status = report(opened.error(), err);
        return nullptr;
    }
    return store;
}

Result<CuratedRecord> loadRecordArgument(Store &store, const QString &argument)
{
    const QString id = normalizeRecordId(argument);
    auto loaded = store.loadCurated(id);
    if (!loaded)
        return loaded.error();
    if (!loaded->has_value())
        return Error::badInput(
            QStringLiteral("no record %1 in the cache %2 (see 'ledger-curator list')")
                .arg(id, store.path()));
    return std::move(**loaded);
}

std::optional<CuratedRecord> openRecord(
    const QCommandLineParser &parser, const QString &argument, QTextStream &err, int *status)
{
    auto store = openStore(parser, err, status);
    if (!store)
        return std::nullopt;
    auto curated = loadRecordArgument(*store, argument);
    if (!curated) {
        *status = report(curated.error(), err);
        return std::nullopt;
    }
    return std::move(*curated);
}

QString terminalSafe(const QString &text, DisplayText::Lines lines)
{
    return DisplayText::forTerminal(text, lines);
}

QString terminalSafeJson(const QByteArray &json)
{
    return DisplayText::forJsonTerminal(QString::fromUtf8(json));
}

QList<QStringList> terminalSafeRows(QList<QStringList> rows)
{
    for (QStringList &row : rows) {
        for (QString &field : row)
            field = terminalSafe(field);
    }
    return rows;
}

QString padded(const QString &text, int width)
{
    return text.leftJustified(width, u' ');
}

Status writeOutputStreamed(
    const QString &path, QTextStream &out, const std::function<void(const ByteSink &)> &produce)
{
    return writeOutputStreamedChecked(path, out, [&produce](const ByteSink &write) -> Status {
        produce(write);
        return {};
    });
}

Status writeOutputStreamedChecked(
    const QString &path, QTextStream &out, const std::function<Status(const ByteSink &)> &produce)
{
    if (path.isEmpty() || path == u"-") {
        out.flush();
        QIODevice *device = out.device();
        if (!device) {
            QByteArray all;
            if (auto made = produce([&all](QByteArrayView bytes) {
                    all += bytes;
                    return true;
                });
                !made)
                return made;
            out << QString::fromUtf8(all);
            out.flush();
            return {};
        }
        bool failed = false;
        const Status made = produce([device, &failed](QByteArrayView bytes) {
            failed = failed || device->write(bytes.data(), bytes.size()) != bytes.size();
            return !failed;
        });
        if (auto *file = qobject_cast<QFileDevice *>(device))
            failed = !file->flush() || failed;
        if (failed)
            return Error::failure(
                QStringLiteral("cannot write to standard output: %1").arg(device->errorString()));
        return made;
    }
    if (SqliteLocks::isOpenBySqlite(path)) // it would replace the cache under SQLite
        return Error::badInput(
            QStringLiteral("%1: this is a file of the cache that is open; it is not overwritten")
                .arg(path));
    QSaveFile file(path);
    bool failed = !file.open(QIODevice::WriteOnly);
    if (!failed) {
        const Status made = produce([&file, &failed](QByteArrayView bytes) {
            failed = failed || file.write(bytes.data(), bytes.size()) != bytes.size();
            return !failed;
        });
        if (!made) {
            file.cancelWriting();
            return made;
        }
    }
    if (failed || !file.commit())
        return Error::failure(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
    return {};
}

Status writeBytes(const QString &path, QTextStream &out, const QByteArray &bytes)
{
    return writeOutputStreamed(path, out, [&bytes](const ByteSink &write) { write(bytes); });
}

} // namespace LedgerCurator::Cli
