// SPDX-License-Identifier: GPL-3.0-or-later
// Signed corrections (issue 19, docs/signatures.md): the canonical byte form, Ed25519 signatures
// that fail when any member changes, key ids, the check of received events against the keys
// (signed, legacy, rejected and why), the merge ranking a signed head over an unsigned one, the
// hybrid logical clock of makeEdit(), the wire form of key_id and signature, and the key file.
#include "CurationLog.h"
#include "EventJson.h"
#include "EventSignature.h"
#include "NoticeJson.h"
#include "NoticeSignature.h"
#include "SigningKeyStore.h"
#include "TrustedKeys.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QUuid>
#include <QtTest>

using namespace LedgerCurator;

namespace {

SigningKey keyOf(const char *name)
{
    return SigningKey::fromSeed(QCryptographicHash::hash(
        QByteArray(QByteArray("tst_trust:") + name), QCryptographicHash::Sha256));
}

CorrectionEvent sampleEvent(const QString &author = QStringLiteral("carol"))
{
    CorrectionEvent e;
    e.id = QStringLiteral("1b0f7e1c-4c7a-4c39-9a55-2c1c1d0e55e2");
    e.record = QStringLiteral("2104.04473");
    e.observation = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2");
    e.field = CurationField::Note;
    e.value = QStringLiteral("checked against the DOI, ünïcode");
    e.parents = { QStringLiteral("0b7c3f0e-5d1a-4c33-9a49-2f1f6b0a7d11") };
    e.author = author;
    e.createdAt = QStringLiteral("2026-11-29T17:00:00.000Z");
    return e;
}

KeyRing ringOf(const QList<std::pair<QString, SigningKey>> &keys)
{
    KeyRing ring;
    for (const auto &[curator, key] : keys)
        ring.insert(key.keyId(), CuratorKey { key.keyId(), curator, key.publicKey, {}, {}, false });
    return ring;
}

} // namespace

class TestTrust : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void canonicalBytesAreTheDocumentedForm()
    {
        CorrectionEvent e = sampleEvent();
        e.keyId = QStringLiteral("00112233445566778899aabbccddeeff");
        const QByteArray value = e.value->toUtf8();
        const QByteArray expected = "ledger-curator-event-v1\n"
                                    "36:1b0f7e1c-4c7a-4c39-9a55-2c1c1d0e55e2\n"
                                    "10:2104.04473\n"
                                    "36:50c00f4f-b34c-4082-acab-2ff8b53dd1d2\n"
                                    "4:note\n"
            + QByteArray::number(value.size()) + ':' + value
            + "\n1\n36:0b7c3f0e-5d1a-4c33-9a49-2f1f6b0a7d11\n"
              "5:carol\n"
              "24:2026-11-29T17:00:00.000Z\n"
              "32:00112233445566778899aabbccddeeff\n";
        QCOMPARE(canonicalEventBytes(e), expected);
        // Null and empty are told apart, and the seq is not signed.
        CorrectionEvent upstream = e;
        upstream.value.reset();
        QVERIFY(canonicalEventBytes(upstream).contains("\n4:note\n-\n1\n"));
        CorrectionEvent synced = upstream;
        synced.seq = 41;
        QCOMPARE(canonicalEventBytes(synced), canonicalEventBytes(upstream));
    }

    void signatureVerifiesAndAnyChangeBreaksIt()
    {
        const SigningKey carol = keyOf("carol");
        QVERIFY(carol.isValid());
        QCOMPARE(carol.keyId().size(), 32);
        QCOMPARE(SigningKey::fromSeed(carol.seed()).publicKey, carol.publicKey);
        CorrectionEvent e = sampleEvent();
        QVERIFY(!verifyEventSignature(e, carol.publicKey)); // unsigned
        signEvent(e, carol);
        QCOMPARE(e.keyId, carol.keyId());
        QCOMPARE(e.signature.size(), 86);
        QVERIFY(verifyEventSignature(e, carol.publicKey));
        QVERIFY(!verifyEventSignature(e, keyOf("bob").publicKey));

        const QList<std::function<void(CorrectionEvent &)>> changes = {
            [](CorrectionEvent &x) { x.id[0] = u'2'; },
            [](CorrectionEvent &x) { x.record = QStringLiteral("2104.04474"); },
            [](CorrectionEvent &x) { x.observation[3] = u'1'; },
            [](CorrectionEvent &x) { x.field = CurationField::ReviewNote; },
            [](CorrectionEvent &x) { x.value = *x.value + u'.'; },
            [](CorrectionEvent &x) { x.value.reset(); },
            [](CorrectionEvent &x) { x.parents.clear(); },
            [](CorrectionEvent &x) { x.author = QStringLiteral("mallory"); },
            [](CorrectionEvent &x) { x.createdAt = QStringLiteral("2027-11-29T17:00:00.000Z"); },
            [](CorrectionEvent &x) { x.signature[10] = x.signature[10] == u'A' ? u'B' : u'A'; },
        };
        for (qsizetype i = 0; i < changes.size(); ++i) {
            CorrectionEvent altered = e;
            changes[i](altered);
            QVERIFY2(
                !verifyEventSignature(altered, carol.publicKey), qPrintable(QString::number(i)));
        }
        CorrectionEvent withSeq = e;
        withSeq.seq = 7; // the server's order is not the author's to sign
        QVERIFY(verifyEventSignature(withSeq, carol.publicKey));
    }

    void base64UrlIsStrict()
    {
        const QByteArray bytes = keyOf("x").publicKey;
        const QString text = toBase64Url(bytes);
        QCOMPARE(text.size(), 43);
        QCOMPARE(fromBase64Url(text, 32).value(), bytes);
        QVERIFY(!fromBase64Url(text + u'=', 32));
        QVERIFY(!fromBase64Url(text.left(42), 32));
        QVERIFY(!fromBase64Url(text, 31));
        QString plus = text;
        plus[5] = u'+';
        QVERIFY(!fromBase64Url(plus, 32));
        QVERIFY(isKeyId(keyIdOf(bytes)));
        QVERIFY(!isKeyId(keyIdOf(bytes).toUpper()));
    }

    void eventsAreJudgedByTheirAuthorsKeys()
    {
        const SigningKey carol = keyOf("carol");
        const SigningKey bob = keyOf("bob");
        const KeyRing ring
            = ringOf({ { QStringLiteral("carol"), carol }, { QStringLiteral("bob"), bob } });

        CorrectionEvent good = sampleEvent();
        signEvent(good, carol);
        good.seq = 10;
        QCOMPARE(verifyEvent(good, ring, 0).trust, EventTrust::Signed);

        CorrectionEvent forged = sampleEvent(QStringLiteral("carol"));
        signEvent(forged, bob); // bob signs under carol's name
        const TrustVerdict other = verifyEvent(forged, ring, 0);
        QCOMPARE(other.trust, EventTrust::Rejected);
        QVERIFY2(other.reason.contains(QStringLiteral("bob's key")), qPrintable(other.reason));

        CorrectionEvent altered = good;
        altered.value = QStringLiteral("altered in the server's database");
        QCOMPARE(verifyEvent(altered, ring, 0).reason, QStringLiteral("fails its signature"));

        CorrectionEvent unknown = sampleEvent(QStringLiteral("dave"));
        signEvent(unknown, keyOf("dave"));
        QVERIFY(verifyEvent(unknown, ring, 0).reason.contains(QStringLiteral("unknown key")));

        CorrectionEvent legacy = sampleEvent();
        legacy.seq = 5;
        QCOMPARE(verifyEvent(legacy, ring, 5).trust, EventTrust::Legacy);
        QCOMPARE(verifyEvent(legacy, ring, 4).trust, EventTrust::Rejected);
        legacy.seq.reset();
        QCOMPARE(verifyEvent(legacy, ring, 100).trust, EventTrust::Rejected);

        // A revoked key: what the server stored before the revocation still holds.
        KeyRing revoked = ring;
        revoked[carol.keyId()].revoked = true;
        revoked[carol.keyId()].revokedAfterSeq = 10;
        QCOMPARE(verifyEvent(good, revoked, 0).trust, EventTrust::Signed);
        CorrectionEvent late = good;
        late.seq = 11;
        QVERIFY(verifyEvent(late, revoked, 0).reason.contains(QStringLiteral("revoked")));

        const TrustSplit split = splitByTrust({ good, altered, legacy, forged }, ring, 0);
        QCOMPARE(split.accepted, QList<CorrectionEvent> { good });
        QCOMPARE(split.rejected.size(), 3);
        QCOMPARE(split.reasons.size(), 3);
        QVERIFY(split.reasons.first().startsWith(QStringLiteral("event %1 by carol").arg(good.id)));
        QCOMPARE(rejectedEventsMessage({ altered }),
            QStringLiteral("1 event by carol fails its signature and was not applied"));
        CorrectionEvent byBob = sampleEvent(QStringLiteral("bob"));
        QCOMPARE(rejectedEventsMessage({ altered, byBob, altered }),
            QStringLiteral("3 events by carol and bob fail their signatures and were not applied"));
        QVERIFY(rejectedEventsMessage({}).isEmpty());
    }

    void verdictsAreTheSameOnAnyNumberOfThreads()
    {
        const SigningKey carol = keyOf("carol");
        const KeyRing ring = ringOf({ { QStringLiteral("carol"), carol } });
        QList<CorrectionEvent> events;
        for (int i = 0; i < 2000; ++i) {
            CorrectionEvent e = sampleEvent();
            e.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
            e.value = QStringLiteral("note %1").arg(i);
            e.seq = i + 1;
            if (i % 3 != 0)
                signEvent(e, carol);
            if (i % 7 == 0)
                e.value = QStringLiteral("altered %1").arg(i); // fails if signed
            events.append(e);
        }
        const TrustSplit one = splitByTrust(events, ring, 600, 1);
        QVERIFY(one.rejected.size() > 0 && one.legacy > 0 && one.accepted.size() > 1000);
        for (int threads : { 2, 3, 8 }) {
            const TrustSplit many = splitByTrust(events, ring, 600, threads);
            QCOMPARE(many.accepted, one.accepted);
            QCOMPARE(many.rejected, one.rejected);
            QCOMPARE(many.reasons, one.reasons);
            QCOMPARE(many.legacy, one.legacy);
        }
        QVERIFY(splitByTrust({}, ring, 0, 4).accepted.isEmpty());
    }

    void signedHeadOutranksUnsignedWhateverTheTime()
    {
        CorrectionEvent legacy = sampleEvent(QStringLiteral("old"));
        legacy.parents.clear();
        legacy.createdAt = QStringLiteral("2030-01-01T00:00:00.000Z"); // far later
        legacy.value = QStringLiteral("legacy");
        CorrectionEvent signedOne = legacy;
        signedOne.id = QStringLiteral("2b0f7e1c-4c7a-4c39-9a55-2c1c1d0e55e2");
        signedOne.createdAt = QStringLiteral("2026-01-01T00:00:00.000Z");
        signedOne.value = QStringLiteral("signed");
        signedOne.author = QStringLiteral("carol");
        signEvent(signedOne, keyOf("carol"));
        for (const auto &events : { QList { legacy, signedOne }, QList { signedOne, legacy } }) {
            const FieldState state = resolveField(events);
            QVERIFY(state.isConflict()); // still shown as a conflict
            QCOMPARE(state.value(), QStringLiteral("signed"));
        }
    }

    void anEditIsNeverEarlierThanItsParents()
    {
        CorrectionEvent ahead = sampleEvent();
        ahead.parents.clear();
        ahead.createdAt = QStringLiteral("2027-06-01T12:00:00.000Z");
        FieldState state;
        state.heads = { ahead };
        const CorrectionEvent next
            = makeEdit(state, ahead.record, ahead.observation, ahead.field, QStringLiteral("later"),
                QStringLiteral("bob"), QStringLiteral("2026-12-01T00:00:00.000Z"));
        QCOMPARE(next.createdAt, QStringLiteral("2027-06-01T12:00:00.001Z"));
        QVERIFY(resolveField({ ahead, next }).heads.first().id == next.id);
        const CorrectionEvent plain
            = makeEdit(state, ahead.record, ahead.observation, ahead.field, QStringLiteral("later"),
                QStringLiteral("bob"), QStringLiteral("2028-01-01T00:00:00.000Z"));
        QCOMPARE(plain.createdAt, QStringLiteral("2028-01-01T00:00:00.000Z"));
        QCOMPARE(timestampPlusMs(QStringLiteral("2026-12-31T23:59:59.999Z"), 1),
            QStringLiteral("2027-01-01T00:00:00.000Z"));
        QVERIFY(isCanonicalTimestamp(nowUtc()));
        QVERIFY(!isCanonicalTimestamp(QStringLiteral("2026-12-01T00:00:00Z")));
    }

    void wireFormCarriesTheSignature()
    {
        CorrectionEvent e = sampleEvent();
        signEvent(e, keyOf("carol"));
        e.seq = 3;
        const QJsonObject json = correctionToJson(e);
        QCOMPARE(json.value(QStringLiteral("key_id")).toString(), e.keyId);
        auto back = correctionFromJson(json, QStringLiteral("events[0]"));
        QVERIFY2(back, qPrintable(back ? QString() : back.error().message));
        QCOMPARE(*back, e);
        // The fast page writer and the direct page reader agree with the QJsonDocument path.
        QByteArray page = "{\"events\":";
        appendCorrectionsJson(page, { e, sampleEvent() });
        page += ",\"last_seq\":3,\"latest_seq\":3,\"more\":false}";
        QCOMPARE(QJsonDocument::fromJson(page).object().value(QStringLiteral("events")),
            QJsonValue(correctionsToJson({ e, sampleEvent() })));
        const auto direct = readEventPageJsonDirectly(page);
        QVERIFY(direct);
        QCOMPARE(direct->events.first(), e);
        QVERIFY(!direct->events.last().isSigned());

        QJsonObject half = json;
        half.remove(QStringLiteral("signature"));
        QVERIFY(correctionFromJson(half, QStringLiteral("e"))
                    .error()
                    .message.contains(QStringLiteral("e.signature: missing")));
        QJsonObject badKey = json;
        badKey.insert(QStringLiteral("key_id"), QStringLiteral("XYZ"));
        QVERIFY(
            correctionFromJson(badKey, QStringLiteral("e"))
                .error()
                .message.contains(QStringLiteral("e.key_id: expected 32 lower-case hex digits")));
        QJsonObject loose = json;
        loose.insert(QStringLiteral("created_at"), QStringLiteral("2026-11-29T18:00:00.000+01:00"));
        QVERIFY(correctionFromJson(loose, QStringLiteral("e"))
                    .error()
                    .message.contains(QStringLiteral("e.created_at: expected a UTC time written")));
    }

    void noticesAreSignedAndJudgedLikeEvents()
    {
        StandingNotice n;
        n.source = QStringLiteral("retraction-watch");
        n.sourceId = QStringLiteral("51234");
        n.work = QStringLiteral("10.48550/arxiv.2104.04473");
        n.event.kind = EventKind::Retraction;
        n.event.nature = QStringLiteral("Retraction");
        n.event.date = QStringLiteral("2024-03-01");
        n.event.source = QStringLiteral("retraction_status_cache");
        n.event.notice = QStringLiteral("10.1234/retract.2104");
        n.event.detail = QStringLiteral("Duplication of Article;\nError in Data");
        n.title = QStringLiteral("Megatron-LM, ünïcode");
        n.origin = QStringLiteral("Retraction Watch record 51234");
        n.importedAt = QStringLiteral("2026-12-03T09:00:00.000Z");
        n.importedBy = QStringLiteral("alice");
        n.importedFrom = QStringLiteral("rw.csv");
        const SigningKey alice = keyOf("alice");
        signNotice(n, alice);
        // The documented form: every member in order, lengths in UTF-8 bytes, no seq.
        const QByteArray expected = "ledger-curator-notice-v1\n16:retraction-watch\n5:51234\n"
                                    "25:10.48550/arxiv.2104.04473\n10:retraction\n10:Retraction\n"
                                    "10:2024-03-01\n23:retraction_status_cache\n"
                                    "20:10.1234/retract.2104\n37:Duplication of Article;\nError in "
                                    "Data\n22:Megatron-LM, \xc3\xbcn\xc3\xaf"
                                    "code\n0:\n0:\n"
                                    "29:Retraction Watch record 51234\n6:listed\n"
                                    "24:2026-12-03T09:00:00.000Z\n5:alice\n6:rw.csv\n0:\n32:"
            + alice.keyId().toLatin1() + '\n';
        QCOMPARE(canonicalNoticeBytes(n), expected);
        QVERIFY(verifyNoticeSignature(n, alice.publicKey));
        StandingNotice withSeq = n;
        withSeq.seq = 41;
        QVERIFY(verifyNoticeSignature(withSeq, alice.publicKey));
        // Any member changed breaks it; the wire form carries it unchanged.
        for (const auto &change : QList<std::function<void(StandingNotice &)>> {
                 [](StandingNotice &m) { m.event.date = QStringLiteral("2019-06-30"); },
                 [](StandingNotice &m) { m.status = StandingNotice::Status::Withdrawn; },
                 [](StandingNotice &m) { m.importedBy = QStringLiteral("bob"); },
                 [](StandingNotice &m) {
                     m.listedAsOf = QStringLiteral("2026-12-01T00:00:00.000Z");
                 },
                 [](StandingNotice &m) { m.urls = QStringLiteral("https://example.org"); } }) {
            StandingNotice changed = n;
            change(changed);
            QVERIFY(!verifyNoticeSignature(changed, alice.publicKey));
        }
        auto read = noticeFromJson(noticeToJson(withSeq), QStringLiteral("n"));
        QVERIFY(read);
        QCOMPARE(*read, withSeq);
        QJsonObject half = noticeToJson(n);
        half.remove(QStringLiteral("signature"));
        QVERIFY(noticeFromJson(half, QStringLiteral("n"))
                    .error()
                    .message.contains(QStringLiteral("n.signature: missing")));

        // The verdicts: alice's key for alice's notice, the server's key for any, legacy only
        // within the mark.
        const SigningKey server = keyOf("server");
        NoticeTrust trust {
            ringOf({ { QStringLiteral("alice"), alice }, { QStringLiteral("bob"), keyOf("bob") } }),
            ServerKey { server.keyId(), server.publicKey }, 10
        };
        QCOMPARE(verifyNotice(withSeq, trust).trust, EventTrust::Signed);
        StandingNotice byBob = withSeq;
        byBob.importedBy = QStringLiteral("bob");
        signNotice(byBob, alice);
        QCOMPARE(verifyNotice(byBob, trust).reason,
            QStringLiteral("is signed with alice's key %1").arg(alice.keyId()));
        StandingNotice byAdmin = withSeq;
        byAdmin.importedBy = QStringLiteral("admin");
        signNotice(byAdmin, server);
        QCOMPARE(verifyNotice(byAdmin, trust).trust, EventTrust::Signed);
        byAdmin.event.date = QStringLiteral("2019-06-30");
        QCOMPARE(verifyNotice(byAdmin, trust).reason, QStringLiteral("fails its signature"));
        StandingNotice old = withSeq;
        old.keyId.clear();
        old.signature.clear();
        old.seq = 10;
        QCOMPARE(verifyNotice(old, trust).trust, EventTrust::Legacy);
        old.seq = 11;
        QCOMPARE(verifyNotice(old, trust).reason, QStringLiteral("is not signed"));
        trust.keys[alice.keyId()].revoked = true;
        trust.keys[alice.keyId()].revokedAfterNoticeSeq = 41;
        QCOMPARE(verifyNotice(withSeq, trust).trust, EventTrust::Signed);
        withSeq.seq = 42;
        signNotice(withSeq, alice);
        QCOMPARE(verifyNotice(withSeq, trust).reason,
            QStringLiteral("is signed with the revoked key %1").arg(alice.keyId()));
        const NoticeTrustSplit split = splitNoticesByTrust({ n, old, byAdmin }, trust);
        QCOMPARE(split.accepted.size(), 0);
        QCOMPARE(rejectedNoticesMessage(split.rejected),
            QStringLiteral("3 notices by alice and admin fail their signatures and were not "
                           "applied"));
    }

    void keyFileIsMadeOnceAndKeptPrivate()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        SigningKeyStore store(SigningKeyStore::Backend::File, dir.filePath(QStringLiteral("keys")));
        auto first = store.loadOrCreate(QStringLiteral("Carol Smith"));
        QVERIFY2(first, qPrintable(first ? QString() : first.error().toString()));
        QVERIFY(first->created);
        QCOMPARE(first->where, store.filePath(QStringLiteral("Carol Smith")));
        const QFileDevice::Permissions permissions = QFile::permissions(first->where);
        QVERIFY(permissions.testFlags(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        QVERIFY(!(permissions
            & (QFileDevice::ReadGroup | QFileDevice::WriteGroup | QFileDevice::ReadOther
                | QFileDevice::WriteOther)));
        auto again = store.loadOrCreate(QStringLiteral("Carol Smith"));
        QVERIFY(again);
        QVERIFY(!again->created);
        QCOMPARE(again->key.publicKey, first->key.publicKey);
        auto other = store.loadOrCreate(QStringLiteral("Bob"));
        QVERIFY(other);
        QVERIFY(other->key.publicKey != first->key.publicKey);

        QFile damaged(first->where);
        QVERIFY(damaged.open(QIODevice::WriteOnly | QIODevice::Truncate));
        damaged.write("ledger-curator-signing-key-v1\nnot a key\n");
        damaged.close();
        auto refused = store.loadOrCreate(QStringLiteral("Carol Smith"));
        QVERIFY(!refused);
        QVERIFY2(refused.error().toString().contains(
                     first->where + QStringLiteral(":2: the key is damaged")),
            qPrintable(refused.error().toString()));
        QVERIFY(!store.loadOrCreate(QString()));
    }
};

QTEST_GUILESS_MAIN(TestTrust)
#include "tst_trust.moc"
