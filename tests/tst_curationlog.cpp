// SPDX-License-Identifier: GPL-3.0-or-later
#include "CurationLog.h"
#include "EventJson.h"
#include "EventSignature.h"
#include "HelperThread.h"
#include "Record.h"
#include "RunBeside.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QUuid>

#include <algorithm>
#include <array>
#include <random>
#include <utility>

using namespace LedgerCurator;

// QTest prints these when a comparison fails.
char *toString(const std::optional<QString> &value)
{
    return value ? QTest::toString(*value) : qstrdup("<upstream>");
}

namespace LedgerCurator {
char *toString(const FieldState &state)
{
    QStringList heads;
    for (const CorrectionEvent &head : state.heads) {
        QString text = head.id + u'@' + head.createdAt + u'='
            + head.value.value_or(QStringLiteral("<upstream>"));
        if (head.seq)
            text += QStringLiteral(" #") + QString::number(*head.seq);
        heads.append(text);
    }
    return QTest::toString(QString(u'[' + heads.join(QStringLiteral(", ")) + u']'));
}
} // namespace LedgerCurator

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kObservation = QStringLiteral("6f1c2a4e-9d3b-4c8e-a1f0-2b7d5e9c3a10");
const QString kOtherObservation = QStringLiteral("0b9e7d21-5a4c-4f3e-8d2b-c6a1e0f94b77");

CorrectionEvent correction(const QString &id, std::optional<QString> value,
    const QStringList &parents, const QString &createdAt,
    CurationField field = CurationField::State, const QString &observation = kObservation)
{
    CorrectionEvent e;
    e.id = id;
    e.record = kRecord;
    e.observation = observation;
    e.field = field;
    e.value = std::move(value);
    e.parents = parents;
    e.author = QStringLiteral("curator");
    e.createdAt = createdAt;
    return e;
}

QString stamp(qint64 msecs)
{
    return QDateTime::fromMSecsSinceEpoch(msecs, Qt::UTC)
        .toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss.zzz'Z'"));
}

//! A UUID from the seeded generator, so that histories are reproducible.
QString seededUuid(QRandomGenerator &rng)
{
    std::array<quint32, 4> w {};
    rng.fillRange(w.data(), w.size());
    const QUuid uuid(w[0], ushort(w[1]), ushort(w[1] >> 16), uchar(w[2]), uchar(w[2] >> 8),
        uchar(w[2] >> 16), uchar(w[2] >> 24), uchar(w[3]), uchar(w[3] >> 8), uchar(w[3] >> 16),
        uchar(w[3] >> 24));
    return uuid.toString(QUuid::WithoutBraces);
}

template <typename T> void shuffle(QList<T> &list, QRandomGenerator &rng)
{
    for (qsizetype i = list.size() - 1; i > 0; --i)
        list.swapItemsAt(i, qsizetype(rng.bounded(quint64(i + 1))));
}

QList<CorrectionEvent> eventsOf(const QList<CorrectionEvent> &events, const FieldKey &key)
{
    QList<CorrectionEvent> out;
    for (const CorrectionEvent &e : events) {
        if (e.observation == key.observation && e.field == key.field)
            out.append(e);
    }
    return out;
}

QList<FieldKey> keysOf(const QList<CorrectionEvent> &events)
{
    QList<FieldKey> keys;
    for (const CorrectionEvent &e : events) {
        const FieldKey key { e.observation, e.field };
        if (!keys.contains(key))
            keys.append(key);
    }
    std::sort(keys.begin(), keys.end());
    return keys;
}

//! The heads by brute force, straight from the definition: distinct ids of the key that no other
//! event of the key names as a parent; (createdAt, id) descending.
QList<CorrectionEvent> bruteHeads(const QList<CorrectionEvent> &events, const FieldKey &key)
{
    QList<CorrectionEvent> distinct;
    for (const CorrectionEvent &e : eventsOf(events, key)) {
        if (std::none_of(distinct.cbegin(), distinct.cend(),
                [&](const CorrectionEvent &d) { return d.id == e.id; }))
            distinct.append(e);
    }
    QList<CorrectionEvent> heads;
    for (const CorrectionEvent &e : distinct) {
        const bool named = std::any_of(distinct.cbegin(), distinct.cend(),
            [&](const auto &other) { return other.id != e.id && other.parents.contains(e.id); });
        if (!named)
            heads.append(e);
    }
    // Winner first: a signed head before an unsigned one, then the latest, then the greatest id.
    std::sort(heads.begin(), heads.end(), [](const auto &a, const auto &b) {
        if (a.isSigned() != b.isSigned())
            return a.isSigned();
        return a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.id > b.id;
    });
    return heads;
}

QStringList idsOf(const QList<CorrectionEvent> &events)
{
    QStringList ids;
    for (const CorrectionEvent &e : events)
        ids.append(e.id);
    return ids;
}

//! One line per key: what a replica shows, ignoring seq.
QStringList summary(const std::map<FieldKey, FieldState> &states)
{
    QStringList lines;
    for (const auto &[key, state] : states) {
        lines.append(key.observation + u'/' + curationFieldKey(key.field) + u": "
            + state.headIds().join(u',') + u" = "
            + state.value().value_or(QStringLiteral("<upstream>")));
    }
    return lines;
}

} // namespace

class tst_CurationLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noEvents();
    void singleEdit();
    void editNamingPrevious();
    void concurrentEdits_data();
    void concurrentEdits();
    void headsSortedDescending();
    void resolvingEdit();
    void backToUpstream();
    void duplicateIds();
    void missingParent();
    void otherKeysDoNotInteract();
    void parentCycle();
    void undoRedo();
    void undoInConflict();
    void resolveAllGroups();
    void makeEditFillsEvent();
    void wideEditsStayWithinTheParentLimit_data();
    void wideEditsStayWithinTheParentLimit();
    void wideLegacyEventIsNarrowed();
    void nowUtcFormat();
    void fieldKeys_data();
    void fieldKeys();
    void parseFieldRejects_data();
    void parseFieldRejects();
    void randomHistories_data();
    void randomHistories();
    void largeLog();
    void twoThreadMergeMatchesEachField();
};

void tst_CurationLog::noEvents()
{
    const FieldState state = resolveField({});
    QVERIFY(!state.hasEvents());
    QVERIFY(!state.isConflict());
    QVERIFY(!state.isCurated());
    QCOMPARE(state.value(), std::nullopt);
    QCOMPARE(state.headIds(), QStringList());
    QVERIFY(resolveAll({}).empty());
}

void tst_CurationLog::singleEdit()
{
    const CorrectionEvent a = correction(QStringLiteral("a"), QStringLiteral("verified_exact"), {},
        QStringLiteral("2026-11-29T15:01:49.123Z"));
    const FieldState state = resolveField({ a });
    QVERIFY(state.hasEvents());
    QVERIFY(!state.isConflict());
    QVERIFY(state.isCurated());
    QCOMPARE(state.value(), QStringLiteral("verified_exact"));
    QCOMPARE(state.headIds(), QStringList { QStringLiteral("a") });
    QCOMPARE(state.heads.first(), a);
}

void tst_CurationLog::editNamingPrevious()
{
    // The later edit wins through its parent link, even with an earlier clock and a smaller id.
    const CorrectionEvent a = correction(QStringLiteral("b-first"), QStringLiteral("unresolved"),
        {}, QStringLiteral("2026-11-29T15:01:49.123Z"));
    const CorrectionEvent b = correction(QStringLiteral("a-second"),
        QStringLiteral("verified_fuzzy"), { a.id }, QStringLiteral("2026-11-29T15:01:40.000Z"));
    for (const auto &events : { QList { a, b }, QList { b, a } }) {
        const FieldState state = resolveField(events);
        QVERIFY(!state.isConflict());
        QCOMPARE(state.headIds(), QStringList { b.id });
        QCOMPARE(state.value(), QStringLiteral("verified_fuzzy"));
    }
}

void tst_CurationLog::concurrentEdits_data()
{
    QTest::addColumn<QString>("createdA");
    QTest::addColumn<QString>("idA");
    QTest::addColumn<QString>("createdB");
    QTest::addColumn<QString>("idB");
    QTest::addColumn<bool>("bWins");

    const QString early = QStringLiteral("2026-11-29T15:01:49.123Z");
    const QString late = QStringLiteral("2026-11-29T15:01:49.124Z");
    const QString id1 = QStringLiteral("1d2b3c4d-0000-4000-8000-000000000001");
    const QString id2 = QStringLiteral("fd2b3c4d-0000-4000-8000-000000000002");
    QTest::newRow("later createdAt wins") << early << id2 << late << id1 << true;
    QTest::newRow("later createdAt wins, other way") << late << id1 << early << id2 << false;
    QTest::newRow("tie on createdAt: greater id") << early << id1 << early << id2 << true;
    QTest::newRow("tie on createdAt: greater id, other way")
        << early << id2 << early << id1 << false;
    QTest::newRow("year boundary") << QStringLiteral("2026-12-31T23:59:59.999Z") << id2
                                   << QStringLiteral("2027-01-01T00:00:00.000Z") << id1 << true;
}

void tst_CurationLog::concurrentEdits()
{
    QFETCH(QString, createdA);
    QFETCH(QString, idA);
    QFETCH(QString, createdB);
    QFETCH(QString, idB);
    QFETCH(bool, bWins);

    const CorrectionEvent root = correction(QStringLiteral("00000000-0000-4000-8000-000000000000"),
        QStringLiteral("root"), {}, QStringLiteral("2026-01-01T00:00:00.000Z"));
    const CorrectionEvent a = correction(idA, QStringLiteral("A"), { root.id }, createdA);
    const CorrectionEvent b = correction(idB, QStringLiteral("B"), { root.id }, createdB);
    const QStringList expectedHeads = bWins ? QStringList { idB, idA } : QStringList { idA, idB };

    for (const auto &events :
        { QList { root, a, b }, QList { b, root, a }, QList { a, b, root } }) {
        const FieldState state = resolveField(events);
        QVERIFY(state.isConflict());
        QVERIFY(state.isCurated());
        QCOMPARE(state.headIds(), expectedHeads);
        QCOMPARE(state.heads.size(), 2);
        QCOMPARE(state.heads.at(0).value, bWins ? QStringLiteral("B") : QStringLiteral("A"));
        QCOMPARE(state.heads.at(1).value, bWins ? QStringLiteral("A") : QStringLiteral("B"));
        QCOMPARE(state.value(), bWins ? QStringLiteral("B") : QStringLiteral("A"));
    }
}

void tst_CurationLog::headsSortedDescending()
{
    const CorrectionEvent a = correction(
        QStringLiteral("a"), QStringLiteral("1"), {}, QStringLiteral("2026-11-29T15:00:00.000Z"));
    const CorrectionEvent b = correction(
        QStringLiteral("b"), QStringLiteral("2"), {}, QStringLiteral("2026-11-29T16:00:00.000Z"));
    const CorrectionEvent c = correction(
        QStringLiteral("c"), QStringLiteral("3"), {}, QStringLiteral("2026-11-29T15:00:00.000Z"));
    const FieldState state = resolveField({ a, b, c });
    QCOMPARE(state.headIds(),
        (QStringList { QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("a") }));
    QCOMPARE(state.value(), QStringLiteral("2"));
}

void tst_CurationLog::resolvingEdit()
{
    const CorrectionEvent a = correction(
        QStringLiteral("a"), QStringLiteral("A"), {}, QStringLiteral("2026-11-29T15:00:00.000Z"));
    const CorrectionEvent b = correction(
        QStringLiteral("b"), QStringLiteral("B"), {}, QStringLiteral("2026-11-29T15:00:01.000Z"));
    const FieldState conflict = resolveField({ a, b });
    QVERIFY(conflict.isConflict());

    // Resolving towards the losing value is an ordinary edit naming both heads.
    CorrectionEvent fix = makeEdit(conflict, kRecord, kObservation, CurationField::State,
        QStringLiteral("A"), QStringLiteral("lead"), QStringLiteral("2026-11-29T14:00:00.000Z"));
    QCOMPARE(fix.parents, (QStringList { QStringLiteral("b"), QStringLiteral("a") }));
    const FieldState resolved = resolveField({ b, fix, a });
    QVERIFY(!resolved.isConflict());
    QCOMPARE(resolved.headIds(), QStringList { fix.id });
    QCOMPARE(resolved.value(), QStringLiteral("A"));

    // Naming only one head leaves the conflict.
    CorrectionEvent partial = correction(QStringLiteral("p"), QStringLiteral("P"),
        { QStringLiteral("a") }, QStringLiteral("2026-11-29T15:00:02.000Z"));
    const FieldState still = resolveField({ a, b, partial });
    QVERIFY(still.isConflict());
    QCOMPARE(still.headIds(), (QStringList { QStringLiteral("p"), QStringLiteral("b") }));
}

void tst_CurationLog::backToUpstream()
{
    const CorrectionEvent a = correction(
        QStringLiteral("a"), QStringLiteral("x"), {}, QStringLiteral("2026-11-29T15:00:00.000Z"));
    const CorrectionEvent reset = correction(
        QStringLiteral("b"), std::nullopt, { a.id }, QStringLiteral("2026-11-29T15:00:01.000Z"));
    const FieldState state = resolveField({ a, reset });
    QVERIFY(state.hasEvents());
    QVERIFY(!state.isConflict());
    QVERIFY(!state.isCurated());
    QCOMPARE(state.value(), std::nullopt);
    QCOMPARE(state.headIds(), QStringList { reset.id });

    // A conflict whose winner sends back to upstream shows upstream, with the other value listed.
    const CorrectionEvent other = correction(QStringLiteral("c"), QStringLiteral("y"), { a.id },
        QStringLiteral("2026-11-29T15:00:00.500Z"));
    const FieldState conflict = resolveField({ other, a, reset });
    QVERIFY(conflict.isConflict());
    QVERIFY(!conflict.isCurated());
    QCOMPARE(conflict.value(), std::nullopt);
    QCOMPARE(conflict.heads.at(1).value, QStringLiteral("y"));
}

void tst_CurationLog::duplicateIds()
{
    const CorrectionEvent a = correction(
        QStringLiteral("a"), QStringLiteral("x"), {}, QStringLiteral("2026-11-29T15:00:00.000Z"));
    FieldState state = resolveField({ a, a, a });
    QVERIFY(!state.isConflict());
    QCOMPARE(state.heads, QList { a });

    // The synced copy (with seq) and the local copy are one event; which copy is reported does
    // not depend on the order they came in.
    CorrectionEvent synced = a;
    synced.seq = 42;
    const CorrectionEvent b = correction(QStringLiteral("b"), QStringLiteral("y"), { a.id },
        QStringLiteral("2026-11-29T15:00:01.000Z"));
    CorrectionEvent bSynced = b;
    bSynced.seq = 43;
    const FieldState one = resolveField({ a, synced, b, bSynced });
    const FieldState two = resolveField({ bSynced, synced, b, a });
    QCOMPARE(one, two);
    QVERIFY(!one.isConflict());
    QCOMPARE(one.heads.first().seq, 43);
    QCOMPARE(resolveField({ a, synced }), resolveField({ synced, a }));
    QCOMPARE(resolveField({ a, synced }).heads.size(), 1);
}

void tst_CurationLog::missingParent()
{
    // b and c were both made on top of a, which has not arrived.
    const CorrectionEvent a = correction(
        QStringLiteral("a"), QStringLiteral("x"), {}, QStringLiteral("2026-11-29T15:00:00.000Z"));
    const CorrectionEvent b = correction(QStringLiteral("b"), QStringLiteral("y"), { a.id },
        QStringLiteral("2026-11-29T15:00:01.000Z"));
    const CorrectionEvent c = correction(QStringLiteral("c"), QStringLiteral("z"), { a.id },
        QStringLiteral("2026-11-29T15:00:02.000Z"));
    FieldState state = resolveField({ b });
    QCOMPARE(state.headIds(), QStringList { b.id });
    QCOMPARE(state.value(), QStringLiteral("y"));

    state = resolveField({ c, b });
    QCOMPARE(state.headIds(), (QStringList { c.id, b.id }));

    // a arriving later changes nothing: it is not a head.
    QCOMPARE(resolveField({ c, a, b }), state);

    // An event whose missing parent is its only link is still a head next to the others.
    const CorrectionEvent d = correction(QStringLiteral("d"), QStringLiteral("w"),
        { QStringLiteral("gone") }, QStringLiteral("2026-11-29T15:00:00.000Z"));
    QCOMPARE(resolveField({ a, b, d }).headIds(), (QStringList { b.id, d.id }));
}

void tst_CurationLog::otherKeysDoNotInteract()
{
    // Parents only count within one (observation, field).
    const CorrectionEvent note = correction(QStringLiteral("n"), QStringLiteral("note"), {},
        QStringLiteral("2026-11-29T15:00:00.000Z"), CurationField::Note);
    const CorrectionEvent state = correction(QStringLiteral("s"), QStringLiteral("unresolved"),
        { note.id }, QStringLiteral("2026-11-29T15:00:01.000Z"));
    const CorrectionEvent elsewhere
        = correction(QStringLiteral("o"), QStringLiteral("note"), { note.id },
            QStringLiteral("2026-11-29T15:00:01.000Z"), CurationField::Note, kOtherObservation);
    const auto states = resolveAll({ note, state, elsewhere });
    QCOMPARE(states.size(), size_t(3));
    QCOMPARE(states.at(FieldKey { kObservation, CurationField::Note }).headIds(),
        QStringList { note.id });
    QCOMPARE(states.at(FieldKey { kObservation, CurationField::State }).headIds(),
        QStringList { state.id });
    QCOMPARE(states.at(FieldKey { kOtherObservation, CurationField::Note }).headIds(),
        QStringList { elsewhere.id });
}

void tst_CurationLog::parentCycle()
{
    // Honest edits cannot make a cycle; should data hold one, the newest event stands alone.
    const CorrectionEvent a = correction(QStringLiteral("a"), QStringLiteral("x"),
        { QStringLiteral("b") }, QStringLiteral("2026-11-29T15:00:00.000Z"));
    const CorrectionEvent b = correction(QStringLiteral("b"), QStringLiteral("y"),
        { QStringLiteral("a") }, QStringLiteral("2026-11-29T15:00:01.000Z"));
    QCOMPARE(resolveField({ a, b }).headIds(), QStringList { b.id });
    QCOMPARE(resolveField({ b, a }).headIds(), QStringList { b.id });
    // An event naming itself is not its own parent.
    const CorrectionEvent self = correction(QStringLiteral("s"), QStringLiteral("z"),
        { QStringLiteral("s") }, QStringLiteral("2026-11-29T15:00:00.000Z"));
    QCOMPARE(resolveField({ self }).headIds(), QStringList { self.id });
    QCOMPARE(resolveField({ self, self }).headIds(), QStringList { self.id });
    const CorrectionEvent other = correction(
        QStringLiteral("o"), QStringLiteral("y"), {}, QStringLiteral("2026-11-29T14:00:00.000Z"));
    QCOMPARE(resolveField({ other, self }).headIds(), (QStringList { self.id, other.id }));
    // The same in a long history (long histories take another path).
    QList<CorrectionEvent> longer;
    for (int i = 0; i < 40; ++i) {
        longer.append(correction(QStringLiteral("l%1").arg(i, 2, 10, QLatin1Char('0')),
            QString::number(i), i == 0 ? QStringList() : QStringList { longer.last().id },
            stamp(qint64(i) * 1000)));
    }
    longer.append(self);
    longer.append(self);
    QCOMPARE(resolveField(longer).headIds(), (QStringList { self.id, QStringLiteral("l39") }));
}

void tst_CurationLog::wideEditsStayWithinTheParentLimit_data()
{
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("merges");
    QTest::newRow("64 heads: one event") << 64 << 0;
    QTest::newRow("65 heads") << 65 << 2;
    QTest::newRow("129 heads") << 129 << 3;
    QTest::newRow("2,000 heads") << 2000 << 32;
    QTest::newRow("4,097 heads: two levels") << 4097 << 65 + 2;
}

void tst_CurationLog::wideEditsStayWithinTheParentLimit()
{
    // Many curators set the same field at once: as many heads, a conflict. One edit resolves
    // them all, however many, and no event it makes names more parents than a server takes.
    QFETCH(int, heads);
    QFETCH(int, merges);
    QList<CorrectionEvent> log;
    for (int i = 0; i < heads; ++i) {
        log.append(correction(QUuid::createUuid().toString(QUuid::WithoutBraces),
            QStringLiteral("value %1").arg(i), {}, QStringLiteral("2026-11-29T15:00:00.000Z")));
    }
    const FieldState before = resolveField(log);
    QCOMPARE(before.heads.size(), heads);
    const QList<CorrectionEvent> made = makeEditEvents(before, kRecord, kObservation,
        CurationField::State, QStringLiteral("verified_exact"), QStringLiteral("carol"),
        QStringLiteral("2026-11-29T16:00:00.000Z"));
    QCOMPARE(made.size(), merges + 1);
    QSet<QString> named;
    QSet<QString> madeIds;
    for (const CorrectionEvent &e : made) {
        QVERIFY2(
            e.parents.size() <= kMaxEventParents, qPrintable(QString::number(e.parents.size())));
        QVERIFY(isUuid(e.id));
        QCOMPARE(e.value, QStringLiteral("verified_exact"));
        QCOMPARE(e.author, QStringLiteral("carol"));
        // Parents first: every event names only heads or events made before it.
        for (const QString &parent : e.parents)
            QVERIFY(before.headIds().contains(parent) || madeIds.contains(parent));
        QVERIFY(checkCorrectionEvent(e).isEmpty());
        named.unite(QSet<QString>(e.parents.cbegin(), e.parents.cend()));
        madeIds.insert(e.id);
    }
    const QStringList headIds = before.headIds();
    QVERIFY(named.contains(QSet<QString>(headIds.cbegin(), headIds.cend())));
    // Resolved: one head, the edit, in whatever order the events arrive.
    QList<CorrectionEvent> after = log + made;
    for (int round = 0; round < 3; ++round) {
        std::shuffle(after.begin(), after.end(), std::mt19937(unsigned(round)));
        const FieldState state = resolveField(after);
        QCOMPARE(state.headIds(), QStringList { made.constLast().id });
        QCOMPARE(state.value(), QStringLiteral("verified_exact"));
    }
    // Undoing the edit undoes its merges too: the conflict is back, with its winner shown.
    QCOMPARE(valueBefore(log + made, made.constLast().id), before.value());
    // A later edit names only the one head.
    const QList<CorrectionEvent> next = makeEditEvents(resolveField(log + made), kRecord,
        kObservation, CurationField::State, QStringLiteral("unresolved"), QStringLiteral("carol"),
        QStringLiteral("2026-11-29T16:00:01.000Z"));
    QCOMPARE(next.size(), 1);
    QCOMPARE(next.first().parents, QStringList { made.constLast().id });
}

void tst_CurationLog::wideLegacyEventIsNarrowed()
{
    // An edit an older version made, naming 200 heads: the server refuses it. narrowedEvent()
    // keeps its id, value, author and time, and names the heads through merges instead.
    CorrectionEvent wide = correction(QUuid::createUuid().toString(QUuid::WithoutBraces),
        QStringLiteral("unresolved"), {}, QStringLiteral("2026-11-29T15:00:00.000Z"));
    QList<CorrectionEvent> log;
    for (int i = 0; i < 200; ++i) {
        log.append(correction(QUuid::createUuid().toString(QUuid::WithoutBraces),
            QStringLiteral("v%1").arg(i), {}, QStringLiteral("2026-11-29T14:00:00.000Z")));
        wide.parents.append(log.constLast().id);
    }
    QVERIFY(!checkCorrectionEvent(wide).isEmpty());
    const QList<CorrectionEvent> narrowed = narrowedEvent(wide);
    QCOMPARE(narrowed.size(), 4 + 1);
    const CorrectionEvent &last = narrowed.constLast();
    QCOMPARE(last.id, wide.id);
    QCOMPARE(last.value, wide.value);
    QCOMPARE(last.author, wide.author);
    QCOMPARE(last.createdAt, wide.createdAt);
    for (const CorrectionEvent &e : narrowed)
        QVERIFY2(checkCorrectionEvent(e).isEmpty(), qPrintable(checkCorrectionEvent(e)));
    // The same state as the wide event gave, and the same merges each time (ids from the edit's).
    QCOMPARE(resolveField(log + narrowed).headIds(), QStringList { wide.id });
    QCOMPARE(resolveField(log + QList<CorrectionEvent> { wide }).value(),
        resolveField(log + narrowed).value());
    QCOMPARE(narrowedEvent(wide), narrowed);
    QCOMPARE(valueBefore(log + narrowed, wide.id), resolveField(log).value());
    // Within the limit: alone and unchanged.
    CorrectionEvent narrow = wide;
    narrow.parents = narrow.parents.mid(0, kMaxEventParents);
    QCOMPARE(narrowedEvent(narrow), QList<CorrectionEvent> { narrow });
}

void tst_CurationLog::undoRedo()
{
    QList<CorrectionEvent> log;
    auto edit = [&](std::optional<QString> value, const QString &at) {
        const CorrectionEvent e = makeEdit(resolveField(log), kRecord, kObservation,
            CurationField::Title, std::move(value), QStringLiteral("curator"), at);
        log.append(e);
        return e;
    };
    const CorrectionEvent first
        = edit(QStringLiteral("x"), QStringLiteral("2026-11-29T15:00:00.000Z"));
    const CorrectionEvent second
        = edit(QStringLiteral("y"), QStringLiteral("2026-11-29T15:00:01.000Z"));
    QCOMPARE(resolveField(log).value(), QStringLiteral("y"));

    // Undo the winner: back to x.
    QCOMPARE(valueBefore(log, second.id), QStringLiteral("x"));
    const CorrectionEvent undo
        = edit(valueBefore(log, second.id), QStringLiteral("2026-11-29T15:00:02.000Z"));
    QCOMPARE(undo.parents, QStringList { second.id });
    QCOMPARE(resolveField(log).value(), QStringLiteral("x"));

    // Undoing the undo redoes.
    QCOMPARE(valueBefore(log, undo.id), QStringLiteral("y"));
    edit(valueBefore(log, undo.id), QStringLiteral("2026-11-29T15:00:03.000Z"));
    QCOMPARE(resolveField(log).value(), QStringLiteral("y"));

    // Before the first edit there was upstream; undoing it drops everything built on it.
    QCOMPARE(valueBefore(log, first.id), std::nullopt);
    // Before the second edit: x, whatever came after.
    QCOMPARE(valueBefore(log, second.id), QStringLiteral("x"));
    // An id that is not in the log undoes nothing.
    QCOMPARE(valueBefore(log, QStringLiteral("nowhere")), QStringLiteral("y"));
    QCOMPARE(valueBefore({}, QStringLiteral("nowhere")), std::nullopt);

    // Undo of a reset to upstream restores the value before it.
    const CorrectionEvent reset = edit(std::nullopt, QStringLiteral("2026-11-29T15:00:04.000Z"));
    QCOMPARE(resolveField(log).value(), std::nullopt);
    QCOMPARE(valueBefore(log, reset.id), QStringLiteral("y"));
}

void tst_CurationLog::undoInConflict()
{
    const CorrectionEvent a = correction(
        QStringLiteral("a"), QStringLiteral("A"), {}, QStringLiteral("2026-11-29T15:00:00.000Z"));
    const CorrectionEvent b = correction(QStringLiteral("b"), QStringLiteral("B"), { a.id },
        QStringLiteral("2026-11-29T15:00:01.000Z"));
    const CorrectionEvent c = correction(QStringLiteral("c"), QStringLiteral("C"), { a.id },
        QStringLiteral("2026-11-29T15:00:02.000Z"));
    const QList<CorrectionEvent> log { a, b, c };
    const FieldState state = resolveField(log);
    QCOMPARE(state.value(), QStringLiteral("C"));
    // Without the winner c, b is the only head.
    QCOMPARE(valueBefore(log, c.id), QStringLiteral("B"));
    // Without b, c remains.
    QCOMPARE(valueBefore(log, b.id), QStringLiteral("C"));
    const CorrectionEvent undo
        = makeEdit(state, kRecord, kObservation, CurationField::State, valueBefore(log, c.id),
            QStringLiteral("curator"), QStringLiteral("2026-11-29T15:00:03.000Z"));
    const FieldState after = resolveField(QList { a, b, c, undo });
    QVERIFY(!after.isConflict());
    QCOMPARE(after.value(), QStringLiteral("B"));
}

void tst_CurationLog::resolveAllGroups()
{
    const CorrectionEvent s1 = correction(QStringLiteral("s1"), QStringLiteral("unresolved"), {},
        QStringLiteral("2026-11-29T15:00:00.000Z"));
    const CorrectionEvent s2 = correction(QStringLiteral("s2"), QStringLiteral("verified_exact"),
        { s1.id }, QStringLiteral("2026-11-29T15:00:01.000Z"));
    const CorrectionEvent n1 = correction(QStringLiteral("n1"), QStringLiteral("looked at it"), {},
        QStringLiteral("2026-11-29T15:00:00.000Z"), CurationField::Note);
    const CorrectionEvent o1 = correction(QStringLiteral("o1"), QStringLiteral("A"), {},
        QStringLiteral("2026-11-29T15:00:00.000Z"), CurationField::State, kOtherObservation);
    const CorrectionEvent o2 = correction(QStringLiteral("o2"), QStringLiteral("B"), {},
        QStringLiteral("2026-11-29T15:00:00.000Z"), CurationField::State, kOtherObservation);
    const QList<CorrectionEvent> all { o2, s2, n1, s1, o1 };

    const auto states = resolveAll(all);
    QCOMPARE(states.size(), size_t(3));
    for (const FieldKey &key : keysOf(all))
        QCOMPARE(states.at(key), resolveField(eventsOf(all, key)));
    QCOMPARE(states.at(FieldKey { kObservation, CurationField::State }).value(),
        QStringLiteral("verified_exact"));
    QCOMPARE(states.at(FieldKey { kObservation, CurationField::Note }).value(),
        QStringLiteral("looked at it"));
    QVERIFY(states.at(FieldKey { kOtherObservation, CurationField::State }).isConflict());
    QCOMPARE(states.at(FieldKey { kOtherObservation, CurationField::State }).value(),
        QStringLiteral("B"));

    // The map is ordered by (observation, field).
    QList<FieldKey> keys;
    for (const auto &entry : states)
        keys.append(entry.first);
    QCOMPARE(keys.first(), (FieldKey { kOtherObservation, CurationField::State }));
    QCOMPARE(keys.last(), (FieldKey { kObservation, CurationField::Note }));
    QCOMPARE(qHash(FieldKey { kObservation, CurationField::Note }),
        qHash(FieldKey { kObservation, CurationField::Note }));
}

void tst_CurationLog::makeEditFillsEvent()
{
    const CorrectionEvent a = correction(
        QStringLiteral("a"), QStringLiteral("A"), {}, QStringLiteral("2026-11-29T15:00:00.000Z"));
    const CorrectionEvent b = correction(
        QStringLiteral("b"), QStringLiteral("B"), {}, QStringLiteral("2026-11-29T15:00:01.000Z"));
    const FieldState state = resolveField({ a, b });
    const CorrectionEvent e = makeEdit(state, kRecord, kObservation, CurationField::DuplicateOf,
        QStringLiteral("other"), QStringLiteral("ann"), QStringLiteral("2026-11-29T15:00:02.000Z"));
    static const QRegularExpression uuid(
        QStringLiteral("^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"));
    QVERIFY2(uuid.match(e.id).hasMatch(), qPrintable(e.id));
    QCOMPARE(e.record, kRecord);
    QCOMPARE(e.observation, kObservation);
    QCOMPARE(e.field, CurationField::DuplicateOf);
    QCOMPARE(e.value, QStringLiteral("other"));
    QCOMPARE(e.parents, state.headIds());
    QCOMPARE(e.author, QStringLiteral("ann"));
    QCOMPARE(e.createdAt, QStringLiteral("2026-11-29T15:00:02.000Z"));
    QCOMPARE(e.seq, std::nullopt);

    const CorrectionEvent fresh = makeEdit({}, kRecord, kObservation, CurationField::State,
        std::nullopt, QStringLiteral("ann"), nowUtc());
    QVERIFY(fresh.parents.isEmpty());
    QVERIFY(fresh.id != e.id);
}

void tst_CurationLog::nowUtcFormat()
{
    const QDateTime before = QDateTime::currentDateTimeUtc().addMSecs(-1);
    const QString now = nowUtc();
    const QDateTime after = QDateTime::currentDateTimeUtc().addMSecs(1);
    static const QRegularExpression format(
        QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$"));
    QVERIFY2(format.match(now).hasMatch(), qPrintable(now));
    const QDateTime parsed = QDateTime::fromString(now, Qt::ISODateWithMs);
    QVERIFY(parsed.isValid());
    QCOMPARE(parsed.timeSpec(), Qt::UTC);
    QVERIFY(before <= parsed && parsed <= after);
}

void tst_CurationLog::fieldKeys_data()
{
    QTest::addColumn<CurationField>("field");
    QTest::addColumn<QString>("key");
    const QStringList keys { QStringLiteral("state"), QStringLiteral("basis"),
        QStringLiteral("identifier"), QStringLiteral("title"), QStringLiteral("reference"),
        QStringLiteral("note"), QStringLiteral("duplicate-of"), QStringLiteral("excluded"),
        QStringLiteral("review"), QStringLiteral("review-note"),
        QStringLiteral("dismissed-hints") };
    QCOMPARE(keys.size(), kCurationFieldCount);
    for (int i = 0; i < kCurationFieldCount; ++i)
        QTest::newRow(qPrintable(keys.at(i))) << kAllCurationFields.at(i) << keys.at(i);
}

void tst_CurationLog::fieldKeys()
{
    QFETCH(CurationField, field);
    QFETCH(QString, key);
    QCOMPARE(curationFieldKey(field), key);
    QCOMPARE(parseCurationField(key), field);
    QCOMPARE(parseCurationField(curationFieldKey(field)), field);
}

void tst_CurationLog::parseFieldRejects_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<bool>("valid");
    QTest::newRow("duplicate_of") << QStringLiteral("duplicate_of") << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("capital") << QStringLiteral("State") << false;
    QTest::newRow("space") << QStringLiteral(" state") << false;
    QTest::newRow("duplicateof") << QStringLiteral("duplicateof") << false;
    QTest::newRow("duplicate of") << QStringLiteral("duplicate of") << false;
    QTest::newRow("notes") << QStringLiteral("notes") << false;
}

void tst_CurationLog::parseFieldRejects()
{
    QFETCH(QString, key);
    QFETCH(bool, valid);
    const std::optional<CurationField> parsed = parseCurationField(key);
    QCOMPARE(parsed.has_value(), valid);
    if (valid)
        QCOMPARE(*parsed, CurationField::DuplicateOf);
}

void tst_CurationLog::randomHistories_data()
{
    QTest::addColumn<quint32>("seed");
    // Who signs (issue 19): nobody (events from before signatures), everybody, or every other
    // curator (signed and legacy heads meet).
    QTest::addColumn<int>("signing");
    for (quint32 seed : { 1u, 2u, 3u, 5u, 8u, 13u, 21u, 34u, 55u, 89u, 144u, 233u, 377u, 610u, 987u,
             1597u, 0xc0ffeeu, 0xdecafu, 20261129u, 4294967295u }) {
        QTest::addRow("seed %u", seed) << seed << 0;
        QTest::addRow("seed %u, signed", seed) << seed << 1;
        QTest::addRow("seed %u, some signed", seed) << seed << 2;
    }
}

// Several curators, each with their own replica, edit, undo and redo a few fields concurrently and
// sync now and then, partially and in random order. Whatever order the full set of events comes
// in, with duplicates, every replica shows the same state; conflicts are exactly several heads.
void tst_CurationLog::randomHistories()
{
    QFETCH(quint32, seed);
    QFETCH(int, signing);
    QRandomGenerator rng(seed);

    struct Undo
    {
        FieldKey key;
        QString undoId;
        std::optional<QString> undone;
        qsizetype eventsOfKey = 0; // in the replica, undo included
    };
    struct Curator
    {
        QString author;
        std::optional<SigningKey> key; // signs what this curator publishes
        qint64 skewMs = 0;
        QList<CorrectionEvent> events;
        QSet<QString> ids;
        std::optional<Undo> lastUndo;
    };

    const std::array<std::optional<QString>, 6> values { std::nullopt,
        QStringLiteral("verified_exact"), QStringLiteral("unresolved"),
        QStringLiteral("2104.04473"), QStringLiteral("note A"), std::nullopt };
    auto pickValue = [&] { return values.at(rng.bounded(int(values.size()))); };

    QList<FieldKey> keys;
    const QList<CurationField> fields { CurationField::State, CurationField::Note,
        CurationField::DuplicateOf };
    for (int o = 0; o < 3; ++o) {
        const QString observation = seededUuid(rng);
        for (CurationField field : fields)
            keys.append(FieldKey { observation, field });
    }

    QList<Curator> curators(rng.bounded(3, 6));
    for (qsizetype i = 0; i < curators.size(); ++i) {
        curators[i].author = QStringLiteral("curator%1").arg(i);
        curators[i].skewMs = 500 * (rng.bounded(3) - 1);
        if (signing == 1 || (signing == 2 && i % 2 == 0))
            curators[i].key = SigningKey::fromSeed(
                QCryptographicHash::hash(curators[i].author.toUtf8(), QCryptographicHash::Sha256));
    }

    QList<CorrectionEvent> all; // everything anyone published, once each
    qint64 clock = QDateTime(QDate(2026, 11, 29), QTime(15, 0), Qt::UTC).toMSecsSinceEpoch();
    int conflictsSeen = 0;
    int undos = 0;
    int redos = 0;

    auto receive = [](Curator &c, const CorrectionEvent &e) {
        c.events.append(e);
        c.ids.insert(e.id);
    };
    auto publish = [&](Curator &c, CorrectionEvent e) {
        e.id = seededUuid(rng); // makeEdit's id is random; keep histories reproducible
        if (c.key)
            signEvent(e, *c.key);
        receive(c, e);
        all.append(e);
        return e;
    };
    // Brute-force check of one replica: heads, conflicts and winners straight from the definition.
    auto checkAgainstBruteForce = [&](const QList<CorrectionEvent> &events) {
        const auto states = resolveAll(events);
        const QList<FieldKey> present = keysOf(events);
        QCOMPARE(states.size(), size_t(present.size()));
        for (const FieldKey &key : present) {
            const QList<CorrectionEvent> heads = bruteHeads(events, key);
            const FieldState &state = states.at(key);
            QCOMPARE(state.headIds(), idsOf(heads));
            QCOMPARE(state.isConflict(), heads.size() > 1);
            QCOMPARE(state.value(), heads.first().value);
            QCOMPARE(state.isCurated(), heads.first().value.has_value());
            QCOMPARE(state, resolveField(eventsOf(events, key)));
            if (state.isConflict())
                ++conflictsSeen;
        }
    };

    const int steps = 200;
    for (int step = 0; step < steps; ++step) {
        clock += 500 * rng.bounded(3); // ties on createdAt are common
        Curator &c = curators[rng.bounded(int(curators.size()))];
        const QString createdAt = stamp(clock + c.skewMs);
        const FieldKey key = keys.at(rng.bounded(int(keys.size())));
        const int action = rng.bounded(100);

        if (action < 30) {
            // Partial sync: a few missing events, whatever their parents.
            QList<CorrectionEvent> missing;
            for (const CorrectionEvent &e : std::as_const(all)) {
                if (!c.ids.contains(e.id))
                    missing.append(e);
            }
            shuffle(missing, rng);
            const int n = std::min<int>(int(missing.size()), rng.bounded(1, 6));
            for (int i = 0; i < n; ++i)
                receive(c, missing.at(i));
        } else if (action < 70) {
            const FieldState current = resolveField(eventsOf(c.events, key));
            const std::optional<QString> value = pickValue();
            const CorrectionEvent e = publish(c,
                makeEdit(current, kRecord, key.observation, key.field, value, c.author, createdAt));
            QCOMPARE(e.parents, current.headIds());
            const FieldState after = resolveField(eventsOf(c.events, key));
            QCOMPARE(after.headIds(), QStringList { e.id });
            QCOMPARE(after.value(), value);
        } else if (action < 85) {
            const QList<CorrectionEvent> mine = eventsOf(c.events, key);
            const FieldState current = resolveField(mine);
            if (!current.hasEvents())
                continue;
            const CorrectionEvent &winner = current.heads.first();
            const std::optional<QString> restored = valueBefore(mine, winner.id);
            // Independently: the field without the winner.
            QList<CorrectionEvent> without = mine;
            without.removeIf([&](const CorrectionEvent &e) { return e.id == winner.id; });
            QCOMPARE(restored, resolveField(without).value());
            const CorrectionEvent undo = publish(c,
                makeEdit(
                    current, kRecord, key.observation, key.field, restored, c.author, createdAt));
            const FieldState after = resolveField(eventsOf(c.events, key));
            QCOMPARE(after.headIds(), QStringList { undo.id });
            QCOMPARE(after.value(), restored);
            c.lastUndo = Undo { key, undo.id, winner.value, mine.size() + 1 };
            ++undos;
        } else if (c.lastUndo) {
            const Undo last = *std::exchange(c.lastUndo, std::nullopt);
            const QList<CorrectionEvent> mine = eventsOf(c.events, last.key);
            const FieldState current = resolveField(mine);
            if (current.headIds() != QStringList { last.undoId })
                continue; // someone built on the undo meanwhile: nothing to redo
            const std::optional<QString> redone = valueBefore(mine, last.undoId);
            // Independently: the field without the undo (nothing names it, as it is the head).
            QList<CorrectionEvent> without = mine;
            without.removeIf([&](const CorrectionEvent &e) { return e.id == last.undoId; });
            QCOMPARE(redone, resolveField(without).value());
            // Unless a missing ancestor arrived meanwhile (which can demote a head of the time),
            // redo restores exactly what was undone.
            if (mine.size() == last.eventsOfKey)
                QCOMPARE(redone, last.undone);
            const CorrectionEvent redo = publish(c,
                makeEdit(current, kRecord, last.key.observation, last.key.field, redone, c.author,
                    createdAt));
            QCOMPARE(resolveField(eventsOf(c.events, last.key)).value(), redone);
            QCOMPARE(resolveField(eventsOf(c.events, last.key)).headIds(), QStringList { redo.id });
            ++redos;
        }

        if (step % 10 == 9) {
            for (const Curator &each : std::as_const(curators)) {
                checkAgainstBruteForce(each.events);
                if (QTest::currentTestFailed())
                    return;
            }
        }
    }

    // The full set, by brute force.
    checkAgainstBruteForce(all);
    if (QTest::currentTestFailed())
        return;
    const std::map<FieldKey, FieldState> reference = resolveAll(all);
    const QStringList expected = summary(reference);

    // The same events with duplicates: local copies and synced copies (with seq) of some events.
    QList<CorrectionEvent> withDuplicates = all;
    for (qsizetype i = 0, n = all.size() / 3; i < n; ++i) {
        const qsizetype index = rng.bounded(quint64(all.size()));
        CorrectionEvent copy = all.at(index);
        if (rng.bounded(2) == 0)
            copy.seq = index + 1;
        withDuplicates.append(copy);
    }

    // Any order gives the same state; with the same copies, the very same heads (seq included).
    std::map<FieldKey, FieldState> first;
    for (int order = 0; order < 50; ++order) {
        QList<CorrectionEvent> shuffled = withDuplicates;
        shuffle(shuffled, rng);
        const auto states = resolveAll(shuffled);
        QCOMPARE(summary(states), expected);
        if (order == 0) {
            first = states;
            continue;
        }
        QCOMPARE(states.size(), first.size());
        for (const auto &[key, state] : states)
            QCOMPARE(state, first.at(key));
        if (order % 10 == 0) {
            for (const auto &[key, state] : states)
                QCOMPARE(resolveField(eventsOf(shuffled, key)), state);
        }
    }

    // Every replica, once it holds every event (in its own order), shows the same state.
    for (Curator &c : curators) {
        QList<CorrectionEvent> missing;
        for (const CorrectionEvent &e : std::as_const(all)) {
            if (!c.ids.contains(e.id))
                missing.append(e);
        }
        shuffle(missing, rng);
        for (const CorrectionEvent &e : std::as_const(missing))
            receive(c, e);
        QCOMPARE(summary(resolveAll(c.events)), expected);
    }

    // An edit naming all the heads of each conflict resolves it.
    QList<CorrectionEvent> resolved = all;
    QHash<FieldKey, CorrectionEvent> fixes;
    for (const auto &[key, state] : reference) {
        if (!state.isConflict())
            continue;
        CorrectionEvent fix = makeEdit(state, kRecord, key.observation, key.field, pickValue(),
            QStringLiteral("lead"), stamp(clock - 3600 * 1000));
        fix.id = seededUuid(rng);
        fixes.insert(key, fix);
        resolved.append(fix);
    }
    shuffle(resolved, rng);
    const auto after = resolveAll(resolved);
    QCOMPARE(after.size(), reference.size());
    for (const auto &[key, state] : after) {
        QVERIFY2(!state.isConflict(), qPrintable(curationFieldKey(key.field)));
        if (fixes.contains(key)) {
            QCOMPARE(state.headIds(), QStringList { fixes.value(key).id });
            QCOMPARE(state.value(), fixes.value(key).value);
        } else {
            QCOMPARE(state, reference.at(key));
        }
    }

    // The history must have exercised what it is meant to.
    QVERIFY2(conflictsSeen > 0, "no conflict arose");
    QVERIFY2(undos > 0, "no undo happened");
    Q_UNUSED(redos);
}

// Resolution is linear-ish: one long chain and many small fields resolve fast.
void tst_CurationLog::largeLog()
{
    QList<CorrectionEvent> events;
    const int chain = 20000;
    const int observations = 10000;
    events.reserve(chain + 2 + 4 * observations);
    QString parent;
    for (int i = 0; i < chain; ++i) {
        const QString id = QStringLiteral("chain-%1").arg(i, 6, 10, QLatin1Char('0'));
        events.append(correction(id, QString::number(i),
            parent.isEmpty() ? QStringList() : QStringList { parent }, stamp(qint64(i) * 1000)));
        parent = id;
    }
    // Two concurrent edits on top of the chain.
    events.append(correction(
        QStringLiteral("fork-a"), QStringLiteral("a"), { parent }, stamp(qint64(chain) * 1000)));
    events.append(correction(
        QStringLiteral("fork-b"), QStringLiteral("b"), { parent }, stamp(qint64(chain) * 1000)));
    for (int o = 0; o < observations; ++o) {
        const QString observation = QStringLiteral("obs-%1").arg(o);
        for (int i = 0; i < 4; ++i) {
            events.append(correction(QStringLiteral("e-%1-%2").arg(o).arg(i), QString::number(i),
                i == 0 ? QStringList()
                       : QStringList { QStringLiteral("e-%1-%2").arg(o).arg(i - 1) },
                stamp(qint64(i) * 1000), CurationField::Note, observation));
        }
    }
    QRandomGenerator rng(7);
    shuffle(events, rng);

    const auto states = resolveAll(events);
    QCOMPARE(states.size(), size_t(observations + 1));
    const FieldState &main = states.at(FieldKey { kObservation, CurationField::State });
    QCOMPARE(main.headIds(), (QStringList { QStringLiteral("fork-b"), QStringLiteral("fork-a") }));
    QCOMPARE(states.at(FieldKey { QStringLiteral("obs-17"), CurationField::Note }).value(),
        QStringLiteral("3"));

    const QList<CorrectionEvent> chainOnly
        = eventsOf(events, FieldKey { kObservation, CurationField::State });
    QCOMPARE(resolveField(chainOnly), main);
    QCOMPARE(valueBefore(chainOnly, QStringLiteral("fork-b")), QStringLiteral("a"));
    QCOMPARE(valueBefore(chainOnly, QStringLiteral("chain-000001")), QStringLiteral("0"));
}

// Above 200,000 events resolveAll() given a RunBeside splits the observations at their median
// first character and resolves the two halves on two threads: the result must be what each field
// resolves to alone, every key once, in order, whatever the ids look like; and what one thread
// makes of them without a RunBeside.
void tst_CurationLog::twoThreadMergeMatchesEachField()
{
    QRandomGenerator rng(23);
    QList<CorrectionEvent> events;
    QHash<FieldKey, QList<CorrectionEvent>> byKey;
    const int observations = 70000;
    QStringList ids;
    for (int o = 0; o < observations; ++o) {
        // UUIDs, plus ids starting with one letter, an upper-case one, non-ASCII and an empty one.
        if (o % 1000 == 1)
            ids.append(QStringLiteral("obs-%1").arg(o));
        else if (o % 1000 == 2)
            ids.append(QStringLiteral("Z%1").arg(o));
        else if (o % 1000 == 3)
            ids.append(QStringLiteral("ü%1").arg(o));
        else if (o == 4)
            ids.append(QString());
        else
            ids.append(
                QUuid::createUuidV5(QUuid(), QString::number(o)).toString(QUuid::WithoutBraces));
    }
    QHash<FieldKey, QString> last;
    for (int i = 0; i < 240000; ++i) {
        const QString &observation = ids[int(rng.bounded(observations))];
        const auto field = static_cast<CurationField>(rng.bounded(3));
        const FieldKey key { observation, field };
        const QString id = QStringLiteral("e%1").arg(i);
        // Mostly a chain on each field, now and then a concurrent edit or a repeated event.
        QStringList parents;
        if (const auto it = last.constFind(key); it != last.constEnd() && rng.bounded(10) < 8)
            parents = { *it };
        CorrectionEvent e = correction(id, QString::number(i % 7), parents,
            stamp(qint64(i % 5000) * 1000), field, observation);
        events.append(e);
        byKey[key].append(e);
        if (rng.bounded(50) == 0) { // the same event again (synced twice)
            events.append(e);
            byKey[key].append(e);
        }
        last.insert(key, id);
    }
    QVERIFY(events.size() >= 200000);

    int besides = 0;
    const auto states = resolveAll(
        events, [&besides](const std::function<void()> &beside, const std::function<void()> &here) {
            ++besides;
            LedgerCurator::Threads::runBeside(beside, here);
        });
    QCOMPARE(besides, 1);
    QCOMPARE(states.size(), size_t(byKey.size()));
    QVERIFY(states == resolveAll(events)); // the same on one thread
    QVERIFY(std::is_sorted(states.cbegin(), states.cend(),
        [](const auto &a, const auto &b) { return a.first < b.first; }));
    for (auto it = byKey.cbegin(); it != byKey.cend(); ++it) {
        const auto found = states.find(it.key());
        QVERIFY2(found != states.end(), qPrintable(it.key().observation));
        QCOMPARE(found->second, resolveField(it.value()));
    }
}

QTEST_GUILESS_MAIN(tst_CurationLog)
#include "tst_curationlog.moc"
