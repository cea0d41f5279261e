// SPDX-License-Identifier: GPL-3.0-or-later
// `ledger-curator works import|stats` (issue 23, docs/works.md) through the real binary on a
// real cache: the arXiv excerpt and the CSV sample imported with their bad lines reported by
// line number; stats --json; an import of a larger generated file killed with SIGKILL mid-way,
// invisible while pending, then resumed to completion with every work exactly once and the
// cache intact (PRAGMA integrity_check, FTS5's integrity-check); Ctrl+C (SIGINT) stopping an
// import that the next run resumes.
#include "TestSupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

QString dataFile(const char *name)
{
    return QStringLiteral(LC_TEST_DATA_DIR "/") + QString::fromUtf8(name);
}

//! `lines` works in the arXiv snapshot's form, each with an abstract of ~600 characters.
void writeGeneratedWorks(const QString &path, int lines)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    static const char *const words[] = { "quantum", "field", "theory", "neural", "networks",
        "learning", "graph", "spectral", "bounds", "entropy", "lattice", "gauge", "random",
        "matrix", "inference", "optimal", "transport", "dynamics", "stochastic", "flows" };
    QRandomGenerator random(7);
    QByteArray abstract;
    for (int i = 0; i < 90; ++i)
        abstract += QByteArray(words[random.bounded(20)]) + ' ';
    for (int i = 0; i < lines; ++i) {
        QByteArray title;
        const int n = 4 + random.bounded(8);
        for (int k = 0; k < n; ++k)
            title += QByteArray(k ? " " : "") + words[random.bounded(20)];
        title += " w" + QByteArray::number(i); // every title its own word
        if (i % 5 == 0)
            title.replace(' ', "\\n  "); // one line break, as the snapshot has them
        const QByteArray id
            = QByteArray::number(1501 + i / 90000) + '.' + QByteArray::number(10000 + i % 90000);
        QByteArray line = R"({"id":")" + id
            + R"(","submitter":"A. Person","authors":"A. One, B. Two and C. Three","title":")"
            + title
            + R"(","comments":"10 pages","journal-ref":null,"doi":null,"report-no":null,"categories":"cs.LG","license":null,"abstract":"  )"
            + abstract
            + R"(\n","versions":[{"version":"v1","created":"Mon, 2 Apr 2007 19:18:42 GMT"}],"update_date":"2008-11-13","authors_parsed":[["One","A.",""],["Two","B.",""],["Three","C.",""]]})"
            + '\n';
        QCOMPARE(file.write(line), line.size());
    }
}

} // namespace

class TestWorksCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_dir.emplace();
        QVERIFY(m_dir->isValid());
        m_cache = m_dir->filePath(QStringLiteral("cache.sqlite"));
    }
    void cleanup() { m_dir.reset(); }

    void importsAndReports()
    {
        const CliRun run
            = works({ QStringLiteral("import"), dataFile("arxiv-metadata-sample.jsonl") });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("imported arxiv-metadata-sample.jsonl: 25 works from 29 lines"),
            run.out.constData());
        QVERIFY(run.out.contains("4 bad lines skipped:"));
        QVERIFY(run.out.contains("arxiv-metadata-sample.jsonl:20: not JSON: "));
        QVERIFY(run.out.contains("arxiv-metadata-sample.jsonl:21: no title"));
        QVERIFY(run.out.contains("arxiv-metadata-sample.jsonl:22: no id"));
        QVERIFY(run.out.contains("arxiv-metadata-sample.jsonl:23: bad year"));
        QVERIFY2(run.err.contains("25 works, 100%"), run.err.constData());

        const CliRun csv = works({ QStringLiteral("import"), dataFile("works-sample.csv") });
        QVERIFY2(csv.exitCode == 0, csv.err.constData());
        QVERIFY(csv.out.contains("imported works-sample.csv: 5 works from 10 lines"));
        QVERIFY(csv.out.contains("works-sample.csv:8: bad year \"twenty\""));

        const CliRun stats = works({ QStringLiteral("stats"), QStringLiteral("--json") });
        QVERIFY2(stats.exitCode == 0, stats.err.constData());
        const QJsonObject json = QJsonDocument::fromJson(stats.out).object();
        QCOMPARE(json.value(u"works").toInt(), 29); // 1706.03762 is in both files
        QVERIFY(json.value(u"bytes_on_disk").toInteger() > 0);
        const QJsonArray sources = json.value(u"sources").toArray();
        QCOMPARE(sources.size(), 3);
        QCOMPARE(sources[0].toObject().value(u"source").toString(),
            QStringLiteral("arxiv-metadata-sample.jsonl"));
        QCOMPARE(sources[0].toObject().value(u"works").toInt(), 25);
        QCOMPARE(sources[0].toObject().value(u"format").toString(), QStringLiteral("arxiv-jsonl"));
        QCOMPARE(sources[0].toObject().value(u"complete").toBool(), true);
        QVERIFY(!sources[0].toObject().value(u"imported_at").toString().isEmpty());
        QCOMPARE(sources[1].toObject().value(u"source").toString(), QStringLiteral("cache"));
        QCOMPARE(
            sources[2].toObject().value(u"source").toString(), QStringLiteral("works-sample.csv"));

        const CliRun text = works({ QStringLiteral("stats") });
        QVERIFY(text.exitCode == 0);
        QVERIFY2(
            text.out.startsWith("29 works to match against, in 3 sources"), text.out.constData());
    }

    void refusesBadUsage()
    {
        QCOMPARE(works({}).exitCode, 2);
        QCOMPARE(works({ QStringLiteral("frobnicate") }).exitCode, 2);
        QCOMPARE(works({ QStringLiteral("import") }).exitCode, 2);
        const CliRun format = works({ QStringLiteral("import"), dataFile("works-sample.csv"),
            QStringLiteral("--format"), QStringLiteral("xml") });
        QCOMPARE(format.exitCode, 2);
        QVERIFY(format.err.contains("--format is arxiv-jsonl or csv"));
        const CliRun missing
            = works({ QStringLiteral("import"), m_dir->filePath(QStringLiteral("none.jsonl")) });
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("none.jsonl: no such file"), missing.err.constData());
        // The cache's own file is not a works file.
        QVERIFY(works({ QStringLiteral("stats") }).exitCode == 0);
        const CliRun own = works({ QStringLiteral("import"), m_cache, QStringLiteral("--format"),
            QStringLiteral("csv") });
        QCOMPARE(own.exitCode, 2);
        QVERIFY2(own.err.contains("a file of the open cache"), own.err.constData());
    }

    void aKilledImportResumesWithEveryWorkOnce()
    {
        const int lines = 150000;
        const QString path = m_dir->filePath(QStringLiteral("generated.jsonl"));
        writeGeneratedWorks(path, lines);
        QVERIFY(
            works({ QStringLiteral("import"), dataFile("arxiv-metadata-sample.jsonl") }).exitCode
            == 0);

        // Killed once it told its first progress (a batch or more committed, more to come).
        QVERIFY(interrupted(path, SIGKILL));
        qint64 bytesDone = 0;
        {
            Reader db(m_cache);
            QSqlQuery query(db.db());
            QVERIFY(query.exec(QStringLiteral("SELECT state, bytes_done, lines_done FROM "
                                              "works_sources WHERE name = 'generated.jsonl'")));
            QVERIFY(query.next());
            QCOMPARE(query.value(0).toString(), QStringLiteral("pending"));
            bytesDone = query.value(1).toLongLong();
            QVERIFY(bytesDone > 0);
            QVERIFY(bytesDone < QFileInfo(path).size());
            QVERIFY(query.value(2).toLongLong() < lines);
            QCOMPARE(integrity(db.db()), QStringLiteral("ok"));
        }
        // Invisible meanwhile: the stats count only the complete sources.
        const CliRun pending = works({ QStringLiteral("stats"), QStringLiteral("--json") });
        QVERIFY(pending.exitCode == 0);
        const QJsonObject during = QJsonDocument::fromJson(pending.out).object();
        QCOMPARE(during.value(u"works").toInt(), 25);
        bool sawPending = false;
        for (const QJsonValue source : during.value(u"sources").toArray()) {
            if (source.toObject().value(u"source").toString() == u"generated.jsonl") {
                sawPending = true;
                QCOMPARE(source.toObject().value(u"complete").toBool(), false);
                QVERIFY(source.toObject().value(u"imported_at").isNull());
            }
        }
        QVERIFY(sawPending);

        const CliRun resumed = works({ QStringLiteral("import"), path });
        QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
        QVERIFY2(resumed.out.contains("resumed at line "), resumed.out.constData());
        QVERIFY(!resumed.out.contains("resumed at line 1\n"));
        QVERIFY2(resumed.out.contains(
                     QByteArray(QByteArray("imported generated.jsonl: ") + QByteArray::number(lines)
                         + " works from " + QByteArray::number(lines) + " lines")),
            resumed.out.constData());

        Reader db(m_cache);
        QSqlQuery query(db.db());
        QVERIFY(query.exec(QStringLiteral(
            "SELECT COUNT(*), COUNT(DISTINCT w.id), MIN(s.state), MAX(s.state) FROM works w"
            " JOIN works_sources s ON s.id = w.source_id WHERE s.name = 'generated.jsonl'")));
        QVERIFY(query.next());
        QCOMPARE(query.value(0).toInt(), lines);
        QCOMPARE(query.value(1).toInt(), lines);
        QCOMPARE(query.value(2).toString(), QStringLiteral("complete"));
        QCOMPARE(query.value(3).toString(), QStringLiteral("complete"));
        QCOMPARE(integrity(db.db()), QStringLiteral("ok"));
        QVERIFY(query.exec(QStringLiteral(
            "INSERT INTO works_fts(works_fts, rank) VALUES ('integrity-check', 1)")));
        // Every work findable by its own word.
        QVERIFY(query.exec(QStringLiteral(
            "SELECT COUNT(*) FROM works_fts WHERE works_fts MATCH 'w0 OR w77777 OR w149999'")));
        QVERIFY(query.next());
        QCOMPARE(query.value(0).toInt(), 3);
    }

    void ctrlCStopsAnImportForAResume()
    {
        const int lines = 150000;
        const QString path = m_dir->filePath(QStringLiteral("generated.jsonl"));
        writeGeneratedWorks(path, lines);
        QVERIFY(interrupted(path, SIGINT));
        QVERIFY2(m_lastOut.contains("stopped: "), m_lastOut.constData());
        QVERIFY(m_lastOut.contains("run the same command again to go on from there"));
        QCOMPARE(m_lastExit, 1);
        const CliRun resumed = works({ QStringLiteral("import"), path });
        QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
        QVERIFY(resumed.out.contains("resumed at line "));
        const CliRun stats = works({ QStringLiteral("stats"), QStringLiteral("--json") });
        QCOMPARE(QJsonDocument::fromJson(stats.out).object().value(u"works").toInt(), lines);
    }

private:
    //! A read connection of the test's own on the cache (no process writes meanwhile).
    class Reader
    {
    public:
        explicit Reader(const QString &path)
            : m_name(QStringLiteral("reader-%1").arg(++s_count))
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
            db.setDatabaseName(path);
            db.open();
        }
        ~Reader()
        {
            QSqlDatabase::database(m_name).close();
            QSqlDatabase::removeDatabase(m_name);
        }
        QSqlDatabase db() const { return QSqlDatabase::database(m_name); }

    private:
        QString m_name;
        static inline int s_count = 0;
    };

    static QString integrity(const QSqlDatabase &db)
    {
        QSqlQuery query(db);
        if (!query.exec(QStringLiteral("PRAGMA integrity_check")) || !query.next())
            return query.lastError().text();
        return query.value(0).toString();
    }

    CliRun works(const QStringList &arguments)
    {
        return runCli(QStringList { QStringLiteral("works") } + arguments
                + QStringList { QStringLiteral("--db"), m_cache },
            m_dir->path());
    }

    //! Starts `works import PATH`, sends `signal` once it told its first progress, and waits
    //! for it to end; false when it ended before.
    bool interrupted(const QString &path, int signal)
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir->filePath(QStringLiteral("xdg-data")));
        env.insert(
            QStringLiteral("XDG_CONFIG_HOME"), m_dir->filePath(QStringLiteral("xdg-config")));
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(LC_CLI_PATH),
            { QStringLiteral("works"), QStringLiteral("import"), path, QStringLiteral("--db"),
                m_cache });
        if (!process.waitForStarted())
            return false;
        process.setReadChannel(QProcess::StandardError); // waitForReadyRead() waits for it
        QByteArray err;
        while (!err.contains("works, ") && process.state() == QProcess::Running) {
            process.waitForReadyRead(scaledTimeoutMs(20000));
            err += process.readAllStandardError();
        }
        if (process.state() != QProcess::Running || err.contains("100%")) {
            qWarning("the import ended before the signal: %s", err.constData());
            return false;
        }
        ::kill(pid_t(process.processId()), signal);
        process.waitForFinished(scaledTimeoutMs(60000));
        m_lastOut = process.readAllStandardOutput();
        m_lastExit = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        return true;
    }

    std::optional<QTemporaryDir> m_dir;
    QString m_cache;
    QByteArray m_lastOut;
    int m_lastExit = -1;
};

QTEST_GUILESS_MAIN(TestWorksCli)
#include "tst_workscli.moc"
