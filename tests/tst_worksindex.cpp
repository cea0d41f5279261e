// SPDX-License-Identifier: GPL-3.0-or-later
// The works index on its own (WorksIndex.h, issue 23), on a real SQLite file: the arXiv
// metadata excerpt (LaTeX titles, line breaks, double spaces, old-style ids, bad lines) and a
// CSV file imported; titles found by their plain form; a cancelled import invisible, then
// resumed to the same index one run gives; a changed file starting over; a complete source
// replaced; stats; ids nearest a malformed one; retrieval under typos, glued words, truncation
// and a dropped subtitle among distractors that share the words.
#include "WorksIndex.h"

#include <QDir>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace LedgerCurator;

namespace {

QString dataFile(const char *name)
{
    return QStringLiteral(LC_TEST_DATA_DIR "/") + QString::fromUtf8(name);
}

QString errorOf(const Status &status)
{
    return status ? QString() : status.error().toString();
}

template <typename T> QString errorOf(const Result<T> &result)
{
    return result ? QString() : result.error().toString();
}

//! The visible ids retrieve() gives for a title.
QStringList retrievedIds(const WorksIndex &index, const QString &title, int limit = 40)
{
    auto works = index.retrieve(MatchQuery { title, std::nullopt, {} }, limit);
    if (!works)
        return { QStringLiteral("error: ") + works.error().toString() };
    QStringList ids;
    for (const Work &work : std::as_const(*works))
        ids += work.id;
    return ids;
}

} // namespace

class TestWorksIndex : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_dir.emplace();
        QVERIFY(m_dir->isValid());
        m_connection = QStringLiteral("works-%1").arg(++m_count);
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
        db.setDatabaseName(m_dir->filePath(QStringLiteral("works.sqlite")));
        QVERIFY(db.open());
        QCOMPARE(errorOf(WorksIndex::ensureSchema(db)), QString());
        QCOMPARE(errorOf(WorksIndex::ensureSchema(db)), QString()); // idempotent
    }
    void cleanup()
    {
        QSqlDatabase::database(m_connection).close();
        QSqlDatabase::removeDatabase(m_connection);
        m_dir.reset();
    }

    void importsTheArxivExcerpt()
    {
        WorksIndex index(db());
        QList<WorksImportProgress> told;
        auto report = index.importFile(dataFile("arxiv-metadata-sample.jsonl"),
            WorksFormat::ArxivJsonl, [&told](const WorksImportProgress &p) {
                told += p;
                return true;
            });
        QCOMPARE(errorOf(report), QString());
        QCOMPARE(report->source, QStringLiteral("arxiv-metadata-sample.jsonl"));
        QCOMPARE(report->lines, 29);
        QCOMPARE(report->works, 25);
        QCOMPARE(report->resumedAtLine, 0);
        QVERIFY(!report->cancelled);
        QCOMPARE(report->badLineCount, 4);
        QCOMPARE(report->badLines.size(), 4);
        QCOMPARE(report->badLines[0].line, 20);
        QVERIFY2(report->badLines[0].reason.startsWith(u"not JSON: "),
            qPrintable(report->badLines[0].reason));
        QVERIFY(report->badLines[0].reason.contains(u"column"));
        QCOMPARE(report->badLines[1].line, 21);
        QCOMPARE(report->badLines[1].reason, QStringLiteral("no title"));
        QCOMPARE(report->badLines[2].line, 22);
        QCOMPARE(report->badLines[2].reason, QStringLiteral("no id"));
        QCOMPARE(report->badLines[3].line, 23);
        QVERIFY2(report->badLines[3].reason.startsWith(u"bad year"),
            qPrintable(report->badLines[3].reason));
        QVERIFY(!told.isEmpty());
        QCOMPARE(told.last().bytesDone, told.last().bytesTotal);
        QCOMPARE(told.last().works, 25);

        // The work as the file has it: title with its line break, year of the first version.
        auto work = index.work(QStringLiteral("0704.0001"));
        QCOMPARE(errorOf(work), QString());
        QVERIFY(work->has_value());
        QCOMPARE((*work)->title,
            QStringLiteral("Calculation of prompt diphoton production cross sections at Tevatron "
                           "and\n  LHC energies"));
        QCOMPARE((*work)->year, 2007);
        QCOMPARE((*work)->doi, QStringLiteral("10.1103/PhysRevD.76.013009"));
        QCOMPARE((*work)->authors,
            QStringLiteral("C. Bal\\'azs, E. L. Berger, P. M. Nadolsky, C.-P. Yuan"));
        QCOMPARE((*work)->source, QStringLiteral("arxiv-metadata-sample.jsonl"));
        auto old = index.work(QStringLiteral("hep-th/9711200"));
        QVERIFY(old && old->has_value());
        QCOMPARE((*old)->year, 1997);
        auto none = index.work(QStringLiteral("1801.00002"));
        QVERIFY(none && !none->has_value());

        auto stats = index.stats();
        QCOMPARE(errorOf(stats), QString());
        QCOMPARE(stats->works, 25);
        QCOMPARE(stats->sources.size(), 1);
        QCOMPARE(stats->sources[0].source, QStringLiteral("arxiv-metadata-sample.jsonl"));
        QCOMPARE(stats->sources[0].works, 25);
        QCOMPARE(stats->sources[0].format, QStringLiteral("arxiv-jsonl"));
        QVERIFY(stats->sources[0].complete);
        QVERIFY(stats->sources[0].importedAt.isValid());
        QVERIFY(stats->bytesOnDisk > 0);
    }

    void findsLatexTitlesByTheirPlainForm_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("id");
        QTest::newRow("umlaut") << QStringLiteral(
            "Schrödinger operators with delta-interactions on star graphs")
                                << QStringLiteral("cond-mat/0011042");
        QTest::newRow("math and em") << QStringLiteral(
            "Supersymmetric Yang-Mills theory on R^4 and the Seiberg-Witten curve")
                                     << QStringLiteral("hep-th/9901001");
        QTest::newRow("superscript")
            << QStringLiteral("Bose-Einstein condensation of 87Rb atoms in an optical lattice")
            << QStringLiteral("2104.04470");
        QTest::newRow("ring and umlaut")
            << QStringLiteral("Über die Quantenmechanik der Ångström-Strahlung")
            << QStringLiteral("1001.0001");
        QTest::newRow("line break") << QStringLiteral(
            "Calculation of prompt diphoton production cross sections at Tevatron and LHC energies")
                                    << QStringLiteral("0704.0001");
        QTest::newRow("lambda") << QStringLiteral("From dyadic Lambda alpha to Lambda alpha")
                                << QStringLiteral("0704.0005");
    }
    void findsLatexTitlesByTheirPlainForm()
    {
        QFETCH(QString, query);
        QFETCH(QString, id);
        WorksIndex index(db());
        QVERIFY(index.importFile(dataFile("arxiv-metadata-sample.jsonl"), WorksFormat::ArxivJsonl));
        const QStringList ids = retrievedIds(index, query, 5);
        QVERIFY2(!ids.isEmpty() && ids.first() == id, qPrintable(ids.join(u' ')));
        auto candidates = index.candidates(MatchQuery { query, std::nullopt, {} });
        QCOMPARE(errorOf(candidates), QString());
        QVERIFY(!candidates->isEmpty());
        QCOMPARE(candidates->first().id, id);
        QVERIFY2(candidates->first().score >= 88,
            qPrintable(QString::number(candidates->first().score)));
        QVERIFY(candidates->first().match);
        QVERIFY(!candidates->first().name.contains(u'\n'));
    }

    void importsCsv()
    {
        WorksIndex index(db());
        auto report = index.importFile(dataFile("works-sample.csv"), WorksFormat::Csv);
        QCOMPARE(errorOf(report), QString());
        QCOMPARE(report->works, 5);
        QCOMPARE(report->lines, 10);
        QCOMPARE(report->badLineCount, 3);
        QCOMPARE(report->badLines[0].line, 7);
        QCOMPARE(report->badLines[0].reason, QStringLiteral("no title"));
        QCOMPARE(report->badLines[1].line, 8);
        QCOMPARE(report->badLines[1].reason, QStringLiteral("bad year \"twenty\""));
        QCOMPARE(report->badLines[2].line, 9);
        QCOMPARE(report->badLines[2].reason, QStringLiteral("no id"));
        auto quoted = index.work(QStringLiteral("local-0001"));
        QVERIFY(quoted && quoted->has_value());
        QCOMPARE((*quoted)->title,
            QStringLiteral("A title with \"quotes\" and a line\nbreak inside it"));
        QCOMPARE((*quoted)->year, 2020);
        auto doi = index.work(QStringLiteral("10.1038/nature14539"));
        QVERIFY(doi && doi->has_value());
        QCOMPARE((*doi)->authors, QStringLiteral("Yann LeCun, Yoshua Bengio, Geoffrey Hinton"));
        QCOMPARE((*doi)->doi, QStringLiteral("10.1038/nature14539"));
        QCOMPARE(retrievedIds(index, QStringLiteral("Schrodinger's cat revisited"), 1),
            QStringList { QStringLiteral("local-0004") });
        QCOMPARE(retrievedIds(index, QStringLiteral("a title with quotes and a line break"), 1),
            QStringList { QStringLiteral("local-0001") });
    }

    void refusesACsvWithoutItsColumns()
    {
        const QString path = m_dir->filePath(QStringLiteral("bad.csv"));
        writeFile(path, "name,year\nx,2020\n");
        WorksIndex index(db());
        auto report = index.importFile(path, WorksFormat::Csv);
        QVERIFY(!report);
        QCOMPARE(report.error().line, 1);
        QVERIFY2(report.error().message.contains(u"no id column"),
            qPrintable(report.error().toString()));
    }

    void cancelledImportIsInvisibleAndResumesToTheSameIndex()
    {
        const QString path = m_dir->filePath(QStringLiteral("arxiv.jsonl"));
        QVERIFY(QFile::copy(dataFile("arxiv-metadata-sample.jsonl"), path));
        // The reference: one run into another database.
        const QString reference = oneRunDump(path);

        WorksIndex index(db());
        index.setBatchLines(4);
        QVERIFY(index.replaceSource(QStringLiteral("cache"),
            { Work { QStringLiteral("x1"), QStringLiteral("Deep residual learning"), {}, {}, {},
                {} } }));
        int calls = 0;
        auto first = index.importFile(path, WorksFormat::ArxivJsonl,
            [&calls](const WorksImportProgress &) { return ++calls < 3; });
        QCOMPARE(errorOf(first), QString());
        QVERIFY(first->cancelled);
        QCOMPARE(first->lines, 12);
        // Nothing of the file is visible while it is pending.
        QCOMPARE(
            retrievedIds(index, QStringLiteral("Deep Residual Learning for Image Recognition")),
            QStringList { QStringLiteral("x1") });
        QCOMPARE(retrievedIds(index, QStringLiteral("Sparsity-certifying Graph Decompositions")),
            QStringList());
        auto pendingWork = index.work(QStringLiteral("0704.0002"));
        QVERIFY(pendingWork && !pendingWork->has_value());
        auto stats = index.stats();
        QCOMPARE(errorOf(stats), QString());
        QCOMPARE(stats->works, 1);
        QCOMPARE(stats->sources.size(), 2);
        const WorksSourceStats &pending = stats->sources[0];
        QCOMPARE(pending.source, QStringLiteral("arxiv.jsonl"));
        QVERIFY(!pending.complete);
        QVERIFY(!pending.importedAt.isValid());
        QCOMPARE(pending.works, 12);

        // Twice more, cancelled after one batch each, then to the end.
        calls = 0;
        auto second = index.importFile(
            path, WorksFormat::ArxivJsonl, [](const WorksImportProgress &) { return false; });
        QVERIFY(second && second->cancelled);
        QCOMPARE(second->resumedAtLine, 13);
        QCOMPARE(second->lines, 16);
        auto third = index.importFile(
            path, WorksFormat::ArxivJsonl, [](const WorksImportProgress &) { return false; });
        QVERIFY(third && third->cancelled);
        QCOMPARE(third->resumedAtLine, 17);
        QCOMPARE(third->lines, 20);
        QCOMPARE(third->badLineCount, 1);
        auto last = index.importFile(path, WorksFormat::ArxivJsonl);
        QCOMPARE(errorOf(last), QString());
        QVERIFY(!last->cancelled);
        QCOMPARE(last->resumedAtLine, 21);
        QCOMPARE(last->lines, 29);
        QCOMPARE(last->works, 25);
        QCOMPARE(last->badLineCount, 4);
        QCOMPARE(last->badLines.size(), 4);
        QCOMPARE(last->badLines[0].line, 20); // the run before found it; still reported
        QCOMPARE(dump(db(), QStringLiteral("arxiv.jsonl")), reference);
        QCOMPARE(retrievedIds(index, QStringLiteral("Sparsity-certifying Graph Decompositions"), 1),
            QStringList { QStringLiteral("0704.0002") });
        auto after = index.stats();
        QVERIFY(after);
        QCOMPARE(after->works, 26);
    }

    void aChangedFileStartsOver()
    {
        const QString path = m_dir->filePath(QStringLiteral("arxiv.jsonl"));
        QVERIFY(QFile::copy(dataFile("arxiv-metadata-sample.jsonl"), path));
        WorksIndex index(db());
        index.setBatchLines(5);
        auto first = index.importFile(
            path, WorksFormat::ArxivJsonl, [](const WorksImportProgress &) { return false; });
        QVERIFY(first && first->cancelled);
        // The file changes: its first five lines only, and one more.
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QList<QByteArray> lines = file.readAll().split('\n');
        file.close();
        QByteArray changed;
        for (int i = 0; i < 5; ++i)
            changed += lines[i] + '\n';
        changed
            += R"({"id":"9999.00001","title":"An added line","authors":"Z","versions":[{"version":"v1","created":"Mon, 1 Jan 2099 00:00:00 GMT"}]})"
               "\n";
        writeFile(path, changed);
        auto second = index.importFile(path, WorksFormat::ArxivJsonl);
        QCOMPARE(errorOf(second), QString());
        QCOMPARE(second->resumedAtLine, 0);
        QCOMPARE(second->works, 6);
        QCOMPARE(second->badLineCount, 0);
        auto stats = index.stats();
        QVERIFY(stats);
        QCOMPARE(stats->sources.size(), 1);
        QCOMPARE(stats->works, 6);
        QCOMPARE(rowCount(QStringLiteral("works")), 6); // the first run's rows are gone
        auto added = index.work(QStringLiteral("9999.00001"));
        QVERIFY(added && added->has_value());
        QCOMPARE((*added)->year, 2099);
    }

    void reimportingACompleteSourceReplacesIt()
    {
        const QString path = m_dir->filePath(QStringLiteral("list.csv"));
        writeFile(path, "id,title\na1,First title of the list\na2,Second title of the list\n");
        WorksIndex index(db());
        QVERIFY(index.importFile(path, WorksFormat::Csv));
        writeFile(path, "id,title\na2,Second title renamed\na3,Third title\n");
        auto again = index.importFile(path, WorksFormat::Csv);
        QCOMPARE(errorOf(again), QString());
        QCOMPARE(again->works, 2);
        auto a1 = index.work(QStringLiteral("a1"));
        QVERIFY(a1 && !a1->has_value());
        auto a2 = index.work(QStringLiteral("a2"));
        QVERIFY(a2 && a2->has_value());
        QCOMPARE((*a2)->title, QStringLiteral("Second title renamed"));
        auto stats = index.stats();
        QVERIFY(stats);
        QCOMPARE(stats->sources.size(), 1);
        QCOMPARE(stats->works, 2);
        QCOMPARE(rowCount(QStringLiteral("works")), 2);
        QVERIFY(!retrievedIds(index, QStringLiteral("first title of the list")).contains(u"a1"));
    }

    void replacesASource()
    {
        WorksIndex index(db());
        QList<Work> works {
            { QStringLiteral("2101.00001"), QStringLiteral("A paper the cache knows"),
                QStringLiteral("A. Curator"), 2021, {}, {} },
            { QStringLiteral("2101.00002"), QStringLiteral("Another known paper"), {}, {}, {}, {} }
        };
        QCOMPARE(errorOf(index.replaceSource(QStringLiteral("cache"), works)), QString());
        QVERIFY(index.importFile(dataFile("arxiv-metadata-sample.jsonl"), WorksFormat::ArxivJsonl));
        // The same work in two lists counts once.
        QCOMPARE(errorOf(index.replaceSource(QStringLiteral("cache"),
                     { works[0],
                         { QStringLiteral("1706.03762"),
                             QStringLiteral("Attention is all you need"), {}, {}, {}, {} } })),
            QString());
        auto stats = index.stats();
        QVERIFY(stats);
        QCOMPARE(stats->works, 26);
        QCOMPARE(stats->sources.size(), 2);
        QCOMPARE(stats->sources[0].source, QStringLiteral("arxiv-metadata-sample.jsonl"));
        QCOMPARE(stats->sources[1].source, QStringLiteral("cache"));
        QCOMPARE(stats->sources[1].works, 2);
        auto gone = index.work(QStringLiteral("2101.00002"));
        QVERIFY(gone && !gone->has_value());
        auto kept = index.work(QStringLiteral("2101.00001"));
        QVERIFY(kept && kept->has_value());
        QCOMPARE(**kept,
            (Work { QStringLiteral("2101.00001"), QStringLiteral("A paper the cache knows"),
                QStringLiteral("A. Curator"), 2021, {}, QStringLiteral("cache") }));
        // A work in the file and the cache: the file's.
        auto both = index.work(QStringLiteral("1706.03762"));
        QVERIFY(both && both->has_value());
        QCOMPARE((*both)->source, QStringLiteral("arxiv-metadata-sample.jsonl"));
        // One candidate per id.
        auto candidates = index.candidates(
            MatchQuery { QStringLiteral("Attention is all you need"), 2017, {} });
        QVERIFY(candidates);
        QCOMPARE(candidates->first().id, QStringLiteral("1706.03762"));
        QVERIFY(candidates->size() < 2 || candidates->at(1).id != QStringLiteral("1706.03762"));
    }

    void nearestIdentifiers_data()
    {
        QTest::addColumn<QString>("malformed");
        QTest::addColumn<QString>("first");
        QTest::addColumn<int>("distance");
        QTest::newRow("digit dropped")
            << QStringLiteral("2104.4473") << QStringLiteral("2104.04473") << 1;
        QTest::newRow("digit added")
            << QStringLiteral("arXiv:2104.044731") << QStringLiteral("2104.04473") << 1;
        QTest::newRow("with version")
            << QStringLiteral("2104.04437v2") << QStringLiteral("2104.04473") << 1;
        QTest::newRow("no dot") << QStringLiteral("210404473") << QStringLiteral("2104.04473") << 0;
        QTest::newRow("old style")
            << QStringLiteral("hep-th/99010011") << QStringLiteral("hep-th/9901001") << 1;
        QTest::newRow("exact") << QStringLiteral("0704.0002") << QStringLiteral("0704.0002") << 0;
    }
    void nearestIdentifiers()
    {
        QFETCH(QString, malformed);
        QFETCH(QString, first);
        QFETCH(int, distance);
        WorksIndex index(db());
        QVERIFY(index.importFile(dataFile("arxiv-metadata-sample.jsonl"), WorksFormat::ArxivJsonl));
        auto near = index.nearestIdentifiers(malformed);
        QCOMPARE(errorOf(near), QString());
        QVERIFY(!near->isEmpty());
        QCOMPARE(near->first().id, first);
        QCOMPARE(near->first().feature(QString::fromLatin1(kFeatureIdDistance)).toInt(), distance);
        for (qsizetype i = 1; i < near->size(); ++i) {
            QVERIFY(near->at(i).score <= near->at(i - 1).score);
            QVERIFY(near->at(i).id.startsWith(first.left(4)));
        }
        QCOMPARE(near->first().name.contains(u'\n'), false);
    }
    void nearestIdentifiersRanksByDistance()
    {
        WorksIndex index(db());
        QVERIFY(index.importFile(dataFile("arxiv-metadata-sample.jsonl"), WorksFormat::ArxivJsonl));
        auto near = index.nearestIdentifiers(QStringLiteral("2104.0447"));
        QVERIFY(near);
        QStringList ids;
        for (const Candidate &c : std::as_const(*near))
            ids += c.id;
        // 2104.04470 and 2104.04473 are one edit away, 2104.04480 two.
        QCOMPARE(ids,
            (QStringList { QStringLiteral("2104.04470"), QStringLiteral("2104.04473"),
                QStringLiteral("2104.04480") }));
        QVERIFY(near->at(0).score > near->at(2).score);
        auto nothing = index.nearestIdentifiers(QStringLiteral("not an id"));
        QVERIFY(nothing && nothing->isEmpty());
    }

    void identifiersFindTheirWork_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("id");
        QTest::newRow("new style") << QStringLiteral("0704.0002") << QStringLiteral("0704.0002");
        QTest::newRow("with version")
            << QStringLiteral("0704.0002v3") << QStringLiteral("0704.0002");
        QTest::newRow("abs address")
            << QStringLiteral("https://arxiv.org/abs/0704.0002v2") << QStringLiteral("0704.0002");
        QTest::newRow("pdf address")
            << QStringLiteral("arxiv.org/pdf/0704.0002.pdf") << QStringLiteral("0704.0002");
        QTest::newRow("arXiv:") << QStringLiteral("arXiv:0704.0002") << QStringLiteral("0704.0002");
        QTest::newRow("old style, any case")
            << QStringLiteral("HEP-TH/9711200v3") << QStringLiteral("hep-th/9711200");
        QTest::newRow("old style address") << QStringLiteral("https://arxiv.org/abs/hep-th/9711200")
                                           << QStringLiteral("hep-th/9711200");
        QTest::newRow("a work's DOI")
            << QStringLiteral("10.1103/PhysRevD.76.013009") << QStringLiteral("0704.0001");
        QTest::newRow("its doi.org address")
            << QStringLiteral("https://doi.org/10.1103/physrevd.76.013009")
            << QStringLiteral("0704.0001");
        QTest::newRow("arXiv's DOI")
            << QStringLiteral("doi:10.48550/arXiv.0704.0002") << QStringLiteral("0704.0002");
    }
    void identifiersFindTheirWork()
    {
        QFETCH(QString, query);
        QFETCH(QString, id);
        WorksIndex index(db());
        QVERIFY(index.importFile(dataFile("arxiv-metadata-sample.jsonl"), WorksFormat::ArxivJsonl));
        auto found = index.candidates(MatchQuery { query, {}, {} });
        QCOMPARE(errorOf(found), QString());
        QVERIFY(!found->isEmpty());
        QCOMPARE(found->first().id, id);
        QVERIFY(found->first().match);
        QCOMPARE(found->first().score, 100.0);
        // an identifier the index does not hold: no candidate, and a title is still a title
        auto none = index.candidates(MatchQuery { QStringLiteral("2912.99999"), {}, {} });
        QVERIFY(none && none->isEmpty());
    }

    void retrievesUnderNoise_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("id");
        QTest::newRow("exact") << QStringLiteral("Attention Is All You Need")
                               << QStringLiteral("1706.03762");
        QTest::newRow("one typo") << QStringLiteral("Atention is all you need")
                                  << QStringLiteral("1706.03762");
        QTest::newRow("two typos") << QStringLiteral(
            "Efficient Large-Scale Langauge Model Trainng on GPU Clusters Using Megatron-LM")
                                   << QStringLiteral("2104.04473");
        QTest::newRow("authors and venue glued")
            << QStringLiteral("Vaswani A, Shazeer N et al. Attention is all you need. NeurIPS 2017")
            << QStringLiteral("1706.03762");
        QTest::newRow("year and pages glued")
            << QStringLiteral("Deep residual learning for image recognition CVPR 2016 pp 770-778")
            << QStringLiteral("1512.03385");
        QTest::newRow("truncated")
            << QStringLiteral("Polynomial-Time Algorithms for Prime Factorization and Disc")
            << QStringLiteral("quant-ph/9508027");
        QTest::newRow("subtitle dropped")
            << QStringLiteral("EfficientNet") << QStringLiteral("1905.11946");
        QTest::newRow("subtitle dropped 2")
            << QStringLiteral("BERT: pre-training of deep bidirectional transformers")
            << QStringLiteral("1810.04805");
        QTest::newRow("case and dashes")
            << QStringLiteral("GENERATIVE-ADVERSARIAL NETWORKS.") << QStringLiteral("1406.2661");
        QTest::newRow("ocr-ish and glued")
            << QStringLiteral("Kingma, Ba: Adam - a method for stochastic optimisation, ICLR 2015")
            << QStringLiteral("1412.6980");
    }
    void retrievesUnderNoise()
    {
        QFETCH(QString, query);
        QFETCH(QString, id);
        WorksIndex index(db());
        QVERIFY(index.importFile(dataFile("arxiv-metadata-sample.jsonl"), WorksFormat::ArxivJsonl));
        QCOMPARE(
            errorOf(index.replaceSource(QStringLiteral("distractors"), distractors())), QString());
        const QStringList ids = retrievedIds(index, query, 40);
        QVERIFY2(ids.contains(id), qPrintable(ids.join(u' ')));
        QVERIFY2(ids.indexOf(id) < 5, qPrintable(ids.join(u' ')));
        auto candidates = index.candidates(MatchQuery { query, std::nullopt, {} });
        QVERIFY(candidates && !candidates->isEmpty());
        QCOMPARE(candidates->first().id, id);
    }

    //! A search reads in one transaction of its own when the connection is in none, and inside
    //! the caller's when it is: that one stays open, nothing of it committed or lost.
    void searchKeepsTheCallersTransaction()
    {
        QSqlDatabase connection = db();
        WorksIndex index(connection);
        QVERIFY(index.importFile(dataFile("arxiv-metadata-sample.jsonl"), WorksFormat::ArxivJsonl));
        const MatchQuery query { QStringLiteral("Atention is all you need"), std::nullopt, {} };
        auto alone = index.candidates(query);
        QVERIFY(alone && !alone->isEmpty());
        QVERIFY2(connection.transaction(), "the search left a transaction open");
        QSqlQuery write(connection);
        QVERIFY(write.exec(QStringLiteral("CREATE TABLE caller_row (x INTEGER)")));
        auto inside = index.candidates(query);
        QVERIFY(inside);
        QCOMPARE(*inside, *alone);
        QVERIFY2(connection.rollback(), "the caller's transaction was ended by the search");
        QVERIFY(!connection.tables().contains(QStringLiteral("caller_row")));
        QVERIFY(connection.transaction()); // none open now
        QVERIFY(connection.rollback());
    }

    void aStrayQuoteSpoilsItsLineOnly()
    {
        // A quote in mid-field is no opening quote: its line is reported, the lines after it
        // are read; a doubled quote inside a quoted field stays one quote.
        const QString path = m_dir->filePath(QStringLiteral("stray.csv"));
        writeFile(path,
            "id,title,authors,year\n"
            "local-1,On the 5\" Display,Some One,2020\n"
            "local-2,Deep Residual Learning for Image Recognition,Kaiming He,2015\n"
            "local-3,\"A \"\"Quoted\"\" Title, With a Comma\",Some One,2019\n"
            "local-4,Attention Is All You Need,Ashish Vaswani,2017\n");
        WorksIndex index(db());
        auto report = index.importFile(path, WorksFormat::Csv);
        QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
        QCOMPARE(report->works, 3);
        QCOMPARE(report->badLineCount, 1);
        QCOMPARE(report->badLines.first().line, 2);
        auto quoted = index.work(QStringLiteral("local-3"));
        QVERIFY(quoted && quoted->has_value());
        QCOMPARE((*quoted)->title, QStringLiteral("A \"Quoted\" Title, With a Comma"));
        auto last = index.work(QStringLiteral("local-4"));
        QVERIFY(last && last->has_value());
    }

    void csvRecordsAreReadByTheNoticesTokenizer()
    {
        // The works list is read by the same CSV tokenizer as the notices: a quoted field may
        // span lines (CRLF inside becomes LF) and hold commas; text after a closing quote or a
        // quote in mid-field spoils that record only, each reported with its field.
        const QString path = m_dir->filePath(QStringLiteral("tokens.csv"));
        writeFile(path,
            "id,title,authors,year\r\n"
            "local-1,\"Two\r\nLines, One Title\",Some One,2020\r\n"
            "local-2,\"Closed\" then more,Some One,2021\r\n"
            "local-3,Mid \"quote,Some One,2022\r\n"
            "local-4,\"Attention Is All You Need\"  ,Ashish Vaswani,2017\r\n");
        WorksIndex index(db());
        auto report = index.importFile(path, WorksFormat::Csv);
        QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
        QCOMPARE(report->works, 2);
        QCOMPARE(report->badLineCount, 2);
        QCOMPARE(report->badLines.at(0).line, 4);
        QVERIFY2(report->badLines.at(0).reason.contains(
                     QStringLiteral("field 2: expected a comma or the end of the row")),
            qPrintable(report->badLines.at(0).reason));
        QCOMPARE(report->badLines.at(1).line, 5);
        QVERIFY2(report->badLines.at(1).reason.contains(
                     QStringLiteral("field 2: a quote inside an unquoted field")),
            qPrintable(report->badLines.at(1).reason));
        auto twoLines = index.work(QStringLiteral("local-1"));
        QVERIFY(twoLines && twoLines->has_value());
        QCOMPARE((*twoLines)->title, QStringLiteral("Two\nLines, One Title"));
        auto spaced = index.work(QStringLiteral("local-4"));
        QVERIFY(spaced && spaced->has_value());
        QCOMPARE((*spaced)->title, QStringLiteral("Attention Is All You Need"));
    }

    void aFileWithNoWorkKeepsTheListOfItsName()
    {
        // A damaged file (every line bad) named as the list imported before does not replace
        // it: refused, saying why, the list found as it was.
        WorksIndex index(db());
        QVERIFY(index.importFile(dataFile("arxiv-metadata-sample.jsonl"), WorksFormat::ArxivJsonl));
        QDir(m_dir->path()).mkdir(QStringLiteral("later"));
        const QString damaged
            = m_dir->filePath(QStringLiteral("later/arxiv-metadata-sample.jsonl"));
        writeFile(damaged, "{\"id\": \"2104.04473\", \"title\n{not json\n");
        auto refused = index.importFile(damaged, WorksFormat::ArxivJsonl);
        QVERIFY(!refused);
        const QString why = refused.error().toString();
        QVERIFY2(why.contains(QStringLiteral("no work could be read from its 2 lines"))
                && why.contains(QStringLiteral("the works list of that name, if any, is kept")),
            qPrintable(why));
        auto kept = index.work(QStringLiteral("1706.03762"));
        QVERIFY(kept && kept->has_value());
        auto stats = index.stats();
        QVERIFY(stats);
        QCOMPARE(stats->sources.size(), 1);
        QVERIFY(stats->sources.first().complete);
        QVERIFY(stats->works > 20);
    }

    void wordCountsAreKeptAtImport()
    {
        // A complete import counts each word's titles once (works_terms), as works_vocab
        // counts them, and merges the full-text index into one segment.
        WorksIndex index(db());
        QVERIFY(index.importFile(dataFile("arxiv-metadata-sample.jsonl"), WorksFormat::ArxivJsonl));
        QVERIFY(rowCount(QStringLiteral("works_terms")) > 50);
        QCOMPARE(rowCount(QStringLiteral("works_terms")), rowCount(QStringLiteral("works_vocab")));
        QSqlQuery query(db());
        QVERIFY(query.exec(QStringLiteral("SELECT COUNT(*) FROM works_terms t JOIN works_vocab v"
                                          " ON v.term = t.term WHERE v.doc = t.docs")));
        QVERIFY(query.next());
        QCOMPARE(query.value(0).toLongLong(), rowCount(QStringLiteral("works_terms")));
        QVERIFY(query.exec(QStringLiteral("SELECT COUNT(DISTINCT segid) FROM works_fts_idx")));
        QVERIFY(query.next());
        QCOMPARE(query.value(0).toLongLong(), 1);
        const MatchQuery attention { QStringLiteral("Atention is all you need, NeurIPS 2017"),
            std::nullopt, {} };
        auto before = index.candidates(attention);
        QVERIFY(before && !before->isEmpty());
        QCOMPARE(before->first().id, QStringLiteral("1706.03762"));
        // Without the table (a cache made before it was), and with a list it never counted,
        // works_vocab counts: the same work found first.
        QVERIFY(query.exec(QStringLiteral("DROP TABLE works_terms")));
        QCOMPARE(
            errorOf(index.replaceSource(QStringLiteral("distractors"), distractors())), QString());
        auto after = index.candidates(attention);
        QVERIFY2(after, qPrintable(after ? QString() : after.error().toString()));
        QVERIFY(!after->isEmpty());
        QCOMPARE(after->first().id, QStringLiteral("1706.03762"));
        QCOMPARE(after->first().score, before->first().score);
    }

private:
    QSqlDatabase db() const { return QSqlDatabase::database(m_connection); }

    static void writeFile(const QString &path, const QByteArray &bytes)
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(file.write(bytes), bytes.size());
    }

    qint64 rowCount(const QString &table) const
    {
        QSqlQuery query(db());
        if (!query.exec(QStringLiteral("SELECT COUNT(*) FROM ") + table) || !query.next())
            return -1;
        return query.value(0).toLongLong();
    }

    //! The works of a source and its bad lines, as text.
    static QString dump(const QSqlDatabase &db, const QString &source)
    {
        QString out;
        QSqlQuery query(db);
        query.prepare(QStringLiteral(
            "SELECT w.id, w.title, w.title_norm, w.authors, w.year, w.doi FROM works w"
            " JOIN works_sources s ON s.id = w.source_id WHERE s.name = ? AND s.state = 'complete'"
            " ORDER BY w.id"));
        query.addBindValue(source);
        if (!query.exec())
            return QStringLiteral("failed");
        while (query.next()) {
            for (int i = 0; i < 6; ++i)
                out += query.value(i).toString() + u'|';
            out += u'\n';
        }
        query.prepare(
            QStringLiteral("SELECT b.line, b.reason FROM works_bad_lines b JOIN works_sources s"
                           " ON s.id = b.source_id WHERE s.name = ? ORDER BY b.line"));
        query.addBindValue(source);
        if (!query.exec())
            return QStringLiteral("failed");
        while (query.next())
            out += query.value(0).toString() + u' ' + query.value(1).toString() + u'\n';
        // The full-text index agrees with its content.
        QSqlQuery check(db);
        if (!check.exec(QStringLiteral(
                "INSERT INTO works_fts(works_fts, rank) VALUES ('integrity-check', 1)")))
            out += QStringLiteral("fts integrity: ") + check.lastError().text();
        return out;
    }

    QString oneRunDump(const QString &path)
    {
        const QString name = m_connection + QStringLiteral("-reference");
        QString out;
        {
            QSqlDatabase other = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            other.setDatabaseName(m_dir->filePath(QStringLiteral("reference.sqlite")));
            if (other.open() && WorksIndex::ensureSchema(other)) {
                WorksIndex index(other);
                if (index.importFile(path, WorksFormat::ArxivJsonl))
                    out = dump(other, QFileInfo(path).fileName());
            }
            other.close();
        }
        QSqlDatabase::removeDatabase(name);
        return out;
    }

    //! Works whose titles share the words of the sample's (attention, learning, networks, ...).
    static QList<Work> distractors()
    {
        const QStringList words = QStringLiteral(
            "attention deep learning networks neural model training language image recognition "
            "residual generative adversarial efficient large scale clusters optimization "
            "stochastic method transformers pre-training bidirectional quantum algorithms prime "
            "need all graph theory field dark matter condensation optical lattice convolutional "
            "scaling rethinking variational bayes auto-encoding gravity reduction supernovae")
                                      .split(u' ');
        QList<Work> out;
        quint32 seed = 12345;
        auto next = [&seed] {
            seed = seed * 1103515245u + 12345u;
            return (seed >> 16) & 0x7fff;
        };
        for (int i = 0; i < 3000; ++i) {
            QStringList title;
            const int n = 3 + int(next() % 8);
            for (int k = 0; k < n; ++k)
                title += words.at(int(next() % words.size()));
            out += Work { QStringLiteral("d%1").arg(i), title.join(u' '), {}, {}, {}, {} };
        }
        return out;
    }

    std::optional<QTemporaryDir> m_dir;
    QString m_connection;
    int m_count = 0;
};

QTEST_GUILESS_MAIN(TestWorksIndex)
#include "tst_worksindex.moc"
