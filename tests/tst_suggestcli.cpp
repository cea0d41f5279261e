// SPDX-License-Identifier: GPL-3.0-or-later
// `ledger-curator suggest` (issue 23): the candidates of a record's observations from a works
// list imported with `works import`, in text and in the W3C shape; --accept-matches as one batch
// of signed corrections, and --undo-matches taking that batch back. Through the real binary on a
// real cache.

#include "ServerProcess.h"
#include "Store.h"
#include "TestSupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2301.01234");

// The works list: the cited works, a near-duplicate sibling and a work nobody cites.
const char kWorks[]
    = "id,title,authors,year,doi\n"
      "1706.03762,Attention Is All You Need,\"Ashish Vaswani, Noam Shazeer\",2017,\n"
      "1512.03385,Deep Residual Learning for Image Recognition,\"Kaiming He, Xiangyu "
      "Zhang\",2015,\n"
      "1512.03386,\"Deep Residual Learning for Image Recognition: Extended Version\",\"Kaiming "
      "He\",2016,\n"
      "2104.04473,Efficient Large-Scale Language Model Training on GPU Clusters Using "
      "Megatron-LM,\"Deepak Narayanan\",2021,\n"
      "2005.14165,Language Models are Few-Shot Learners,\"Tom Brown\",2020,\n"
      "1810.04805,\"BERT: Pre-training of Deep Bidirectional Transformers for Language "
      "Understanding\",\"Jacob Devlin\",2018,\n";

Observation outbound(int n, const QString &cited, ResolutionState state)
{
    Observation o;
    o.id = uuidFor(n);
    o.direction = Direction::Outbound;
    o.citingTitle = QStringLiteral("A Survey of Ledgers");
    o.citedTitle = cited;
    o.reference = n;
    o.state = state;
    o.basis = QStringLiteral("no resolver link");
    o.observedAt = QStringLiteral("2026-05-24T12:14:26.541851Z");
    return o;
}

Record surveyRecord()
{
    Record r = richRecord();
    r.arxivId = kRecord;
    r.title = QStringLiteral("A Survey of Ledgers");
    r.observations = {
        // noisy forms of works of the list: each a clear match
        outbound(1,
            QStringLiteral("A. Vaswani, N. Shazeer. Attention is all you need. In Advances in "
                           "Neural Information Processing Systems, 2017"),
            ResolutionState::Unresolved),
        outbound(2, QStringLiteral("Deep Residual Learnign for Image Recognition"),
            ResolutionState::MetadataMismatch),
        outbound(3,
            QStringLiteral(
                "BERT: pre-training of deep bidirectional transformers for language understanding"),
            ResolutionState::ParseUncertain),
        // a malformed identifier beside the cited title: the nearest valid one, which the title
        // confirms
        outbound(4,
            QStringLiteral(
                "Efficient large-scale language model training on GPU clusters, arXiv:2104.0447"),
            ResolutionState::MalformedIdentifier),
        // in no list: candidates perhaps, never a match
        outbound(5, QStringLiteral("Language Models are Unsupervised Multitask Learners"),
            ResolutionState::Unresolved),
        // verified already: not looked up unless named
        outbound(6, QStringLiteral("Language Models are Few-Shot Learners"),
            ResolutionState::VerifiedExact),
        // an identifier alone, one edit off: a candidate, never a match
        outbound(7, QStringLiteral("arXiv:1706.0376"), ResolutionState::MalformedIdentifier),
    };
    return r;
}

} // namespace

class TestSuggestCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void candidatesInTheW3CShape();
    void textNamesScoresAndFeatures();
    void acceptMatchesAsOneBatchAndUndoIt();
    void badUsage_data();
    void badUsage();
    void withoutAWorksList();
    void theServerAnswersWhatTheCacheLacks();
    void manyObservationsShareTwoThreads();
    void nearestIdentifiersAreWeighedBeforeAnyIsLeftOut();
    void batchesLeaveWhatACuratorDecided();

private:
    CliRun run(QStringList arguments) const;
    QJsonArray suggestions(QStringList extra = {}) const;
    QJsonObject shown(const QString &id) const;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
};

void TestSuggestCli::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = m_dir->filePath(QStringLiteral("cache.sqlite"));
    {
        Store store(m_db);
        QVERIFY(store.open());
        const auto imported = store.importRecords({ surveyRecord() });
        QVERIFY2(imported, qPrintable(imported ? QString() : imported.error().toString()));
    }
    QFile works(m_dir->filePath(QStringLiteral("works.csv")));
    QVERIFY(works.open(QIODevice::WriteOnly));
    works.write(kWorks);
    works.close();
    const CliRun imported
        = run({ QStringLiteral("works"), QStringLiteral("import"), works.fileName() });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    QCOMPARE(
        runCli({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("tester") },
            m_dir->path())
            .exitCode,
        0);
}

CliRun TestSuggestCli::run(QStringList arguments) const
{
    arguments << QStringLiteral("--db") << m_db;
    return runCli(arguments, m_dir->path());
}

QJsonArray TestSuggestCli::suggestions(QStringList extra) const
{
    const CliRun r
        = run(QStringList { QStringLiteral("suggest"), kRecord, QStringLiteral("--json") } + extra);
    [&] { QVERIFY2(r.exitCode == 0, r.err.constData()); }();
    return QJsonDocument::fromJson(r.out).array();
}

QJsonObject TestSuggestCli::shown(const QString &id) const
{
    const CliRun r = run({ QStringLiteral("show"), kRecord, QStringLiteral("--json") });
    for (const QJsonValue &row : QJsonDocument::fromJson(r.out).array()) {
        if (row[QStringLiteral("id")].toString() == id)
            return row.toObject();
    }
    return {};
}

void TestSuggestCli::candidatesInTheW3CShape()
{
    const QJsonArray all = suggestions();
    // every observation in a problem state, in the record's order; not the verified one
    QStringList ids;
    for (const QJsonValue &s : all)
        ids += s[QStringLiteral("observation")].toString();
    QCOMPARE(ids,
        (QStringList { uuidFor(1), uuidFor(2), uuidFor(3), uuidFor(4), uuidFor(5), uuidFor(7) }));

    const QStringList expected { QStringLiteral("1706.03762"), QStringLiteral("1512.03385"),
        QStringLiteral("1810.04805"), QStringLiteral("2104.04473") };
    for (int i = 0; i < 4; ++i) {
        const QJsonObject s = all[i].toObject();
        const QJsonArray candidates = s[QStringLiteral("candidates")].toArray();
        QVERIFY2(!candidates.isEmpty(), qPrintable(ids[i]));
        const QJsonObject best = candidates.first().toObject();
        QCOMPARE(best[QStringLiteral("id")].toString(), expected[i]);
        QVERIFY2(best[QStringLiteral("match")].toBool(), QJsonDocument(s).toJson().constData());
        QVERIFY(best[QStringLiteral("score")].toDouble() > 0
            && best[QStringLiteral("score")].toDouble() <= 100);
        QVERIFY(!best[QStringLiteral("name")].toString().isEmpty());
        QVERIFY(!best[QStringLiteral("features")].toArray().isEmpty());
        for (const QJsonValue &f : best[QStringLiteral("features")].toArray()) {
            QVERIFY(f[QStringLiteral("id")].isString());
            QVERIFY(f[QStringLiteral("value")].isDouble() || f[QStringLiteral("value")].isBool());
        }
        // one match at most, on the first
        for (qsizetype k = 1; k < candidates.size(); ++k)
            QVERIFY(!candidates[k][QStringLiteral("match")].toBool());
    }
    QCOMPARE(all[0][QStringLiteral("kind")].toString(), QStringLiteral("cited_work"));
    QCOMPARE(all[3][QStringLiteral("kind")].toString(), QStringLiteral("nearest_identifier"));
    // the sibling is a candidate for the residual paper, below it, not a match
    const QJsonArray residual = all[1][QStringLiteral("candidates")].toArray();
    QVERIFY(residual.size() >= 2);
    QCOMPARE(residual[1][QStringLiteral("id")].toString(), QStringLiteral("1512.03386"));
    // the paper in no list is never a match
    for (const QJsonValue &c : all[4][QStringLiteral("candidates")].toArray())
        QVERIFY2(
            !c[QStringLiteral("match")].toBool(), qPrintable(c[QStringLiteral("id")].toString()));

    const QJsonArray alone = all[5][QStringLiteral("candidates")].toArray();
    QVERIFY(!alone.isEmpty());
    QCOMPARE(alone[0][QStringLiteral("id")].toString(), QStringLiteral("1706.03762"));
    QVERIFY(!alone[0][QStringLiteral("match")].toBool());

    // named observations, the verified one too, and --limit
    const QJsonArray named
        = suggestions({ uuidFor(6), QStringLiteral("--limit"), QStringLiteral("1") });
    QCOMPARE(named.size(), 1);
    QCOMPARE(named[0][QStringLiteral("candidates")].toArray().size(), 1);
    QCOMPARE(named[0][QStringLiteral("candidates")][0][QStringLiteral("id")].toString(),
        QStringLiteral("2005.14165"));
}

void TestSuggestCli::textNamesScoresAndFeatures()
{
    const CliRun r = run({ QStringLiteral("suggest"), kRecord, uuidFor(2) });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString text = QString::fromUtf8(r.out);
    QVERIFY2(text.contains(uuidFor(2)
                 + QStringLiteral(" (metadata_mismatch, cited work): Deep Residual Learnign")),
        qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("1. 1512.03385")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("match  Deep Residual Learning for Image Recognition")),
        qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("missing: extended version")), qPrintable(text));
    QVERIFY(r.err.isEmpty());
}

void TestSuggestCli::acceptMatchesAsOneBatchAndUndoIt()
{
    const CliRun accepted
        = run({ QStringLiteral("suggest"), kRecord, QStringLiteral("--accept-matches") });
    QVERIFY2(accepted.exitCode == 0, accepted.err.constData());
    const QString text = QString::fromUtf8(accepted.out);
    QVERIFY2(
        text.contains(QStringLiteral("accepted 4 matches (12 corrections)")), qPrintable(text));
    QVERIFY2(
        text.contains(uuidFor(1) + QStringLiteral(": matched to 1706.03762")), qPrintable(text));

    const QStringList matched { QStringLiteral("1706.03762"), QStringLiteral("1512.03385"),
        QStringLiteral("1810.04805"), QStringLiteral("2104.04473") };
    for (int i = 0; i < 4; ++i) {
        const QJsonObject row = shown(uuidFor(i + 1));
        QCOMPARE(row[QStringLiteral("state")].toString(), QStringLiteral("verified_fuzzy"));
        QCOMPARE(
            row[QStringLiteral("curation")][QStringLiteral("identifier")].toString(), matched[i]);
        QVERIFY2(row[QStringLiteral("curation")][QStringLiteral("note")].toString().startsWith(
                     QStringLiteral("matched to ") + matched[i] + QStringLiteral(", score ")),
            QJsonDocument(row).toJson().constData());
    }
    // the observation with no match is untouched
    QCOMPARE(shown(uuidFor(5))[QStringLiteral("state")].toString(), QStringLiteral("unresolved"));
    // signed, by the curator, in the history
    const CliRun history
        = run({ QStringLiteral("history"), kRecord, uuidFor(1), QStringLiteral("--json") });
    const QJsonArray events = QJsonDocument::fromJson(history.out).array();
    QCOMPARE(events.size(), 3);
    for (const QJsonValue &e : events) {
        QCOMPARE(e[QStringLiteral("author")].toString(), QStringLiteral("tester"));
        QVERIFY(e[QStringLiteral("signed")].toBool());
        QVERIFY(!e[QStringLiteral("key_id")].toString().isEmpty());
    }
    // now nothing is left to accept
    const CliRun again
        = run({ QStringLiteral("suggest"), kRecord, QStringLiteral("--accept-matches") });
    QCOMPARE(again.exitCode, 0);
    QVERIFY2(again.out.contains("no clear match to accept"), again.out.constData());

    // someone changes one field of the batch; the undo leaves that one as it is
    QCOMPARE(run({ QStringLiteral("curate"), kRecord, uuidFor(2),
                     QStringLiteral("note=checked by hand") })
                 .exitCode,
        0);
    const CliRun undone
        = run({ QStringLiteral("suggest"), kRecord, QStringLiteral("--undo-matches") });
    QVERIFY2(undone.exitCode == 0, undone.err.constData());
    QVERIFY2(
        undone.out.contains("took back 11 corrections") && undone.out.contains("1 changed since"),
        undone.out.constData());
    for (int i = 0; i < 4; ++i) {
        const QJsonObject row = shown(uuidFor(i + 1));
        QVERIFY2(row[QStringLiteral("state")].toString() != u"verified_fuzzy",
            QJsonDocument(row).toJson().constData());
        QVERIFY(row[QStringLiteral("curation")][QStringLiteral("identifier")].toString().isEmpty());
    }
    QCOMPARE(shown(uuidFor(2))[QStringLiteral("curation")][QStringLiteral("note")].toString(),
        QStringLiteral("checked by hand"));
    QCOMPARE(shown(uuidFor(1))[QStringLiteral("state")].toString(), QStringLiteral("unresolved"));
    // a second undo has nothing to take back
    const CliRun twice
        = run({ QStringLiteral("suggest"), kRecord, QStringLiteral("--undo-matches") });
    QCOMPARE(twice.exitCode, 2);
    QVERIFY2(twice.err.contains("no batch of accepted matches"), twice.err.constData());
}

void TestSuggestCli::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no record") << QStringList { QStringLiteral("suggest") }
                               << "suggest: name RECORD";
    QTest::newRow("unknown record")
        << QStringList { QStringLiteral("suggest"), QStringLiteral("9999.99999") } << "9999.99999";
    QTest::newRow("unknown observation") << QStringList { QStringLiteral("suggest"), kRecord,
        QStringLiteral("nope") } << "has no observation 'nope'";
    QTest::newRow("limit zero") << QStringList { QStringLiteral("suggest"), kRecord,
        QStringLiteral("--limit"), QStringLiteral("0") }
                                << "--limit takes a number from 1 to 20, not '0'";
    QTest::newRow("limit text") << QStringList { QStringLiteral("suggest"), kRecord,
        QStringLiteral("--limit"), QStringLiteral("many") }
                                << "not 'many'";
    QTest::newRow("both") << QStringList { QStringLiteral("suggest"), kRecord,
        QStringLiteral("--accept-matches"), QStringLiteral("--undo-matches") }
                          << "do not go together";
}

void TestSuggestCli::badUsage()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const QString before = dumpDatabase(m_db);
    const CliRun r = run(arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QCOMPARE(dumpDatabase(m_db), before); // nothing written
}

void TestSuggestCli::withoutAWorksList()
{
    // a cache with no works list knows only its own record's paper: no candidates for the
    // references, an empty list rather than an error
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("empty.sqlite"));
    {
        Store store(db);
        QVERIFY(store.open());
        QVERIFY(store.importRecords({ surveyRecord() }));
    }
    const CliRun r = runCli({ QStringLiteral("suggest"), kRecord, uuidFor(1),
                                QStringLiteral("--json"), QStringLiteral("--db"), db },
        dir.path());
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonArray all = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(all.size(), 1);
    QVERIFY(all[0][QStringLiteral("candidates")].toArray().isEmpty());
}

void TestSuggestCli::theServerAnswersWhatTheCacheLacks()
{
    // the team's works index on a real ledger-server knows the paper the cache's list lacks
    QFile works(m_dir->filePath(QStringLiteral("team-works.csv")));
    QVERIFY(works.open(QIODevice::WriteOnly));
    works.write(
        "id,title,authors,year,doi\n"
        "1902.00001,Language Models are Unsupervised Multitask Learners,Alec Radford,2019,\n"
        "1902.00002,Language Models are Supervised Multitask Learners Too,Some One,2020,\n");
    works.close();
    ServerProcess server(m_dir->filePath(QStringLiteral("server.db")));
    QString problem;
    server.command(
        { QStringLiteral("works"), QStringLiteral("import"), works.fileName() }, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY2(server.start(&problem), qPrintable(problem));

    const QJsonArray before = suggestions({ uuidFor(5) });
    QVERIFY(before[0][QStringLiteral("candidates")].toArray().isEmpty()
        || !before[0][QStringLiteral("candidates")][0][QStringLiteral("match")].toBool());
    const QJsonArray asked = suggestions(
        { uuidFor(5), uuidFor(1), QStringLiteral("--server"), server.url().toString() });
    const QJsonArray candidates = asked[0][QStringLiteral("candidates")].toArray();
    QVERIFY(!candidates.isEmpty());
    QCOMPARE(candidates[0][QStringLiteral("id")].toString(), QStringLiteral("1902.00001"));
    QVERIFY(candidates[0][QStringLiteral("match")].toBool());
    // the observation the cache matched clearly was not sent: the server's log has one request
    QCOMPARE(asked[1][QStringLiteral("candidates")][0][QStringLiteral("id")].toString(),
        QStringLiteral("1706.03762"));
    QVERIFY2(server.log().count("POST /reconcile") == 1, server.log().constData());

    // a server that is gone: told, and the cache's candidates stand
    const QUrl url = server.url();
    server.stop();
    const CliRun gone = run({ QStringLiteral("suggest"), kRecord, uuidFor(1),
        QStringLiteral("--json"), QStringLiteral("--server"), url.toString() });
    QCOMPARE(gone.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(gone.out)
                 .array()[0][QStringLiteral("candidates")][0][QStringLiteral("id")]
                 .toString(),
        QStringLiteral("1706.03762"));
    const CliRun goneFive = run({ QStringLiteral("suggest"), kRecord, uuidFor(5),
        QStringLiteral("--server"), url.toString() });
    QCOMPARE(goneFive.exitCode, 0);
    QVERIFY2(goneFive.err.contains("could not be asked")
            && goneFive.err.contains("the cache's candidates only"),
        goneFive.err.constData());
}

QTEST_GUILESS_MAIN(TestSuggestCli)
void TestSuggestCli::manyObservationsShareTwoThreads()
{
    // 160 observations: suggest looks them up on two threads (two connections to the cache);
    // every one is listed once, in the record's order, with what one thread finds.
    const QStringList titles {
        QStringLiteral("Attention is all you need, NeurIPS 2017"),
        QStringLiteral("Deep Residual Learnign for Image Recognition"),
        // (the whole title: a title cut before its "for Y" is another work's, docs/matching.md)
        QStringLiteral("BERT: pre-training of deep bidirectional transformers for language "
                       "understanding, NAACL 2019"),
        QStringLiteral("Language Models are Unsupervised Multitask Learners"),
    };
    const QStringList best { QStringLiteral("1706.03762"), QStringLiteral("1512.03385"),
        QStringLiteral("1810.04805"), QString() };
    Record many = surveyRecord();
    many.arxivId = QStringLiteral("2301.05678");
    many.observations.clear();
    for (int n = 1; n <= 160; ++n)
        many.observations += outbound(1000 + n, titles[n % 4], ResolutionState::Unresolved);
    {
        Store store(m_db);
        QVERIFY(store.open());
        QVERIFY(store.importRecords({ many }));
    }
    const CliRun all = run({ QStringLiteral("suggest"), many.arxivId, QStringLiteral("--json") });
    QVERIFY2(all.exitCode == 0, all.err.constData());
    const QJsonArray found = QJsonDocument::fromJson(all.out).array();
    QCOMPARE(found.size(), 160);
    for (int n = 1; n <= 160; ++n) {
        const QJsonObject s = found[n - 1].toObject();
        QCOMPARE(s[QStringLiteral("observation")].toString(), uuidFor(1000 + n));
        const QJsonArray candidates = s[QStringLiteral("candidates")].toArray();
        if (best[n % 4].isEmpty()) {
            for (const QJsonValue &c : candidates)
                QVERIFY(!c[QStringLiteral("match")].toBool());
            continue;
        }
        QVERIFY2(!candidates.isEmpty(), qPrintable(uuidFor(1000 + n)));
        QCOMPARE(candidates[0][QStringLiteral("id")].toString(), best[n % 4]);
        QVERIFY(candidates[0][QStringLiteral("match")].toBool());
    }
    // Named, a few at a time (one thread): the same answers, byte for byte.
    QStringList some;
    for (int n = 1; n <= 8; ++n)
        some += uuidFor(1000 + n);
    const CliRun few = run(
        QStringList { QStringLiteral("suggest"), many.arxivId, QStringLiteral("--json") } + some);
    QVERIFY2(few.exitCode == 0, few.err.constData());
    const QJsonArray one = QJsonDocument::fromJson(few.out).array();
    QCOMPARE(one.size(), 8);
    for (int i = 0; i < 8; ++i)
        QCOMPARE(one[i].toObject(), found[i].toObject());
}

void TestSuggestCli::nearestIdentifiersAreWeighedBeforeAnyIsLeftOut()
{
    // Nine ids one edit from "2104.0447" that sort before 2104.04473, each another work: the
    // title beside the identifier picks the right one, however many are near.
    QFile neighbours(m_dir->filePath(QStringLiteral("neighbours.csv")));
    QVERIFY(neighbours.open(QIODevice::WriteOnly));
    neighbours.write("id,title\n");
    for (const char *id : { "2104.00447", "2104.01447", "2104.02447", "2104.03447", "2104.04047",
             "2104.04407", "2104.04470", "2104.04471", "2104.04472" })
        neighbours.write(QByteArray(id) + ",Sheaf Cohomology of Toric Varieties " + id + '\n');
    neighbours.close();
    const CliRun imported
        = run({ QStringLiteral("works"), QStringLiteral("import"), neighbours.fileName() });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    const QJsonArray found = suggestions({ uuidFor(4) });
    QCOMPARE(found.size(), 1);
    QCOMPARE(found[0][QStringLiteral("kind")].toString(), QStringLiteral("nearest_identifier"));
    const QJsonArray candidates = found[0][QStringLiteral("candidates")].toArray();
    QCOMPARE(candidates.size(), 5);
    QCOMPARE(candidates[0][QStringLiteral("id")].toString(), QStringLiteral("2104.04473"));
    QVERIFY(candidates[0][QStringLiteral("match")].toBool());
}

void TestSuggestCli::batchesLeaveWhatACuratorDecided()
{
    // None of them on the residual paper's match, a verified state set by hand on BERT's:
    // --accept-matches leaves both, and keeps the note written before.
    CliRun r = run({ QStringLiteral("curate"), kRecord, uuidFor(2),
        QStringLiteral("note=none of the suggested works is the cited work (1512.03385, "
                       "1512.03386)") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = run({ QStringLiteral("curate"), kRecord, uuidFor(3), QStringLiteral("state=verified exact"),
        QStringLiteral("identifier=1810.04805") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = run({ QStringLiteral("curate"), kRecord, uuidFor(1),
        QStringLiteral("note=checked the reference list") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const CliRun accepted = run({ QStringLiteral("suggest"), kRecord, uuidFor(1), uuidFor(2),
        uuidFor(3), QStringLiteral("--accept-matches") });
    QVERIFY2(accepted.exitCode == 0, accepted.err.constData());
    const QString text = QString::fromUtf8(accepted.out);
    QVERIFY2(text.contains(QStringLiteral("accepted 1 match")), qPrintable(text));
    QVERIFY2(text.contains(uuidFor(1)) && !text.contains(uuidFor(2)) && !text.contains(uuidFor(3)),
        qPrintable(text));
    QCOMPARE(
        shown(uuidFor(3))[QStringLiteral("state")].toString(), QStringLiteral("verified_exact"));
    QCOMPARE(shown(uuidFor(3))[QStringLiteral("curation")][QStringLiteral("note")].toString(),
        QString());
    QCOMPARE(
        shown(uuidFor(2))[QStringLiteral("state")].toString(), QStringLiteral("metadata_mismatch"));
    QVERIFY(shown(uuidFor(2))[QStringLiteral("curation")][QStringLiteral("identifier")]
                .toString()
                .isEmpty());
    const QString note
        = shown(uuidFor(1))[QStringLiteral("curation")][QStringLiteral("note")].toString();
    QVERIFY2(note.startsWith(QStringLiteral("checked the reference list; matched to 1706.03762")),
        qPrintable(note));
}

#include "tst_suggestcli.moc"
