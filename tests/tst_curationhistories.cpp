// SPDX-License-Identifier: GPL-3.0-or-later
// The curation log at scale: random histories of several curators replicating in any order (every
// replica converges; conflicts are exactly several heads), a long log resolved fast, and the
// two-thread merge of resolveAll() against each field resolved alone.
#include "CurationLog.h"
#include "CurationLogFixtures.h"
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
using namespace LedgerCurator::TestSupport;

namespace {

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

class tst_CurationHistories : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void randomHistories_data();
    void randomHistories();
    void largeLog();
    void twoThreadMergeMatchesEachField();
};

void tst_CurationHistories::randomHistories_data()
{
    QTest::addColumn<quint32>("seed");
    // Who signs (docs/signatures.md): nobody (events from before signatures), everybody, or every
    // other curator (signed and legacy heads meet).
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
void tst_CurationHistories::randomHistories()
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
void tst_CurationHistories::largeLog()
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
void tst_CurationHistories::twoThreadMergeMatchesEachField()
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

QTEST_GUILESS_MAIN(tst_CurationHistories)
#include "tst_curationhistories.moc"
