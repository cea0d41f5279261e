// SPDX-License-Identifier: GPL-3.0-or-later
#include "ServerCli.h"

#include "CurationLog.h"
#include "DisplayText.h"
#include "EventSignature.h"
#include "LedgerServer.h"
#include "NoticeJson.h"
#include "NoticeSignature.h"
#include "PageFiles.h"
#include "RetractionCsv.h"
#include "ServeOptions.h"
#include "ServerStore.h"
#include "ServerVerify.h"
#include "ServerWorks.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHostAddress>
#include <QSocketNotifier>
#include <QStandardPaths>
#include <QTextStream>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace LedgerCurator {

namespace {

constexpr int ExitOk = 0;
constexpr int ExitFailure = 1;
constexpr int ExitBadInput = 2;

const QCommandLineOption kDbOption(QStringLiteral("db"),
    QStringLiteral("SQLite file, or postgresql://USER@HOST:PORT/DBNAME."),
    QStringLiteral("PATH|URL"));

const QCommandLineOption kWorksOption(QStringLiteral("works"),
    QStringLiteral("The reconciliation service's works index, an SQLite file (default: beside the "
                   "--db SQLite file, as NAME-works.db, or ledger-server-works.db in the data "
                   "folder)."),
    QStringLiteral("PATH"));

int usage(const QString &message, QTextStream &err)
{
    err << "ledger-server: " << message << Qt::endl << "Try 'ledger-server --help'." << Qt::endl;
    return ExitBadInput;
}

int fail(const Error &error, QTextStream &err)
{
    err << "ledger-server: " << error.message << Qt::endl;
    return error.kind == Error::Kind::BadInput || error.kind == Error::Kind::Conflict ? ExitBadInput
                                                                                      : ExitFailure;
}

//! The --db option as a config; nullopt after reporting a bad one.
std::optional<DatabaseConfig> databaseFrom(
    const QCommandLineParser &parser, QTextStream &err, int *status)
{
    auto config = DatabaseConfig::parse(
        parser.isSet(kDbOption) ? parser.value(kDbOption) : defaultServerDatabase());
    if (!config) {
        *status = usage(config.error().toString(), err);
        return std::nullopt;
    }
    return *config;
}

std::unique_ptr<ServerStore> openStore(const DatabaseConfig &config, QTextStream &err, int *status)
{
    auto store = std::make_unique<ServerStore>(config);
    if (auto opened = store->open(ServerStore::Migrate::Yes); !opened) {
        *status = fail(opened.error(), err);
        return nullptr;
    }
    return store;
}

//! The --db option's store, opened and migrated; nullptr after reporting why.
std::unique_ptr<ServerStore> storeFrom(
    const QCommandLineParser &parser, QTextStream &err, int *status)
{
    const auto database = databaseFrom(parser, err, status);
    return database ? openStore(*database, err, status) : nullptr;
}

// --- SIGINT/SIGTERM: quit the event loop, so that connections close cleanly ----------------------

int g_signalFds[2] = { -1, -1 }; // written by the signal handler only: async-signal-safe

extern "C" void onQuitSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t written = ::write(g_signalFds[0], &byte, 1);
}

void quitOnSignals()
{
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalFds) != 0)
        return;
    auto *notifier
        = new QSocketNotifier(g_signalFds[1], QSocketNotifier::Read, QCoreApplication::instance());
    QObject::connect(
        notifier, &QSocketNotifier::activated, QCoreApplication::instance(), [notifier] {
            notifier->setEnabled(false);
            char byte = 0;
            [[maybe_unused]] const ssize_t got = ::read(g_signalFds[1], &byte, 1);
            QCoreApplication::quit();
        });
    struct sigaction action
    {
    };
    action.sa_handler = onQuitSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
}

// --- serve --------------------------------------------------------------------------------------

int runServe(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption listen(QStringLiteral("listen"),
        QStringLiteral("Address and port (default 127.0.0.1:8765; port 0: any free port)."),
        QStringLiteral("HOST:PORT"), QStringLiteral("127.0.0.1:8765"));
    const QCommandLineOption maxBody(QStringLiteral("max-body"),
        QStringLiteral("Largest request body in bytes (default 8 MiB)."), QStringLiteral("BYTES"),
        QString::number(8 * 1024 * 1024));
    const QCommandLineOption maxInflight(QStringLiteral("max-inflight"),
        QStringLiteral("Requests served at once before answering 503 (default 64)."),
        QStringLiteral("N"), QStringLiteral("64"));
    const QCommandLineOption workers(QStringLiteral("workers"),
        QStringLiteral("Worker threads, each with a database connection (default 8)."),
        QStringLiteral("N"), QStringLiteral("8"));
    const QCommandLineOption busyTimeout(QStringLiteral("busy-timeout"),
        QStringLiteral(
            "Milliseconds to wait for a database lock before answering 503 (default 2000)."),
        QStringLiteral("MS"), QStringLiteral("2000"));
    const ServerOptions defaults;
    const auto seconds = [](int ms) { return QString::number(ms / 1000.0); };
    const QCommandLineOption maxConnections(QStringLiteral("max-connections"),
        QStringLiteral("Connections open at once; more are answered 503 and closed (default "
                       "1000, and fewer when the open-files limit is lower)."),
        QStringLiteral("N"), QString::number(defaults.maxConnections));
    const QCommandLineOption maxHeaderBytes(QStringLiteral("max-header-bytes"),
        QStringLiteral("Largest request line and headers in bytes; 431 beyond (default 16384)."),
        QStringLiteral("BYTES"), QString::number(defaults.limits.maxHeadBytes));
    const QCommandLineOption maxBodyMemory(QStringLiteral("max-body-memory"),
        QStringLiteral("Bytes of request bodies held at once; 503 beyond (default 128 MiB)."),
        QStringLiteral("BYTES"), QString::number(defaults.maxBodyMemory));
    const QCommandLineOption headerTimeout(QStringLiteral("header-timeout"),
        QStringLiteral("Seconds for a request's line and headers to arrive (default 30)."),
        QStringLiteral("S"), seconds(defaults.timeouts.headerMs));
    const QCommandLineOption bodyTimeout(QStringLiteral("body-timeout"),
        QStringLiteral("Seconds for a request's body to arrive (default 60)."), QStringLiteral("S"),
        seconds(defaults.timeouts.bodyMs));
    const QCommandLineOption idleTimeout(QStringLiteral("idle-timeout"),
        QStringLiteral("Seconds a connection may wait idle between requests (default 60)."),
        QStringLiteral("S"), seconds(defaults.timeouts.idleMs));
    const QCommandLineOption writeTimeout(QStringLiteral("write-timeout"),
        QStringLiteral("Seconds for a reply to be sent to the client (default 60)."),
        QStringLiteral("S"), seconds(defaults.timeouts.writeMs));
    const QCommandLineOption authFailures(QStringLiteral("auth-failures"),
        QStringLiteral("Failed authentications an address may make before 429 (default 20; 0: "
                       "no limit)."),
        QStringLiteral("N"), QString::number(defaults.authBurst));
    const QCommandLineOption authInterval(QStringLiteral("auth-interval"),
        QStringLiteral("Then one more failure per this many seconds (default 3)."),
        QStringLiteral("S"), seconds(defaults.authIntervalMs));
    const QCommandLineOption reconcileNeedsToken(QStringLiteral("reconcile-needs-token"),
        QStringLiteral("/reconcile wants a reader's token like the other endpoints (OpenRefine "
                       "cannot send one; by default it is open, read-only)."));
    parser.addOptions({ kDbOption, kWorksOption, listen, maxBody, maxInflight, workers, busyTimeout,
        maxConnections, maxHeaderBytes, maxBodyMemory, headerTimeout, bodyTimeout, idleTimeout,
        writeTimeout, authFailures, authInterval, reconcileNeedsToken });
    parser.addOptions(openShareOptions());
    if (!parser.parse(arguments))
        return usage(QStringLiteral("serve: ") + parser.errorText(), err);
    if (parser.positionalArguments().size() > 1)
        return usage(QStringLiteral("serve: unexpected argument '%1'")
                         .arg(parser.positionalArguments().at(1)),
            err);

    int status = ExitOk;
    auto database = databaseFrom(parser, err, &status);
    if (!database)
        return status;
    auto number = [&parser](const QCommandLineOption &option, qint64 minimum,
                      qint64 maximum) -> std::optional<qint64> {
        bool ok = false;
        const qint64 value = parser.value(option).toLongLong(&ok);
        if (!ok || value < minimum || value > maximum)
            return std::nullopt;
        return value;
    };
    //! Seconds (0.001 to a day) as milliseconds.
    auto milliseconds = [&parser](const QCommandLineOption &option) -> std::optional<int> {
        bool ok = false;
        const double value = parser.value(option).toDouble(&ok);
        if (!ok || !(value >= 0.001) || value > 86400)
            return std::nullopt;
        return int(value * 1000 + 0.5);
    };
    ServerOptions options;
    struct Check
    {
        const QCommandLineOption &option;
        qint64 minimum;
        qint64 maximum;
        QString expected;
    };
    const QList<Check> checks = {
        { maxBody, 1, qint64(1) << 40, QStringLiteral("a number of bytes >= 1") },
        { maxInflight, 1, 1000000, QStringLiteral("a number >= 1") },
        { workers, 1, 256, QStringLiteral("a number from 1 to 256") },
        { busyTimeout, 0, 600000, QStringLiteral("milliseconds from 0 to 600000") },
        { maxConnections, 1, 1000000, QStringLiteral("a number from 1 to 1000000") },
        { maxHeaderBytes, 256, 1024 * 1024, QStringLiteral("bytes from 256 to 1048576") },
        { maxBodyMemory, 1, qint64(1) << 40, QStringLiteral("a number of bytes >= 1") },
        { authFailures, 0, 1000000, QStringLiteral("a number >= 0") },
    };
    QList<qint64> values;
    for (const Check &check : checks) {
        const auto value = number(check.option, check.minimum, check.maximum);
        if (!value)
            return usage(QStringLiteral("serve: --%1 takes %2, found '%3'")
                             .arg(check.option.names().constFirst(), check.expected,
                                 parser.value(check.option)),
                err);
        values.append(*value);
    }
    QList<int> timeouts;
    for (const QCommandLineOption *option :
        { &headerTimeout, &bodyTimeout, &idleTimeout, &writeTimeout, &authInterval }) {
        const auto value = milliseconds(*option);
        if (!value)
            return usage(QStringLiteral("serve: --%1 takes seconds from 0.001 to 86400, found '%2'")
                             .arg(option->names().constFirst(), parser.value(*option)),
                err);
        timeouts.append(*value);
    }
    database->busyTimeoutMs = int(values[3]);
    options.database = *database;
    options.limits.maxBody = values[0];
    options.maxInflight = int(values[1]);
    options.workers = int(values[2]);
    options.maxConnections = int(values[4]);
    options.limits.maxHeadBytes = values[5];
    options.limits.maxRequestLine = std::min(options.limits.maxRequestLine, values[5]);
    options.maxBodyMemory = std::max(values[6], options.limits.maxBody);
    options.authBurst = int(values[7]);
    options.timeouts.headerMs = timeouts[0];
    options.timeouts.bodyMs = timeouts[1];
    options.timeouts.idleMs = timeouts[2];
    options.timeouts.writeMs = timeouts[3];
    options.authIntervalMs = timeouts[4];
    options.worksPath = parser.isSet(kWorksOption) ? parser.value(kWorksOption)
                                                   : defaultWorksPath(options.database);
    options.reconcileNeedsToken = parser.isSet(reconcileNeedsToken);
    if (const auto wrong = readOpenShareOptions(parser, options))
        return usage(QStringLiteral("serve: ") + *wrong, err);

    const QString listenText = parser.value(listen);
    const qsizetype colon = listenText.lastIndexOf(u':');
    bool portOk = false;
    const int port = colon < 0 ? -1 : listenText.mid(colon + 1).toInt(&portOk);
    QString host = colon < 0 ? QString() : listenText.left(colon);
    if (host.startsWith(u'[') && host.endsWith(u']'))
        host = host.mid(1, host.size() - 2);
    QHostAddress address;
    if (host == u"localhost")
        address = QHostAddress(QHostAddress::LocalHost);
    else if (host.isEmpty() || host == u"*")
        address = QHostAddress(QHostAddress::Any);
    else
        address = QHostAddress(host);
    if (!portOk || port < 0 || port > 65535 || address.isNull())
        return usage(
            QStringLiteral("serve: --listen takes HOST:PORT, e.g. 127.0.0.1:8765, found '%1'")
                .arg(listenText),
            err);

    // Migrate once, here, before any worker connects; the works index's tables too.
    if (!openStore(options.database, err, &status))
        return status;
    if (auto works = ServerWorks::open(options.worksPath, options.database.busyTimeoutMs, true);
        !works)
        return fail(works.error(), err);

    if (options.database.backend == DatabaseConfig::Backend::Sqlite) {
        const QFileInfo file(options.database.sqlitePath);
        if (file.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther))
            err << "ledger-server: warning: " << options.database.sqlitePath
                << " can be read by other users (it holds token hashes and every correction); "
                   "chmod 600 it"
                << Qt::endl;
    }
#if defined(__GLIBC__)
    // Blocks of 1 MiB and more (bodies, replies) are mapped on their own and unmapped when freed,
    // rather than kept in the heap at glibc's threshold that grows with them: the memory of a
    // burst goes back to the system (docs/server-limits.md, "Memory").
    ::mallopt(M_MMAP_THRESHOLD, 1024 * 1024);
#endif
    LedgerServer server(options);
    const quint16 bound = server.listenOn(address, quint16(port));
    if (bound == 0) {
        err << "ledger-server: cannot listen on " << listenText << ": " << server.errorString()
            << Qt::endl;
        return ExitFailure;
    }
    quitOnSignals();
    const QString shownHost = address.protocol() == QAbstractSocket::IPv6Protocol
        ? u'[' + address.toString() + u']'
        : address.toString();
    out << "listening on http://" << shownHost << ':' << bound << Qt::endl; // endl flushes
    err << "ledger-server: serving " << options.database.describe() << "; at most "
        << server.effectiveMaxConnections() << " connections" << Qt::endl;
    err << "ledger-server: reconciliation service at /reconcile over the works index "
        << options.worksPath
        << (options.reconcileNeedsToken ? " (a reader's token needed)" : " (open, read-only)")
        << Qt::endl;
    const int code = QCoreApplication::exec();
    err << "ledger-server: stopped" << Qt::endl;
    return code == 0 ? ExitOk : ExitFailure;
}

// --- import -------------------------------------------------------------------------------------

int runImport(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOption(kDbOption);
    if (!parser.parse(arguments))
        return usage(QStringLiteral("import: ") + parser.errorText(), err);
    const QStringList files = parser.positionalArguments().mid(1);
    if (files.isEmpty())
        return usage(QStringLiteral("import: name at least one FILE"), err);
    // Read every file before the database is touched.
    auto pages = readPageFiles(files);
    if (!pages) {
        err << "ledger-server: " << pages.error().toString() << Qt::endl;
        return pages.error().kind == Error::Kind::BadInput ? ExitBadInput : ExitFailure;
    }
    QList<Record> records;
    for (qsizetype i = 0; i < pages->size(); ++i) {
        for (const auto &warning : std::as_const(pages->at(i).warnings)) {
            err << files[i];
            if (warning.line > 0)
                err << ':' << warning.line;
            err << ": warning: " << warning.message << Qt::endl;
        }
        records.append(pages->at(i).record);
    }
    int status = ExitOk;
    auto store = storeFrom(parser, err, &status);
    if (!store)
        return status;
    auto outcomes = store->putRecords(records);
    if (!outcomes)
        return fail(outcomes.error(), err);
    for (qsizetype i = 0; i < outcomes->size(); ++i) {
        const PutOutcome &o = outcomes->at(i);
        out << (o.created ? "published " : "replaced ") << o.id << " v" << records[i].version
            << " (as of " << records[i].asOf << ") from " << files[i];
        if (!o.created)
            out << "; the page as of " << o.previousAsOf << " was replaced";
        out << Qt::endl;
    }
    return ExitOk;
}

// --- token add | list | revoke, key list | revoke | server ---------------------------------------

//! A name as `token add` takes it: 1 to 100 characters, no spaces or control characters.
bool isTokenName(const QString &name)
{
    return !name.isEmpty() && name.size() <= 100
        && !name.contains(QRegularExpression(QStringLiteral("[\\s\\x00-\\x1f\\x7f]")));
}

//! Rows as columns padded to their widest cell, for `token list` and `key list`.
void printTable(QTextStream &out, const QList<QStringList> &rows)
{
    QList<qsizetype> widths;
    for (const QStringList &row : rows) {
        for (qsizetype c = 0; c < row.size(); ++c) {
            if (widths.size() <= c)
                widths.append(0);
            widths[c] = std::max(widths[c], row[c].size());
        }
    }
    for (const QStringList &row : rows) {
        QString line;
        for (qsizetype c = 0; c < row.size(); ++c)
            line += c + 1 < row.size() ? row[c].leftJustified(widths[c] + 2) : row[c];
        out << line << Qt::endl;
    }
}

int runTokenAdd(const QCommandLineParser &parser, const QCommandLineOption &role,
    ServerStore &store, QTextStream &out, QTextStream &err)
{
    const QString name = parser.positionalArguments().at(2);
    const auto parsedRole = parseRole(parser.value(role));
    auto token = store.addToken(name, *parsedRole);
    if (!token)
        return fail(token.error(), err);
    out << "token for " << name << " (" << roleName(*parsedRole)
        << "); it is shown only this once:" << Qt::endl
        << *token << Qt::endl;
    return ExitOk;
}

int runTokenList(ServerStore &store, QTextStream &out, QTextStream &err)
{
    auto tokens = store.tokens();
    if (!tokens)
        return fail(tokens.error(), err);
    QList<QStringList> rows { { QStringLiteral("NAME"), QStringLiteral("ROLE"),
        QStringLiteral("CREATED"), QStringLiteral("REVOKED") } };
    for (const TokenRow &row : std::as_const(*tokens))
        rows.append({ row.name, roleName(row.role), row.createdAt,
            row.revokedAt.isEmpty() ? QStringLiteral("-") : row.revokedAt });
    printTable(out, rows);
    return ExitOk;
}

int runToken(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption role(QStringLiteral("role"),
        QStringLiteral("reader, curator or admin."), QStringLiteral("ROLE"));
    parser.addOptions({ kDbOption, role });
    if (!parser.parse(arguments))
        return usage(QStringLiteral("token: ") + parser.errorText(), err);
    const QStringList positional = parser.positionalArguments();
    const QString sub = positional.value(1);
    if (sub != u"add" && sub != u"list" && sub != u"revoke")
        return usage(QStringLiteral("token: the subcommands are 'token add NAME --role ROLE', "
                                    "'token list' and 'token revoke NAME'"),
            err);
    if (sub == u"list" && positional.size() != 2)
        return usage(
            QStringLiteral("token list: unexpected argument '%1'").arg(positional.at(2)), err);
    if (sub != u"list" && positional.size() != 3)
        return usage(QStringLiteral("token %1: name exactly one NAME").arg(sub), err);
    if (sub != u"list" && !isTokenName(positional.at(2)))
        return usage(QStringLiteral("token %1: NAME must be 1 to 100 characters without spaces "
                                    "or control characters")
                         .arg(sub),
            err);
    if (sub != u"add" && parser.isSet(role))
        return usage(QStringLiteral("token %1: --role is only for 'token add'").arg(sub), err);
    if (sub == u"add") {
        if (!parser.isSet(role))
            return usage(QStringLiteral("token add: --role reader|curator|admin is required"), err);
        if (!parseRole(parser.value(role)))
            return usage(QStringLiteral("token add: unknown role '%1' (reader, curator or admin)")
                             .arg(parser.value(role)),
                err);
    }
    int status = ExitOk;
    auto store = storeFrom(parser, err, &status);
    if (!store)
        return status;
    if (sub == u"add")
        return runTokenAdd(parser, role, *store, out, err);
    if (sub == u"list")
        return runTokenList(*store, out, err);
    auto revoked = store->revokeToken(positional.at(2));
    if (!revoked)
        return fail(Error::of(revoked.error().kind,
                        QStringLiteral("token revoke: %1").arg(revoked.error().message)),
            err);
    out << "revoked the token of " << revoked->name << " (" << roleName(revoked->role)
        << ", created " << revoked->createdAt << "); it is refused from now on" << Qt::endl;
    return ExitOk;
}

// --- import-notices -----------------------------------------------------------------------------

//! At most this many withdrawn notices are named one by one.
constexpr qsizetype kWithdrawnNamed = 20;

int runImportNotices(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption partial(QStringLiteral("partial"),
        QStringLiteral("The file is an excerpt (the default): withdraw nothing it does not name."));
    const QCommandLineOption complete(QStringLiteral("complete"),
        QStringLiteral("The file is the source's complete list: withdraw the notices of the "
                       "source it no longer names."));
    const QCommandLineOption as(QStringLiteral("as"),
        QStringLiteral("The importer recorded with every version stored (default admin)."),
        QStringLiteral("NAME"), QStringLiteral("admin"));
    parser.addOptions({ kDbOption, partial, complete, as });
    if (!parser.parse(arguments))
        return usage(QStringLiteral("import-notices: ") + parser.errorText(), err);
    const QStringList files = parser.positionalArguments().mid(1);
    if (files.size() != 1)
        return usage(QStringLiteral("import-notices: name one FILE.csv"), err);
    const QString by = parser.value(as);
    if (!isTokenName(by))
        return usage(QStringLiteral("import-notices: --as takes a name of 1 to 100 characters "
                                    "without spaces or control characters"),
            err);
    const QString &file = files.first();
    if (parser.isSet(partial) && parser.isSet(complete))
        return usage(
            QStringLiteral("import-notices: --partial and --complete contradict each other"), err);
    const auto shown = [](const QString &text) { return DisplayText::forTerminal(text); };

    // The whole file is read and checked before the database is touched.
    auto csv = readRetractionCsvFile(file);
    if (!csv) {
        err << "ledger-server: import-notices: " << shown(csv.error().toString()) << Qt::endl;
        return csv.error().kind == Error::Kind::BadInput ? ExitBadInput : ExitFailure;
    }
    const QString importedAt = nowUtc();
    RetractionImport converted = standingNotices(*csv, importedAt);
    for (StandingNotice &n : converted.notices)
        n.importedFrom = QFileInfo(file).fileName();
    for (const auto &skipped : std::as_const(csv->skipped))
        err << shown(file) << ':' << skipped.line << ": skipped: " << shown(skipped.message)
            << Qt::endl;
    for (const auto &left : converted.leftOut)
        err << shown(file) << ':' << left.line << ": left out: " << shown(left.message) << Qt::endl;
    // Every notice as POST /v1/notices would check it: a notice the server could not serve back
    // is a bad file, and nothing is stored.
    for (const StandingNotice &n : converted.notices) {
        if (const QString problem = checkNotice(n); !problem.isEmpty()) {
            int line = 0;
            for (const RetractionNotice &row : std::as_const(csv->notices)) {
                if (row.recordId == n.sourceId)
                    line = row.line;
            }
            err << "ledger-server: import-notices: " << shown(file) << ':' << line << ": "
                << shown(problem) << "; nothing is stored" << Qt::endl;
            return ExitBadInput;
        }
    }
    std::optional<NoticeWithdrawal> withdrawal;
    if (parser.isSet(complete)) {
        if (converted.unidentifiedRows > 0) {
            // A row whose Record ID cannot be read may be any notice: none is withdrawn.
            err << "ledger-server: import-notices: " << shown(file) << ": "
                << converted.unidentifiedRows
                << (converted.unidentifiedRows == 1 ? " row" : " rows")
                << " could not be read: no notice is marked withdrawn" << Qt::endl;
        } else {
            withdrawal = NoticeWithdrawal {};
            for (const StandingNotice &n : converted.notices)
                withdrawal->sources.insert(n.source);
            withdrawal->keep = converted.alsoListed;
            withdrawal->at = importedAt;
            withdrawal->file = QFileInfo(file).fileName();
        }
    }

    int status = ExitOk;
    auto store = storeFrom(parser, err, &status);
    if (!store)
        return status;
    // Signed with the server's identity key (docs/signatures.md): the server vouches for what
    // its operator imported, under the --as name; the withdrawals it makes are signed alike.
    auto identity = store->identityKey();
    if (!identity)
        return fail(identity.error(), err);
    for (StandingNotice &n : converted.notices) {
        n.importedBy = by;
        signNotice(n, *identity);
    }
    auto batch = store->storeNotices(converted.notices, by, withdrawal, &*identity);
    if (!batch)
        return fail(batch.error(), err);

    // Counted per notice: a Record ID the file names twice is one notice.
    struct Seen
    {
        bool wasHeld = false;
        bool stored = false;
        bool stale = false;
    };
    QHash<QString, Seen> seen;
    QStringList order;
    for (const NoticeResult &r : std::as_const(batch->results)) {
        const QString ref = noticeRef(r.source, r.sourceId);
        if (!seen.contains(ref)) {
            order.append(ref);
            seen.insert(ref, Seen { r.wasHeld, false, false });
        }
        Seen &s = seen[ref];
        s.stored = s.stored || r.outcome == NoticeOutcome::Stored;
        s.stale = r.outcome == NoticeOutcome::Stale;
    }
    qsizetype added = 0, updated = 0, unchanged = 0, stale = 0;
    for (const QString &ref : std::as_const(order)) {
        const Seen &s = seen[ref];
        if (s.stored)
            ++(s.wasHeld ? updated : added);
        else if (s.stale)
            ++stale;
        else
            ++unchanged;
    }
    QStringList withdrawn;
    qsizetype withdrawnStale = 0;
    for (const NoticeResult &r : std::as_const(batch->withdrawn)) {
        if (r.outcome == NoticeOutcome::Stored)
            withdrawn.append(noticeRef(r.source, r.sourceId));
        else
            ++withdrawnStale;
    }
    out << "import-notices: " << added << " new, " << updated << " updated, " << unchanged
        << " unchanged, " << withdrawn.size() << " withdrawn" << Qt::endl;
    if (stale + withdrawnStale > 0)
        out << "import-notices: " << stale + withdrawnStale
            << " kept as the server holds them (their versions there were imported later)"
            << Qt::endl;
    for (qsizetype i = 0; i < withdrawn.size() && i < kWithdrawnNamed; ++i)
        out << "withdrawn by the source (no longer listed): " << shown(withdrawn[i]) << Qt::endl;
    if (withdrawn.size() > kWithdrawnNamed)
        out << "... and " << withdrawn.size() - kWithdrawnNamed << " more withdrawn" << Qt::endl;
    return ExitOk;
}

// --- works import | works stats ----------------------------------------------------------------

//! At most this many bad lines of a works file are named one by one.
constexpr qsizetype kBadLinesNamed = 20;

int runWorks(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption format(QStringLiteral("format"),
        QStringLiteral("arxiv-jsonl or csv (default: from the file's name)."),
        QStringLiteral("FORMAT"));
    parser.addOptions({ kDbOption, kWorksOption, format });
    if (!parser.parse(arguments))
        return usage(QStringLiteral("works: ") + parser.errorText(), err);
    const QStringList positional = parser.positionalArguments();
    const QString sub = positional.value(1);
    if (sub != u"import" && sub != u"stats")
        return usage(QStringLiteral("works: the subcommands are 'works import FILE "
                                    "[--format arxiv-jsonl|csv]' and 'works stats'"),
            err);
    if (sub == u"stats" && positional.size() != 2)
        return usage(
            QStringLiteral("works stats: unexpected argument '%1'").arg(positional.at(2)), err);
    if (sub == u"import" && positional.size() != 3)
        return usage(QStringLiteral("works import: name exactly one FILE"), err);
    if (sub == u"stats" && parser.isSet(format))
        return usage(QStringLiteral("works stats: --format is only for 'works import'"), err);
    const auto shown = [](const QString &text) { return DisplayText::forTerminal(text); };

    std::optional<WorksFormat> worksFormat;
    const QString file = positional.value(2);
    if (sub == u"import") {
        if (parser.isSet(format)) {
            worksFormat = parseWorksFormat(parser.value(format));
            if (!worksFormat)
                return usage(QStringLiteral("works import: --format takes arxiv-jsonl or csv, "
                                            "found '%1'")
                                 .arg(shown(parser.value(format))),
                    err);
        } else {
            worksFormat = guessWorksFormat(file);
            if (!worksFormat)
                return usage(QStringLiteral("works import: cannot tell the format of '%1' from "
                                            "its name; give --format arxiv-jsonl or csv")
                                 .arg(shown(file)),
                    err);
        }
        if (!QFileInfo(file).isFile())
            return usage(QStringLiteral("works import: %1: no such file").arg(shown(file)), err);
    }
    QString worksPath = parser.value(kWorksOption);
    if (!parser.isSet(kWorksOption)) {
        int status = ExitOk;
        const auto database = databaseFrom(parser, err, &status);
        if (!database)
            return status;
        worksPath = defaultWorksPath(*database);
    }
    auto works = ServerWorks::open(worksPath, 5000, true);
    if (!works)
        return fail(works.error(), err);
    WorksIndex &index = (*works)->index();
    if (sub == u"stats") {
        auto stats = index.stats();
        if (!stats)
            return fail(stats.error(), err);
        out << "works: " << stats->works << " in " << shown(worksPath) << Qt::endl;
        QList<QStringList> rows { { QStringLiteral("SOURCE"), QStringLiteral("FORMAT"),
            QStringLiteral("WORKS"), QStringLiteral("IMPORTED") } };
        for (const WorksSourceStats &source : std::as_const(stats->sources))
            rows.append({ shown(source.source), source.format, QString::number(source.works),
                source.complete ? source.importedAt.toString(Qt::ISODate)
                                : QStringLiteral("unfinished (import it again to resume)") });
        printTable(out, rows);
        return ExitOk;
    }
    auto report = index.importFile(file, *worksFormat);
    if (!report)
        return fail(report.error(), err);
    for (qsizetype i = 0; i < report->badLines.size() && i < kBadLinesNamed; ++i)
        err << shown(file) << ':' << report->badLines[i].line
            << ": skipped: " << shown(report->badLines[i].reason) << Qt::endl;
    if (report->badLineCount > kBadLinesNamed)
        err << "... and " << report->badLineCount - kBadLinesNamed << " more lines skipped"
            << Qt::endl;
    out << "works import: " << report->works << " works from " << shown(report->source) << " ("
        << report->lines << " lines, " << report->badLineCount << " skipped";
    if (report->resumedAtLine > 0)
        out << ", resumed at line " << report->resumedAtLine;
    out << ") into " << shown(worksPath) << Qt::endl;
    return ExitOk;
}

int runKey(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOption(kDbOption);
    if (!parser.parse(arguments))
        return usage(QStringLiteral("key: ") + parser.errorText(), err);
    const QStringList positional = parser.positionalArguments();
    const QString sub = positional.value(1);
    if (sub != u"list" && sub != u"revoke" && sub != u"server")
        return usage(QStringLiteral("key: the subcommands are 'key list', 'key revoke KEYID' and "
                                    "'key server'"),
            err);
    if ((sub == u"list" || sub == u"server") && positional.size() != 2)
        return usage(
            QStringLiteral("key %1: unexpected argument '%2'").arg(sub, positional.at(2)), err);
    if (sub == u"revoke" && positional.size() != 3)
        return usage(QStringLiteral("key revoke: name exactly one KEYID"), err);
    if (sub == u"revoke" && !isKeyId(positional.at(2)))
        return usage(QStringLiteral("key revoke: a KEYID is 32 lower-case hex digits, found '%1'")
                         .arg(positional.at(2)),
            err);
    int status = ExitOk;
    auto store = storeFrom(parser, err, &status);
    if (!store)
        return status;
    if (sub == u"server") {
        // What a team gives its readers to check bundles with (verify-bundle --server-key).
        auto identity = store->identityKey();
        if (!identity)
            return fail(identity.error(), err);
        out << "server key " << identity->keyId() << Qt::endl
            << "public key " << toBase64Url(identity->publicKey) << Qt::endl
            << "fingerprint " << keyFingerprint(identity->publicKey) << Qt::endl;
        return ExitOk;
    }
    if (sub == u"list") {
        auto keys = store->keys();
        if (!keys)
            return fail(keys.error(), err);
        QList<QStringList> rows { { QStringLiteral("KEY ID"), QStringLiteral("CURATOR"),
            QStringLiteral("REGISTERED"), QStringLiteral("REVOKED") } };
        for (const KeyRow &key : std::as_const(*keys))
            rows.append({ key.keyId, key.curator, key.registeredAt,
                key.isRevoked() ? QStringLiteral("%1 (after seq %2)")
                                      .arg(key.revokedAt)
                                      .arg(key.revokedAfterSeq.value_or(0))
                                : QStringLiteral("-") });
        printTable(out, rows);
        return ExitOk;
    }
    auto revoked = store->revokeKey(positional.at(2));
    if (!revoked)
        return fail(Error::of(revoked.error().kind,
                        QStringLiteral("key revoke: %1").arg(revoked.error().message)),
            err);
    out << "key " << revoked->keyId << " of " << revoked->curator << " is revoked (at "
        << revoked->revokedAt << "); events stored after seq "
        << revoked->revokedAfterSeq.value_or(0) << " signed with it are refused" << Qt::endl;
    return ExitOk;
}

int runVerify(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOption(kDbOption);
    if (!parser.parse(arguments))
        return usage(QStringLiteral("verify: ") + parser.errorText(), err);
    if (parser.positionalArguments().size() != 1)
        return usage(QStringLiteral("verify: unexpected argument '%1'")
                         .arg(parser.positionalArguments().at(1)),
            err);
    int status = ExitOk;
    auto store = storeFrom(parser, err, &status);
    if (!store)
        return status;
    return verifyServerStore(*store, out, err);
}

} // namespace

QString defaultServerDatabase()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("ledger-server.db"));
}

int runServerCli(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    const QString command = arguments.value(1);
    if (command == u"serve")
        return runServe(arguments, out, err);
    if (command == u"import")
        return runImport(arguments, out, err);
    if (command == u"token")
        return runToken(arguments, out, err);
    if (command == u"key")
        return runKey(arguments, out, err);
    if (command == u"import-notices")
        return runImportNotices(arguments, out, err);
    if (command == u"works")
        return runWorks(arguments, out, err);
    if (command == u"verify")
        return runVerify(arguments, out, err);
    if (command == u"-h" || command == u"--help" || command == u"help") {
        out << "Usage:\n"
               "  ledger-server serve [--db PATH|URL] [--listen HOST:PORT] [--max-body BYTES] "
               "[--max-inflight N]\n"
               "                      [--workers N] [--busy-timeout MS] [--works PATH]\n"
               "                      [--reconcile-needs-token] [--open-rate N] "
               "[--max-connections-per-address N]\n"
               "                      [...: every limit in man ledger-server and "
               "docs/server-limits.md]\n"
               "  ledger-server import FILE... [--db PATH|URL]\n"
               "  ledger-server import-notices FILE.csv [--partial|--complete] [--as NAME] [--db "
               "PATH|URL]\n"
               "  ledger-server token add NAME --role reader|curator|admin [--db PATH|URL]\n"
               "  ledger-server token list | token revoke NAME [--db PATH|URL]\n"
               "  ledger-server key list | key revoke KEYID | key server [--db PATH|URL]\n"
               "  ledger-server works import FILE [--format arxiv-jsonl|csv] [--works PATH] "
               "[--db PATH|URL]\n"
               "  ledger-server works stats [--works PATH] [--db PATH|URL]\n"
               "  ledger-server verify [--db PATH|URL]\n"
               "\n"
               "--db takes an SQLite file (default "
            << defaultServerDatabase()
            << ")\nor "
               "postgresql://USER[:PASSWORD]@HOST[:PORT]/DBNAME[?host=/unix/socket/folder].\n";
        return ExitOk;
    }
    if (command == u"--version") {
        out << "ledger-server " << QCoreApplication::applicationVersion() << Qt::endl;
        return ExitOk;
    }
    return usage(command.isEmpty() ? QStringLiteral(
                     "name a command: serve, import, import-notices, token, key, works or verify")
                                   : QStringLiteral("unknown command '%1'").arg(command),
        err);
}

} // namespace LedgerCurator
