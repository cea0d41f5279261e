// SPDX-License-Identifier: GPL-3.0-or-later
// sync: the one command that talks to the network. Its messages name it ("ledger-curator:
// sync: ...") as they come among the progress lines, and bad usage points to its own --help.
#include "CliCommands.h"

#include "Cli.h"
#include "CliSupport.h"
#include "SettingsKeys.h"
#include "SigningKeyStore.h"
#include "SqliteLocks.h"
#include "Store.h"
#include "SyncClient.h"

#include <QFile>
#include <QSettings>

namespace LedgerCurator::Cli {

namespace {

int syncUsage(const QString &message, QTextStream &err)
{
    return usage(QStringLiteral("sync: ") + message, err, QStringLiteral("sync"));
}

QString plural(qint64 n, const char *one, const char *many)
{
    return QString::number(n) + QLatin1Char(' ') + QLatin1String(n == 1 ? one : many);
}

//! The token: the first line of the file, else $LEDGER_TOKEN. Empty with a message on failure.
QString readToken(const QCommandLineParser &parser, QTextStream &err, QString *problem)
{
    if (!parser.isSet(QStringLiteral("token-file"))) {
        const QString token = qEnvironmentVariable("LEDGER_TOKEN").trimmed();
        if (token.isEmpty())
            *problem = QStringLiteral(
                "no token: name a file holding one with --token-file FILE, or set LEDGER_TOKEN");
        return token;
    }
    const QString path = parser.value(QStringLiteral("token-file"));
    if (SqliteLocks::isOpenBySqlite(path)) { // only SQLite opens the cache's files
        *problem = QStringLiteral("%1: this is a file of the cache that is open, not a token file")
                       .arg(path);
        return {};
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *problem
            = QStringLiteral("%1: cannot read the token file: %2").arg(path, file.errorString());
        return {};
    }
    const QFileDevice::Permissions permissions = file.permissions();
    if (permissions & (QFileDevice::ReadGroup | QFileDevice::ReadOther))
        err << "ledger-curator: sync: warning: " << path
            << " can be read by other users; a token is a password (chmod 600 it)" << Qt::endl;
    const QString token = QString::fromUtf8(file.readLine(64 * 1024)).trimmed();
    if (token.isEmpty())
        *problem
            = QStringLiteral("%1:1: expected a token on the first line, found nothing").arg(path);
    return token;
}

} // namespace

void syncOptions(QCommandLineParser &parser)
{
    parser.addOption(QCommandLineOption(QStringLiteral("server"),
        QStringLiteral("The ledger server URL, e.g. http://127.0.0.1:8080."),
        QStringLiteral("URL")));
    parser.addOption(QCommandLineOption(QStringLiteral("token-file"),
        QStringLiteral(
            "A file whose first line is the token (default: the LEDGER_TOKEN variable)."),
        QStringLiteral("FILE")));
    parser.addOption(QCommandLineOption(QStringLiteral("timeout"),
        QStringLiteral("Give up on a request after MS milliseconds without data "
                       "(default 15000)."),
        QStringLiteral("MS")));
    parser.addOption(QCommandLineOption(QStringLiteral("max-reply-mb"),
        QStringLiteral("Refuse a reply whose body is larger than N MiB (default %1).")
            .arg(SyncOptions::kDefaultMaxReplyBytes / (1024 * 1024)),
        QStringLiteral("N")));
    parser.addOption(QCommandLineOption(QStringLiteral("request-timeout"),
        QStringLiteral("Give up on a request that is not complete after S seconds, however "
                       "steadily data comes (default %1; 0: no limit).")
            .arg(SyncOptions::kDefaultRequestDeadlineMs / 1000),
        QStringLiteral("S")));
    parser.addOption(QCommandLineOption(QStringLiteral("sync-timeout"),
        QStringLiteral("Stop the sync after S seconds in all (default %1; 0: no limit).")
            .arg(SyncOptions::kDefaultSyncDeadlineMs / 1000),
        QStringLiteral("S")));
    parser.addOption(QCommandLineOption(QStringLiteral("fetch-removed"),
        QStringLiteral("Fetch again the server's page of records removed from this cache "
                       "(ledger-curator remove); without it their page is left alone.")));
}

int runSync(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    if (parser.positionalArguments().size() > 1)
        return syncUsage(
            QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments().value(1)),
            err);
    if (!parser.isSet(QStringLiteral("server")))
        return syncUsage(QStringLiteral("name the server with --server URL"), err);
    const QString serverText = parser.value(QStringLiteral("server"));
    const QUrl server(serverText, QUrl::StrictMode);
    if (!server.isValid() || (server.scheme() != u"http" && server.scheme() != u"https")
        || server.host().isEmpty() || server.hasQuery() || server.hasFragment())
        return syncUsage(
            QStringLiteral(
                "--server: '%1' is not an http:// or https:// URL such as http://127.0.0.1:8080")
                .arg(serverText),
            err);
    SyncOptions options;
    options.server = server;
    if (parser.isSet(QStringLiteral("timeout"))) {
        bool ok = false;
        options.timeoutMs = parser.value(QStringLiteral("timeout")).toInt(&ok);
        if (!ok || options.timeoutMs < 1)
            return syncUsage(
                QStringLiteral("--timeout: expected a number of milliseconds, found '%1'")
                    .arg(parser.value(QStringLiteral("timeout"))),
                err);
    }
    // The limits on what the server may send (docs/sync-client.md, "Limits").
    auto number = [&parser](const QString &name, qint64 most, qint64 *value) {
        bool ok = false;
        const qint64 n = parser.value(name).toLongLong(&ok);
        if (!ok || n < 0 || n > most)
            return false;
        *value = n;
        return true;
    };
    constexpr qint64 kMostMb = 1024 * 1024; // a TiB: a cap, not a wish
    constexpr qint64 kMostSeconds = 365 * 24 * 3600;
    if (parser.isSet(QStringLiteral("max-reply-mb"))) {
        qint64 mb = 0;
        if (!number(QStringLiteral("max-reply-mb"), kMostMb, &mb) || mb < 1)
            return syncUsage(QStringLiteral("--max-reply-mb: expected a whole number of MiB from "
                                            "1 to %1, found '%2'")
                                 .arg(kMostMb)
                                 .arg(parser.value(QStringLiteral("max-reply-mb"))),
                err);
        options.maxReplyBytes = mb * 1024 * 1024;
    }
    if (parser.isSet(QStringLiteral("request-timeout"))) {
        qint64 seconds = 0;
        // An int of milliseconds: at most 24 days.
        if (!number(QStringLiteral("request-timeout"), 2'000'000, &seconds))
            return syncUsage(QStringLiteral("--request-timeout: expected a whole number of seconds "
                                            "from 0 (no limit) to 2000000, found '%1'")
                                 .arg(parser.value(QStringLiteral("request-timeout"))),
                err);
        options.requestDeadlineMs = int(seconds * 1000);
    }
    if (parser.isSet(QStringLiteral("sync-timeout"))) {
        qint64 seconds = 0;
        if (!number(QStringLiteral("sync-timeout"), kMostSeconds, &seconds))
            return syncUsage(QStringLiteral("--sync-timeout: expected a whole number of seconds "
                                            "from 0 (no limit) to %1, found '%2'")
                                 .arg(kMostSeconds)
                                 .arg(parser.value(QStringLiteral("sync-timeout"))),
                err);
        options.syncDeadlineMs = seconds * 1000;
    }
    options.fetchRemoved = parser.isSet(QStringLiteral("fetch-removed"));
    options.maxReplyHint = QStringLiteral("--max-reply-mb N");
    options.requestDeadlineHint = QStringLiteral("--request-timeout S");
    options.syncDeadlineHint = QStringLiteral("--sync-timeout S");
    QString problem;
    options.token = readToken(parser, err, &problem);
    if (!problem.isEmpty())
        return syncUsage(problem, err);
    options.log = [&err](const QString &message) {
        err << "ledger-curator: sync: " << message << Qt::endl;
    };
    // The configured curator's key signs what the outbox holds unsigned and is registered with
    // the server (docs/signatures.md); without a name the sync still pulls.
    options.curator = QSettings().value(SettingsKeys::kCuratorName).toString().trimmed();
    if (!options.curator.isEmpty()) {
        auto key = SigningKeyStore().loadOrCreate(options.curator);
        if (!key) {
            err << "ledger-curator: sync: " << key.error().toString() << Qt::endl;
            return exitStatus(key.error());
        }
        options.signingKey = key->key;
    }
    // Corrections made with --author NAME are signed with NAME's key: registered when NAME is
    // the token's curator, so they can be pushed.
    options.signingKeyFor = [](const QString &curator) -> Result<SigningKey> {
        auto key = SigningKeyStore().loadOrCreate(curator);
        if (!key)
            return key.error();
        return key->key;
    };

    int status = ExitOk;
    const auto store = openStore(parser, err, &status);
    if (!store)
        return status;

    SyncClient client(*store);
    QString lastLine;
    auto progress = [&err, &lastLine](const QString &step, qint64 done, qint64 total) {
        QString line;
        if (step == u"push")
            line = total == 0
                ? QStringLiteral("push: the outbox is empty")
                : QStringLiteral("push: %1 of %2 corrections sent").arg(done).arg(total);
        else if (step == u"records")
            line = total == 0
                ? QStringLiteral("records: checking the list")
                : QStringLiteral("records: %1 of %2 changed records").arg(done).arg(total);
        else
            line = QStringLiteral("%1: up to seq %2 of %3").arg(step).arg(done).arg(total);
        if (line != lastLine)
            err << "ledger-curator: sync: " << line << Qt::endl;
        lastLine = line;
        return true;
    };
    auto synced = client.run(options, progress);
    if (!synced) {
        err << "ledger-curator: sync: " << synced.error().toString() << Qt::endl;
        return exitStatus(synced.error());
    }
    out << "pushed " << plural(synced->pushed, "correction", "corrections");
    if (synced->duplicates > 0)
        out << " (" << synced->duplicates << " already on the server)";
    out << ", " << plural(synced->recordsUpdated, "record", "records") << " updated, "
        << plural(synced->eventsPulled, "event", "events") << " pulled; last seq "
        << synced->lastSeq << Qt::endl;
    if (synced->noticesPushed + synced->noticeDuplicates + synced->noticesStale
            + synced->noticesPulled
        > 0) {
        out << "notices: " << synced->noticesPushed << " sent";
        if (synced->noticeDuplicates > 0)
            out << " (" << synced->noticeDuplicates << " already on the server)";
        if (synced->noticesStale > 0)
            out << ", " << synced->noticesStale << " replaced by the server's newer version";
        out << ", " << synced->noticesPulled << " received" << Qt::endl;
    }
    if (!synced->noticesNote.isEmpty())
        out << "notices not exchanged: " << synced->noticesNote << Qt::endl;
    if (synced->signedNow > 0)
        out << "signed " << plural(synced->signedNow, "correction", "corrections")
            << " made before signatures" << Qt::endl;
    if (!synced->clockNote.isEmpty())
        out << synced->clockNote << Qt::endl;
    if (synced->legacyEvents > 0)
        out << plural(synced->legacyEvents, "unsigned event", "unsigned events")
            << " from before signatures applied as legacy" << Qt::endl;
    if (!synced->missingSeqs.isEmpty())
        err << "ledger-curator: sync: warning: the server holds no event at "
            << synced->missingSeqs.join(QStringLiteral(", "))
            << " (deleted from its database?): whatever was there is not in this cache; tell the "
               "server's administrator"
            << Qt::endl;
    // Each event kept aside was logged as it came ("kept aside: event ID by NAME ..."); the
    // summary is a warning, as for notices: the server sent what its curator never signed.
    if (!synced->rejectedSummary.isEmpty())
        err << "ledger-curator: sync: warning: " << synced->rejectedSummary
            << " (kept aside; this cache shows the page without it)" << Qt::endl;
    // A notice kept aside: this cache keeps the version it held, and the curator must know.
    if (!synced->rejectedNoticesSummary.isEmpty())
        err << "ledger-curator: sync: warning: " << synced->rejectedNoticesSummary
            << " (kept aside; this cache keeps the version it held)" << Qt::endl;
    if (synced->noticesSignedNow > 0)
        out << "signed " << plural(synced->noticesSignedNow, "notice", "notices")
            << " imported before notices were signed" << Qt::endl;
    // Each refusal was logged as it came ("refused: correction ..."); the sync itself completed,
    // but not everything this cache had to send went through: a script must learn it.
    if (!synced->refused.isEmpty())
        err << "ledger-curator: sync: "
            << plural(synced->refused.size(), "correction", "corrections")
            << " refused by the server stay in the outbox (see the lines above); the others went "
               "through"
            << Qt::endl;
    if (synced->sentEverything())
        return ExitOk;
    err << "ledger-curator: sync: not everything was sent: "
        << plural(synced->correctionsWaiting, "correction", "corrections") << " and "
        << plural(synced->noticesWaiting, "notice", "notices") << " still wait in the outbox";
    if (!synced->tokenCurator.isEmpty())
        err << " (the server takes corrections only by " << terminalSafe(synced->tokenCurator)
            << ")";
    err << " (exit status 3)" << Qt::endl;
    return ExitIncomplete;
}

} // namespace LedgerCurator::Cli
