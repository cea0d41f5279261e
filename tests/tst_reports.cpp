// SPDX-License-Identifier: GPL-3.0-or-later
// Reports from the command line (issue 22): `render --format csv` and `report` read back with
// Python's csv module (an independent reader), the report's rows against `history`, --since, the
// JSON forms, and `search` across three records. The real ledger-curator on a real cache.
#include "CorrectionReport.h"
#include "CsvText.h"
#include "CurationLog.h"
#include "LedgerText.h"
#include "ObservationCsv.h"
#include "RecordJson.h"
#include "Store.h"
#include "TestSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kFixture = QStringLiteral("2104.04473");
const QString kRich = QStringLiteral("2301.01234");
const QString kThird = QStringLiteral("2402.05678");
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2");
const QString kSpiking = QStringLiteral("98915eea-eaf6-4490-9f89-fa2b7b9db928");

//! Python's csv module, strict: the rows it reads from UTF-8 bytes, as JSON.
const char *const kReadCsv = "import csv, io, json, sys\n"
                             "text = sys.stdin.buffer.read().decode('utf-8')\n"
                             "rows = list(csv.reader(io.StringIO(text, newline=''), strict=True))\n"
                             "json.dump(rows, sys.stdout)\n";

//! A third record: the rich one (TestSupport::richRecord()) under another id, with a Greek
//! title, its own UUIDs, and citing titles a spreadsheet would take for formulas.
Record thirdRecord()
{
    Record r = richRecord();
    r.arxivId = kThird;
    r.version = 1;
    r.title = QStringLiteral("Παράλληλη εκπαίδευση: a third record");
    for (qsizetype i = 0; i < r.observations.size(); ++i) {
        Observation &o = r.observations[i];
        o.id = uuidFor(int(100 + i));
        (o.direction == Direction::Outbound ? o.citingTitle : o.citedTitle) = r.title;
    }
    r.observations[6].citingTitle = QStringLiteral("=HYPERLINK(\"http://example.org\",\"x\")");
    r.observations[7].citingTitle = QStringLiteral("+1 reasons, \"quoted\", and commas");
    r.observations[8].citingTitle = QStringLiteral("大規模言語モデルの学習, второй");
    return r;
}

} // namespace

class TestReports : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void csvWriterRoundTripsThroughPython();
    void renderCsvReadsBackInPython();
    void reportMatchesHistory();
    void reportSince();
    void reportBadUsage_data();
    void reportBadUsage();
    void searchAcrossThreeRecords();
    void searchFindsNothing();

private:
    CliRun run(QStringList arguments) const;
    //! Python's reading of CSV bytes; fails the test when it refuses them.
    QList<QStringList> pythonRows(const QByteArray &csv);
    QJsonArray runJsonArray(const QStringList &arguments);
    void addEvents(const QList<CorrectionEvent> &events);

    QString m_python;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
};

void TestReports::initTestCase()
{
    m_python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    QVERIFY2(!m_python.isEmpty(),
        "python3 is needed to read the CSV back (scripts/setup-debian.sh installs it)");
}

void TestReports::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = m_dir->filePath(QStringLiteral("cache.sqlite"));
    const QString rich = m_dir->filePath(QStringLiteral("rich.json"));
    const QString third = m_dir->filePath(QStringLiteral("third.json"));
    for (const auto &[path, record] :
        { std::pair { rich, richRecord() }, std::pair { third, thirdRecord() } }) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(writeRecordJson(record));
    }
    const CliRun imported = run({ QStringLiteral("import"),
        dataPath(QStringLiteral("ledger-2104.04473.txt")), rich, third });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    QCOMPARE(
        runCli({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("alice") },
            m_dir->path())
            .exitCode,
        0);
}

CliRun TestReports::run(QStringList arguments) const
{
    arguments << QStringLiteral("--db") << m_db;
    return runCli(arguments, m_dir->path());
}

QList<QStringList> TestReports::pythonRows(const QByteArray &csv)
{
    QProcess python;
    python.start(m_python, { QStringLiteral("-c"), QString::fromLatin1(kReadCsv) });
    if (!python.waitForStarted(10000)) {
        QTest::qFail("python3 did not start", __FILE__, __LINE__);
        return {};
    }
    python.write(csv);
    python.closeWriteChannel();
    python.waitForFinished(30000);
    const QByteArray err = python.readAllStandardError();
    if (python.exitCode() != 0) {
        QTest::qFail(QByteArray("Python's csv module refused the file: " + err).constData(),
            __FILE__, __LINE__);
        return {};
    }
    QList<QStringList> rows;
    for (const QJsonValue &row : QJsonDocument::fromJson(python.readAllStandardOutput()).array()) {
        QStringList fields;
        for (const QJsonValue &field : row.toArray())
            fields.append(field.toString());
        rows.append(fields);
    }
    return rows;
}

QJsonArray TestReports::runJsonArray(const QStringList &arguments)
{
    const CliRun ran = run(arguments);
    if (ran.exitCode != 0)
        QTest::qFail(
            QByteArray("exit " + QByteArray::number(ran.exitCode) + ": " + ran.err).constData(),
            __FILE__, __LINE__);
    return QJsonDocument::fromJson(ran.out).array();
}

void TestReports::addEvents(const QList<CorrectionEvent> &events)
{
    Store store(m_db);
    QVERIFY(store.open().ok());
    const Status added = store.addCorrections(events);
    QVERIFY2(added.ok(), qPrintable(added ? QString() : added.error().toString()));
}

void TestReports::csvWriterRoundTripsThroughPython()
{
    // The writer itself, on values no record may hold (a newline in a title) and on every other
    // awkward kind: quotes, commas, CR, Greek, CJK, emoji, and fields a spreadsheet would run.
    Record r;
    r.arxivId = QStringLiteral("2501.00001");
    const QStringList titles = {
        QStringLiteral("Tom & Jerry's \"Guide\", with commas"),
        QStringLiteral("line one\nline two\r\nline three"),
        QStringLiteral("Παράλληλη εκπαίδευση"),
        QStringLiteral("大規模言語モデルの分散学習 🚀"),
        QStringLiteral("=HYPERLINK(\"http://example.org\",\"click\")"),
        QStringLiteral("+cmd|' /C calc'!A0"),
        QStringLiteral("-2+3"),
        QStringLiteral("@SUM(A1:A9)"),
        QStringLiteral("\tleading tab"),
    };
    for (qsizetype i = 0; i < titles.size(); ++i) {
        Observation o;
        o.id = uuidFor(int(i));
        o.citingTitle = titles[i];
        o.citedTitle = QStringLiteral("Cited, \"x\"");
        o.curation.edit().note = QStringLiteral("note \"%1\", ok").arg(i);
        r.observations.append(o);
    }
    const QList<QStringList> rows = observationCsvRows(r);
    const QByteArray csv = csvText(rows, CsvFormulas::Guard).toUtf8();
    QVERIFY(csv.endsWith("\r\n"));
    const QList<QStringList> read = pythonRows(csv);
    QCOMPARE(read.size(), rows.size());
    QCOMPARE(read.first(), observationCsvHeader());
    const int citing = int(observationCsvHeader().indexOf(QStringLiteral("citing_title")));
    const int note = int(observationCsvHeader().indexOf(QStringLiteral("note")));
    for (qsizetype i = 0; i < titles.size(); ++i) {
        const QString &title = titles[i];
        const bool formula = title.startsWith(u'=') || title.startsWith(u'+')
            || title.startsWith(u'-') || title.startsWith(u'@') || title.startsWith(u'\t');
        QCOMPARE(read[i + 1].size(), observationCsvHeader().size());
        QCOMPARE(read[i + 1][citing], formula ? u'\'' + title : title);
        QCOMPARE(read[i + 1][note], QStringLiteral("note \"%1\", ok").arg(i));
        QCOMPARE(read[i + 1][1], uuidFor(int(i)));
    }
}

void TestReports::renderCsvReadsBackInPython()
{
    const QString observation = uuidFor(100 + 9); // an inbound observation of the third record
    const CliRun curated = run({ QStringLiteral("curate"), kThird, observation,
        QStringLiteral("state=verified exact"), QStringLiteral("identifier=10.5555/Ledger.42"),
        QStringLiteral("note=Checked twice, \"really\": Überprüft"),
        QStringLiteral("title==1+2 (a curated title)") });
    QVERIFY2(curated.exitCode == 0, curated.err.constData());

    const QString path = m_dir->filePath(QStringLiteral("third.csv"));
    const CliRun toFile = run({ QStringLiteral("render"), kThird, QStringLiteral("--format"),
        QStringLiteral("csv"), QStringLiteral("-o"), path });
    QVERIFY2(toFile.exitCode == 0, toFile.err.constData());
    QVERIFY(toFile.err.isEmpty());
    const QByteArray bytes = readAll(path);
    // RFC 4180: every row ends with CRLF; no field of these holds a line break.
    QCOMPARE(bytes.count("\r\n"), 13);
    QCOMPARE(bytes.count('\n'), 13);
    QVERIFY(!bytes.startsWith("\xef\xbb\xbf")); // UTF-8 without a byte order mark
    // Standard output gets the same bytes (nothing in these titles needs a token).
    const CliRun toStdout = run(
        { QStringLiteral("render"), kThird, QStringLiteral("--format"), QStringLiteral("csv") });
    QCOMPARE(toStdout.exitCode, 0);
    QCOMPARE(toStdout.out, bytes);

    const QList<QStringList> rows = pythonRows(bytes);
    QCOMPARE(rows.size(), 13);
    const QStringList header = observationCsvHeader();
    QCOMPARE(rows.first(), header);
    QCOMPARE(header,
        QStringList({ "record", "observation", "direction", "state", "basis", "reference",
            "citing_title", "cited_title", "identifier", "excluded", "duplicate_of", "note",
            "notices", "review", "curated", "conflicts" }));
    const auto column
        = [&header](const char *name) { return int(header.indexOf(QLatin1String(name))); };
    const Record third = thirdRecord();
    for (qsizetype i = 0; i < third.observations.size(); ++i) {
        const QStringList &row = rows[i + 1];
        const Observation &o = third.observations[i];
        QCOMPARE(row.size(), header.size());
        QCOMPARE(row[column("record")], kThird);
        QCOMPARE(row[column("observation")], o.id);
        QCOMPARE(row[column("direction")], directionKey(o.direction));
        QCOMPARE(row[column("cited_title")], o.citedTitle);
        if (o.id == observation) {
            QCOMPARE(row[column("state")], QStringLiteral("verified exact"));
            QCOMPARE(row[column("identifier")], QStringLiteral("10.5555/ledger.42"));
            QCOMPARE(row[column("note")], QStringLiteral("Checked twice, \"really\": Überprüft"));
            QCOMPARE(row[column("citing_title")], QStringLiteral("'=1+2 (a curated title)"));
            QCOMPARE(row[column("curated")], QStringLiteral("yes"));
            continue;
        }
        QCOMPARE(row[column("state")], stateText(o.state));
        QCOMPARE(row[column("curated")], QStringLiteral("no"));
        QCOMPARE(row[column("excluded")], QStringLiteral("no"));
        const QString &title = o.citingTitle;
        const bool formula = title.startsWith(u'=') || title.startsWith(u'+');
        QCOMPARE(row[column("citing_title")], formula ? u'\'' + title : title);
    }
    // The rich record's notices: a retraction and a correction on its first observation.
    const CliRun rich = run(
        { QStringLiteral("render"), kRich, QStringLiteral("--format"), QStringLiteral("csv") });
    const QList<QStringList> richRows = pythonRows(rich.out);
    QCOMPARE(richRows[1][column("notices")],
        QStringLiteral("Retraction 2024-03-01; Correction 2023-11-02"));
    QCOMPARE(richRows[1][column("review")], QStringLiteral("unreviewed"));
    QCOMPARE(richRows[3][column("notices")],
        QStringLiteral("unavailable: canonical work link unavailable"));
    QCOMPARE(richRows[3][column("reference")], QString());

    // --upstream: the page as received.
    const CliRun upstream = run({ QStringLiteral("render"), kThird, QStringLiteral("--format"),
        QStringLiteral("csv"), QStringLiteral("--upstream") });
    const QList<QStringList> upstreamRows = pythonRows(upstream.out);
    QCOMPARE(upstreamRows[10][column("observation")], observation);
    QCOMPARE(upstreamRows[10][column("curated")], QStringLiteral("no"));
    QCOMPARE(upstreamRows[10][column("identifier")], QString());
}

void TestReports::reportMatchesHistory()
{
    // alice and bob correct the fixture and the third record (bob through --author: this cache
    // never synced); alice undoes one of bob's.
    const QString third = uuidFor(100 + 9);
    const QList<QStringList> steps = {
        { QStringLiteral("curate"), kFixture, kOpt, QStringLiteral("state=verified exact"),
            QStringLiteral("note=title, venue and \"year\" checked") },
        { QStringLiteral("curate"), kFixture, kOpt, QStringLiteral("identifier=2205.01068"),
            QStringLiteral("--author"), QStringLiteral("bob") },
        { QStringLiteral("curate"), kFixture, kSpiking, QStringLiteral("excluded=yes"),
            QStringLiteral("--author"), QStringLiteral("bob") },
        { QStringLiteral("curate"), kThird, third, QStringLiteral("title=Παράλληλη, 大規模"),
            QStringLiteral("reference=7") },
        { QStringLiteral("undo"), kFixture, kOpt, QStringLiteral("identifier") },
    };
    for (const QStringList &step : steps) {
        const CliRun ran = run(step);
        QVERIFY2(ran.exitCode == 0, ran.err.constData());
    }
    const QJsonArray report = runJsonArray(
        { QStringLiteral("report"), QStringLiteral("--format"), QStringLiteral("json") });
    QCOMPARE(report.size(), 7);
    // Oldest first, across records.
    for (qsizetype i = 1; i < report.size(); ++i)
        QVERIFY(report[i - 1][QStringLiteral("created_at")].toString()
            <= report[i][QStringLiteral("created_at")].toString());

    // Each observation's rows are its history: the same events in the same order, with the
    // same author, time, field and values.
    const QList<std::pair<QString, QString>> observations
        = { { kFixture, kOpt }, { kFixture, kSpiking }, { kThird, third } };
    qsizetype matched = 0;
    for (const auto &[record, observation] : observations) {
        const QJsonArray history = runJsonArray(
            { QStringLiteral("history"), record, observation, QStringLiteral("--json") });
        QJsonArray rows;
        for (const QJsonValue &row : report) {
            if (row[QStringLiteral("observation")] == observation)
                rows.append(row);
        }
        QCOMPARE(rows.size(), history.size());
        for (qsizetype i = 0; i < rows.size(); ++i) {
            const QJsonObject row = rows[i].toObject();
            const QJsonObject event = history[i].toObject();
            QCOMPARE(row[QStringLiteral("id")], event[QStringLiteral("id")]);
            QCOMPARE(row[QStringLiteral("record")].toString(), record);
            QCOMPARE(row[QStringLiteral("field")], event[QStringLiteral("field")]);
            QCOMPARE(row[QStringLiteral("from")], event[QStringLiteral("from")]);
            QCOMPARE(row[QStringLiteral("to")], event[QStringLiteral("value")]);
            QCOMPARE(row[QStringLiteral("author")], event[QStringLiteral("author")]);
            QCOMPARE(row[QStringLiteral("created_at")], event[QStringLiteral("created_at")]);
            QCOMPARE(row[QStringLiteral("signed")], event[QStringLiteral("signed")]);
            ++matched;
        }
        // The text forms describe the values alike: "FIELD: FROM -> TO" of every history line
        // is in the report's line for the same event.
        const QString text
            = QString::fromUtf8(run({ QStringLiteral("history"), record, observation }).out);
        const QString reportText = QString::fromUtf8(run({ QStringLiteral("report"), record }).out);
        for (const QString &line : text.split(u'\n')) {
            if (!line.contains(QStringLiteral(" -> ")))
                continue;
            const QString change = line.section(QStringLiteral("  "), 2, 2);
            QVERIFY2(reportText.contains(
                         QStringLiteral("  ") + observation + QStringLiteral("  ") + change),
                qPrintable(change + QStringLiteral("\nnot in\n") + reportText));
        }
    }
    QCOMPARE(matched, report.size());

    // Who, as the history shows it.
    QStringList authors;
    for (const QJsonValue &row : report)
        authors.append(row[QStringLiteral("author")].toString());
    QCOMPARE(authors.count(QStringLiteral("bob")), 2);
    QCOMPARE(authors.count(QStringLiteral("alice")), 5);

    // The JSON shape.
    const QJsonObject first = report.first().toObject();
    QCOMPARE(first.keys(),
        QStringList(
            { "author", "cited_title", "citing_title", "created_at", "field", "from", "from_text",
                "id", "note", "notice", "observation", "record", "signed", "to", "to_text" }));
    QVERIFY(first[QStringLiteral("notice")].isNull());
    QVERIFY(first[QStringLiteral("signed")].toBool());

    // CSV, read by Python: the same rows, the values described as the history describes them.
    const QString path = m_dir->filePath(QStringLiteral("report.csv"));
    QCOMPARE(run({ QStringLiteral("report"), QStringLiteral("--format"), QStringLiteral("csv"),
                     QStringLiteral("-o"), path })
                 .exitCode,
        0);
    const QList<QStringList> rows = pythonRows(readAll(path));
    QCOMPARE(rows.size(), report.size() + 1);
    QCOMPARE(rows.first(), correctionReportCsvHeader());
    QCOMPARE(rows.first(),
        QStringList({ "when", "who", "record", "observation", "citing_title", "cited_title",
            "notice", "field", "from", "to", "note" }));
    for (qsizetype i = 0; i < report.size(); ++i) {
        const QJsonObject row = report[i].toObject();
        QCOMPARE(rows[i + 1][0], row[QStringLiteral("created_at")].toString());
        QCOMPARE(rows[i + 1][1], row[QStringLiteral("author")].toString());
        QCOMPARE(rows[i + 1][2], row[QStringLiteral("record")].toString());
        QCOMPARE(rows[i + 1][3], row[QStringLiteral("observation")].toString());
        QCOMPARE(rows[i + 1][4], row[QStringLiteral("citing_title")].toString());
        QCOMPARE(rows[i + 1][5], row[QStringLiteral("cited_title")].toString());
        QCOMPARE(rows[i + 1][7], row[QStringLiteral("field")].toString());
        QCOMPARE(rows[i + 1][8], row[QStringLiteral("from_text")].toString());
        QCOMPARE(rows[i + 1][9], row[QStringLiteral("to_text")].toString());
        QCOMPARE(rows[i + 1][10], row[QStringLiteral("note")].toString());
    }
    // The note column: the observation's note as it stood at each event (written with the
    // first one, unchanged since).
    for (qsizetype i = 1; i < rows.size(); ++i) {
        if (rows[i][3] == kOpt)
            QCOMPARE(rows[i][10], QStringLiteral("title, venue and \"year\" checked"));
        if (rows[i][3] == third && rows[i][7] == u"title")
            QCOMPARE(rows[i][9], QStringLiteral("Παράλληλη, 大規模"));
    }
    // bob's identifier, and alice's undo of it.
    const auto hasRow = [&rows](const QStringList &who_from_to) {
        return std::any_of(rows.begin(), rows.end(), [&](const QStringList &row) {
            return row[1] == who_from_to[0] && row[2] == u"2104.04473" && row[3] == kOpt
                && row[6].isEmpty() && row[7] == u"identifier" && row[8] == who_from_to[1]
                && row[9] == who_from_to[2];
        });
    };
    QVERIFY(hasRow({ QStringLiteral("bob"), QStringLiteral("(upstream: none)"),
        QStringLiteral("2205.01068") }));
    QVERIFY(hasRow({ QStringLiteral("alice"), QStringLiteral("2205.01068"),
        QStringLiteral("(upstream: none)") }));

    // One record.
    const QJsonArray one = runJsonArray(
        { QStringLiteral("report"), kThird, QStringLiteral("--format"), QStringLiteral("json") });
    QCOMPARE(one.size(), 2);
    for (const QJsonValue &row : one)
        QCOMPARE(row[QStringLiteral("record")].toString(), kThird);
}

void TestReports::reportSince()
{
    // Corrections of known times, stored as a cache from before signatures would hold them.
    const auto event = [](const QString &observation, const QString &value, const QString &at,
                           const QList<CorrectionEvent> &before = {}) {
        return makeEdit(resolveField(before), kRich, observation, CurationField::Note, value,
            QStringLiteral("carol"), at);
    };
    const QString first = uuidFor(7);
    const QString second = uuidFor(8);
    const CorrectionEvent old
        = event(first, QStringLiteral("old"), QStringLiteral("2025-01-10T09:00:00.000Z"));
    addEvents({ old,
        event(second, QStringLiteral("midnight"), QStringLiteral("2026-06-01T00:00:00.000Z")),
        event(
            first, QStringLiteral("noon"), QStringLiteral("2026-06-01T12:00:00.000Z"), { old }) });
    const auto count = [this](const QString &since) {
        const CliRun ran = run({ QStringLiteral("report"), QStringLiteral("--since"), since,
            QStringLiteral("--format"), QStringLiteral("json") });
        if (ran.exitCode != 0)
            return qsizetype(-1);
        return QJsonDocument::fromJson(ran.out).array().size();
    };
    QCOMPARE(count(QStringLiteral("2020-01-01")), 3);
    QCOMPARE(count(QStringLiteral("2026-01-01")), 2);
    QCOMPARE(count(QStringLiteral("2026-06-01")), 2); // from midnight UTC, inclusive
    QCOMPARE(count(QStringLiteral("2026-06-01T00:00:00Z")), 2);
    QCOMPARE(count(QStringLiteral("2026-06-01T02:00:00+02:00")), 2); // the same instant
    QCOMPARE(count(QStringLiteral("2026-06-01T00:00:00.001Z")), 1);
    QCOMPARE(count(QStringLiteral("2026-06-01T12:00")), 1); // no offset: UTC
    QCOMPARE(count(QStringLiteral("2026-06-01 12:00:01")), 0);
    QCOMPARE(count(QStringLiteral("2026-06-02")), 0);

    // Who, as the history shows an event from before signatures.
    const CliRun csv = run({ QStringLiteral("report"), QStringLiteral("--since"),
        QStringLiteral("2026-06-01"), QStringLiteral("--format"), QStringLiteral("csv") });
    const QList<QStringList> rows = pythonRows(csv.out);
    QCOMPARE(rows.size(), 3);
    QCOMPARE(rows[1][1], QStringLiteral("carol (unsigned)"));
    QCOMPARE(rows[1][8], QStringLiteral("(upstream: none)"));
    QCOMPARE(rows[1][9], QStringLiteral("midnight"));
    QCOMPARE(rows[2][8], QStringLiteral("old"));
    QCOMPARE(rows[2][9], QStringLiteral("noon"));
    const CliRun history = run({ QStringLiteral("history"), kRich, first });
    QVERIFY(history.out.contains("carol (unsigned)  note: old -> noon"));
    const CliRun text = run({ QStringLiteral("report"), QStringLiteral("--since"),
        QStringLiteral("2026-06-01T06:00:00Z") });
    QCOMPARE(text.exitCode, 0);
    // The observation is named by its id and the title of the citing work.
    QString citing;
    for (const Observation &o : richRecord().observations) {
        if (o.id == first)
            citing = o.citingTitle;
    }
    QVERIFY(!citing.isEmpty());
    QCOMPARE(text.out,
        "1 correction\n2026-06-01T12:00:00.000Z  carol (unsigned)  2301.01234  " + first.toUtf8()
            + "  note: old -> noon  [note: noon]  [citing: " + citing.toUtf8() + "]\n");
}

void TestReports::reportBadUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("words") << QStringList { QStringLiteral("--since"), QStringLiteral("yesterday") }
                           << QStringLiteral("--since: expected a date (2026-11-29) or a date and "
                                             "time (2026-11-29T10:00:00Z), found 'yesterday'");
    QTest::newRow("no such day") << QStringList { QStringLiteral("--since"),
        QStringLiteral("2026-02-30") }
                                 << QStringLiteral("found '2026-02-30'");
    QTest::newRow("no such month")
        << QStringList { QStringLiteral("--since"), QStringLiteral("2026-13-01T00:00:00Z") }
        << QStringLiteral("found '2026-13-01T00:00:00Z'");
    QTest::newRow("format") << QStringList { QStringLiteral("--format"), QStringLiteral("xml") }
                            << QStringLiteral("unknown format 'xml'");
    QTest::newRow("two records") << QStringList { kFixture, kRich }
                                 << QStringLiteral("at most one RECORD");
    QTest::newRow("no record") << QStringList { QStringLiteral("9999.99999") }
                               << QStringLiteral("no record 9999.99999");
}

void TestReports::reportBadUsage()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const CliRun ran = run(QStringList { QStringLiteral("report") } + arguments);
    QCOMPARE(ran.exitCode, 2);
    QVERIFY(ran.out.isEmpty());
    QVERIFY2(QString::fromUtf8(ran.err).contains(message), ran.err.constData());
}

void TestReports::searchAcrossThreeRecords()
{
    const QString third = uuidFor(100 + 9);
    const CliRun curated = run({ QStringLiteral("curate"), kThird, third,
        QStringLiteral("identifier=10.5555/Ledger.42"), QStringLiteral("note=Überprüft, zweimal"),
        QStringLiteral("title=Renamed by a curator") });
    QVERIFY2(curated.exitCode == 0, curated.err.constData());

    const auto search = [this](const QString &text) {
        const CliRun ran = run({ QStringLiteral("search"), text, QStringLiteral("--json") });
        if (ran.exitCode != 0)
            QTest::qFail(QByteArray("search " + text.toUtf8() + ": " + ran.err).constData(),
                __FILE__, __LINE__);
        return QJsonDocument::fromJson(ran.out).object();
    };
    const auto hits = [](const QJsonObject &found) {
        QStringList out; // "RECORD OBSERVATION FIELD"
        for (const QJsonValue &hit : found[QStringLiteral("hits")].toArray())
            out.append(hit[QStringLiteral("record")].toString() + u' '
                + hit[QStringLiteral("observation")].toString() + u' '
                + hit[QStringLiteral("field")].toString());
        return out;
    };

    // The JSON shape, on an observation's UUID (the fixture's OPT), given in upper case.
    const QJsonObject opt = search(kOpt.toUpper());
    QCOMPARE(opt.keys(),
        QStringList({ "hits", "observations_searched", "query", "records_searched", "total" }));
    QCOMPARE(opt[QStringLiteral("records_searched")].toInt(), 3);
    QCOMPARE(opt[QStringLiteral("observations_searched")].toInt(), 34 + 12 + 12);
    QCOMPARE(opt[QStringLiteral("total")].toInt(), 1);
    const QJsonObject hit = opt[QStringLiteral("hits")].toArray().first().toObject();
    QCOMPARE(hit.keys(),
        QStringList({ "direction", "field", "observation", "record", "state", "text" }));
    QCOMPARE(hit[QStringLiteral("record")].toString(), kFixture);
    QCOMPARE(hit[QStringLiteral("observation")].toString(), kOpt);
    QCOMPARE(hit[QStringLiteral("direction")].toString(), QStringLiteral("inbound"));
    QCOMPARE(hit[QStringLiteral("state")].toString(), QStringLiteral("metadata_mismatch"));
    QCOMPARE(hit[QStringLiteral("field")].toString(), QStringLiteral("observation"));
    QCOMPARE(hit[QStringLiteral("text")].toString(), kOpt);

    // Titles: CJK in the rich record and the third one, case-folded Cyrillic and Greek.
    QCOMPARE(hits(search(QStringLiteral("言語モデル"))),
        QStringList({ kRich + u' ' + uuidFor(4) + QStringLiteral(" cited_title"),
            kRich + u' ' + uuidFor(7) + QStringLiteral(" citing_title"),
            kThird + u' ' + uuidFor(103) + QStringLiteral(" cited_title"),
            kThird + u' ' + uuidFor(106 + 2) + QStringLiteral(" citing_title") }));
    QCOMPARE(hits(search(QStringLiteral("ТРАНЗФОРМЕРЫ"))).size(), 4);
    // The record's own title: one hit of the record, not one per observation.
    const QJsonObject greek = search(QStringLiteral("ΠΑΡΆΛΛΗΛΗ ΕΚΠΑΊΔΕΥΣΗ"));
    QCOMPARE(hits(greek), QStringList({ kThird + QStringLiteral("  record_title") }));
    QVERIFY(greek[QStringLiteral("hits")][0][QStringLiteral("observation")].isNull());
    QVERIFY(greek[QStringLiteral("hits")][0][QStringLiteral("state")].isNull());

    // The curated identifier (stored lower-cased), the curated note, the curated title, and the
    // title it replaced.
    QCOMPARE(hits(search(QStringLiteral("LEDGER.42"))),
        QStringList({ kThird + u' ' + third + QStringLiteral(" identifier") }));
    QCOMPARE(search(QStringLiteral("LEDGER.42"))[QStringLiteral("hits")][0][QStringLiteral("text")]
                 .toString(),
        QStringLiteral("10.5555/ledger.42"));
    QCOMPARE(hits(search(QStringLiteral("ÜBERPRÜFT"))),
        QStringList({ kThird + u' ' + third + QStringLiteral(" note") }));
    QCOMPARE(hits(search(QStringLiteral("renamed by"))),
        QStringList({ kThird + u' ' + third + QStringLiteral(" citing_title") }));
    const QString replaced = thirdRecord().observations[9].citingTitle;
    const QStringList replacedHits = hits(search(replaced));
    QVERIFY2(
        replacedHits.contains(kThird + u' ' + third + QStringLiteral(" upstream_citing_title")),
        qPrintable(replacedHits.join(u'\n')));
    QVERIFY(!replacedHits.contains(kThird + u' ' + third + QStringLiteral(" citing_title")));

    // The text form: a summary, then a table.
    const CliRun text = run({ QStringLiteral("search"), QStringLiteral("überprüft") });
    QCOMPARE(text.exitCode, 0);
    const QList<QByteArray> lines = text.out.split('\n');
    QCOMPARE(lines[0], "1 hit for \"überprüft\" in 3 records (58 observations searched)");
    QVERIFY(lines[2].startsWith("RECORD      OBSERVATION"));
    QVERIFY(lines[3].startsWith(QByteArray("2402.05678  " + third.toUtf8() + "  inbound")));
    QVERIFY(lines[3].endsWith("note                  Überprüft, zweimal"));

    // --limit: the first hits, every one counted.
    const CliRun limited = run({ QStringLiteral("search"), QStringLiteral("a"),
        QStringLiteral("--limit"), QStringLiteral("2"), QStringLiteral("--json") });
    const QJsonObject many = QJsonDocument::fromJson(limited.out).object();
    QCOMPARE(many[QStringLiteral("hits")].toArray().size(), 2);
    QVERIFY(many[QStringLiteral("total")].toInt() > 2);
}

void TestReports::searchFindsNothing()
{
    // As grep: nothing found is exit status 1, said on standard error; JSON still says so.
    const CliRun none = run({ QStringLiteral("search"), QStringLiteral("no such words anywhere") });
    QCOMPARE(none.exitCode, 1);
    QVERIFY(none.out.isEmpty());
    QCOMPARE(none.err,
        "ledger-curator: nothing matches \"no such words anywhere\" in 3 records (58 "
        "observations)\n");
    const CliRun json = run({ QStringLiteral("search"), QStringLiteral("no such words anywhere"),
        QStringLiteral("--json") });
    QCOMPARE(json.exitCode, 1);
    const QJsonObject found = QJsonDocument::fromJson(json.out).object();
    QCOMPARE(found[QStringLiteral("total")].toInt(), 0);
    QVERIFY(found[QStringLiteral("hits")].toArray().isEmpty());
    // Nothing to look for is bad usage.
    const CliRun empty = run({ QStringLiteral("search"), QStringLiteral("   ") });
    QCOMPARE(empty.exitCode, 2);
    QVERIFY(empty.err.contains("the TEXT to look for is empty"));
    QCOMPARE(run({ QStringLiteral("search") }).exitCode, 2);
    QCOMPARE(run({ QStringLiteral("search"), QStringLiteral("x"), QStringLiteral("--limit"),
                     QStringLiteral("0") })
                 .exitCode,
        2);
}

QTEST_GUILESS_MAIN(TestReports)
#include "tst_reports.moc"
