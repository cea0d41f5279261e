// SPDX-License-Identifier: GPL-3.0-or-later
// Matching titles to works (issue 23): the normal form of a title, a candidate's features and
// score, when a candidate is clearly right, the W3C shape; and the quality of `match` on
// generated labelled sets, through the real works index.

#include "HeldOutWorks.h"
#include "LabelledWorks.h"
#include "WorkMatch.h"
#include "WorksIndex.h"

#include <QJsonArray>
#include <QSqlDatabase>
#include <QTemporaryDir>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::Test;

class TestWorkMatch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void normalForm_data();
    void normalForm();
    void featuresOfACandidate();
    void aClearMatchNeedsAMargin();
    void siblingsAreToldApart();
    void confusableTitles();
    void citedDetails_data();
    void citedDetails();
    void yearAndAuthorsInTheTextSeparateSiblings();
    void reconciliationShape();
    void scoreWorksScoresEachAsScoreWorkDoes();
    void stopWordsAreTheirList();
    void labelledSets_data();
    void labelledSets();
    void heldOutSets_data();
    void heldOutSets();
};

void TestWorkMatch::normalForm_data()
{
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("normal");
    QTest::newRow("case and spaces") << "  Deep   Learning\n  for\tImages "
                                     << "deep learning for images";
    QTest::newRow("accents") << "Schrödinger’s Cat — Revisited"
                             << "schrodingers cat revisited";
    QTest::newRow("latex accent") << R"(Schr\"odinger operators and G\"{o}del)"
                                  << "schrodinger operators and godel";
    QTest::newRow("latex accent braced") << R"({\'E}tude of Erd\H{o}s and Dvo\v{r}\'ak)"
                                         << "etude of erdos and dvorak";
    QTest::newRow("latex letters") << R"(Stra{\ss}e, {\L}ojasiewicz, \o{}resund)"
                                   << "strasse lojasiewicz oresund";
    QTest::newRow("latex commands") << R"(The $\alpha$-Model and {\em fast} \textbf{Codes})"
                                    << "the alpha model and fast codes";
    QTest::newRow("dashes") << "Large-Scale Self–Supervised Learning—Part II"
                            << "large scale self supervised learning part ii";
    QTest::newRow("ampersand") << R"(Images \& Text & Speech)"
                               << "images and text and speech";
    QTest::newRow("special letters") << "Æther, Øresund and Łódź"
                                     << "aether oresund and lodz";
    QTest::newRow("math") << "$O(n^2)$ Algorithms"
                          << "o n 2 algorithms";
}

void TestWorkMatch::normalForm()
{
    QFETCH(QString, title);
    QFETCH(QString, normal);
    QCOMPARE(normalizeTitle(title), normal);
}

void TestWorkMatch::featuresOfACandidate()
{
    const Work work { QStringLiteral("2104.04473"),
        QStringLiteral(
            "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM"),
        QStringLiteral("D. Narayanan, M. Shoeybi and J. Casper"), 2021, {}, QStringLiteral("t") };
    // the same title, other case and dashes: 100, nothing missing or extra
    Candidate same = scoreWork(
        MatchQuery {
            QStringLiteral(
                "efficient large scale language model training on gpu clusters using megatron lm"),
            {}, {} },
        work);
    QCOMPARE(same.score, 100.0);
    QCOMPARE(same.feature(QString::fromLatin1(kFeatureWordsMissing)).toInt(), 0);
    QCOMPARE(same.feature(QString::fromLatin1(kFeatureWordsExtra)).toInt(), 0);
    QVERIFY(!same.feature(QString::fromLatin1(kFeatureYearMatch)).isValid()); // no year asked

    // a typo, a year and an author: still high, the year and the author features say so
    Candidate typo = scoreWork(
        MatchQuery {
            QStringLiteral(
                "Efficient Large-Scale Langauge Model Training on GPU Clusters Using Megatron-LM"),
            2021, { QStringLiteral("Narayanan") } },
        work);
    QVERIFY2(typo.score >= 95 && typo.score < 100, qPrintable(QString::number(typo.score)));
    QCOMPARE(typo.feature(QString::fromLatin1(kFeatureYearMatch)).toBool(), true);
    QCOMPARE(typo.feature(QString::fromLatin1(kFeatureAuthorsMatch)).toDouble(), 1.0);
    QVERIFY(typo.extraWords.isEmpty());

    // words missing and extra are named
    Candidate other
        = scoreWork(MatchQuery { QStringLiteral("Efficient Language Model Training on TPU Pods"),
                        2015, { QStringLiteral("Smith") } },
            work);
    QVERIFY(other.missingWords.contains(QStringLiteral("megatron")));
    QVERIFY(other.extraWords.contains(QStringLiteral("pods")));
    QCOMPARE(other.feature(QString::fromLatin1(kFeatureYearMatch)).toBool(), false);
    QCOMPARE(other.feature(QString::fromLatin1(kFeatureAuthorsMatch)).toDouble(), 0.0);
    QVERIFY2(other.score < 60, qPrintable(QString::number(other.score)));

    // a venue glued on costs little; a title cut short too
    Candidate venue = scoreWork(
        MatchQuery {
            work.title + QStringLiteral(". In Proceedings of SC 2021, pages 1-15"), {}, {} },
        work);
    QVERIFY2(venue.score >= 88, qPrintable(QString::number(venue.score)));
    Candidate cut = scoreWork(
        MatchQuery { QStringLiteral("Efficient Large-Scale Language Model Training on GPU Clus..."),
            {}, {} },
        work);
    QVERIFY2(cut.score >= 88, qPrintable(QString::number(cut.score)));
}

void TestWorkMatch::aClearMatchNeedsAMargin()
{
    const auto candidate = [](QString id, double score) {
        Candidate c;
        c.id = std::move(id);
        c.score = score;
        return c;
    };
    QList<Candidate> alone { candidate(QStringLiteral("a"), 90) };
    rankCandidates(alone);
    QVERIFY(alone.first().match);

    QList<Candidate> low { candidate(QStringLiteral("a"), 80) };
    rankCandidates(low);
    QVERIFY(!low.first().match);

    QList<Candidate> close { candidate(QStringLiteral("b"), 93),
        candidate(QStringLiteral("a"), 96) };
    rankCandidates(close);
    QCOMPARE(close.first().id, QStringLiteral("a")); // best first
    QVERIFY(!close.first().match); // not clear: 3 points apart
    QVERIFY(!close.last().match);

    QList<Candidate> clear { candidate(QStringLiteral("b"), 80), candidate(QStringLiteral("a"), 97),
        candidate(QStringLiteral("c"), 60), candidate(QStringLiteral("d"), 50),
        candidate(QStringLiteral("e"), 40), candidate(QStringLiteral("f"), 35),
        candidate(QStringLiteral("g"), 20) };
    rankCandidates(clear, 5);
    QCOMPARE(clear.size(), 5);
    QCOMPARE(clear.last().id, QStringLiteral("e")); // best first, at most five

    // candidates under 30 are left out: nobody should accept one by a key
    QList<Candidate> weak { candidate(QStringLiteral("a"), 29),
        candidate(QStringLiteral("b"), 31) };
    rankCandidates(weak);
    QCOMPARE(weak.size(), 1);
    QCOMPARE(weak.first().id, QStringLiteral("b"));
    QVERIFY(clear.first().match);
    QCOMPARE(
        std::count_if(clear.cbegin(), clear.cend(), [](const Candidate &c) { return c.match; }), 1);

    // a stricter policy
    QList<Candidate> strict { candidate(QStringLiteral("a"), 90) };
    rankCandidates(strict, 5, MatchPolicy { 95, 8 });
    QVERIFY(!strict.first().match);
}

void TestWorkMatch::siblingsAreToldApart()
{
    const QString x = QStringLiteral("Sparse Attention Networks for Protein Folding");
    const QList<Work> works {
        Work { QStringLiteral("1"), x, {}, {}, {}, {} },
        Work { QStringLiteral("2"), x + QStringLiteral(": Extended Version"), {}, {}, {}, {} },
        Work { QStringLiteral("3"), QStringLiteral("Revisiting ") + x, {}, {}, {}, {} },
    };
    const auto best = [&](const QString &query) {
        QList<Candidate> c;
        for (const Work &w : works)
            c += scoreWork(MatchQuery { query, {}, {} }, w);
        rankCandidates(c);
        return c;
    };
    const QList<std::pair<QString, QString>> cases { { x, QStringLiteral("1") },
        { x + QStringLiteral(" - extended version"), QStringLiteral("2") },
        { QStringLiteral("REVISITING ") + x, QStringLiteral("3") },
        { QStringLiteral("sparse atention networks for protein folding"), QStringLiteral("1") } };
    for (const auto &[query, id] : cases) {
        const QList<Candidate> c = best(query);
        QCOMPARE(c.first().id, id);
        QVERIFY2(c.first().match,
            qPrintable(query + QStringLiteral(": ") + QString::number(c.first().score)
                + QStringLiteral(" vs ") + QString::number(c.at(1).score)));
    }
}

namespace {

QList<Candidate> ranked(const QString &query, const QList<Work> &works)
{
    QList<Candidate> c;
    for (const Work &w : works)
        c += scoreWork(MatchQuery { query, {}, {} }, w);
    rankCandidates(c);
    return c;
}

Work titled(const char *id, const char *title)
{
    return Work { QString::fromLatin1(id), QString::fromUtf8(title), {}, {}, {}, {} };
}

QString shown(const QList<Candidate> &c)
{
    QStringList out;
    for (const Candidate &x : c)
        out += QStringLiteral("%1 %2%3").arg(x.id).arg(x.score).arg(
            x.match ? QStringLiteral(" match") : QString());
    return out.join(QStringLiteral("; "));
}

} // namespace

void TestWorkMatch::confusableTitles()
{
    // A dropped system name: the named work, not the reworded twin.
    {
        const QList<Work> works {
            titled("1", "Orca7: Sparse Mixture Routing for Speech Synthesis"),
            titled("2", "Towards Sparse Mixture Routing in Speech Synthesis"),
        };
        const QList<Candidate> c
            = ranked(QStringLiteral("Sparse Mixture Routing for Speech Synthesis"), works);
        QCOMPARE(c.first().id, QStringLiteral("1"));
        QVERIFY2(c.first().match, qPrintable(shown(c)));
    }
    // A truncated citation that is a prefix of several works: ambiguous, and said so.
    {
        const QList<Work> works {
            titled("1", "A Survey of Graph Transformers for Drug Design"),
            titled("2", "A Survey of Graph Transformers for Traffic Forecasting"),
        };
        for (const QString &query : { QStringLiteral("A Survey of Graph Transformers"),
                 QStringLiteral("A Survey of Graph Transformers..."),
                 QStringLiteral("a survey of graph transformers for") }) {
            const QList<Candidate> c = ranked(query, works);
            QVERIFY2(!c.first().match, qPrintable(query + u' ' + shown(c)));
        }
        const QList<Candidate> c
            = ranked(QStringLiteral("A Survey of Graph Transformers..."), works);
        QCOMPARE(c.size(), 2);
        QVERIFY2(candidateJson(c.first())
                     .value(QStringLiteral("description"))
                     .toString()
                     .contains(QStringLiteral("ambiguous: the cited text fits 1 other work")),
            qPrintable(candidateJson(c.first()).value(QStringLiteral("description")).toString()));
        // the whole title is a clear match
        const QList<Candidate> whole = ranked(
            QStringLiteral("A survey of graph transformers for traffic  forecasting"), works);
        QCOMPARE(whole.first().id, QStringLiteral("2"));
        QVERIFY(whole.first().match);
    }
    // A work not in the list that is a prefix of one that is: no match.
    {
        const QList<Work> works {
            titled("1", "An Empirical Study of Label Smoothing for Image Retrieval"),
        };
        const QList<Candidate> c
            = ranked(QStringLiteral("An Empirical Study of Label Smoothing"), works);
        QVERIFY2(c.isEmpty() || !c.first().match, qPrintable(shown(c)));
    }
    // Rewordings: "Towards X in Y" is not "X for Y", in either direction, lower case and with
    // doubled spaces too.
    {
        const QList<Work> forY { titled(
            "1", "Contrastive Token Pruning for Legal Document Review") };
        const QList<Work> towards { titled(
            "2", "Towards Contrastive Token Pruning in Legal Document Review") };
        const QList<Candidate> a = ranked(
            QStringLiteral("towards  contrastive token pruning in legal  document review"), forY);
        QVERIFY2(a.isEmpty() || !a.first().match, qPrintable(shown(a)));
        const QList<Candidate> b = ranked(
            QStringLiteral("contrastive token  pruning for legal document review"), towards);
        QVERIFY2(b.isEmpty() || !b.first().match, qPrintable(shown(b)));
        const QList<Candidate> same = ranked(
            QStringLiteral("towards contrastive token pruning in legal document review"), towards);
        QVERIFY(same.first().match);
    }
}

void TestWorkMatch::citedDetails_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("year"); // 0: none
    QTest::addColumn<QStringList>("families");
    QTest::newRow("Vancouver-like") << QStringLiteral("Zhang W., Li C. (2021) Sparse Routing")
                                    << 2021 << QStringList { "Zhang", "Li" };
    QTest::newRow("APA") << QStringLiteral("Zhang, W., & Li, C. (2021). Sparse Routing.") << 2021
                         << QStringList { "Zhang", "Li" };
    QTest::newRow("initials first")
        << QStringLiteral("W. Zhang, C. Li and K. Tanaka. Sparse Routing") << 0
        << QStringList { "Zhang", "Li", "Tanaka" };
    QTest::newRow("a bare year is a venue's")
        << QStringLiteral("Sparse Routing. In ICML, 2017") << 0 << QStringList {};
    QTest::newRow("a title alone")
        << QStringLiteral("Sparse Mixture Routing for Speech Synthesis") << 0 << QStringList {};
}

void TestWorkMatch::citedDetails()
{
    QFETCH(QString, text);
    QFETCH(int, year);
    QFETCH(QStringList, families);
    const CitedDetails details = LedgerCurator::citedDetails(text);
    QCOMPARE(details.year.value_or(0), year);
    QCOMPARE(details.families, families);
}

void TestWorkMatch::yearAndAuthorsInTheTextSeparateSiblings()
{
    // Two works of the same title (a preprint series, a re-issue): the authors and the year
    // written before the cited title tell them apart.
    const QList<Work> works {
        Work { QStringLiteral("1"), QStringLiteral("Sparse Mixture Routing for Speech Synthesis"),
            QStringLiteral("W. Zhang, C. Li"), 2021, {}, {} },
        Work { QStringLiteral("2"), QStringLiteral("Sparse Mixture Routing for Speech Synthesis"),
            QStringLiteral("K. Tanaka, M. Berg"), 2014, {}, {} },
    };
    const QList<Candidate> c = ranked(
        QStringLiteral("Tanaka K., Berg M. (2014) Sparse mixture routing for speech synthesis"),
        works);
    QCOMPARE(c.first().id, QStringLiteral("2"));
    QVERIFY2(c.first().match, qPrintable(shown(c)));
    QCOMPARE(c.first().feature(QString::fromLatin1(kFeatureYearMatch)).toBool(), true);
    QCOMPARE(c.last().feature(QString::fromLatin1(kFeatureAuthorsMatch)).toDouble(), 0.0);
    // without them, the two are alike: no match
    const QList<Candidate> bare
        = ranked(QStringLiteral("Sparse mixture routing for speech synthesis"), works);
    QVERIFY(!bare.first().match);
}

// scoreWorks() reads the query once for all the works: what it gives is scoreWork()'s, work by
// work, for queries with and without a year and authors of their own or in their text.
void TestWorkMatch::scoreWorksScoresEachAsScoreWorkDoes()
{
    const QList<Work> works {
        { QStringLiteral("2101.00001"),
            QStringLiteral("Orca7: Sparse Mixture Routing for Speech Synthesis"),
            QStringLiteral("W. Zhang, C. Li"), 2021, {}, QStringLiteral("a") },
        { QStringLiteral("2101.00002"),
            QStringLiteral("Towards Sparse Mixture Routing in Speech Synthesis"),
            QStringLiteral("K. Tanaka"), 2019, {}, QStringLiteral("a") },
        { QStringLiteral("2101.00003"),
            QStringLiteral("Sparse mixture routing, revisited (extended version)"), {},
            std::nullopt, {}, QStringLiteral("b") },
        { QStringLiteral("2101.00004"),
            QStringLiteral("Mod\\`{e}les: rn-gram lc1ass1fiers --- a survey"),
            QStringLiteral("Vaswani, A.; Shazeer, N."), 2017, {}, QStringLiteral("b") },
    };
    const QList<MatchQuery> queries {
        { QStringLiteral("Zhang W., Li C. (2021) Sparse Mixture Routing for Speech Synthesis"), {},
            {} },
        { QStringLiteral("Sparse mixture routing for speech synth..."), 2021,
            { QStringLiteral("Zhang") } },
        { QStringLiteral("Modeles: m-gram classifiers, a survey"), std::nullopt, {} },
        { QStringLiteral("the of and"), 2017, {} },
    };
    for (const MatchQuery &query : queries) {
        const QList<Candidate> all = scoreWorks(query, works);
        QCOMPARE(all.size(), works.size());
        for (qsizetype k = 0; k < works.size(); ++k)
            QCOMPARE(all[k], scoreWork(query, works[k]));
    }
    QVERIFY(scoreWorks(queries.first(), {}).isEmpty());
}

void TestWorkMatch::stopWordsAreTheirList()
{
    for (const char *word : { "a", "the", "of", "towards", "toward", "their", "using", "al" })
        QVERIFY2(isStopWord(QString::fromLatin1(word)), word);
    for (const char *word : { "", "b", "thee", "towardss", "attention", "ofa", "The" })
        QVERIFY2(!isStopWord(QString::fromLatin1(word)), word);
    // a view into a longer text, as the index's coverage reads a title's words
    const QString title = QStringLiteral("theory of the towards");
    QVERIFY(!isStopWord(QStringView(title).mid(0, 6)));
    QVERIFY(isStopWord(QStringView(title).mid(7, 2)));
    QVERIFY(isStopWord(QStringView(title).mid(14, 7)));
}

void TestWorkMatch::reconciliationShape()
{
    Candidate c = scoreWork(MatchQuery { QStringLiteral("Deep Nets for Images"), 2020, {} },
        Work { QStringLiteral("2001.00001"), QStringLiteral("Deep Nets for Images,\n  Revisited"),
            {}, 2020, {}, {} });
    QList<Candidate> list { c };
    rankCandidates(list);
    const QJsonObject json = candidateJson(list.first());
    QCOMPARE(json.value(QStringLiteral("id")).toString(), QStringLiteral("2001.00001"));
    QCOMPARE(json.value(QStringLiteral("name")).toString(),
        QStringLiteral("Deep Nets for Images, Revisited"));
    QVERIFY(json.value(QStringLiteral("score")).isDouble());
    QVERIFY(json.value(QStringLiteral("match")).isBool());
    const QJsonArray features = json.value(QStringLiteral("features")).toArray();
    QStringList ids;
    for (const QJsonValue &f : features) {
        ids += f.toObject().value(QStringLiteral("id")).toString();
        const QJsonValue v = f.toObject().value(QStringLiteral("value"));
        QVERIFY(v.isDouble() || v.isBool());
    }
    QCOMPARE(ids,
        (QStringList { QString::fromLatin1(kFeatureTitleSimilarity),
            QString::fromLatin1(kFeatureWordsMissing), QString::fromLatin1(kFeatureWordsExtra),
            QString::fromLatin1(kFeatureYearMatch) }));
    QCOMPARE(
        json.value(QStringLiteral("description")).toString(), QStringLiteral("missing: revisited"));
}

void TestWorkMatch::labelledSets_data()
{
    QTest::addColumn<quint32>("seed");
    // Seeds never looked at while tuning the scorer (7001, and 20261203, 4242 and 918273, whose
    // misses were read once; 5550123, 8086 and 271828 were the suite's until the scorer and the
    // retrieval last changed, 4 December 2026): these were first run after that change, and
    // nothing was changed after their figures were read. Give LC_MATCH_SEEDS=a,b,c to measure
    // others (LC_MATCH_VERBOSE=1 lists every miss).
    const QByteArray seeds = qgetenv("LC_MATCH_SEEDS");
    if (!seeds.isEmpty()) {
        for (const QByteArray &s : seeds.split(','))
            QTest::newRow(s.constData()) << s.toUInt();
        return;
    }
    QTest::newRow("seed 20261204") << quint32(20261204);
    QTest::newRow("seed 77123") << quint32(77123);
    QTest::newRow("seed 30303") << quint32(30303);
}

void TestWorkMatch::labelledSets()
{
    QFETCH(quint32, seed);
    const LabelledSet set = makeLabelledSet(seed, LabelledSetSize { 20000, 2000, 400, 0.06 });
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString connection = QStringLiteral("labelled-%1").arg(seed);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(dir.filePath(QStringLiteral("works.sqlite")));
        QVERIFY(db.open());
        const Status schema = WorksIndex::ensureSchema(db);
        QVERIFY2(schema, qPrintable(schema ? QString() : schema.error().toString()));
        WorksIndex index(db);
        const Status filled = index.replaceSource(QStringLiteral("labelled"), set.works);
        QVERIFY2(filled, qPrintable(filled ? QString() : filled.error().toString()));

        MatchQuality quality;
        ScoreReliability reliability;
        for (const LabelledQuery &q : set.queries) {
            const auto found = index.candidates(MatchQuery { q.text, {}, {} }, 5);
            QVERIFY2(found, qPrintable(found ? QString() : found.error().toString()));
            countOutcome(quality, q, *found);
            reliability.add(q, *found);
        }
        for (int band = 0; band < ScoreReliability::kBands; ++band)
            qInfo("  score %s: %d candidates, %.4f right",
                qPrintable(ScoreReliability::bandName(band)), reliability.candidates[band],
                reliability.candidates[band]
                    ? double(reliability.right[band]) / reliability.candidates[band]
                    : 1.0);
        qInfo("seed %u: precision %.4f, recall %.4f, top-5 recall %.4f (%d matches; %d queries "
              "of works in the set, %d of none; %lld works)",
            seed, quality.precision(), quality.recall(), quality.topFiveRecall(), quality.matches,
            quality.queries, quality.absent, qlonglong(set.works.size()));
        if (qEnvironmentVariableIsSet("LC_MATCH_VERBOSE")) {
            for (const QString &w : std::as_const(quality.wrong))
                qInfo("WRONG %s", qPrintable(w));
            for (const QString &m : std::as_const(quality.missed))
                qInfo("MISSED %s", qPrintable(m));
            for (const QString &h : std::as_const(reliability.wrongFrom90))
                qInfo("HIGH %s", qPrintable(h));
        }
        QVERIFY2(quality.precision() >= 0.995, qPrintable(quality.wrong.mid(0, 10).join(u'\n')));
        QVERIFY2(reliability.shareRightFrom(90) >= 0.995,
            qPrintable(QString::number(reliability.shareRightFrom(90))));
        QVERIFY2(quality.recall() >= 0.95, qPrintable(quality.missed.mid(0, 10).join(u'\n')));
        QVERIFY2(
            quality.topFiveRecall() >= 0.99, qPrintable(QString::number(quality.topFiveRecall())));
        // the set is hard enough to mean something: noise of every kind, near misses
        QVERIFY(quality.absent >= 400);
    }
    QSqlDatabase::removeDatabase(connection);
}

void TestWorkMatch::heldOutSets_data()
{
    QTest::addColumn<quint32>("seed");
    // Held out: made apart from the sets above (HeldOutWorks.cpp), run only once the scorer was
    // settled. ledger-bench --only matching scores fresh seeds at every run.
    QTest::newRow("held-out 61121") << quint32(61121);
    QTest::newRow("held-out 90417") << quint32(90417);
}

void TestWorkMatch::heldOutSets()
{
    QFETCH(quint32, seed);
    const LabelledSet set = makeHeldOutSet(seed);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString connection = QStringLiteral("held-out-%1").arg(seed);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(dir.filePath(QStringLiteral("works.sqlite")));
        QVERIFY(db.open());
        QVERIFY(WorksIndex::ensureSchema(db));
        WorksIndex index(db);
        QVERIFY(index.replaceSource(QStringLiteral("held-out"), set.works));
        MatchQuality quality;
        ScoreReliability reliability;
        for (const LabelledQuery &q : set.queries) {
            const auto found = index.candidates(MatchQuery { q.text, {}, {} }, 5);
            QVERIFY(found);
            countOutcome(quality, q, *found);
            reliability.add(q, *found);
        }
        qInfo("held-out seed %u: precision %.4f, recall %.4f, top-5 recall %.4f, 90+ right %.4f "
              "(%d matches; %d references of works in the list, %d of none)",
            seed, quality.precision(), quality.recall(), quality.topFiveRecall(),
            reliability.shareRightFrom(90), quality.matches, quality.queries, quality.absent);
        if (qEnvironmentVariableIsSet("LC_MATCH_VERBOSE")) {
            for (const QString &w : std::as_const(quality.wrong))
                qInfo("WRONG %s", qPrintable(w));
            for (const QString &m : std::as_const(quality.missed))
                qInfo("MISSED %s", qPrintable(m));
            for (const QString &h : std::as_const(reliability.wrongFrom90))
                qInfo("HIGH %s", qPrintable(h));
        }
        QVERIFY2(quality.precision() >= 0.995, qPrintable(quality.wrong.mid(0, 10).join(u'\n')));
        QVERIFY2(quality.recall() >= 0.92, qPrintable(quality.missed.mid(0, 10).join(u'\n')));
        QVERIFY2(
            quality.topFiveRecall() >= 0.98, qPrintable(QString::number(quality.topFiveRecall())));
        QVERIFY2(reliability.shareRightFrom(90) >= 0.995,
            qPrintable(QString::number(reliability.shareRightFrom(90))));
    }
    QSqlDatabase::removeDatabase(connection);
}

QTEST_GUILESS_MAIN(TestWorkMatch)
#include "tst_workmatch.moc"
