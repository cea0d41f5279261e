// SPDX-License-Identifier: GPL-3.0-or-later
// The table of correction fields (models/core/CurationFieldInfo.h): a row for every field, at
// its enum's index; keys unique and read back; the value checks accept and refuse what
// docs/curation.md says; a stored value written into an observation reads back the same; and the
// decisions that single out some fields (curation mark, notice decisions, "not excluded").
#include "CuratedRecord.h"
#include "CurationFieldInfo.h"
#include "CurationLog.h"
#include "Record.h"

#include <QSet>
#include <QTest>

#include <optional>

using namespace LedgerCurator;
using namespace Qt::StringLiterals;

namespace {

const QString kFirst = QStringLiteral("11111111-2222-4333-8444-555555555555");
const QString kSecond = QStringLiteral("66666666-7777-4888-9999-aaaaaaaaaaaa");

Record twoObservations()
{
    Record record;
    record.arxivId = QStringLiteral("2104.04473");
    Observation first;
    first.id = kFirst;
    Observation second;
    second.id = kSecond;
    record.observations = { first, second };
    return record;
}

} // namespace

class TestCurationFields : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyFieldHasItsRow();
    void keysAreUniqueAndReadBack();
    void keysAreTheWireKeys();
    void valueChecks_data();
    void valueChecks();
    void storedValuesReadBack_data();
    void storedValuesReadBack();
    void upstreamValues();
    void decisionsOfTheTable();
    void comparisons();
};

void TestCurationFields::everyFieldHasItsRow()
{
    QCOMPARE(qsizetype(kAllCurationFields.size()), qsizetype(kCurationFieldCount));
    for (int i = 0; i < kCurationFieldCount; ++i) {
        const CurationField field = kAllCurationFields[i];
        QCOMPARE(static_cast<int>(field), i);
        const CurationFieldInfo &info = curationFieldInfo(field);
        QCOMPARE(info.field, field);
        QVERIFY(!info.key.isEmpty());
        QVERIFY(info.check);
        QVERIFY(info.upstream);
        QVERIFY(info.stored);
        QVERIFY(info.apply);
        QVERIFY(info.same);
    }
}

void TestCurationFields::keysAreUniqueAndReadBack()
{
    QSet<QString> keys;
    for (CurationField field : kAllCurationFields) {
        const CurationFieldInfo &info = curationFieldInfo(field);
        const QString key = curationFieldKey(field);
        QCOMPARE(key, info.key.toString());
        QVERIFY2(!keys.contains(key), qPrintable(key));
        keys.insert(key);
        QCOMPARE(parseCurationField(key), std::optional<CurationField>(field));
        QCOMPARE(curationFieldKey(*parseCurationField(key)), key);
        if (!info.alternateKey.isEmpty()) {
            const QString alternate = info.alternateKey.toString();
            QVERIFY2(!keys.contains(alternate), qPrintable(alternate));
            keys.insert(alternate);
            QCOMPARE(parseCurationField(alternate), std::optional<CurationField>(field));
        }
    }
    QCOMPARE(keys.size(), kCurationFieldCount + 2); // duplicate_of and review_note besides
    // Exact and case-sensitive.
    for (const QString &unknown : { QStringLiteral(""), QStringLiteral("State"),
             QStringLiteral(" state"), QStringLiteral("dismissed_hints"),
             QStringLiteral("duplicate"), QStringLiteral("reviewnote") })
        QVERIFY2(!parseCurationField(unknown), qPrintable(unknown));
}

void TestCurationFields::keysAreTheWireKeys()
{
    // The keys are stored in caches and exchanged with servers (docs/sync-protocol.md): they
    // never change.
    QStringList keys;
    for (CurationField field : kAllCurationFields)
        keys.append(curationFieldKey(field));
    QCOMPARE(keys,
        QStringList({ QStringLiteral("state"), QStringLiteral("basis"),
            QStringLiteral("identifier"), QStringLiteral("title"), QStringLiteral("reference"),
            QStringLiteral("note"), QStringLiteral("duplicate-of"), QStringLiteral("excluded"),
            QStringLiteral("review"), QStringLiteral("review-note"),
            QStringLiteral("dismissed-hints") }));
}

void TestCurationFields::valueChecks_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("input");
    // The stored form; null when refused.
    QTest::addColumn<QString>("stored");

    auto accept
        = [](const char *name, const char *key, const QString &input, const QString &stored) {
              QTest::newRow(name) << QString::fromLatin1(key) << input << stored;
          };
    auto refuse = [](const char *name, const char *key, const QString &input) {
        QTest::newRow(name) << QString::fromLatin1(key) << input << QString();
    };
    accept("state spaced", "state", QStringLiteral(" verified exact "),
        QStringLiteral("verified_exact"));
    accept("state key", "state", QStringLiteral("metadata_mismatch"),
        QStringLiteral("metadata_mismatch"));
    refuse("state unknown", "state", QStringLiteral("verified"));
    accept("basis", "basis", QStringLiteral("arxiv_id"), QStringLiteral("arxiv_id"));
    refuse("basis comma", "basis", QStringLiteral("doi, arxiv_id"));
    accept("identifier arXiv", "identifier", QStringLiteral("arXiv:2205.01068v2"),
        QStringLiteral("2205.01068v2"));
    accept("identifier DOI", "identifier", QStringLiteral("https://doi.org/10.1234/ABC"),
        QStringLiteral("10.1234/abc"));
    refuse("identifier junk", "identifier", QStringLiteral("not an identifier"));
    accept("title", "title", QStringLiteral("A Title"), QStringLiteral("A Title"));
    refuse("title two lines", "title", QStringLiteral("A\nTitle"));
    accept("reference", "reference", QStringLiteral("12"), QStringLiteral("12"));
    accept("reference zero", "reference", QStringLiteral("0"), QStringLiteral("0"));
    refuse("reference leading zero", "reference", QStringLiteral("012"));
    refuse("reference negative", "reference", QStringLiteral("-3"));
    refuse("reference ten digits", "reference", QStringLiteral("1234567890"));
    accept("note", "note", QStringLiteral("checked, a typo"), QStringLiteral("checked, a typo"));
    refuse("note two lines", "note", QStringLiteral("one\ntwo"));
    refuse("note control", "note", QStringLiteral("a\u001Bb"));
    accept("duplicate-of upper", "duplicate-of", kSecond.toUpper(), kSecond);
    refuse("duplicate-of itself", "duplicate-of", kFirst);
    refuse("duplicate-of unknown", "duplicate-of",
        QStringLiteral("00000000-0000-4000-8000-000000000000"));
    refuse("duplicate-of no uuid", "duplicate-of", QStringLiteral("second"));
    accept("excluded true", "excluded", QStringLiteral("TRUE"), QStringLiteral("yes"));
    accept("excluded no", "excluded", QStringLiteral("no"), QStringLiteral("no"));
    refuse("excluded maybe", "excluded", QStringLiteral("maybe"));
    accept("review", "review", QStringLiteral("Acknowledged"), QStringLiteral("acknowledged"));
    refuse("review unknown", "review", QStringLiteral("approved"));
    accept("review-note", "review-note", QStringLiteral("seen"), QStringLiteral("seen"));
    refuse("review-note two lines", "review-note", QStringLiteral("a\r\nb"));
    accept("dismissed-hints sorted", "dismissed-hints",
        QStringLiteral("YEAR_LIKE_REFERENCE repeated_citing_paper year_like_reference"),
        QStringLiteral("repeated_citing_paper year_like_reference"));
    refuse("dismissed-hints unknown", "dismissed-hints", QStringLiteral("unknown_kind"));
}

void TestCurationFields::valueChecks()
{
    QFETCH(QString, key);
    QFETCH(QString, input);
    QFETCH(QString, stored);
    const auto field = parseCurationField(key);
    QVERIFY(field);
    const CurationValue value = normalizeCurationValue(*field, input, twoObservations(), kFirst);
    if (stored.isNull()) {
        QVERIFY2(!value.ok(), qPrintable(value.value.value_or(QStringLiteral("<upstream>"))));
        QVERIFY(!value.value);
    } else {
        QVERIFY2(value.ok(), qPrintable(value.error));
        QCOMPARE(value.value, std::optional<QString>(stored));
        // The stored form is stored again unchanged.
        const CurationValue again
            = normalizeCurationValue(*field, stored, twoObservations(), kFirst);
        QCOMPARE(again.value, std::optional<QString>(stored));
    }
    // Empty means back to upstream, for every field.
    const CurationValue empty = normalizeCurationValue(*field, QStringLiteral("  "), {}, kFirst);
    QVERIFY(empty.ok());
    QVERIFY(!empty.value);
}

void TestCurationFields::storedValuesReadBack_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::newRow("state") << u"state"_s << u"parse_uncertain"_s;
    QTest::newRow("basis") << u"basis"_s << u"doi"_s;
    QTest::newRow("identifier") << u"identifier"_s << u"10.1234/abc"_s;
    QTest::newRow("title") << u"title"_s << u"Corrected title"_s;
    QTest::newRow("reference") << u"reference"_s << u"42"_s;
    QTest::newRow("note") << u"note"_s << u"a note"_s;
    QTest::newRow("duplicate-of") << u"duplicate-of"_s << kSecond;
    QTest::newRow("excluded yes") << u"excluded"_s << u"yes"_s;
    QTest::newRow("excluded no") << u"excluded"_s << u"no"_s;
    QTest::newRow("review") << u"review"_s << u"escalated"_s;
    QTest::newRow("review-note") << u"review-note"_s << u"asked the authors"_s;
    QTest::newRow("dismissed-hints")
        << u"dismissed-hints"_s << u"repeated_citing_paper year_like_reference"_s;
}

void TestCurationFields::storedValuesReadBack()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    const CurationFieldInfo &info = curationFieldInfo(*parseCurationField(key));
    Observation o;
    o.id = kFirst;
    o.state = ResolutionState::Unresolved;
    o.reference = 7;
    info.apply(o, value);
    QCOMPARE(info.stored(o), value);
    // A value the field cannot hold changes nothing.
    if (key == u"state" || key == u"reference") {
        Observation unchanged = o;
        info.apply(unchanged, QStringLiteral("not a value"));
        QCOMPARE(unchanged, o);
    }
}

void TestCurationFields::upstreamValues()
{
    Observation o;
    o.state = ResolutionState::VerifiedExact;
    o.basis = QStringLiteral("arxiv_id");
    o.citingTitle = QStringLiteral("Title");
    o.reference = 3;
    o.curation.edit().note = QStringLiteral("from the page");
    QCOMPARE(upstreamValue(o, CurationField::State), QStringLiteral("verified exact"));
    QCOMPARE(upstreamValue(o, CurationField::Basis), QStringLiteral("arxiv_id"));
    QCOMPARE(upstreamValue(o, CurationField::Title), QStringLiteral("Title"));
    QCOMPARE(upstreamValue(o, CurationField::Reference), QStringLiteral("3"));
    QCOMPARE(upstreamValue(o, CurationField::Excluded), QStringLiteral("no"));
    QCOMPARE(upstreamValue(o, CurationField::Note), QString()); // curators' only
    QCOMPARE(upstreamValue(o, CurationField::Review), QString()); // no notice
    o.events.status = EventsCheck::Status::Found;
    QCOMPARE(upstreamValue(o, CurationField::Review), QStringLiteral("unreviewed"));
    o.reference.reset();
    QCOMPARE(upstreamValue(o, CurationField::Reference), QString());
}

void TestCurationFields::decisionsOfTheTable()
{
    // The fields (their enum values, in order) each decision singles out.
    QList<int> unmarked;
    QList<int> noticeDecisions;
    QList<int> upstreamDecisions;
    QList<int> inBatch;
    for (CurationField field : kAllCurationFields) {
        const CurationFieldInfo &info = curationFieldInfo(field);
        if (!info.marksCorrected())
            unmarked.append(int(field));
        if (info.noticeDecision)
            noticeDecisions.append(int(field));
        if (info.upstreamValueIsDecision)
            upstreamDecisions.append(int(field));
        if (info.batchName)
            inBatch.append(int(field));
    }
    // Decisions about a notice or a hint never mark the observation corrected.
    QCOMPARE(unmarked,
        QList<int>({ int(CurationField::Review), int(CurationField::ReviewNote),
            int(CurationField::DismissedHints) }));
    QCOMPARE(noticeDecisions,
        QList<int>({ int(CurationField::Review), int(CurationField::ReviewNote) }));
    QCOMPARE(upstreamDecisions, QList<int>({ int(CurationField::Excluded) }));
    QCOMPARE(inBatch,
        QList<int>({ int(CurationField::State), int(CurationField::Basis),
            int(CurationField::Identifier), int(CurationField::Note), int(CurationField::Excluded),
            int(CurationField::Review) }));

    Observation upstream;
    upstream.state = ResolutionState::Unresolved;
    upstream.citingTitle = QStringLiteral("Old");
    auto part = [&upstream](CurationField field, const QString &value) {
        return curationFieldInfo(field).markPart(upstream, value);
    };
    QCOMPARE(part(CurationField::State, u"verified_exact"_s), u"state was unresolved"_s);
    QCOMPARE(part(CurationField::Title, u"New"_s), u"citing title was “Old”"_s);
    QCOMPARE(part(CurationField::Reference, u"4"_s), u"reference was absent"_s);
    QCOMPARE(part(CurationField::Note, u"why"_s), u"note “why”"_s);
    QCOMPARE(part(CurationField::Excluded, u"yes"_s), u"excluded from the ledger"_s);
    QCOMPARE(part(CurationField::Excluded, u"no"_s), QString()); // "not excluded": no mark
}

void TestCurationFields::comparisons()
{
    QVERIFY(sameFieldValue(CurationField::State, u"verified exact"_s, u"verified_exact"_s));
    QVERIFY(!sameFieldValue(CurationField::State, u"verified exact"_s, u"unresolved"_s));
    QVERIFY(sameFieldValue(CurationField::Identifier, u"10.1234/ABC"_s, u" 10.1234/abc"_s));
    QVERIFY(sameFieldValue(CurationField::DuplicateOf, kSecond.toUpper(), kSecond));
    QVERIFY(sameFieldValue(CurationField::Excluded, u"YES"_s, u"yes"_s));
    QVERIFY(sameFieldValue(CurationField::Note, u" a note "_s, u"a note"_s));
    QVERIFY(!sameFieldValue(CurationField::Note, u"A note"_s, u"a note"_s));
    QVERIFY(!sameFieldValue(CurationField::Title, u"Title"_s, u"title"_s));
}

QTEST_GUILESS_MAIN(TestCurationFields)
#include "tst_curationfields.moc"
