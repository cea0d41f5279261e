// SPDX-License-Identifier: GPL-3.0-or-later
// End to end: the real ledger-curator binary, real files, a real SQLite cache.
#include "TestSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace LedgerCurator::TestSupport;

using Run = CliRun;

class TestCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void importThenRenderPrintsTheFixture();
    void jsonRoundTripsThroughTheCli();
    void listAndShow();
    void showFiltersByState();
    void renderToFile();
    void renderNeverWritesOverTheCache();
    void reimportReplaces();
    void badInput_data();
    void badInput();
    void badUsage_data();
    void badUsage();
    void unknownRecord();
    void quietWithoutRuntimeDir();

private:
    Run run(const QStringList &arguments) const;
    QString writeFile(const QString &name, const QByteArray &data) const;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
};

void TestCli::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = m_dir->filePath(QStringLiteral("cache.sqlite"));
}

Run TestCli::run(const QStringList &arguments) const
{
    return runCli(arguments, m_dir->path());
}

QString TestCli::writeFile(const QString &name, const QByteArray &data) const
{
    const QString path = m_dir->filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(data);
    return path;
}

void TestCli::importThenRenderPrintsTheFixture()
{
    const QString fixturePath = dataPath(QStringLiteral("ledger-2104.04473.txt"));
    Run imported = run({ QStringLiteral("import"), fixturePath, QStringLiteral("--db"), m_db });
    QCOMPARE(imported.exitCode, 0);
    QVERIFY(imported.out.contains("imported 2104.04473 v5"));
    QVERIFY(imported.err.isEmpty());
    Run rendered = run({ QStringLiteral("render"), QStringLiteral("2104.04473"),
        QStringLiteral("--format"), QStringLiteral("text"), QStringLiteral("--db"), m_db });
    QCOMPARE(rendered.exitCode, 0);
    QCOMPARE(rendered.out, fixture() + '\n');
    // arXiv: prefix and a version suffix name the same record.
    Run prefixed = run({ QStringLiteral("render"), QStringLiteral("arXiv:2104.04473v5"),
        QStringLiteral("--db"), m_db });
    QCOMPARE(prefixed.exitCode, 0);
    QCOMPARE(prefixed.out, rendered.out);
}

void TestCli::jsonRoundTripsThroughTheCli()
{
    QCOMPARE(run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")),
                     QStringLiteral("--db"), m_db })
                 .exitCode,
        0);
    Run json = run({ QStringLiteral("render"), QStringLiteral("2104.04473"),
        QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--db"), m_db });
    QCOMPARE(json.exitCode, 0);
    const QJsonObject object = QJsonDocument::fromJson(json.out).object();
    QCOMPARE(object.value(QStringLiteral("schema")).toString(),
        QStringLiteral("pith.paper-citation-record.v1"));
    QCOMPARE(object.value(QStringLiteral("observations")).toArray().size(), 34);

    const QString jsonPath = writeFile(QStringLiteral("record.json"), json.out);
    const QString otherDb = m_dir->filePath(QStringLiteral("other.sqlite"));
    QCOMPARE(
        run({ QStringLiteral("import"), jsonPath, QStringLiteral("--db"), otherDb }).exitCode, 0);
    Run again = run({ QStringLiteral("render"), QStringLiteral("2104.04473"),
        QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--db"), otherDb });
    QCOMPARE(again.out, json.out);
    Run text = run({ QStringLiteral("render"), QStringLiteral("2104.04473"), QStringLiteral("--db"),
        otherDb });
    QCOMPARE(text.out, fixture() + '\n');
}

void TestCli::listAndShow()
{
    Run empty = run({ QStringLiteral("list"), QStringLiteral("--db"), m_db });
    QCOMPARE(empty.exitCode, 0);
    QVERIFY(empty.out.contains("holds no records"));
    QCOMPARE(run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")),
                     QStringLiteral("--db"), m_db })
                 .exitCode,
        0);
    Run list = run({ QStringLiteral("list"), QStringLiteral("--db"), m_db });
    QCOMPARE(list.exitCode, 0);
    QVERIFY(list.out.contains("2104.04473 v5"));
    QVERIFY(list.out.contains("Efficient Large-Scale Language Model Training"));
    Run listJson
        = run({ QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--db"), m_db });
    const QJsonArray records = QJsonDocument::fromJson(listJson.out).array();
    QCOMPARE(records.size(), 1);
    QCOMPARE(records[0][QStringLiteral("inbound")].toInt(), 34);
    // 11 in a problem state (6 unresolved, 5 mismatches) and 5 more with anomaly hints.
    QCOMPARE(records[0][QStringLiteral("needs_attention")].toInt(), 16);
    const QJsonObject attention = records[0][QStringLiteral("attention")].toObject();
    QCOMPARE(attention[QStringLiteral("problem_state")].toInt(), 11);
    QCOMPARE(attention[QStringLiteral("anomaly_hint")].toInt(), 10);
    QCOMPARE(attention[QStringLiteral("unreviewed_notice")].toInt(), 0);

    Run show = run(
        { QStringLiteral("show"), QStringLiteral("2104.04473"), QStringLiteral("--db"), m_db });
    QCOMPARE(show.exitCode, 0);
    QVERIFY(show.out.contains("34 of 34 observations"));
    const QByteArray phoenixRow = "e857b2bb-5386-442e-8cc5-6b2d1d92bfee  inbound   unresolved      "
                                  "      no resolver link  4      -    PHOENIX";
    QVERIFY2(show.out.contains(phoenixRow), show.out.constData());
}

void TestCli::showFiltersByState()
{
    QCOMPARE(run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")),
                     QStringLiteral("--db"), m_db })
                 .exitCode,
        0);
    Run mismatch = run({ QStringLiteral("show"), QStringLiteral("2104.04473"),
        QStringLiteral("--state"), QStringLiteral("metadata mismatch"), QStringLiteral("--json"),
        QStringLiteral("--db"), m_db });
    QCOMPARE(mismatch.exitCode, 0);
    const QJsonArray rows = QJsonDocument::fromJson(mismatch.out).array();
    QCOMPARE(rows.size(), 5);
    for (const auto &row : rows)
        QCOMPARE(row[QStringLiteral("state")].toString(), QStringLiteral("metadata_mismatch"));
    Run two = run({ QStringLiteral("show"), QStringLiteral("2104.04473"), QStringLiteral("--state"),
        QStringLiteral("unresolved"), QStringLiteral("--state"),
        QStringLiteral("metadata_mismatch"), QStringLiteral("--db"), m_db });
    QCOMPARE(two.exitCode, 0);
    QVERIFY2(two.out.contains("11 of 34 observations in state unresolved or metadata mismatch"),
        two.out.constData());
}

void TestCli::renderToFile()
{
    QCOMPARE(run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")),
                     QStringLiteral("--db"), m_db })
                 .exitCode,
        0);
    const QString out = m_dir->filePath(QStringLiteral("page.txt"));
    Run rendered = run({ QStringLiteral("render"), QStringLiteral("2104.04473"),
        QStringLiteral("-o"), out, QStringLiteral("--db"), m_db });
    QCOMPARE(rendered.exitCode, 0);
    QVERIFY(rendered.out.isEmpty());
    QCOMPARE(readAll(out), fixture() + '\n');
    Run unwritable = run({ QStringLiteral("render"), QStringLiteral("2104.04473"),
        QStringLiteral("-o"), m_dir->filePath(QStringLiteral("no/such/folder/page.txt")),
        QStringLiteral("--db"), m_db });
    QCOMPARE(unwritable.exitCode, 1);
    QVERIFY(unwritable.err.contains("cannot write"));
}

void TestCli::renderNeverWritesOverTheCache()
{
    // render and export-pdf close the cache before they write: the output is checked against the
    // cache's files (and a link to it) by identity, not only while SQLite holds them open.
    QCOMPARE(run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")),
                     QStringLiteral("--db"), m_db })
                 .exitCode,
        0);
    const QByteArray before = readAll(m_db);
    QVERIFY(!before.isEmpty());
    const QString link = m_dir->filePath(QStringLiteral("link-to-cache"));
    QVERIFY(QFile::link(m_db, link));
    for (const QStringList &command :
        { QStringList {
              QStringLiteral("render"), QStringLiteral("2104.04473"), QStringLiteral("-o"), m_db },
            QStringList { QStringLiteral("render"), QStringLiteral("2104.04473"),
                QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("-o"), link },
            QStringList { QStringLiteral("export-pdf"), QStringLiteral("2104.04473"),
                QStringLiteral("-o"), m_db } }) {
        Run refused = run(command + QStringList { QStringLiteral("--db"), m_db });
        QVERIFY2(refused.exitCode == 2,
            qPrintable(command.join(u' ') + u'\n' + QString::fromUtf8(refused.err)));
        QVERIFY2(refused.err.contains("this is a file of the cache"), refused.err.constData());
        QCOMPARE(readAll(m_db), before);
    }
    Run listed = run({ QStringLiteral("list"), QStringLiteral("--db"), m_db });
    QCOMPARE(listed.exitCode, 0);
    QVERIFY(listed.out.contains("2104.04473"));
}

void TestCli::reimportReplaces()
{
    QCOMPARE(run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")),
                     QStringLiteral("--db"), m_db })
                 .exitCode,
        0);
    QByteArray newer = fixture();
    newer.replace("As of 5 August 2026", "As of 6 September 2026");
    newer.replace("Reference 142", "Reference 141");
    const QString path = writeFile(QStringLiteral("newer.txt"), newer);
    Run replaced = run({ QStringLiteral("import"), path, QStringLiteral("--db"), m_db });
    QCOMPARE(replaced.exitCode, 0);
    QVERIFY(replaced.out.contains("replaced 2104.04473"));
    Run rendered = run(
        { QStringLiteral("render"), QStringLiteral("2104.04473"), QStringLiteral("--db"), m_db });
    QCOMPARE(rendered.out, newer + '\n');
}

void TestCli::badInput_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("what");
    const QByteArray f = fixture();
    QByteArray garbage;
    for (int i = 0; i < 2048; ++i)
        garbage.append(char((i * 31 + 7) % 256));
    QTest::newRow("empty") << QByteArray() << QStringLiteral("empty.txt") << QStringLiteral(":1: ")
                           << QStringLiteral("empty file");
    QTest::newRow("garbage") << garbage << QStringLiteral("garbage.txt") << QStringLiteral(":1: ")
                             << QStringLiteral("UTF-8");
    QTest::newRow("cut") << f.left(9000) << QStringLiteral("cut.txt") << QStringLiteral(":")
                         << QStringLiteral("expected");
    QByteArray unknownState = f;
    unknownState.replace("Resolution: unresolved;", "Resolution: unsure;");
    QTest::newRow("unknown state")
        << unknownState << QStringLiteral("state.txt") << QStringLiteral(":152: ")
        << QStringLiteral("resolution state");
    QByteArray longLine = f;
    longLine.replace("Coverage vector", QByteArray(10 * 1024 * 1024, 'y'));
    QTest::newRow("10 MB line") << longLine << QStringLiteral("long.txt") << QStringLiteral(":12: ")
                                << QStringLiteral("expected 'Coverage vector'");
    QTest::newRow("json wrong type") << QByteArray(
        "{\n  \"schema\": \"pith.paper-citation-record.v1\",\n  \"arxiv_id\": \"2104.04473\",\n"
        "  \"version\": \"five\"\n}\n")
                                     << QStringLiteral("wrong.json") << QStringLiteral(":4: ")
                                     << QStringLiteral("version");
    QTest::newRow("json truncated")
        << QByteArray("{\n  \"schema\": \"pith.paper-citation-record.v1\",\n  \"arxiv_id\": ")
        << QStringLiteral("cut.json") << QStringLiteral(":") << QString();
}

void TestCli::badInput()
{
    QFETCH(QByteArray, data);
    QFETCH(QString, name);
    QFETCH(QString, where);
    QFETCH(QString, what);
    // A cache with the fixture in it must come out of a refused import exactly as it was.
    QCOMPARE(run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")),
                     QStringLiteral("--db"), m_db })
                 .exitCode,
        0);
    const QString before = dumpDatabase(m_db);
    QVERIFY(before.contains(QStringLiteral("a4d62a99-e85b-4e0d-86d5-17278d726ffe")));
    const QString path = writeFile(name, data);
    // The bad file comes second, after a good one: the good one must not be imported either.
    QByteArray other = fixture();
    other.replace("2104.04473", "2104.04474");
    const QString good = writeFile(QStringLiteral("good.txt"), other);
    Run result = run({ QStringLiteral("import"), good, path, QStringLiteral("--db"), m_db });
    QCOMPARE(result.exitCode, 2);
    const QString err = QString::fromUtf8(result.err);
    QVERIFY2(err.startsWith(QStringLiteral("ledger-curator: ") + path + where),
        qPrintable(err.left(300)));
    QVERIFY2(err.contains(what), qPrintable(err.left(300)));
    QVERIFY(err.size() < 1000);
    QCOMPARE(dumpDatabase(m_db), before);
}

void TestCli::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown command")
        << QStringList { QStringLiteral("frobnicate") } << QStringLiteral("frobnicate");
    QTest::newRow("import without file")
        << QStringList { QStringLiteral("import") } << QStringLiteral("FILE");
    QTest::newRow("unknown option") << QStringList { QStringLiteral("list"),
        QStringLiteral("--colour") } << QStringLiteral("colour");
    QTest::newRow("show without record")
        << QStringList { QStringLiteral("show") } << QStringLiteral("RECORD");
    QTest::newRow("unknown state") << QStringList { QStringLiteral("show"),
        QStringLiteral("2104.04473"), QStringLiteral("--state"), QStringLiteral("fine") }
                                   << QStringLiteral("unknown state 'fine'");
    QTest::newRow("unknown format") << QStringList { QStringLiteral("render"),
        QStringLiteral("2104.04473"), QStringLiteral("--format"), QStringLiteral("docx") }
                                    << QStringLiteral("unknown format 'docx'");
    QTest::newRow("missing file") << QStringList { QStringLiteral("import"),
        QStringLiteral("/no/such/file.txt") }
                                  << QStringLiteral("/no/such/file.txt: cannot read");
    // Without a subcommand, words are FILEs for the window: checked before a display is needed.
    QTest::newRow("neither subcommand nor file")
        << QStringList { QStringLiteral("unknownword") }
        << QStringLiteral(
               "'unknownword' is neither a subcommand nor a file; the subcommands are import, ");
    QTest::newRow("missing file for the window")
        << QStringList { QStringLiteral("/no/such/page.txt") }
        << QStringLiteral("/no/such/page.txt: no such file");
    QTest::newRow("subcommand not first")
        << QStringList { QStringLiteral("--db"), QStringLiteral("x.db"), QStringLiteral("list") }
        << QStringLiteral("'list' is a subcommand: name it first");
    QTest::newRow("unknown option for the window")
        << QStringList { QStringLiteral("--colour") } << QStringLiteral("Unknown option 'colour'");
}

void TestCli::badUsage()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    Run result = run(arguments + QStringList { QStringLiteral("--db"), m_db });
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(QString::fromUtf8(result.err).contains(message), result.err.constData());
}

void TestCli::unknownRecord()
{
    Run result = run(
        { QStringLiteral("render"), QStringLiteral("1234.56789"), QStringLiteral("--db"), m_db });
    QCOMPARE(result.exitCode, 2);
    QVERIFY(result.err.contains("no record 1234.56789"));
}

void TestCli::quietWithoutRuntimeDir()
{
    // Without XDG_RUNTIME_DIR (as on CI, over ssh, in a container), a subcommand that succeeds
    // prints nothing on standard error: Qt's note on the folder it falls back to was printed by
    // every command that starts a QGuiApplication (export-pdf, --help, --version).
    const QString page = dataPath(QStringLiteral("ledger-2104.04473.txt"));
    const QString record = QStringLiteral("2104.04473");
    const QString observation = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2");
    const QString db = m_db;
    const QString pdf = m_dir->filePath(QStringLiteral("page.pdf"));
    const QList<QStringList> commands = {
        { QStringLiteral("import"), page, QStringLiteral("--db"), db },
        { QStringLiteral("list"), QStringLiteral("--db"), db },
        { QStringLiteral("show"), record, QStringLiteral("--db"), db },
        { QStringLiteral("render"), record, QStringLiteral("--format"), QStringLiteral("html"),
            QStringLiteral("--db"), db },
        { QStringLiteral("render"), record, QStringLiteral("--format"), QStringLiteral("csv"),
            QStringLiteral("--db"), db },
        { QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("alice") },
        { QStringLiteral("curate"), record, observation, QStringLiteral("note=checked"),
            QStringLiteral("--db"), db },
        { QStringLiteral("history"), record, observation, QStringLiteral("--db"), db },
        { QStringLiteral("report"), QStringLiteral("--db"), db },
        { QStringLiteral("search"), QStringLiteral("megatron"), QStringLiteral("--db"), db },
        { QStringLiteral("check"), QStringLiteral("--db"), db },
        { QStringLiteral("notices"), QStringLiteral("--db"), db },
        { QStringLiteral("export-pdf"), record, QStringLiteral("-o"), pdf, QStringLiteral("--db"),
            db },
        { QStringLiteral("export-pdf"), QStringLiteral("--help") },
        { QStringLiteral("--help") },
        { QStringLiteral("--version") },
    };
    for (const QStringList &arguments : commands) {
        const Run ran = runCli(arguments, m_dir->path(), { QStringLiteral("XDG_RUNTIME_DIR") });
        const QByteArray what = arguments.join(u' ').toUtf8();
        QVERIFY2(ran.exitCode == 0, QByteArray(what + ": " + ran.err).constData());
        QVERIFY2(ran.err.isEmpty(),
            QByteArray(what + " wrote on standard error: " + ran.err).constData());
        QVERIFY2(!ran.out.isEmpty(), what.constData());
    }
    QVERIFY(QFileInfo(pdf).size() > 0);
    // Other messages still reach standard error.
    const Run refused = runCli({ QStringLiteral("export-pdf"), QStringLiteral("9999.99999"),
                                   QStringLiteral("-o"), pdf, QStringLiteral("--db"), db },
        m_dir->path(), { QStringLiteral("XDG_RUNTIME_DIR") });
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(
        refused.err.startsWith("ledger-curator: no record 9999.99999"), refused.err.constData());
    QVERIFY2(!refused.err.contains("XDG_RUNTIME_DIR"), refused.err.constData());
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
