// SPDX-License-Identifier: GPL-3.0-or-later
// Bundles checked against a team (docs/bundle.md, docs/signatures.md): two real ledger-servers,
// each with its own identity key, a curator named alice on each, real syncs and real bundles.
// A bundle verifies against its team's key list (--trusted-keys) or server key (--server-key);
// a bundle signed by the other team's "alice", or by a key no server registered, does not.
#include "EventSignature.h"
#include "LedgerText.h"
#include "ServerProcess.h"
#include "TestSupport.h"

#include <QDir>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <memory>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");

//! The id of the fixture's first observation, as every cache and server derives it.
QString firstObservation()
{
    const auto page = parseLedgerText(fixture(), QStringLiteral("fixture"));
    return page && !page->record.observations.isEmpty() ? page->record.observations[0].id
                                                        : QString();
}

//! One team: a server on its own database, the fixture imported, tokens for its curators.
struct Team
{
    std::unique_ptr<ServerProcess> server;
    QString reader;
};

} // namespace

class TestBundleTeam : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void genuineBundleVerifiesAgainstItsTeam();
    void sameNameOnAnotherTeamIsRefused();
    void offlineKeyIsNotTheTeams();
    void alteredRecordFailsWithTheTeamToo();
    void badKeyListSaysWhereAndWhat();
    void independentVerifierChecksTheTeam();
    void independentVerifierChecksNotices();

private:
    QString path(const QString &name) const { return m_dir->filePath(name); }
    //! A team's server, started, with the fixture and curator tokens for `curators`.
    bool makeTeam(Team &team, const QString &name, const QStringList &curators);
    //! A curator's home (their own signing key) and cache, synced with `team` using `token`, a
    //! note made and pushed, then a bundle exported: the bundle's path.
    QString curatorBundle(const Team &team, const QString &home, const QString &name,
        const QString &token, const QString &note);
    //! The body of the team's GET /v1/keys, saved to a file: its path.
    QString saveKeyList(const Team &team, const QString &name)
    {
        return saveReply(team, QStringLiteral("/v1/keys"), name);
    }
    //! The body of the team's GET `what` (with its reader's token), saved to a file: its path.
    QString saveReply(const Team &team, const QString &what, const QString &name);
    QString serverPublicKey(const Team &team) const;
    CliRun verify(const QString &bundle, const QStringList &extra) const
    {
        return runCli(QStringList { QStringLiteral("verify-bundle"), bundle } + extra,
            path(QStringLiteral("reader")));
    }
    int independentVerify(const QStringList &arguments, QByteArray *said) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    Team m_team; // the team whose bundles a reader checks
    Team m_other; // another team, with its own curator named alice
    QHash<QString, QString> m_tokens; // "team/curator" -> token
    QString m_bundle; // alice's genuine bundle of m_team
    QString m_otherBundle; // the other team's alice
    QString m_keyList; // m_team's GET /v1/keys, saved
};

bool TestBundleTeam::makeTeam(Team &team, const QString &name, const QStringList &curators)
{
    team.server = std::make_unique<ServerProcess>(path(name + QStringLiteral(".sqlite")));
    QString problem;
    team.server->command(
        { QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) }, &problem);
    for (const QString &curator : curators) {
        const QString token = team.server->addToken(curator, QStringLiteral("curator"), &problem);
        m_tokens.insert(name + u'/' + curator, token);
    }
    team.reader = team.server->addToken(QStringLiteral("rita"), QStringLiteral("reader"), &problem);
    if (problem.isEmpty())
        team.server->start(&problem);
    if (!problem.isEmpty())
        qWarning() << name << problem;
    return problem.isEmpty();
}

QString TestBundleTeam::curatorBundle(const Team &team, const QString &home, const QString &name,
    const QString &token, const QString &note)
{
    QDir().mkpath(path(home));
    const QString db = path(home + QStringLiteral(".sqlite"));
    const QString tokenFile = path(home + QStringLiteral(".token"));
    QFile file(tokenFile);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(token.toUtf8() + '\n');
    file.close();
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    const auto cli = [&](const QStringList &arguments) {
        const CliRun run = runCli(arguments, path(home));
        if (run.exitCode != 0)
            qWarning() << arguments << run.err;
        return run.exitCode == 0;
    };
    const QStringList sync { QStringLiteral("sync"), QStringLiteral("--server"),
        team.server->url().toString(), QStringLiteral("--token-file"), tokenFile,
        QStringLiteral("--db"), db };
    if (!cli({ QStringLiteral("identity"), QStringLiteral("--name"), name }) || !cli(sync))
        return {};
    const QString first = firstObservation();
    const QString bundle = path(home + QStringLiteral("-bundle.json"));
    if (!cli({ QStringLiteral("curate"), kRecord, first, QStringLiteral("note=") + note,
            QStringLiteral("--db"), db })
        || !cli(sync)
        || !cli({ QStringLiteral("export-bundle"), kRecord, QStringLiteral("-o"), bundle,
            QStringLiteral("--db"), db }))
        return {};
    return bundle;
}

QString TestBundleTeam::saveReply(const Team &team, const QString &what, const QString &name)
{
    QNetworkAccessManager nam;
    QNetworkRequest request(team.server->url().resolved(QUrl(what)));
    request.setRawHeader("Authorization", "Bearer " + team.reader.toUtf8());
    request.setTransferTimeout(60000);
    QNetworkReply *reply = nam.get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    const QByteArray body = reply->readAll();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    reply->deleteLater();
    if (status != 200)
        return {};
    QFile file(path(name));
    if (!file.open(QIODevice::WriteOnly) || file.write(body) != body.size())
        return {};
    return file.fileName();
}

QString TestBundleTeam::serverPublicKey(const Team &team) const
{
    QString problem;
    const QByteArray out
        = team.server->command({ QStringLiteral("key"), QStringLiteral("server") }, &problem);
    for (const QByteArray &line : out.split('\n')) {
        if (line.startsWith("public key "))
            return QString::fromLatin1(line.mid(11));
    }
    return {};
}

int TestBundleTeam::independentVerify(const QStringList &arguments, QByteArray *said) const
{
    QProcess python;
    python.start(QStringLiteral("python3"),
        QStringList { QStringLiteral(LC_TEST_SOURCE_DIR "/bundle-verify.py") } + arguments);
    if (!python.waitForFinished(60000))
        return -1;
    *said = python.readAllStandardOutput() + python.readAllStandardError();
    return python.exitStatus() == QProcess::NormalExit ? python.exitCode() : -1;
}

void TestBundleTeam::initTestCase()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(makeTeam(m_team, QStringLiteral("team"), { QStringLiteral("alice") }));
    QVERIFY(makeTeam(m_other, QStringLiteral("other"), { QStringLiteral("alice") }));
    m_bundle = curatorBundle(m_team, QStringLiteral("alice"), QStringLiteral("alice"),
        m_tokens.value(QStringLiteral("team/alice")), QStringLiteral("checked against the PDF"));
    QVERIFY(!m_bundle.isEmpty());
    m_otherBundle = curatorBundle(m_other, QStringLiteral("impostor"), QStringLiteral("alice"),
        m_tokens.value(QStringLiteral("other/alice")), QStringLiteral("forged: retracted"));
    QVERIFY(!m_otherBundle.isEmpty());
    m_keyList = saveKeyList(m_team, QStringLiteral("team-keys.json"));
    QVERIFY(!m_keyList.isEmpty());
}

void TestBundleTeam::cleanupTestCase()
{
    m_team.server.reset();
    m_other.server.reset();
}

void TestBundleTeam::genuineBundleVerifiesAgainstItsTeam()
{
    // The bundle carries the server's attestation of alice's key.
    const QJsonObject bundle = QJsonDocument::fromJson(readAll(m_bundle)).object();
    const QJsonObject key = bundle[u"keys"].toArray().at(0).toObject();
    QVERIFY2(key.contains(QStringLiteral("attestation")), readAll(m_bundle).constData());
    const CliRun withList = verify(m_bundle, { QStringLiteral("--trusted-keys"), m_keyList });
    QVERIFY2(withList.exitCode == 0, withList.err.constData());
    QVERIFY2(withList.err.contains("every key is one registered with the team's keys"),
        withList.err.constData());
    QVERIFY(withList.out.contains("checked against the PDF"));
    const QString serverKey = serverPublicKey(m_team);
    QCOMPARE(serverKey.size(), 43);
    const CliRun withKey = verify(m_bundle, { QStringLiteral("--server-key"), serverKey });
    QVERIFY2(withKey.exitCode == 0, withKey.err.constData());
    QVERIFY2(withKey.err.contains(keyFingerprint(*fromBase64Url(serverKey, 32)).toUtf8()),
        withKey.err.constData());
    QCOMPARE(withKey.out, withList.out);
    // Without either, it verifies as before and says the keys were not checked.
    const CliRun alone = verify(m_bundle, {});
    QCOMPARE(alone.exitCode, 0);
    QVERIFY(alone.err.contains("the keys were not checked against a team's list"));
}

void TestBundleTeam::sameNameOnAnotherTeamIsRefused()
{
    // The other team's alice signs and seals with a key that team's server registered: it
    // verifies on its own, but not against this team.
    const CliRun alone = verify(m_otherBundle, {});
    QVERIFY2(alone.exitCode == 0, alone.err.constData());
    for (const QStringList &team : { QStringList { QStringLiteral("--trusted-keys"), m_keyList },
             QStringList { QStringLiteral("--server-key"), serverPublicKey(m_team) } }) {
        const CliRun checked = verify(m_otherBundle, team);
        QVERIFY2(checked.exitCode == 1, checked.err.constData());
        QVERIFY2(checked.err.contains("which is attested by server key"), checked.err.constData());
        QVERIFY2(checked.err.contains("the seal is signed with key"), checked.err.constData());
        QVERIFY(checked.out.isEmpty());
    }
    // import-bundle refuses it the same way and changes nothing.
    const QString db = path(QStringLiteral("reader.sqlite"));
    const CliRun imported
        = runCli({ QStringLiteral("import-bundle"), m_otherBundle, QStringLiteral("--trusted-keys"),
                     m_keyList, QStringLiteral("--db"), db },
            path(QStringLiteral("reader")));
    QVERIFY2(imported.exitCode == 1, imported.err.constData());
    QVERIFY2(imported.err.contains("not imported"), imported.err.constData());
}

void TestBundleTeam::offlineKeyIsNotTheTeams()
{
    // A curator who never synced exports a bundle that verifies on its own, but no server
    // registered the key: against the team it is refused, naming why.
    const QString home = path(QStringLiteral("fay"));
    QDir().mkpath(home);
    const QString db = path(QStringLiteral("fay.sqlite"));
    QCOMPARE(runCli({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")),
                        QStringLiteral("--db"), db },
                 home)
                 .exitCode,
        0);
    QCOMPARE(runCli({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("fay") },
                 home)
                 .exitCode,
        0);
    QCOMPARE(runCli({ QStringLiteral("curate"), kRecord, firstObservation(),
                        QStringLiteral("note=made offline"), QStringLiteral("--db"), db },
                 home)
                 .exitCode,
        0);
    const QString bundle = path(QStringLiteral("fay-bundle.json"));
    QCOMPARE(runCli({ QStringLiteral("export-bundle"), kRecord, QStringLiteral("-o"), bundle,
                        QStringLiteral("--db"), db },
                 home)
                 .exitCode,
        0);
    QCOMPARE(verify(bundle, {}).exitCode, 0);
    const CliRun checked = verify(bundle, { QStringLiteral("--trusted-keys"), m_keyList });
    QVERIFY2(checked.exitCode == 1, checked.err.constData());
    QVERIFY2(checked.err.contains("was registered with no server"), checked.err.constData());
}

void TestBundleTeam::alteredRecordFailsWithTheTeamToo()
{
    QJsonObject bundle = QJsonDocument::fromJson(readAll(m_bundle)).object();
    QJsonObject record = bundle[u"record"].toObject();
    record.insert(QStringLiteral("title"), QStringLiteral("A Forged Title"));
    bundle.insert(QStringLiteral("record"), record);
    const QString forged = path(QStringLiteral("forged.json"));
    {
        QFile file(forged);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(bundle).toJson());
    }
    const CliRun checked = verify(forged, { QStringLiteral("--trusted-keys"), m_keyList });
    QCOMPARE(checked.exitCode, 1);
    QVERIFY2(checked.err.contains("the record differs from the one the exporter sealed"),
        checked.err.constData());
    // A key whose attestation was edited (its curator renamed) is refused too.
    QJsonObject renamed = QJsonDocument::fromJson(readAll(m_otherBundle)).object();
    QJsonObject key = renamed[u"keys"].toArray().at(0).toObject();
    key.insert(QStringLiteral("attestation"),
        QJsonDocument::fromJson(readAll(m_bundle))
            .object()[u"keys"]
            .toArray()
            .at(0)
            .toObject()[u"attestation"]);
    renamed.insert(QStringLiteral("keys"), QJsonArray { key });
    const QString borrowed = path(QStringLiteral("borrowed.json"));
    {
        QFile file(borrowed);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(renamed).toJson());
    }
    const CliRun refused
        = verify(borrowed, { QStringLiteral("--server-key"), serverPublicKey(m_team) });
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains("fails its attestation by the team's server key"),
        refused.err.constData());
}

void TestBundleTeam::badKeyListSaysWhereAndWhat()
{
    const QString bad = path(QStringLiteral("bad-keys.json"));
    QByteArray list = readAll(m_keyList);
    list.replace("\"public_key\":\"", "\"public_key\":\"!");
    {
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(list);
    }
    const CliRun checked = verify(m_bundle, { QStringLiteral("--trusted-keys"), bad });
    QCOMPARE(checked.exitCode, 2);
    QVERIFY2(checked.err.contains(bad.toUtf8()) && checked.err.contains("public_key"),
        checked.err.constData());
    const CliRun missing
        = verify(m_bundle, { QStringLiteral("--trusted-keys"), path(QStringLiteral("none.json")) });
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains("cannot read"), missing.err.constData());
    const CliRun badKey
        = verify(m_bundle, { QStringLiteral("--server-key"), QStringLiteral("xyz") });
    QCOMPARE(badKey.exitCode, 2);
    QVERIFY2(badKey.err.contains("--server-key"), badKey.err.constData());
    // A list of one server with the --server-key of another: which one is meant is unclear.
    const CliRun both = verify(m_bundle,
        { QStringLiteral("--trusted-keys"), m_keyList, QStringLiteral("--server-key"),
            serverPublicKey(m_other) });
    QCOMPARE(both.exitCode, 2);
    QVERIFY2(both.err.contains("not of the --server-key"), both.err.constData());
}

void TestBundleTeam::independentVerifierChecksTheTeam()
{
    // tests/bundle-verify.py, written from the docs, agrees on the team's checks.
    QByteArray said;
    QVERIFY2(
        independentVerify({ m_bundle, QStringLiteral("--trusted-keys"), m_keyList }, &said) == 0,
        said.constData());
    QCOMPARE(independentVerify(
                 { m_bundle, QStringLiteral("--server-key"), serverPublicKey(m_team) }, &said),
        0);
    QVERIFY2(
        independentVerify({ m_otherBundle, QStringLiteral("--trusted-keys"), m_keyList }, &said)
            == 1,
        said.constData());
    QVERIFY2(said.contains("not registered with the team"), said.constData());
    QCOMPARE(independentVerify({ m_otherBundle }, &said), 0);
}

void TestBundleTeam::independentVerifierChecksNotices()
{
    // tests/notice-verify.py, written from docs/signatures.md ("Notices") alone, verifies the
    // notices an operator imported on the server (signed with the server's identity key) from
    // the replies of GET /v1/notices and GET /v1/keys, and fails a notice whose date was changed.
    QString problem;
    m_team.server->command(
        { QStringLiteral("import-notices"), dataPath(QStringLiteral("retractions-sample.csv")) },
        &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const QString notices = saveReply(
        m_team, QStringLiteral("/v1/notices?after=0&limit=1000"), QStringLiteral("notices.json"));
    const QString keys = saveKeyList(m_team, QStringLiteral("keys-now.json"));
    QVERIFY(!notices.isEmpty() && !keys.isEmpty());
    const auto run = [](const QStringList &arguments, QByteArray *said) {
        QProcess python;
        python.start(QStringLiteral("python3"),
            QStringList { QStringLiteral(LC_TEST_SOURCE_DIR "/notice-verify.py") } + arguments);
        if (!python.waitForFinished(60000))
            return -1;
        *said = python.readAllStandardOutput() + python.readAllStandardError();
        return python.exitStatus() == QProcess::NormalExit ? python.exitCode() : -1;
    };
    QByteArray said;
    QVERIFY2(run({ notices, keys }, &said) == 0, said.constData());
    QVERIFY2(said.startsWith("ok: ") && !said.startsWith("ok: 0 "), said.constData());
    QJsonObject reply = QJsonDocument::fromJson(readAll(notices)).object();
    QJsonArray list = reply[u"notices"].toArray();
    QJsonObject first = list.at(0).toObject();
    first.insert(QStringLiteral("date"), QStringLiteral("1999-01-01"));
    list[0] = first;
    reply.insert(QStringLiteral("notices"), list);
    const QString altered = path(QStringLiteral("notices-altered.json"));
    {
        QFile file(altered);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(reply).toJson());
    }
    QVERIFY2(run({ altered, keys }, &said) == 1, said.constData());
    QVERIFY2(said.contains("fails its signature"), said.constData());
}

QTEST_GUILESS_MAIN(TestBundleTeam)
#include "tst_bundleteam.moc"
