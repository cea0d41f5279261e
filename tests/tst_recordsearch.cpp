// SPDX-License-Identifier: GPL-3.0-or-later
// The search of every cached record (RecordSearch.h, issue 22) against a brute-force reference
// made from the curated records themselves (QString case folding on every shown field), on
// records with corrections, Greek, CJK, and the two characters whose folding is ASCII; its
// byte-wise fold checked against Qt's over every code point; cancelling.
#include "CuratedRecord.h"
#include "CurationLog.h"
#include "RecordSearch.h"
#include "Store.h"
#include "TestSupport.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

//! What the search should find in one curated record, by its rules (RecordSearch.h), computed
//! the slow way.
QList<SearchHit> expectedHits(const CuratedRecord &curated, const QString &text)
{
    const QString needle = foldSearchText(text);
    const auto has = [&needle](const QString &field) { return foldedContains(field, needle); };
    QList<SearchHit> hits;
    const Record &shown = curated.shown;
    if (has(shown.title))
        hits.append({ shown.arxivId, QString(), Direction::Inbound, ResolutionState::Unresolved,
            HitField::RecordTitle, shown.title });
    for (qsizetype i = 0; i < shown.observations.size(); ++i) {
        const Observation &o = shown.observations[i];
        const Observation &up = curated.upstream.observations[i];
        const auto add = [&](HitField field, const QString &value) {
            hits.append({ shown.arxivId, o.id, o.direction, o.state, field, value });
        };
        const FieldState *title = curated.field(o.id, CurationField::Title);
        const bool titleCorrected = title && title->value();
        // The record's own side of a link is its title, matched once above.
        if (has(o.citingTitle)
            && (titleCorrected || o.direction == Direction::Inbound
                || o.citingTitle != curated.upstream.title))
            add(HitField::CitingTitle, o.citingTitle);
        if (has(o.citedTitle)
            && (o.direction == Direction::Outbound || o.citedTitle != curated.upstream.title))
            add(HitField::CitedTitle, o.citedTitle);
        if (has(o.id))
            add(HitField::Observation, o.id);
        if (has(o.curation->identifier))
            add(HitField::Identifier, o.curation->identifier);
        if (has(o.curation->note))
            add(HitField::Note, o.curation->note);
        if (titleCorrected && up.citingTitle != o.citingTitle && has(up.citingTitle))
            add(HitField::UpstreamCitingTitle, up.citingTitle);
        if (up.curation->identifier != o.curation->identifier && has(up.curation->identifier))
            add(HitField::UpstreamIdentifier, up.curation->identifier);
    }
    return hits;
}

QString hitText(const SearchHit &hit)
{
    return hit.record + u' ' + hit.observation + u' ' + hitFieldKey(hit.field) + u' '
        + stateKey(hit.state) + u' ' + hit.text;
}

} // namespace

class TestRecordSearch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void onlyTwoCharactersFoldToAscii();
    void matchesTheBruteForceReference_data();
    void matchesTheBruteForceReference();
    void limitKeepsTheFirstAndCountsAll();
    void emptyTextIsBadInput();
    void cancels();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Store> m_store;
    QList<QString> m_records;
};

void TestRecordSearch::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_store = std::make_unique<Store>(m_dir->filePath(QStringLiteral("cache.sqlite")));
    QVERIFY(m_store->open().ok());

    Record rich = richRecord(); // 2301.01234: CJK, Cyrillic, Arabic, emoji, HTML-like titles
    Record other = richRecord();
    other.arxivId = QStringLiteral("2209.00042");
    other.title = QStringLiteral("Παράλληλη εκπαίδευση ΣΟΦΊΑ");
    for (qsizetype i = 0; i < other.observations.size(); ++i) {
        Observation &o = other.observations[i];
        o.id = uuidFor(int(200 + i));
        (o.direction == Direction::Outbound ? o.citingTitle : o.citedTitle) = other.title;
    }
    // The two characters whose case folding is ASCII: KELVIN SIGN, LATIN SMALL LETTER LONG S.
    other.observations[7].citingTitle = QStringLiteral("\u212Aelvin and the Long \u017Fword");
    other.observations[8].citingTitle = QStringLiteral("STRASSE, Straße and straße");
    other.observations[9].curation.edit().identifier = QStringLiteral("10.9999/IMPORTED.MARK");
    other.observations[9].curation.edit().note = QStringLiteral("A note the page's mark gave");
    other.observations[9].curation.edit().mark
        = QStringLiteral("Curated by x, 2026-01-01: note “A”.");
    auto imported = m_store->importRecords({ rich, other });
    QVERIFY2(imported.ok(), qPrintable(imported ? QString() : imported.error().toString()));
    m_records = { rich.arxivId, other.arxivId };

    // Corrections: titles, identifiers (one replacing the page's), notes, states, and a conflict.
    const QString at = QStringLiteral("2026-11-29T10:00:00.000Z");
    const auto edit = [&at](const QString &record, const QString &observation, CurationField field,
                          const QString &value, const QString &author) {
        return makeEdit({}, record, observation, field, value, author, at);
    };
    QList<CorrectionEvent> events {
        edit(rich.arxivId, uuidFor(8), CurationField::Title, QStringLiteral("Renamed Übersicht"),
            QStringLiteral("alice")),
        edit(rich.arxivId, uuidFor(8), CurationField::State, QStringLiteral("verified_exact"),
            QStringLiteral("alice")),
        edit(rich.arxivId, uuidFor(9), CurationField::Note, QStringLiteral("Überprüft ΣΟΦΊΑ"),
            QStringLiteral("alice")),
        edit(rich.arxivId, uuidFor(10), CurationField::Identifier, QStringLiteral("2205.01068"),
            QStringLiteral("bob")),
        edit(other.arxivId, uuidFor(209), CurationField::Identifier,
            QStringLiteral("10.5555/curated.one"), QStringLiteral("bob")),
        edit(other.arxivId, uuidFor(210), CurationField::Note, QStringLiteral("first note"),
            QStringLiteral("alice")),
        edit(other.arxivId, uuidFor(210), CurationField::Note, QStringLiteral("second note"),
            QStringLiteral("bob")),
        // Back to upstream: nothing shown from it.
        edit(other.arxivId, uuidFor(211), CurationField::Title, QString(), QStringLiteral("bob")),
    };
    events.last().value.reset();
    const Status added = m_store->addCorrections(events);
    QVERIFY2(added.ok(), qPrintable(added ? QString() : added.error().toString()));
}

void TestRecordSearch::onlyTwoCharactersFoldToAscii()
{
    // The byte-wise fold of an ASCII needle rests on this: no character beyond ASCII folds to
    // ASCII but U+017F and U+212A (RecordSearch.cpp, FoldedMatcher).
    QList<char32_t> toAscii;
    for (char32_t c = 0x80; c <= 0x10ffff; ++c) {
        if (c >= 0xd800 && c <= 0xdfff)
            continue;
        const QString folded = QString::fromUcs4(&c, 1).toCaseFolded();
        if (std::any_of(folded.cbegin(), folded.cend(), [](QChar q) { return q.unicode() < 0x80; }))
            toAscii.append(c);
    }
    QCOMPARE(toAscii, QList<char32_t>({ 0x17f, 0x212a }));
    QCOMPARE(QString(QChar(0x17f)).toCaseFolded(), QStringLiteral("s"));
    QCOMPARE(QString(QChar(0x212a)).toCaseFolded(), QStringLiteral("k"));
}

void TestRecordSearch::matchesTheBruteForceReference_data()
{
    QTest::addColumn<QString>("text");
    for (const char *text : { "a", "s", "k", "K", "ss", "kelvin", "LONG SWORD", "ſ", "\u212A",
             "straße", "STRASSE", "ü", "ÜBER", "言語", "大規模言語モデルの学習", "транзформеры",
             "σοφία", "ΣΟΦΊΑ", "εκπαίδευση", "<img", "\"guide\"", "2205.01068", "10.5555",
             "imported.mark", "page's mark", "second note", "first note", "renamed", "tom & jerry",
             "1a2b", "-4", "emoji 🚀", "🔥", "ledgers & <links>", "zzz" })
        QTest::newRow(text) << QString::fromUtf8(text);
    // A whole UUID and a part of one.
    QTest::newRow("uuid") << uuidFor(9).toUpper();
    QTest::newRow("uuid part") << uuidFor(203).mid(9, 9);
}

void TestRecordSearch::matchesTheBruteForceReference()
{
    QFETCH(QString, text);
    QList<SearchHit> expected;
    QStringList sortedIds = m_records;
    sortedIds.sort(); // the search goes by record id
    for (const QString &id : std::as_const(sortedIds)) {
        auto curated = m_store->loadCurated(id);
        QVERIFY(curated.ok() && curated->has_value());
        expected.append(expectedHits(**curated, text));
    }
    auto found = searchCache(*m_store, text);
    QVERIFY2(found.ok(), qPrintable(found ? QString() : found.error().toString()));
    QStringList got;
    QStringList want;
    for (const SearchHit &hit : found->hits)
        got.append(hitText(hit));
    for (const SearchHit &hit : std::as_const(expected))
        want.append(hitText(hit));
    QCOMPARE(got, want);
    QCOMPARE(found->total, qint64(expected.size()));
    QCOMPARE(found->records, 2);
    QCOMPARE(found->observations, 24);
}

void TestRecordSearch::limitKeepsTheFirstAndCountsAll()
{
    auto all = searchCache(*m_store, QStringLiteral("e"));
    QVERIFY(all.ok());
    QVERIFY(all->total > 10);
    QVERIFY(!all->truncated());
    auto some = searchCache(*m_store, QStringLiteral("e"), SearchOptions { 3, {} });
    QVERIFY(some.ok());
    QCOMPARE(some->total, all->total);
    QVERIFY(some->truncated());
    QCOMPARE(some->hits, all->hits.mid(0, 3));
}

void TestRecordSearch::emptyTextIsBadInput()
{
    auto empty = searchCache(*m_store, QStringLiteral(" \t "));
    QVERIFY(!empty.ok());
    QCOMPARE(empty.error().kind, Error::Kind::BadInput);
}

void TestRecordSearch::cancels()
{
    // A large record (more rows than the search reads between progress reports).
    Record big = richRecord();
    big.arxivId = QStringLiteral("2210.00001");
    const QList<Observation> originals = big.observations;
    big.observations.clear();
    for (int i = 0; i < 40000; ++i) {
        Observation o = originals[6 + i % 6]; // inbound
        o.id = uuidFor(1000 + i);
        big.observations.append(o);
    }
    big.stated.inbound = 40000;
    QVERIFY(m_store->importRecords({ big }).ok());
    int calls = 0;
    SearchOptions options;
    options.progress = [&calls](qint64, qint64) { return ++calls < 2; };
    auto cancelled = searchCache(*m_store, QStringLiteral("guide"), options);
    QVERIFY(!cancelled.ok());
    QCOMPARE(cancelled.error().kind, Error::Kind::Cancelled);
    // Not cancelled: every row read, progress told of them.
    qint64 last = 0;
    options.progress = [&last](qint64 done, qint64) {
        last = done;
        return true;
    };
    auto whole = searchCache(*m_store, QStringLiteral("guide"), options);
    QVERIFY(whole.ok());
    QCOMPARE(whole->observations, 40000 + 24);
    QCOMPARE(last, 40000 + 24);
    QVERIFY(whole->total >= 40000 / 6);
}

QTEST_GUILESS_MAIN(TestRecordSearch)
#include "tst_recordsearch.moc"
