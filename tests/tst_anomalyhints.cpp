// SPDX-License-Identifier: GPL-3.0-or-later
#include "AnomalyHints.h"
#include "RecordFixtures.h"
#include "TestSupport.h"

#include <QtTest>

#include <algorithm>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

using Kind = AnomalyHint::Kind;

namespace {

const QString kPhoenixA = QStringLiteral("78b96fde-1b39-415a-b5e3-11a9ee3918da");
const QString kPhoenixB = QStringLiteral("e857b2bb-5386-442e-8cc5-6b2d1d92bfee");
const QString kYearA = QStringLiteral("00d01956-3547-4166-88a1-c427c5c4440e");
const QString kYearB = QStringLiteral("73494bae-8a1d-4c9f-a9ac-3a3c3d90d1a0");

QList<AnomalyHint> ofKind(const QList<AnomalyHint> &hints, Kind kind)
{
    QList<AnomalyHint> out;
    std::copy_if(hints.cbegin(), hints.cend(), std::back_inserter(out),
        [kind](const AnomalyHint &h) { return h.kind == kind; });
    return out;
}

const AnomalyHint *hintFor(const QList<AnomalyHint> &hints, Kind kind, const QString &uuid)
{
    for (const AnomalyHint &h : hints) {
        if (h.kind == kind && h.observations.contains(uuid))
            return &h;
    }
    return nullptr;
}

Observation *find(Record &record, const QString &uuid)
{
    for (Observation &o : record.observations) {
        if (o.id == uuid)
            return &o;
    }
    return nullptr;
}

//! An observation for built records: the title is the other paper's.
Observation observation(
    int n, Direction direction, const QString &title, std::optional<qint64> reference)
{
    Observation o;
    o.id = uuidFor(n);
    o.direction = direction;
    const QString self = QStringLiteral("The Record's Own Paper");
    o.citingTitle = direction == Direction::Inbound ? title : self;
    o.citedTitle = direction == Direction::Inbound ? self : title;
    o.reference = reference;
    o.state = ResolutionState::VerifiedExact;
    o.basis = QStringLiteral("arxiv_id");
    o.observedAt = QStringLiteral("2026-05-24T12:14:26.541851Z");
    return o;
}

//! A record whose stated counts agree with its observations, so that it raises no StatedCount.
Record settled(QList<Observation> observations)
{
    Record r;
    r.arxivId = QStringLiteral("2301.01234");
    r.title = QStringLiteral("The Record's Own Paper");
    r.asOf = QStringLiteral("2026-11-02");
    r.observations = std::move(observations);
    const qint64 outbound = r.count(Direction::Outbound);
    r.stated.inbound = r.count(Direction::Inbound);
    r.stated.outboundListed = r.stated.outboundTotal = outbound;
    r.stated.outboundDisplayed = r.stated.outboundDisplayedOf = outbound;
    for (const Observation &o : std::as_const(r.observations)) {
        if (o.direction == Direction::Outbound)
            ++r.stated.outboundStates[static_cast<int>(o.state)];
    }
    return r;
}

} // namespace

class TestAnomalyHints : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void kindKeys_data();
    void kindKeys();
    void fixtureHints();
    void fixtureMessages();
    void fixtureHintsByObservation();
    void curatorHandledDuplicate_data();
    void curatorHandledDuplicate();
    void curatedReferenceRemovesYearHint();
    void excludedYearReference();
    void foldsCaseAndWhitespace_data();
    void foldsCaseAndWhitespace();
    void outboundGroupsByCitedTitle();
    void directionsDoNotMix();
    void emptyTitlesDoNotGroup();
    void likelyDuplicateInLargerGroup();
    void groupWithoutReferences();
    void titleWithPlaceholder();
    void yearBoundaries_data();
    void yearBoundaries();
    void statedCountMismatch();
    void measurements_data();
    void measurements();
    void order();
    void hintsByObservationIndexes();
    void twoHundredThousand();
    void oneHugeGroup();
};

void TestAnomalyHints::init()
{
    // A message with a missing argument (QString::arg) warns: that is a failure here.
    QTest::failOnWarning(QRegularExpression(QStringLiteral(".")));
}

void TestAnomalyHints::kindKeys_data()
{
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<QString>("key");
    QTest::newRow("repeated") << Kind::RepeatedCitingPaper
                              << QStringLiteral("repeated_citing_paper");
    QTest::newRow("year") << Kind::YearLikeReference << QStringLiteral("year_like_reference");
    QTest::newRow("stated") << Kind::StatedCount << QStringLiteral("stated_count");
    QTest::newRow("external") << Kind::ExternalMeasurement
                              << QStringLiteral("external_measurement");
}

void TestAnomalyHints::kindKeys()
{
    QFETCH(Kind, kind);
    QFETCH(QString, key);
    QCOMPARE(anomalyKindKey(kind), key);
}

void TestAnomalyHints::fixtureHints()
{
    const QList<AnomalyHint> hints = anomalyHints(fixtureRecord());
    QCOMPARE(hints.size(), 7);

    const QList<AnomalyHint> repeated = ofKind(hints, Kind::RepeatedCitingPaper);
    QCOMPARE(repeated.size(), 4);
    // Page order of the first observation: MinT, Charon, Hitchhiker's Guide, PHOENIX.
    const QList<QStringList> groups = {
        { QStringLiteral("5e29785d-d1b4-451b-88e8-0ea4b476cde0"),
            QStringLiteral("66d0774e-14e5-4333-ad20-0313dfe62708") },
        { QStringLiteral("98a325aa-8eea-4233-abb5-1b7f161c9428"),
            QStringLiteral("74ea8c6e-298e-4381-a6e7-301a64b72879") },
        { QStringLiteral("132e3e92-7590-4d9e-87c2-8672827fad05"),
            QStringLiteral("db29d1e9-7eb4-4784-8506-b0ee07621a42") },
        { kPhoenixA, kPhoenixB },
    };
    const QList<bool> likely = { false, false, false, true };
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(repeated.at(i).observations, groups.at(i));
        QCOMPARE(repeated.at(i).likelyDuplicate, likely.at(i));
        QCOMPARE(repeated.at(i).line, 0);
    }

    const QList<AnomalyHint> years = ofKind(hints, Kind::YearLikeReference);
    QCOMPARE(years.size(), 2);
    QCOMPARE(years.at(0).observations, QStringList { kYearA });
    QCOMPARE(years.at(1).observations, QStringList { kYearB });

    const QList<AnomalyHint> external = ofKind(hints, Kind::ExternalMeasurement);
    QCOMPARE(external.size(), 1);
    QVERIFY(external.at(0).observations.isEmpty());
    QVERIFY(external.at(0).message.contains(QStringLiteral("9 citations")));
    QVERIFY(external.at(0).message.contains(QStringLiteral("34 inbound observations")));

    QCOMPARE(ofKind(hints, Kind::StatedCount).size(), 0);

    // Record-level first.
    QCOMPARE(hints.constFirst().kind, Kind::ExternalMeasurement);

    // Deterministic.
    QCOMPARE(anomalyHints(fixtureRecord()), hints);
}

void TestAnomalyHints::fixtureMessages()
{
    const QList<AnomalyHint> hints = anomalyHints(fixtureRecord());
    const AnomalyHint *phoenix = hintFor(hints, Kind::RepeatedCitingPaper, kPhoenixA);
    QVERIFY(phoenix);
    QCOMPARE(phoenix->message,
        QStringLiteral("The same citing paper “PHOENIX: Resilient LLM Training with Hot-Swapping "
                       "via Zero-Overhead Checkpoint” appears on 2 observations, both with "
                       "reference 4: likely a duplicate."));
    const AnomalyHint *mint = hintFor(
        hints, Kind::RepeatedCitingPaper, QStringLiteral("5e29785d-d1b4-451b-88e8-0ea4b476cde0"));
    QVERIFY(mint);
    QCOMPARE(mint->message,
        QStringLiteral("The same citing paper “MinT: Managed Infrastructure for Training and "
                       "Serving Millions of LLMs” appears on 2 observations, with references "
                       "19, 20."));
    const AnomalyHint *year = hintFor(hints, Kind::YearLikeReference, kYearA);
    QVERIFY(year);
    QCOMPARE(year->message,
        QStringLiteral("Reference number 2021 looks like a year: the parser may have read a "
                       "year as the reference number."));
    QCOMPARE(hints.constFirst().message,
        QStringLiteral("pith measures 9 citations (observed 2026-08-05T02:28:24.338817Z), the "
                       "page itemizes 34 inbound observations."));
}

void TestAnomalyHints::fixtureHintsByObservation()
{
    const QList<AnomalyHint> hints = anomalyHints(fixtureRecord());
    const auto byObservation = hintsByObservation(hints);
    QVERIFY(byObservation.contains(kPhoenixA));
    QVERIFY(byObservation.contains(kPhoenixB));
    QCOMPARE(byObservation.value(kPhoenixA).size(), 1);
    QCOMPARE(byObservation.value(kPhoenixA), byObservation.value(kPhoenixB));
    const AnomalyHint &hint = hints.at(byObservation.value(kPhoenixA).constFirst());
    QCOMPARE(hint.kind, Kind::RepeatedCitingPaper);
    QVERIFY(hint.likelyDuplicate);
    QCOMPARE(hint.observations, (QStringList { kPhoenixA, kPhoenixB }));

    QCOMPARE(byObservation.value(kYearA).size(), 1);
    QCOMPARE(hints.at(byObservation.value(kYearA).constFirst()).kind, Kind::YearLikeReference);
    // An observation without hints is not in the map; 4 pairs + 2 year observations are.
    QVERIFY(!byObservation.contains(QStringLiteral("a4d62a99-e85b-4e0d-86d5-17278d726ffe")));
    QCOMPARE(byObservation.size(), 10);
}

void TestAnomalyHints::curatorHandledDuplicate_data()
{
    QTest::addColumn<QString>("marked");
    QTest::addColumn<bool>("excluded");
    QTest::newRow("second duplicate of first") << kPhoenixB << false;
    QTest::newRow("first duplicate of second") << kPhoenixA << false;
    QTest::newRow("second excluded") << kPhoenixB << true;
    QTest::newRow("first excluded") << kPhoenixA << true;
}

void TestAnomalyHints::curatorHandledDuplicate()
{
    QFETCH(QString, marked);
    QFETCH(bool, excluded);
    Record r = fixtureRecord();
    Observation *o = find(r, marked);
    QVERIFY(o);
    if (excluded)
        o->curation.edit().excluded = true;
    else
        o->curation.edit().duplicateOf = marked == kPhoenixA ? kPhoenixB : kPhoenixA;

    const QList<AnomalyHint> hints = anomalyHints(r);
    QCOMPARE(hints.size(), 6);
    QVERIFY(!hintFor(hints, Kind::RepeatedCitingPaper, kPhoenixA));
    QVERIFY(!hintFor(hints, Kind::RepeatedCitingPaper, kPhoenixB));
    QCOMPARE(ofKind(hints, Kind::RepeatedCitingPaper).size(), 3);
    QVERIFY(!hintsByObservation(hints).contains(kPhoenixA));
}

void TestAnomalyHints::curatedReferenceRemovesYearHint()
{
    Record r = fixtureRecord();
    Observation *o = find(r, kYearA);
    QVERIFY(o);
    QCOMPARE(o->reference, std::optional<qint64>(2021));
    o->reference = 12;
    const QList<AnomalyHint> hints = anomalyHints(r);
    QCOMPARE(hints.size(), 6);
    const QList<AnomalyHint> years = ofKind(hints, Kind::YearLikeReference);
    QCOMPARE(years.size(), 1);
    QCOMPARE(years.at(0).observations, QStringList { kYearB });
}

void TestAnomalyHints::excludedYearReference()
{
    Record r = fixtureRecord();
    find(r, kYearB)->curation.edit().excluded = true;
    const QList<AnomalyHint> years = ofKind(anomalyHints(r), Kind::YearLikeReference);
    QCOMPARE(years.size(), 1);
    QCOMPARE(years.at(0).observations, QStringList { kYearA });

    // Marked as a duplicate only: the reference number is still suspicious.
    Record d = fixtureRecord();
    find(d, kYearB)->curation.edit().duplicateOf = kYearA;
    QCOMPARE(ofKind(anomalyHints(d), Kind::YearLikeReference).size(), 2);
}

void TestAnomalyHints::foldsCaseAndWhitespace_data()
{
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("second");
    QTest::addColumn<bool>("grouped");
    QTest::newRow("identical") << QStringLiteral("Deep Nets") << QStringLiteral("Deep Nets")
                               << true;
    QTest::newRow("case") << QStringLiteral("Deep Nets") << QStringLiteral("DEEP nets") << true;
    QTest::newRow("inner whitespace")
        << QStringLiteral("Deep Nets") << QStringLiteral("Deep  \t Nets") << true;
    QTest::newRow("outer whitespace")
        << QStringLiteral("Deep Nets") << QStringLiteral("  deep nets ") << true;
    QTest::newRow("case folding ß")
        << QStringLiteral("Straße") << QStringLiteral("STRASSE") << false;
    QTest::newRow("Greek sigma") << QStringLiteral("ΣΟΦΊΑ") << QStringLiteral("σοφία") << true;
    QTest::newRow("different") << QStringLiteral("Deep Nets") << QStringLiteral("Deep Net")
                               << false;
    QTest::newRow("punctuation") << QStringLiteral("Deep Nets") << QStringLiteral("Deep-Nets")
                                 << false;
}

void TestAnomalyHints::foldsCaseAndWhitespace()
{
    QFETCH(QString, first);
    QFETCH(QString, second);
    QFETCH(bool, grouped);
    const Record r = settled({ observation(1, Direction::Inbound, first, 7),
        observation(2, Direction::Inbound, QStringLiteral("Other"), 8),
        observation(3, Direction::Inbound, second, 9) });
    const QList<AnomalyHint> hints = anomalyHints(r);
    QCOMPARE(hints.size(), grouped ? 1 : 0);
    if (grouped) {
        QCOMPARE(hints.at(0).kind, Kind::RepeatedCitingPaper);
        QCOMPARE(hints.at(0).observations, (QStringList { uuidFor(1), uuidFor(3) }));
        QVERIFY(!hints.at(0).likelyDuplicate);
        // The message names the title as the first observation shows it.
        QVERIFY(hints.at(0).message.contains(u'“' + first + u'”'));
    }
}

void TestAnomalyHints::outboundGroupsByCitedTitle()
{
    // Every outbound observation has the record's paper as citing title: that must not group.
    const Record r = settled(
        { observation(1, Direction::Outbound, QStringLiteral("Attention Is All You Need"), 3),
            observation(2, Direction::Outbound, QStringLiteral("BERT"), 4),
            observation(3, Direction::Outbound, QStringLiteral("attention is all you need"), 3),
            observation(4, Direction::Outbound, QStringLiteral("GPT-3"), 5) });
    const QList<AnomalyHint> hints = anomalyHints(r);
    QCOMPARE(hints.size(), 1);
    QCOMPARE(hints.at(0).kind, Kind::RepeatedCitingPaper);
    QCOMPARE(hints.at(0).observations, (QStringList { uuidFor(1), uuidFor(3) }));
    QVERIFY(hints.at(0).likelyDuplicate);
    QCOMPARE(hints.at(0).message,
        QStringLiteral("The same cited work “Attention Is All You Need” appears on 2 "
                       "observations, both with reference 3: likely a duplicate."));
}

void TestAnomalyHints::directionsDoNotMix()
{
    // The same title inbound and outbound (a paper that cites and is cited) is not repeated.
    const Record r
        = settled({ observation(1, Direction::Outbound, QStringLiteral("Mutual Paper"), 3),
            observation(2, Direction::Inbound, QStringLiteral("Mutual Paper"), 3) });
    QCOMPARE(anomalyHints(r).size(), 0);
}

void TestAnomalyHints::emptyTitlesDoNotGroup()
{
    const Record r = settled({ observation(1, Direction::Inbound, QString(), 3),
        observation(2, Direction::Inbound, QStringLiteral("  "), 3) });
    QCOMPARE(anomalyHints(r).size(), 0);
}

void TestAnomalyHints::likelyDuplicateInLargerGroup()
{
    const QString title = QStringLiteral("Scaling Laws");
    const Record r = settled({ observation(1, Direction::Inbound, title, 5),
        observation(2, Direction::Inbound, title, std::nullopt),
        observation(3, Direction::Inbound, title, 6),
        observation(4, Direction::Inbound, title, 5) });
    const QList<AnomalyHint> hints = anomalyHints(r);
    QCOMPARE(hints.size(), 1);
    QVERIFY(hints.at(0).likelyDuplicate);
    QCOMPARE(hints.at(0).observations.size(), 4);
    QCOMPARE(hints.at(0).message,
        QStringLiteral("The same citing paper “Scaling Laws” appears on 4 observations, with "
                       "references 5, none, 6, 5: likely a duplicate."));

    const Record same = settled({ observation(1, Direction::Inbound, title, 5),
        observation(2, Direction::Inbound, title, 5),
        observation(3, Direction::Inbound, title, 5) });
    QCOMPARE(anomalyHints(same).at(0).message,
        QStringLiteral("The same citing paper “Scaling Laws” appears on 3 observations, all "
                       "with reference 5: likely a duplicate."));
}

void TestAnomalyHints::groupWithoutReferences()
{
    const QString title = QStringLiteral("Scaling Laws");
    const Record r = settled({ observation(1, Direction::Inbound, title, std::nullopt),
        observation(2, Direction::Inbound, title, std::nullopt) });
    const QList<AnomalyHint> hints = anomalyHints(r);
    QCOMPARE(hints.size(), 1);
    QVERIFY(!hints.at(0).likelyDuplicate);
    QCOMPARE(hints.at(0).message,
        QStringLiteral("The same citing paper “Scaling Laws” appears on 2 observations, none "
                       "with a reference number."));

    const Record outbound = settled({ observation(1, Direction::Outbound, title, std::nullopt),
        observation(2, Direction::Outbound, title, std::nullopt) });
    QCOMPARE(anomalyHints(outbound).at(0).message,
        QStringLiteral("The same cited work “Scaling Laws” appears on 2 observations, none "
                       "with a reference number."));
}

void TestAnomalyHints::titleWithPlaceholder()
{
    const QString title = QStringLiteral("On %1 and %2: %n Placeholders");
    const Record r = settled({ observation(1, Direction::Inbound, title, 1),
        observation(2, Direction::Inbound, title, 2) });
    const QList<AnomalyHint> hints = anomalyHints(r);
    QCOMPARE(hints.size(), 1);
    QCOMPARE(hints.at(0).message,
        QStringLiteral("The same citing paper “On %1 and %2: %n Placeholders” appears on 2 "
                       "observations, with references 1, 2."));
}

void TestAnomalyHints::yearBoundaries_data()
{
    QTest::addColumn<std::optional<qint64>>("reference");
    QTest::addColumn<bool>("hinted");
    QTest::newRow("none") << std::optional<qint64>() << false;
    QTest::newRow("1") << std::optional<qint64>(1) << false;
    QTest::newRow("1899") << std::optional<qint64>(1899) << false;
    QTest::newRow("1900") << std::optional<qint64>(1900) << true;
    QTest::newRow("2021") << std::optional<qint64>(2021) << true;
    QTest::newRow("2099") << std::optional<qint64>(2099) << true;
    QTest::newRow("2100") << std::optional<qint64>(2100) << false;
    QTest::newRow("-2021") << std::optional<qint64>(-2021) << false;
    QTest::newRow("20210") << std::optional<qint64>(20210) << false;
}

void TestAnomalyHints::yearBoundaries()
{
    QFETCH(std::optional<qint64>, reference);
    QFETCH(bool, hinted);
    for (Direction direction : { Direction::Inbound, Direction::Outbound }) {
        const Record r
            = settled({ observation(1, direction, QStringLiteral("A Paper"), reference) });
        const QList<AnomalyHint> hints = anomalyHints(r);
        QCOMPARE(hints.size(), hinted ? 1 : 0);
        if (hinted) {
            QCOMPARE(hints.at(0).kind, Kind::YearLikeReference);
            QCOMPARE(hints.at(0).observations, QStringList { uuidFor(1) });
            QVERIFY(!hints.at(0).likelyDuplicate);
            QCOMPARE(hints.at(0).message,
                QStringLiteral("Reference number %1 looks like a year: the parser may have "
                               "read a year as the reference number.")
                    .arg(*reference));
        }
    }
}

void TestAnomalyHints::statedCountMismatch()
{
    Record r = settled({ observation(1, Direction::Inbound, QStringLiteral("A"), 1),
        observation(2, Direction::Inbound, QStringLiteral("B"), 2) });
    r.stated.inbound = 3;
    const QList<Warning> warnings = statedCountWarnings(r);
    QCOMPARE(warnings.size(), 1);
    const QList<AnomalyHint> hints = anomalyHints(r);
    QCOMPARE(hints.size(), 1);
    QCOMPARE(hints.at(0).kind, Kind::StatedCount);
    QVERIFY(hints.at(0).observations.isEmpty());
    QCOMPARE(hints.at(0).line, 0);
    QCOMPARE(hints.at(0).message,
        QStringLiteral("The page states 3 inbound observations but itemizes 2."));

    // The page line, when the caller knows it.
    StatedCountLines lines;
    lines.header = 5;
    const QList<AnomalyHint> withLine = anomalyHints(r, lines);
    QCOMPARE(withLine.size(), 1);
    QCOMPARE(withLine.at(0).line, 5);

    // One hint per warning, in the warnings' order, before the observation hints.
    r.observations.append(observation(3, Direction::Inbound, QStringLiteral("C"), 2020));
    r.stated.inbound = 7;
    r.stated.outboundListed = 4;
    const QList<AnomalyHint> several = anomalyHints(r);
    const QList<Warning> severalWarnings = statedCountWarnings(r);
    QCOMPARE(severalWarnings.size(), 2);
    QCOMPARE(several.size(), 3);
    for (int i = 0; i < 2; ++i) {
        QCOMPARE(several.at(i).kind, Kind::StatedCount);
        QCOMPARE(several.at(i).message.toLower(), severalWarnings.at(i).message.toLower() + u'.');
    }
    QCOMPARE(several.at(2).kind, Kind::YearLikeReference);
}

void TestAnomalyHints::measurements_data()
{
    QTest::addColumn<QList<ExternalMeasurement>>("measurements");
    QTest::addColumn<QStringList>("messages");
    QTest::newRow("none") << QList<ExternalMeasurement>() << QStringList();
    QTest::newRow("equal") << QList<ExternalMeasurement> { { 3, QStringLiteral("pith"),
        QString() } } << QStringList();
    QTest::newRow("differs, no timestamp")
        << QList<ExternalMeasurement> { { 9, QStringLiteral("pith"), QString() } }
        << QStringList { QStringLiteral("pith measures 9 citations, the page itemizes 3 inbound "
                                        "observations.") };
    QTest::newRow("two sources, one differs")
        << QList<ExternalMeasurement> { { 3, QStringLiteral("pith"),
                                            QStringLiteral("2026-08-05T02:28:24Z") },
               { 1, QStringLiteral("other_index"), QStringLiteral("2026-08-01") } }
        << QStringList { QStringLiteral(
               "other_index measures 1 citation (observed 2026-08-01), the "
               "page itemizes 3 inbound observations.") };
    QTest::newRow("two sources, both differ")
        << QList<ExternalMeasurement> { { 0, QStringLiteral("pith"),
                                            QStringLiteral("2026-08-05T02:28:24Z") },
               { 12, QStringLiteral("other_index"), QString() } }
        << QStringList { QStringLiteral(
                             "pith measures 0 citations (observed 2026-08-05T02:28:24Z), the "
                             "page itemizes 3 inbound observations."),
               QStringLiteral("other_index measures 12 citations, the page itemizes 3 "
                              "inbound observations.") };
    QTest::newRow("same source twice")
        << QList<ExternalMeasurement> { { 9, QStringLiteral("pith"), QStringLiteral("2026-07-01") },
               { 3, QStringLiteral("pith"), QStringLiteral("2026-08-01") } }
        << QStringList { QStringLiteral("pith measures 9 citations (observed 2026-07-01), the page "
                                        "itemizes 3 inbound observations.") };
}

void TestAnomalyHints::measurements()
{
    QFETCH(QList<ExternalMeasurement>, measurements);
    QFETCH(QStringList, messages);
    // Three inbound observations itemized; outbound ones do not count.
    Record r = settled({ observation(1, Direction::Outbound, QStringLiteral("O"), 1),
        observation(2, Direction::Inbound, QStringLiteral("A"), 1),
        observation(3, Direction::Inbound, QStringLiteral("B"), 2),
        observation(4, Direction::Inbound, QStringLiteral("C"), 3) });
    r.measurements = measurements;
    const QList<AnomalyHint> hints = anomalyHints(r);
    QStringList actual;
    for (const AnomalyHint &h : hints) {
        QCOMPARE(h.kind, Kind::ExternalMeasurement);
        QVERIFY(h.observations.isEmpty());
        actual.append(h.message);
    }
    QCOMPARE(actual, messages);
}

void TestAnomalyHints::order()
{
    // Page order: outbound first, then inbound. Observation 2 both starts a group and looks like
    // a year: the group hint comes first.
    Record r = settled({ observation(1, Direction::Outbound, QStringLiteral("Cited"), 1950),
        observation(2, Direction::Inbound, QStringLiteral("Twice"), 2001),
        observation(3, Direction::Inbound, QStringLiteral("Once"), 1),
        observation(4, Direction::Inbound, QStringLiteral("Early Group"), 7),
        observation(5, Direction::Inbound, QStringLiteral("twice"), 2),
        observation(6, Direction::Inbound, QStringLiteral("Early Group"), 8),
        observation(7, Direction::Inbound, QStringLiteral("Last"), 2050) });
    r.measurements = { { 1, QStringLiteral("pith"), QString() } };
    r.stated.inbound = 99;
    const QList<AnomalyHint> hints = anomalyHints(r);
    const QList<Kind> kinds = { Kind::StatedCount, Kind::ExternalMeasurement,
        Kind::YearLikeReference, Kind::RepeatedCitingPaper, Kind::YearLikeReference,
        Kind::RepeatedCitingPaper, Kind::YearLikeReference };
    QCOMPARE(hints.size(), kinds.size());
    for (qsizetype i = 0; i < kinds.size(); ++i)
        QCOMPARE(hints.at(i).kind, kinds.at(i));
    QCOMPARE(hints.at(2).observations, QStringList { uuidFor(1) });
    QCOMPARE(hints.at(3).observations, (QStringList { uuidFor(2), uuidFor(5) }));
    QCOMPARE(hints.at(4).observations, QStringList { uuidFor(2) });
    QCOMPARE(hints.at(5).observations, (QStringList { uuidFor(4), uuidFor(6) }));
    QCOMPARE(hints.at(6).observations, QStringList { uuidFor(7) });
}

void TestAnomalyHints::hintsByObservationIndexes()
{
    QList<AnomalyHint> hints(4);
    hints[0].kind = Kind::StatedCount;
    hints[1].observations = { QStringLiteral("a"), QStringLiteral("b") };
    hints[2].kind = Kind::YearLikeReference;
    hints[2].observations = { QStringLiteral("a") };
    hints[3].observations = { QStringLiteral("c"), QStringLiteral("c") };
    const auto map = hintsByObservation(hints);
    QCOMPARE(map.size(), 3);
    QCOMPARE(map.value(QStringLiteral("a")), (QList<qsizetype> { 1, 2 }));
    QCOMPARE(map.value(QStringLiteral("b")), QList<qsizetype> { 1 });
    QCOMPARE(map.value(QStringLiteral("c")), QList<qsizetype> { 3 });
    QVERIFY(hintsByObservation({}).isEmpty());
}

void TestAnomalyHints::twoHundredThousand()
{
    // Observation i has title k = i % 150000: k < 50000 appears twice (i and i + 150000), the
    // second time in upper case with doubled spaces. The pair shares its reference number when k
    // is even. Every i < 150000 with i % 1000 == 999 has reference 1999 (k is odd there, so its
    // pair, if any, still shares no reference number).
    constexpr int n = 200000;
    QList<Observation> observations;
    observations.reserve(n);
    for (int i = 0; i < n; ++i) {
        const int k = i % 150000;
        QString title = QStringLiteral("Paper number ") + QString::number(k);
        std::optional<qint64> reference = 3000 + k;
        if (i >= 150000) {
            title = QStringLiteral("PAPER  number ") + QString::number(k);
            if (k % 2 == 1)
                reference = 5;
        }
        if (i < 150000 && i % 1000 == 999)
            reference = 1999;
        Observation o;
        o.id = QStringLiteral("obs-") + QString::number(i);
        o.direction = Direction::Inbound;
        o.citingTitle = title;
        o.citedTitle = QStringLiteral("The Record's Own Paper");
        o.reference = reference;
        observations.append(std::move(o));
    }
    Record r = settled(std::move(observations));
    r.measurements = { { 9, QStringLiteral("pith"), QString() } };

    const QList<AnomalyHint> hints = anomalyHints(r);
    QCOMPARE(hints.size(), 1 + 50000 + 150);
    QCOMPARE(hints.at(0).kind, Kind::ExternalMeasurement);
    QCOMPARE(ofKind(hints, Kind::RepeatedCitingPaper).size(), 50000);
    QCOMPARE(ofKind(hints, Kind::YearLikeReference).size(), 150);
    qsizetype likely = 0;
    for (const AnomalyHint &h : hints)
        likely += h.likelyDuplicate ? 1 : 0;
    QCOMPARE(likely, 25000);
    QCOMPARE(hints.at(1).observations,
        (QStringList { QStringLiteral("obs-0"), QStringLiteral("obs-150000") }));
    QVERIFY(hints.at(1).likelyDuplicate);
    QCOMPARE(hints.at(2).observations,
        (QStringList { QStringLiteral("obs-1"), QStringLiteral("obs-150001") }));
    QVERIFY(!hints.at(2).likelyDuplicate);

    const auto byObservation = hintsByObservation(hints);
    // 50 of the year-like observations (999, 1999, ..., 49999) are also in pairs.
    QCOMPARE(byObservation.size(), 100000 + 150 - 50);
    QCOMPARE(byObservation.value(QStringLiteral("obs-150000")), QList<qsizetype> { 1 });
}

void TestAnomalyHints::oneHugeGroup()
{
    // A pathological page: every observation names the same citing paper.
    constexpr int n = 200000;
    QList<Observation> observations;
    observations.reserve(n);
    for (int i = 0; i < n; ++i) {
        Observation o;
        o.id = QStringLiteral("obs-") + QString::number(i);
        o.direction = Direction::Inbound;
        o.citingTitle = QStringLiteral("Same Paper");
        o.citedTitle = QStringLiteral("The Record's Own Paper");
        o.reference = i + 1;
        observations.append(std::move(o));
    }
    const QList<AnomalyHint> hints = anomalyHints(settled(std::move(observations)));
    // References 1900..2099 look like years.
    QCOMPARE(hints.size(), 1 + 200);
    QCOMPARE(hints.at(0).kind, Kind::RepeatedCitingPaper);
    QCOMPARE(hints.at(0).observations.size(), n);
    QVERIFY(!hints.at(0).likelyDuplicate);
    // The message stays short: the first references, then how many more.
    QCOMPARE(hints.at(0).message,
        QStringLiteral("The same citing paper “Same Paper” appears on 200000 observations, with "
                       "references 1, 2, 3, 4, 5, 6, 7, 8 and 199992 more."));
}

QTEST_GUILESS_MAIN(TestAnomalyHints)
#include "tst_anomalyhints.moc"
