// SPDX-License-Identifier: GPL-3.0-or-later
#include "TestSupport.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStandardPaths>
#include <QUuid>

namespace LedgerCurator::TestSupport {

QString dataPath(const QString &name)
{
    return QStringLiteral(LC_TEST_DATA_DIR "/") + name;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

QByteArray fixture()
{
    return readAll(dataPath(QStringLiteral("ledger-2104.04473.txt")));
}

QString uuidFor(int n)
{
    return QUuid::createUuidV5(QUuid(), QString::number(n)).toString(QUuid::WithoutBraces);
}

QStringList resolvingIds(const Record &record)
{
    QStringList ids;
    for (const Observation &o : record.observations) {
        if (o.direction == Direction::Inbound && o.basis != u"no resolver link")
            ids.append(o.id);
    }
    return ids;
}

Record richRecord()
{
    Record r;
    r.arxivId = QStringLiteral("2301.01234");
    r.version = 3;
    r.title = QStringLiteral("Ledgers & <Links>: \"Quoted\" — Ünïcödé 論文 📚");
    r.asOf = QStringLiteral("2026-11-02");
    const char *descriptions[] = { "Typed states for the displayed outbound observations.",
        "One-hop event checks from named stored sources.",
        "Pith citing papers itemized under the disclosed page cap.",
        "A source-named dated measurement, never combined with another source." };
    for (int i = 0; i < kCoverageFacetCount; ++i) {
        CoverageFacet f;
        f.kind = static_cast<CoverageFacet::Kind>(i);
        f.measured = f.kind == CoverageFacet::Kind::ExternalCitationMeasurements ? 2 : 6;
        f.of = 7 + i;
        f.description = QString::fromUtf8(descriptions[i]);
        f.sources = { QStringLiteral("paper_references"), QStringLiteral("src_%1").arg(i) };
        if (i % 2 == 1)
            f.observedAt = QStringLiteral("2026-11-01T10:00:00.000001+00:00");
        r.coverage.append(f);
    }
    r.measurements.append(
        { 12, QStringLiteral("pith"), QStringLiteral("2026-11-01T02:28:24.338817Z") });
    r.measurements.append({ 15, QStringLiteral("other_index"), QString() });

    const QStringList titles = {
        QStringLiteral("<img src=x onerror=alert(1)>"),
        QStringLiteral("Tom & Jerry's \"Guide\" to `code`"),
        QStringLiteral("Транзформеры и внимание"),
        QStringLiteral("大規模言語モデルの学習"),
        QStringLiteral("نماذج اللغة الكبيرة"),
        QStringLiteral("Emoji 🚀🔥 in titles"),
    };
    int n = 0;
    for (int i = 0; i < kResolutionStateCount; ++i) {
        Observation o;
        o.id = uuidFor(++n);
        o.direction = Direction::Outbound;
        o.citingTitle = r.title;
        o.citedTitle = titles[i];
        o.reference = i == 2 ? std::nullopt : std::optional<qint64>(10 + i);
        o.state = static_cast<ResolutionState>(i);
        o.basis = i == 2 ? QStringLiteral("no resolver link") : QStringLiteral("doi");
        o.observedAt = QStringLiteral("2026-05-24T12:14:26.541851Z");
        if (i == 0) {
            o.events.status = EventsCheck::Status::Found;
            o.events.asOf = QStringLiteral("2026-08-05T06:32:48.257954+00:00");
            o.events.events = {
                { EventKind::Retraction, QStringLiteral("2024-03-01"),
                    QStringLiteral("retraction_status_cache"), QStringLiteral("10.1234/abc.5678"),
                    QStringLiteral("+Falsification/Fabrication of Data; “doubts” <b>") },
                { EventKind::Correction, QStringLiteral("2023-11-02"),
                    QStringLiteral("scholarly_work_events"), QString(), QString() }
            };
        } else if (i == 1) {
            o.events.status = EventsCheck::Status::Found;
            o.events.asOf = QStringLiteral("2026-08-05T06:32:48Z");
            o.events.events = { { EventKind::ExpressionOfConcern, QStringLiteral("2025-01-09"),
                QStringLiteral("retraction_status_cache"),
                QStringLiteral("https://example.org/n/1"), QString() } };
        } else if (i == 2) {
            o.events.status = EventsCheck::Status::Unavailable;
            o.events.reason = QStringLiteral("canonical work link unavailable");
        } else {
            o.events.status = EventsCheck::Status::NoneFound;
            o.events.asOf = QStringLiteral("2026-08-05T06:32:48.257954+00:00");
        }
        r.observations.append(o);
        r.stated.outboundStates[i] = 1;
    }
    for (int i = 0; i < kResolutionStateCount; ++i) {
        Observation o;
        o.id = uuidFor(++n);
        o.direction = Direction::Inbound;
        o.citingTitle = titles[(i + 3) % titles.size()];
        o.citedTitle = r.title;
        o.reference = i == 4 ? std::nullopt : std::optional<qint64>(2021 - i);
        o.state = static_cast<ResolutionState>(i);
        o.basis = QStringLiteral("arxiv_id");
        o.observedAt = QStringLiteral("2026-07-12T08:40:29.554554Z");
        if (i == 3) {
            o.events.status = EventsCheck::Status::Found;
            o.events.asOf = QStringLiteral("2026-08-05T06:32:48.257954+00:00");
            o.events.events = { { EventKind::Withdrawal, QStringLiteral("2022-02-02"),
                                    QStringLiteral("s1"), QString(), QString() },
                { EventKind::Reinstatement, QStringLiteral("2022-03-03"), QStringLiteral("s2"),
                    QStringLiteral("10.5555/RE.1"), QStringLiteral("Reinstated after review") } };
        } else {
            o.events.status = EventsCheck::Status::NoneFound;
            o.events.asOf = QStringLiteral("2026-08-05T06:32:48.257954+00:00");
        }
        r.observations.append(o);
    }
    r.stated.outboundListed = r.stated.outboundTotal = 6;
    r.stated.outboundDisplayed = r.stated.outboundDisplayedOf = 6;
    r.stated.inbound = 6;
    return r;
}

QString dumpDatabase(const QString &path)
{
    QString out;
    const QString name = QStringLiteral("dump-") + QUuid::createUuid().toString();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (!db.open())
            return QStringLiteral("<cannot open>");
        QSqlQuery tables(db);
        tables.exec(QStringLiteral("SELECT name, sql FROM sqlite_master ORDER BY name"));
        QStringList names;
        while (tables.next()) {
            out += tables.value(0).toString() + u'|' + tables.value(1).toString() + u'\n';
            if (tables.value(1).toString().startsWith(QStringLiteral("CREATE TABLE")))
                names.append(tables.value(0).toString());
        }
        for (const QString &table : std::as_const(names)) {
            QSqlQuery rows(db);
            // Table names come from sqlite_master, not from input.
            rows.exec(QStringLiteral("SELECT * FROM \"%1\" ORDER BY 1, 2").arg(table));
            while (rows.next()) {
                QStringList cells;
                for (int c = 0; c < rows.record().count(); ++c)
                    cells.append(
                        rows.value(c).isNull() ? QStringLiteral("NULL") : rows.value(c).toString());
                out += table + u':' + cells.join(u'|') + u'\n';
            }
        }
        QSqlQuery version(db);
        version.exec(QStringLiteral("PRAGMA user_version"));
        if (version.next())
            out += QStringLiteral("user_version=") + version.value(0).toString();
    }
    QSqlDatabase::removeDatabase(name);
    return out;
}

int scaledTimeoutMs(int ms)
{
    const int scale = qEnvironmentVariableIntValue("LC_TEST_TIMEOUT_SCALE");
    return scale > 1 ? ms * scale : ms;
}

QProcessEnvironment cliEnvironment(const QString &home)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/xdg-data"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/xdg-config"));
    // Signing keys in files under home/xdg-data, never in the user's keyring.
    env.insert(QStringLiteral("LC_SIGNING_KEY_STORE"), QStringLiteral("file"));
    return env;
}

CliRun runCli(const QStringList &arguments, const QString &home, const QStringList &unset)
{
    QProcess process;
    QProcessEnvironment env = cliEnvironment(home);
    env.insert(QStringLiteral("USER"), QStringLiteral("tester"));
    for (const QString &name : unset)
        env.remove(name);
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(LC_CLI_PATH), arguments);
    if (!process.waitForFinished(scaledTimeoutMs(120000)))
        return {};
    return { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
        process.readAllStandardOutput(), process.readAllStandardError() };
}

QSet<QString> uuidsIn(const QString &text)
{
    static const QRegularExpression uuid(
        QStringLiteral("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"));
    QSet<QString> out;
    for (auto it = uuid.globalMatch(text); it.hasNext();)
        out.insert(it.next().captured());
    return out;
}

QString pdfInfoField(const QString &info, const QString &name)
{
    const QRegularExpression field(
        QStringLiteral("^") + QRegularExpression::escape(name) + QStringLiteral(":\\s+(.*)$"),
        QRegularExpression::MultilineOption);
    return field.match(info).captured(1);
}

void isolateDesktop(const QString &home)
{
    qputenv("HOME", home.toLocal8Bit());
    qputenv("XDG_RUNTIME_DIR", home.toLocal8Bit());
    qunsetenv("XDG_CONFIG_HOME");
    qunsetenv("XDG_DATA_HOME");
    qunsetenv("DBUS_SESSION_BUS_ADDRESS");
    qunsetenv("DISPLAY");
    qunsetenv("WAYLAND_DISPLAY");
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
}

} // namespace LedgerCurator::TestSupport
