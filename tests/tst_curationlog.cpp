// SPDX-License-Identifier: GPL-3.0-or-later
#include "CurationLog.h"
#include "CurationLogFixtures.h"
#include "EventJson.h"
#include "EventSignature.h"
#include "Record.h"

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
using namespace LedgerCurator::TestSupport;

namespace {

const QString kOtherObservation = QStringLiteral("0b9e7d21-5a4c-4f3e-8d2b-c6a1e0f94b77");

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

QTEST_GUILESS_MAIN(tst_CurationLog)
#include "tst_curationlog.moc"
