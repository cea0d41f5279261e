// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliSupport.h"

#include "Cli.h"
#include "Identifier.h"
#include "Store.h"

namespace LedgerCurator::Cli {

// Made when the program is loaded, before main() names the application, so the default path in
// --help is worked out without the application's name (openStore() asks again at run time).
const QCommandLineOption kDbOption(QStringLiteral("db"),
    QStringLiteral("The cache file (default: %1).").arg(defaultCachePath()),
    QStringLiteral("PATH"));
const QCommandLineOption kJsonOption(QStringLiteral("json"), QStringLiteral("Write JSON."));

int exitStatus(const Error &error)
{
    return error.kind == Error::Kind::BadInput ? ExitBadInput : ExitFailure;
}

int report(const Error &error, QTextStream &err)
{
    err << "ledger-curator: " << error.toString() << Qt::endl;
    return exitStatus(error);
}

int usage(const QString &message, QTextStream &err, const QString &helpOf)
{
    err << "ledger-curator: " << message << Qt::endl
        << "Try 'ledger-curator " << (helpOf.isEmpty() ? QString() : helpOf + u' ') << "--help'."
        << Qt::endl;
    return ExitBadInput;
}

std::unique_ptr<Store> openStore(const QCommandLineParser &parser, QTextStream &err, int *status)
{
    const QString path = parser.isSet(kDbOption) ? parser.value(kDbOption) : defaultCachePath();
    auto store = std::make_unique<Store>(path);
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

QString padded(const QString &text, int width)
{
    return text.leftJustified(width, u' ');
}

} // namespace LedgerCurator::Cli
