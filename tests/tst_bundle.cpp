// SPDX-License-Identifier: GPL-3.0-or-later
// Curator bundles (docs/bundle.md) end to end: a real cache with signed events of two curators,
// the real ledger-curator exporting, verifying and importing real files.
#include "BundleJson.h"
#include "CuratedRecord.h"
#include "EventJson.h"
#include "EventSignature.h"
#include "LedgerText.h"
#include "Outbox.h"
#include "Store.h"
#include "TestSupport.h"
#include "TrustedKeys.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");

SigningKey carolKey()
{
    return SigningKey::fromSeed(QByteArray(32, 'c'));
}
SigningKey daveKey()
{
    return SigningKey::fromSeed(QByteArray(32, 'd'));
}

CuratorKey curatorKey(const SigningKey &key, const QString &curator)
{
    return CuratorKey { key.keyId(), curator, key.publicKey,
        QStringLiteral("2026-01-01T00:00:00.000Z"), std::nullopt, false };
}

CorrectionEvent makeEvent(int n, const QString &observation, CurationField field,
    const QString &value, const QString &author, QStringList parents = {})
{
    CorrectionEvent e;
    e.id = uuidFor(1000 + n);
    e.record = kRecord;
    e.observation = observation;
    e.field = field;
    e.value = value;
    e.parents = std::move(parents);
    e.author = author;
    e.createdAt = QStringLiteral("2026-03-01T10:00:%1.250Z").arg(n, 2, 10, QLatin1Char('0'));
    e.seq = n;
    return e;
}

} // namespace

class TestBundle : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void bundleJsonRoundTrips();
    void exportVerifyImportGiveTheSamePage();
    void alteredEventFailsNamingIt();
    void keyProblemsFailNamingTheEvents_data();
    void keyProblemsFailNamingTheEvents();
    void legacyEventIsReportedAndRanksBelow();
    void eventWithoutSeqIsLeftOutOfTheImport();
    void olderPageIsRefused();
    void badFilesSayWhereAndWhat_data();
    void badFilesSayWhereAndWhat();
    void badEventSaysLineAndMember();
    void exportNeverWritesOverTheCache();
    void importIsAllOrNothing();
    void forgedRecordFailsTheSeal();
    void eventsAddedOrRemovedAreNamed();
    void keysAreListedForPeopleToCompare();
    void unsignedValueIsMarkedWhenAllowed();
    void aCacheThatNeverSyncedExportsItsOwn();
    void independentVerifierAgrees();

private:
    CliRun run(const QStringList &arguments) const { return runCli(arguments, m_dir->path()); }
    QString path(const QString &name) const { return m_dir->filePath(name); }
    QString writeFile(const QString &name, const QByteArray &data) const;
    //! A cache with the fixture and four events signed by carol and dave, their keys stored.
    void makeSource();
    QString exportBundle();
    QByteArray render(const QString &db, const QString &format) const;
    //! Writes a changed copy of the bundle `file`; `change` edits its top-level object.
    QString changedBundle(const QString &file, const QString &name,
        const std::function<void(QJsonObject &)> &change) const;
    //! tests/bundle-verify.py, the verifier written from the docs alone, on `file`.
    int independentVerify(const QString &file, QByteArray *said = nullptr) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
    Record m_record;
    QList<CorrectionEvent> m_events;
};

void TestBundle::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = path(QStringLiteral("source.sqlite"));
    auto page = parseLedgerText(fixture(), QStringLiteral("fixture"));
    QVERIFY(page);
    m_record = page->record;
    QVERIFY(m_record.observations.size() > 3);
}

QString TestBundle::writeFile(const QString &name, const QByteArray &data) const
{
    QFile file(path(name));
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size())
        return {};
    return file.fileName();
}

void TestBundle::makeSource()
{
    const QString first = m_record.observations[0].id;
    const QString second = m_record.observations[1].id;
    const QString third = m_record.observations[2].id;
    m_events = {
        makeEvent(1, first, CurationField::Note, QStringLiteral("checked against the PDF"),
            QStringLiteral("carol")),
        makeEvent(2, second, CurationField::Title, QStringLiteral("A corrected citing title"),
            QStringLiteral("dave")),
        makeEvent(3, first, CurationField::Note, QStringLiteral("checked again, see the errata"),
            QStringLiteral("dave"), { uuidFor(1001) }),
        makeEvent(4, third, CurationField::Note, QStringLiteral("a second opinion"),
            QStringLiteral("carol")),
    };
    signEvent(m_events[0], carolKey());
    signEvent(m_events[1], daveKey());
    signEvent(m_events[2], daveKey());
    signEvent(m_events[3], carolKey());
    Store store(m_db);
    QVERIFY(store.open());
    QVERIFY(store.importRecords({ m_record }));
    QVERIFY(store.storeCuratorKeys({ curatorKey(carolKey(), QStringLiteral("carol")),
        curatorKey(daveKey(), QStringLiteral("dave")) }));
    QVERIFY(store.addSyncedCorrections(m_events, {}));
    // The exporter seals the bundle with their own key (the key store's, in this test's home).
    QCOMPARE(run({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("carol") })
                 .exitCode,
        0);
}

QString TestBundle::exportBundle()
{
    const QString file = path(QStringLiteral("bundle.json"));
    const CliRun exported = run({ QStringLiteral("export-bundle"), kRecord, QStringLiteral("-o"),
        file, QStringLiteral("--db"), m_db });
    if (exported.exitCode != 0) {
        qWarning() << exported.err;
        return {};
    }
    return file;
}

QByteArray TestBundle::render(const QString &db, const QString &format) const
{
    const CliRun rendered = run({ QStringLiteral("render"), kRecord, QStringLiteral("--format"),
        format, QStringLiteral("--db"), db });
    return rendered.exitCode == 0 ? rendered.out : QByteArray("render failed: ") + rendered.err;
}

void TestBundle::bundleJsonRoundTrips()
{
    makeSource();
    CurationBundle bundle;
    bundle.record = m_record;
    bundle.events = m_events;
    bundle.events[0].seq.reset();
    bundle.keys = { { QString(32, u'e'), QStringLiteral("erin"), QString(43, u'A'),
                        QStringLiteral("2026-01-01T00:00:00.000Z"), true, 7 },
        { QString(32, u'a'), QStringLiteral("ann"), QString(43, u'_'),
            QStringLiteral("2026-01-02T00:00:00.000Z"), false, std::nullopt } };
    bundle.exportedAt = QStringLiteral("2026-03-02T00:00:00.000Z");
    bundle.exportedBy = QStringLiteral("carol");
    BundleSeal seal { bundleRecordSha256(m_record), {}, { QString(32, u'a'), QString(32, u'e') },
        bundle.exportedAt, bundle.exportedBy, QString(32, u'a'), QString(86, u'S') };
    for (const CorrectionEvent &e : std::as_const(bundle.events))
        seal.eventIds.append(e.id);
    bundle.seal = seal;
    const QByteArray text = writeBundleJson(bundle);
    QCOMPARE(writeBundleJson(bundle), text);
    auto read = readBundleJson(text, QStringLiteral("b.json"));
    QVERIFY2(read, qPrintable(read ? QString() : read.error().toString()));
    QCOMPARE(read->record, bundle.record);
    QCOMPARE(read->events, bundle.events);
    QCOMPARE(read->keys.size(), 2);
    QCOMPARE(read->keys[0], bundle.keys[1]); // sorted by key id
    QCOMPARE(read->keys[1], bundle.keys[0]);
    QCOMPARE(read->exportedAt, bundle.exportedAt);
    QCOMPARE(read->exportedBy, bundle.exportedBy);
    QCOMPARE(read->seal, bundle.seal);
    QCOMPARE(read->carriedRecordSha256, seal.recordSha256);
    // A key's form is checked whole: a trailing newline or an upper-case digit is refused.
    for (const auto &[member, value] : { std::pair { "key_id", QString(QString(31, u'a') + u'\n') },
             std::pair { "key_id", QString(QString(31, u'a') + u'A') },
             std::pair { "public_key", QString(QString(42, u'A') + u'=') } }) {
        QJsonObject top = QJsonDocument::fromJson(text).object();
        QJsonArray keys = top.value(QStringLiteral("keys")).toArray();
        QJsonObject key = keys[0].toObject();
        key.insert(QLatin1String(member), value);
        keys[0] = key;
        top.insert(QStringLiteral("keys"), keys);
        auto refused = readBundleJson(QJsonDocument(top).toJson(), QStringLiteral("b.json"));
        QVERIFY(!refused);
        QVERIFY2(
            refused.error().message.startsWith(QStringLiteral("keys[0].") + QLatin1String(member)),
            qPrintable(refused.error().toString()));
    }
}

void TestBundle::exportVerifyImportGiveTheSamePage()
{
    makeSource();
    const QString file = exportBundle();
    QVERIFY(!file.isEmpty());
    const QByteArray text = render(m_db, QStringLiteral("text"));
    const QByteArray json = render(m_db, QStringLiteral("json"));
    // The corrections show: the comparisons below are of a curated page, not of the upstream one.
    QVERIFY(text.contains("A corrected citing title"));
    QVERIFY(json.contains("checked again, see the errata"));

    const CliRun verified = run({ QStringLiteral("verify-bundle"), file });
    QVERIFY2(verified.exitCode == 0, verified.err.constData());
    QCOMPARE(verified.out, text);
    QVERIFY2(verified.err.contains("4 signed events, 0 legacy"), verified.err.constData());
    const CliRun verifiedJson = run({ QStringLiteral("verify-bundle"), file,
        QStringLiteral("--format"), QStringLiteral("json") });
    QCOMPARE(verifiedJson.exitCode, 0);
    QCOMPARE(verifiedJson.out, json);
    const QString pageFile = path(QStringLiteral("page.txt"));
    const CliRun toFile
        = run({ QStringLiteral("verify-bundle"), file, QStringLiteral("--out"), pageFile });
    QCOMPARE(toFile.exitCode, 0);
    QCOMPARE(readAll(pageFile), text);

    const QString other = path(QStringLiteral("other.sqlite"));
    const CliRun imported
        = run({ QStringLiteral("import-bundle"), file, QStringLiteral("--db"), other });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    QVERIFY2(imported.out.contains("imported 2104.04473 v5"), imported.out.constData());
    QCOMPARE(render(other, QStringLiteral("text")), text);
    QCOMPARE(render(other, QStringLiteral("json")), json);
    Store store(other);
    QVERIFY(store.open());
    // Stored as synced events (their seqs kept), not as this cache's own outbox.
    QCOMPARE(*Outbox(store).count(), qint64(0));
    auto events = store.corrections(kRecord);
    QVERIFY(events);
    QCOMPARE(events->size(), 4);
    for (const CorrectionEvent &e : std::as_const(*events))
        QVERIFY(e.seq && e.isSigned());
    auto keys = store.curatorKeys();
    QVERIFY(keys);
    QCOMPARE(keys->value(carolKey().keyId()).curator, QStringLiteral("carol"));
    QCOMPARE(keys->value(daveKey().keyId()).publicKey, daveKey().publicKey);
    // Importing it again doubles nothing.
    QCOMPARE(
        run({ QStringLiteral("import-bundle"), file, QStringLiteral("--db"), other }).exitCode, 0);
    QCOMPARE(render(other, QStringLiteral("text")), text);
    QCOMPARE(store.corrections(kRecord)->size(), 4);
}

void TestBundle::alteredEventFailsNamingIt()
{
    makeSource();
    const QString file = exportBundle();
    QVERIFY(!file.isEmpty());
    const QJsonObject good = QJsonDocument::fromJson(readAll(file)).object();
    const QJsonArray events = good.value(QStringLiteral("events")).toArray();
    QCOMPARE(events.size(), 4);
    // One character changed, and the bundle still reads: only the signature can tell.
    auto alter = [](const QString &text, qsizetype at) {
        QString out = text;
        const QChar c = out[at];
        out[at] = c == u'0' ? u'1' : c.isDigit() ? u'0' : c == u'a' ? u'b' : u'a';
        return out;
    };
    const QString importer = path(QStringLiteral("importer.sqlite"));
    {
        Store store(importer);
        QVERIFY(store.open());
    }
    const QString emptyCache = dumpDatabase(importer);
    int cases = 0;
    for (qsizetype i = 0; i < events.size(); ++i) {
        for (const QString &member : { QStringLiteral("value"), QStringLiteral("author"),
                 QStringLiteral("created_at"), QStringLiteral("parents"),
                 QStringLiteral("signature"), QStringLiteral("observation") }) {
            QJsonObject e = events[i].toObject();
            const QJsonValue v = e.value(member);
            if (member == u"parents") {
                QJsonArray parents = v.toArray();
                if (parents.isEmpty())
                    continue;
                parents[0] = alter(parents[0].toString(), 3);
                e.insert(member, parents);
            } else if (member == u"created_at") {
                e.insert(member, alter(v.toString(), 21)); // a digit of the milliseconds
            } else {
                e.insert(member, alter(v.toString(), 2));
            }
            QJsonArray changed = events;
            changed[i] = e;
            QJsonObject bundle = good;
            bundle.insert(QStringLiteral("events"), changed);
            const QString bad = writeFile(QStringLiteral("altered.json"),
                QJsonDocument(bundle).toJson(QJsonDocument::Indented));
            const QByteArray id = e.value(QStringLiteral("id")).toString().toUtf8();
            const QByteArray author = e.value(QStringLiteral("author")).toString().toUtf8();
            const QByteArray row
                = QByteArray("events[" + QByteArray::number(i) + "]." + member.toUtf8());
            const CliRun verified = run({ QStringLiteral("verify-bundle"), bad });
            QVERIFY2(verified.exitCode == 1, QByteArray(row + ": " + verified.err).constData());
            QVERIFY2(verified.err.contains(QByteArray("event " + id + " by " + author + " ")),
                QByteArray(row + ": " + verified.err).constData());
            QVERIFY2(verified.err.contains("1 of 4 events fail verification"),
                QByteArray(row + ": " + verified.err).constData());
            QVERIFY2(verified.out.isEmpty(), row.constData());
            // Only the altered event is named.
            for (qsizetype j = 0; j < events.size(); ++j) {
                if (j != i)
                    QVERIFY2(
                        !verified.err.contains(
                            events[j].toObject().value(QStringLiteral("id")).toString().toUtf8()),
                        row.constData());
            }
            if (member == u"signature")
                QVERIFY2(verified.err.contains("fails its signature"), verified.err.constData());
            const CliRun imported
                = run({ QStringLiteral("import-bundle"), bad, QStringLiteral("--db"), importer });
            QVERIFY2(imported.exitCode == 1, QByteArray(row + ": " + imported.err).constData());
            QVERIFY2(imported.err.contains("not imported"), imported.err.constData());
            QVERIFY2(imported.err.contains(QByteArray("event " + id)), imported.err.constData());
            QCOMPARE(dumpDatabase(importer), emptyCache);
            ++cases;
        }
    }
    QCOMPARE(cases, 4 * 5 + 1);
}

void TestBundle::keyProblemsFailNamingTheEvents_data()
{
    QTest::addColumn<QString>("problem");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("unknown key") << QStringLiteral("drop")
                                 << QByteArray("which the bundle does not hold");
    QTest::newRow("author is not the key's curator")
        << QStringLiteral("curator") << QByteArray("is signed with erin's key");
    QTest::newRow("key id does not match its key")
        << QStringLiteral("public_key") << QByteArray("whose public key in the bundle has the id");
}

void TestBundle::keyProblemsFailNamingTheEvents()
{
    QFETCH(QString, problem);
    QFETCH(QByteArray, expected);
    makeSource();
    const QString file = exportBundle();
    QVERIFY(!file.isEmpty());
    QJsonObject bundle = QJsonDocument::fromJson(readAll(file)).object();
    QJsonArray keys = bundle.value(QStringLiteral("keys")).toArray();
    QCOMPARE(keys.size(), 3); // carol's, dave's, and the key carol sealed the bundle with
    for (qsizetype i = 0; i < keys.size(); ++i) {
        QJsonObject key = keys[i].toObject();
        if (key.value(QStringLiteral("key_id")).toString() != daveKey().keyId())
            continue;
        if (problem == u"drop") {
            keys.removeAt(i);
            break;
        }
        if (problem == u"curator")
            key.insert(QStringLiteral("curator"), QStringLiteral("erin"));
        else
            key.insert(QStringLiteral("public_key"), toBase64Url(carolKey().publicKey));
        keys[i] = key;
    }
    bundle.insert(QStringLiteral("keys"), keys);
    const QString bad = writeFile(QStringLiteral("bad-key.json"), QJsonDocument(bundle).toJson());
    const CliRun verified = run({ QStringLiteral("verify-bundle"), bad });
    QCOMPARE(verified.exitCode, 1);
    // Both of dave's events fail, each named; carol's pass.
    for (const int n : { 1, 2 }) {
        const QByteArray line = QByteArray("event " + m_events[n].id.toUtf8() + " by dave");
        QVERIFY2(verified.err.contains(line), verified.err.constData());
    }
    QVERIFY2(verified.err.contains(expected), verified.err.constData());
    QVERIFY2(verified.err.contains("2 of 4 events fail verification"), verified.err.constData());
    QVERIFY(!verified.err.contains(m_events[0].id.toUtf8()));
    QVERIFY(!verified.err.contains(m_events[3].id.toUtf8()));
    const QString importer = path(QStringLiteral("importer.sqlite"));
    const CliRun imported
        = run({ QStringLiteral("import-bundle"), bad, QStringLiteral("--db"), importer });
    QCOMPARE(imported.exitCode, 1);
    QVERIFY2(imported.err.contains(expected), imported.err.constData());
}

void TestBundle::legacyEventIsReportedAndRanksBelow()
{
    makeSource();
    // An unsigned event from before signatures, later than carol's signed note on the same field:
    // it is shown as legacy and does not win.
    CorrectionEvent legacy = makeEvent(5, m_record.observations[2].id, CurationField::Note,
        QStringLiteral("an old unsigned note"), QStringLiteral("bob"));
    {
        Store store(m_db);
        QVERIFY(store.open());
        QVERIFY(store.addSyncedCorrections({ legacy }, {}));
    }
    const QString file = exportBundle();
    QVERIFY(!file.isEmpty());
    // Unsigned content is not "verified": refused, naming the event, unless allowed.
    const CliRun refused = run({ QStringLiteral("verify-bundle"), file });
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains(QByteArray("event " + legacy.id.toUtf8()
                 + " by bob is not signed (--allow-unsigned accepts it")),
        refused.err.constData());
    QVERIFY2(refused.err.contains("1 of 5 events fail verification"), refused.err.constData());
    QVERIFY(refused.out.isEmpty());
    const CliRun verified = run({ QStringLiteral("verify-bundle"), file, QStringLiteral("--format"),
        QStringLiteral("json"), QStringLiteral("--allow-unsigned") });
    QVERIFY2(verified.exitCode == 0, verified.err.constData());
    QVERIFY2(verified.err.contains(QByteArray(
                 "event " + legacy.id.toUtf8() + " by bob is not signed: taken as legacy")),
        verified.err.constData());
    QVERIFY2(verified.err.contains("4 signed events, 1 legacy"), verified.err.constData());
    QCOMPARE(verified.out, render(m_db, QStringLiteral("json")));
    // The signed note wins over the later legacy one; the field shows as a conflict.
    QJsonObject shown;
    for (const QJsonValue o : QJsonDocument::fromJson(verified.out)
                                  .object()
                                  .value(QStringLiteral("observations"))
                                  .toArray()) {
        if (o.toObject().value(QStringLiteral("id")).toString() == legacy.observation)
            shown = o.toObject().value(QStringLiteral("curation")).toObject();
    }
    QCOMPARE(shown.value(QStringLiteral("note")).toString(), QStringLiteral("a second opinion"));
    QVERIFY(shown.value(QStringLiteral("conflicts")).toArray().contains(QStringLiteral("note")));
    const QString other = path(QStringLiteral("other.sqlite"));
    QCOMPARE(
        run({ QStringLiteral("import-bundle"), file, QStringLiteral("--db"), other }).exitCode, 1);
    QCOMPARE(run({ QStringLiteral("import-bundle"), file, QStringLiteral("--db"), other,
                     QStringLiteral("--allow-unsigned") })
                 .exitCode,
        0);
    QCOMPARE(render(other, QStringLiteral("json")), render(m_db, QStringLiteral("json")));
}

void TestBundle::eventWithoutSeqIsLeftOutOfTheImport()
{
    makeSource();
    // carol's latest event, signed, still in her outbox (no seq).
    CorrectionEvent pending = makeEvent(6, m_record.observations[3].id, CurationField::Note,
        QStringLiteral("not yet pushed"), QStringLiteral("carol"));
    pending.seq.reset();
    signEvent(pending, carolKey());
    {
        Store store(m_db);
        QVERIFY(store.open());
        QVERIFY(store.addCorrections({ pending }));
    }
    const QString file = exportBundle();
    QVERIFY(!file.isEmpty());
    // The bundle holds it and its page shows it: it verifies like any other.
    const CliRun verified = run({ QStringLiteral("verify-bundle"), file, QStringLiteral("--format"),
        QStringLiteral("json") });
    QCOMPARE(verified.exitCode, 0);
    QVERIFY(verified.out.contains("not yet pushed"));
    const QString other = path(QStringLiteral("other.sqlite"));
    const CliRun imported
        = run({ QStringLiteral("import-bundle"), file, QStringLiteral("--db"), other });
    QCOMPARE(imported.exitCode, 0);
    QVERIFY2(imported.err.contains("1 event without a seq (not yet on a server) left out"),
        imported.err.constData());
    Store store(other);
    QVERIFY(store.open());
    QCOMPARE(*Outbox(store).count(), qint64(0));
    QCOMPARE(store.corrections(kRecord)->size(), 4);
}

void TestBundle::olderPageIsRefused()
{
    makeSource();
    const QString file = exportBundle();
    QVERIFY(!file.isEmpty());
    const QString other = path(QStringLiteral("other.sqlite"));
    {
        Store store(other);
        QVERIFY(store.open());
        Record newer = m_record;
        newer.asOf = QStringLiteral("2031-01-01");
        QVERIFY(store.importRecords({ newer }));
    }
    const QString before = dumpDatabase(other);
    const CliRun imported
        = run({ QStringLiteral("import-bundle"), file, QStringLiteral("--db"), other });
    QCOMPARE(imported.exitCode, 2);
    QVERIFY2(imported.err.contains("2031-01-01"), imported.err.constData());
    QCOMPARE(dumpDatabase(other), before);
}

void TestBundle::badFilesSayWhereAndWhat_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("not JSON") << QByteArray("{\"format\": \"ledger-curator-bundle\",\n  oops")
                              << QByteArray(":2: not valid JSON");
    QTest::newRow("an array") << QByteArray("[]") << QByteArray(":1: expected a bundle object");
    QTest::newRow("no format") << QByteArray(
        "{\"version\": 1}") << QByteArray("format: missing: this is not a ledger-curator bundle");
    QTest::newRow("other format") << QByteArray(
        "{\n\"format\": \"pith.paper-citation-record.v1\",\n\"version\": 1}")
                                  << QByteArray(
                                         ":2: format: expected \"ledger-curator-bundle\", found "
                                         "'pith.paper-citation-record.v1'");
    QTest::newRow("version 3")
        << QByteArray("{\"format\": \"ledger-curator-bundle\",\n\"version\": 3}")
        << QByteArray(":2: version: this program reads bundles of versions 1 and 2, found 3");
    QTest::newRow("record missing")
        << QByteArray("{\"format\": \"ledger-curator-bundle\", \"version\": 1}")
        << QByteArray("record: expected a record JSON object, found nothing");
}

void TestBundle::badFilesSayWhereAndWhat()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    const QString file = writeFile(QStringLiteral("bad-bundle.json"), text);
    for (const QString &command :
        { QStringLiteral("verify-bundle"), QStringLiteral("import-bundle") }) {
        const CliRun r
            = run({ command, file, QStringLiteral("--db"), path(QStringLiteral("x.sqlite")) });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith(QByteArray("ledger-curator: " + file.toUtf8() + ':')),
            r.err.constData());
        QVERIFY2(r.err.contains(expected), r.err.constData());
    }
    QVERIFY(!QFile::exists(path(QStringLiteral("x.sqlite"))));
}

void TestBundle::badEventSaysLineAndMember()
{
    makeSource();
    const QString file = exportBundle();
    QVERIFY(!file.isEmpty());
    const QJsonObject good = QJsonDocument::fromJson(readAll(file)).object();
    for (const auto &[member, value, expected] :
        { std::tuple { "field", "colour", QByteArray("events[2].field: unknown field 'colour'") },
            std::tuple { "record", "2104.99999",
                QByteArray("events[2].record: an event of '2104.99999' in a bundle of "
                           "'2104.04473'") } }) {
        QJsonArray events = good.value(QStringLiteral("events")).toArray();
        QJsonObject e = events[2].toObject();
        e.insert(QLatin1String(member), QLatin1String(value));
        events[2] = e;
        QJsonObject bundle = good;
        bundle.insert(QStringLiteral("events"), events);
        const QByteArray text = QJsonDocument(bundle).toJson(QJsonDocument::Indented);
        const QString bad = writeFile(QStringLiteral("bad-event.json"), text);
        // The line of the bad member's value.
        const qsizetype at = text.indexOf(QByteArray(QByteArray("\"") + value + '"'));
        QVERIFY(at > 0);
        const QByteArray line = QByteArray::number(text.left(at).count('\n') + 1);
        const CliRun r = run({ QStringLiteral("verify-bundle"), bad });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QByteArray(bad.toUtf8() + ':' + line + ": " + expected)),
            QByteArray(line + ' ' + r.err).constData());
    }
}

void TestBundle::exportNeverWritesOverTheCache()
{
    makeSource();
    const QString before = dumpDatabase(m_db);
    for (const QString &target : QStringList { m_db, m_db + QStringLiteral("-wal") }) {
        const CliRun r = run({ QStringLiteral("export-bundle"), kRecord, QStringLiteral("-o"),
            target, QStringLiteral("--db"), m_db });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("this is a file of the cache"), r.err.constData());
    }
    QCOMPARE(dumpDatabase(m_db), before);
    // A signed event whose key the cache does not hold: no bundle that cannot verify is written.
    CorrectionEvent stray = makeEvent(7, m_record.observations[0].id, CurationField::Note,
        QStringLiteral("by a stranger"), QStringLiteral("erin"));
    signEvent(stray, SigningKey::fromSeed(QByteArray(32, 'e')));
    {
        Store store(m_db);
        QVERIFY(store.open());
        QVERIFY(store.addSyncedCorrections({ stray }, {}));
    }
    const QString out = path(QStringLiteral("stray.json"));
    const CliRun r = run({ QStringLiteral("export-bundle"), kRecord, QStringLiteral("-o"), out,
        QStringLiteral("--db"), m_db });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(
        r.err.contains(QByteArray("no public key for " + stray.keyId.toUtf8())), r.err.constData());
    QVERIFY(!QFile::exists(out));
}

void TestBundle::importIsAllOrNothing()
{
    // The record imports, then a key fails to store: nothing of the bundle is left in the cache.
    Store store(path(QStringLiteral("target.sqlite")));
    QVERIFY(store.open());
    const QString before = dumpDatabase(store.path());
    CuratorKey wrong;
    wrong.keyId = QStringLiteral("00112233445566778899aabbccddeeff"); // not the key's id
    wrong.curator = QStringLiteral("carol");
    wrong.publicKey = SigningKey::generate().publicKey;
    auto imported = store.importBundle(m_record, { wrong }, {});
    QVERIFY(!imported);
    QVERIFY2(imported.error().message.contains(QStringLiteral("does not match its id")),
        qPrintable(imported.error().message));
    QCOMPARE(dumpDatabase(store.path()), before);
    QVERIFY(!store.loadRecord(m_record.arxivId).value().has_value());
}

QString TestBundle::changedBundle(const QString &file, const QString &name,
    const std::function<void(QJsonObject &)> &change) const
{
    QJsonObject bundle = QJsonDocument::fromJson(readAll(file)).object();
    change(bundle);
    return writeFile(name, QJsonDocument(bundle).toJson(QJsonDocument::Indented));
}

int TestBundle::independentVerify(const QString &file, QByteArray *said) const
{
    QProcess python;
    python.start(QStringLiteral("python3"),
        { QStringLiteral(LC_TEST_SOURCE_DIR "/bundle-verify.py"), file });
    if (!python.waitForFinished(60000))
        return -1;
    if (said)
        *said = python.readAllStandardOutput() + python.readAllStandardError();
    return python.exitStatus() == QProcess::NormalExit ? python.exitCode() : -1;
}

void TestBundle::forgedRecordFailsTheSeal()
{
    makeSource();
    const QString file = exportBundle();
    QVERIFY(!file.isEmpty());
    const QString forged
        = changedBundle(file, QStringLiteral("forged.json"), [](QJsonObject &bundle) {
              QJsonObject record = bundle.value(QStringLiteral("record")).toObject();
              QVERIFY(record.contains(QStringLiteral("title")));
              record.insert(QStringLiteral("title"), QStringLiteral("A Forged Title"));
              bundle.insert(QStringLiteral("record"), record);
          });
    const CliRun verified = run({ QStringLiteral("verify-bundle"), forged });
    QCOMPARE(verified.exitCode, 1);
    QVERIFY2(verified.err.contains("the record differs from the one the exporter sealed"),
        verified.err.constData());
    QVERIFY2(verified.err.contains("the seal does not hold; no page is written"),
        verified.err.constData());
    QVERIFY(verified.out.isEmpty());
    const QString importer = path(QStringLiteral("importer.sqlite"));
    QCOMPARE(
        run({ QStringLiteral("import-bundle"), forged, QStringLiteral("--db"), importer }).exitCode,
        1);
    {
        Store store(importer);
        QVERIFY(store.open());
        QVERIFY(!store.loadRecord(kRecord).value().has_value());
    }
    // The hash is of the record's canonical JSON: the same bundle written compactly (other
    // whitespace) still verifies.
    const QString compact = writeFile(QStringLiteral("compact.json"),
        QJsonDocument::fromJson(readAll(file)).toJson(QJsonDocument::Compact));
    QCOMPARE(run({ QStringLiteral("verify-bundle"), compact }).exitCode, 0);
    // A bundle of version 1 (no seal) is refused: nothing covers its record.
    const QString old = changedBundle(file, QStringLiteral("v1.json"), [](QJsonObject &bundle) {
        bundle.insert(QStringLiteral("version"), 1);
        bundle.remove(QStringLiteral("seal"));
    });
    const CliRun unsealed = run({ QStringLiteral("verify-bundle"), old });
    QCOMPARE(unsealed.exitCode, 1);
    QVERIFY2(unsealed.err.contains("carries no seal"), unsealed.err.constData());
}

void TestBundle::eventsAddedOrRemovedAreNamed()
{
    makeSource();
    const QString file = exportBundle();
    QVERIFY(!file.isEmpty());
    const QString removed
        = changedBundle(file, QStringLiteral("removed.json"), [](QJsonObject &bundle) {
              QJsonArray events = bundle.value(QStringLiteral("events")).toArray();
              events.removeAt(1);
              bundle.insert(QStringLiteral("events"), events);
          });
    const CliRun lessOne = run({ QStringLiteral("verify-bundle"), removed });
    QCOMPARE(lessOne.exitCode, 1);
    QVERIFY2(lessOne.err.contains(QByteArray("event " + m_events[1].id.toUtf8()
                 + " is in the exporter's seal but not in the bundle: it was removed")),
        lessOne.err.constData());
    // A well-signed event of a curator whose key the bundle holds, slipped in after the export.
    CorrectionEvent extra = makeEvent(8, m_record.observations[3].id, CurationField::Note,
        QStringLiteral("slipped in"), QStringLiteral("carol"));
    signEvent(extra, carolKey());
    const QString added = changedBundle(file, QStringLiteral("added.json"), [&](QJsonObject &b) {
        QJsonArray events = b.value(QStringLiteral("events")).toArray();
        events.append(correctionToJson(extra));
        b.insert(QStringLiteral("events"), events);
    });
    const CliRun oneMore = run({ QStringLiteral("verify-bundle"), added });
    QCOMPARE(oneMore.exitCode, 1);
    QVERIFY2(oneMore.err.contains(QByteArray("event " + extra.id.toUtf8()
                 + " by carol is not in the exporter's seal: it was added")),
        oneMore.err.constData());
    QVERIFY(oneMore.out.isEmpty());
}

void TestBundle::keysAreListedForPeopleToCompare()
{
    makeSource();
    const QString file = exportBundle();
    QVERIFY(!file.isEmpty());
    const CliRun verified = run({ QStringLiteral("verify-bundle"), file });
    QVERIFY2(verified.exitCode == 0, verified.err.constData());
    const QByteArray carolLine
        = QByteArray("key " + carolKey().keyId().toUtf8() + ": curator carol, fingerprint "
            + keyFingerprint(carolKey().publicKey).toUtf8() + " (signs 2 events)");
    QVERIFY2(verified.err.contains(carolLine), verified.err.constData());
    QVERIFY2(verified.err.contains(
                 QByteArray("key " + daveKey().keyId().toUtf8() + ": curator dave, fingerprint ")),
        verified.err.constData());
    QVERIFY2(verified.err.contains("(sealed the bundle)"), verified.err.constData());
    QVERIFY2(verified.err.contains("the keys were not checked against a team's list"),
        verified.err.constData());
    QVERIFY(keyFingerprint(carolKey().publicKey)
                .remove(u' ')
                .startsWith(carolKey().keyId())); // the key id begins the fingerprint
}

void TestBundle::unsignedValueIsMarkedWhenAllowed()
{
    makeSource();
    // An unsigned note on an observation no signed event touches: it wins there.
    CorrectionEvent legacy = makeEvent(9, m_record.observations[4].id, CurationField::Note,
        QStringLiteral("an unsigned note"), QStringLiteral("mallory"));
    {
        Store store(m_db);
        QVERIFY(store.open());
        QVERIFY(store.addSyncedCorrections({ legacy }, {}));
    }
    const QString file = exportBundle();
    QVERIFY(!file.isEmpty());
    QCOMPARE(run({ QStringLiteral("verify-bundle"), file }).exitCode, 1);
    const CliRun allowed
        = run({ QStringLiteral("verify-bundle"), file, QStringLiteral("--allow-unsigned") });
    QVERIFY2(allowed.exitCode == 0, allowed.err.constData());
    QVERIFY2(
        allowed.out.contains("an unsigned note\xE2\x80\x9D (unsigned)"), allowed.out.constData());
    // The signed values carry no such mark.
    QVERIFY(!allowed.out.contains("checked again, see the errata\xE2\x80\x9D (unsigned)"));
    QVERIFY(allowed.out.contains("checked again, see the errata"));
}

void TestBundle::aCacheThatNeverSyncedExportsItsOwn()
{
    const QString db = path(QStringLiteral("offline.sqlite"));
    {
        Store store(db);
        QVERIFY(store.open());
        QVERIFY(store.importRecords({ m_record }));
    }
    QCOMPARE(run({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("fay") })
                 .exitCode,
        0);
    const CliRun curated = run({ QStringLiteral("curate"), kRecord, m_record.observations[0].id,
        QStringLiteral("note=made offline"), QStringLiteral("--db"), db });
    QVERIFY2(curated.exitCode == 0, curated.err.constData());
    const QString file = path(QStringLiteral("offline.json"));
    const CliRun exported = run({ QStringLiteral("export-bundle"), kRecord, QStringLiteral("-o"),
        file, QStringLiteral("--db"), db });
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    QVERIFY2(exported.out.contains("sealed by fay"), exported.out.constData());
    const CliRun verified = run({ QStringLiteral("verify-bundle"), file });
    QVERIFY2(verified.exitCode == 0, verified.err.constData());
    QVERIFY2(verified.err.contains("1 signed event, 0 legacy"), verified.err.constData());
    QVERIFY2(verified.err.contains("curator fay, fingerprint"), verified.err.constData());
    QVERIFY(verified.out.contains("made offline"));
    QByteArray said;
    QCOMPARE(independentVerify(file, &said), 0);
    QVERIFY2(said.contains("ok: 1 signed events"), said.constData());
}

void TestBundle::independentVerifierAgrees()
{
    // tests/bundle-verify.py was written from docs/bundle.md and docs/signatures.md alone: it
    // passes what verify-bundle passes and fails what it fails.
    makeSource();
    const QString file = exportBundle();
    QVERIFY(!file.isEmpty());
    QByteArray said;
    QCOMPARE(independentVerify(file, &said), 0);
    QVERIFY2(said.contains("ok: 4 signed events"), said.constData());
    const QList<std::pair<QString, std::function<void(QJsonObject &)>>> changes {
        { QStringLiteral("title"),
            [](QJsonObject &b) {
                QJsonObject record = b.value(QStringLiteral("record")).toObject();
                record.insert(QStringLiteral("title"), QStringLiteral("A Forged Title"));
                b.insert(QStringLiteral("record"), record);
            } },
        { QStringLiteral("value"),
            [](QJsonObject &b) {
                QJsonArray events = b.value(QStringLiteral("events")).toArray();
                QJsonObject e = events[0].toObject();
                e.insert(QStringLiteral("value"), QStringLiteral("forged: checked"));
                events[0] = e;
                b.insert(QStringLiteral("events"), events);
            } },
        { QStringLiteral("removed"),
            [](QJsonObject &b) {
                QJsonArray events = b.value(QStringLiteral("events")).toArray();
                events.removeLast();
                b.insert(QStringLiteral("events"), events);
            } },
        { QStringLiteral("exported_by"),
            [](QJsonObject &b) {
                b.insert(QStringLiteral("exported_by"), QStringLiteral("dave"));
            } },
    };
    for (const auto &[name, change] : changes) {
        const QString changed = changedBundle(file, name + QStringLiteral(".json"), change);
        const CliRun ours = run({ QStringLiteral("verify-bundle"), changed });
        QVERIFY2(ours.exitCode == 1, qPrintable(name + u' ' + QString::fromUtf8(ours.err)));
        QVERIFY2(independentVerify(changed, &said) == 1,
            qPrintable(name + u' ' + QString::fromUtf8(said)));
    }
}

QTEST_GUILESS_MAIN(TestBundle)
#include "tst_bundle.moc"
