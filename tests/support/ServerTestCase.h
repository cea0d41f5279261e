// SPDX-License-Identifier: GPL-3.0-or-later
// The real ledger-server on an ephemeral loopback port, against a fresh SQLite file or a fresh
// PostgreSQL database per test function, for the tests of its protocol (tst_server,
// tst_serverevents, tst_serverload; lc_test_server): the tokens of an admin, a curator and a
// reader, the curator's signing key registered, requests over HTTP, correction events signed by
// the curator. The "postgresql" rows need LC_TEST_POSTGRES_URL: run them through
// scripts/with-postgres.sh.
#pragma once

#include "CurationLog.h"
#include "ServerDatabases.h"
#include "TestSupport.h"

#include <QByteArray>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QString>
#include <QUrl>

#include <memory>
#include <utility>
#include <vector>

namespace LedgerCurator::TestSupport {

//! The fixture's record, which the events are about.
extern const QString kServerRecordId;

//! A reply, read whole.
struct HttpReply
{
    int status = 0;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QByteArray body;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QByteArray header(const QByteArray &name) const { return headers.value(name.toLower()); }
    //! error.code and error.message of an error body.
    QString errorCode() const;
    QString errorMessage() const;
};

//! What `reply`, finished, holds.
HttpReply collect(QNetworkReply *reply);

//! A request of `url` with the bearer `token` and `contentType` when they are not empty, and
//! `headers`; no redirect followed, no cache, a 60 s transfer timeout.
QNetworkRequest makeRequest(const QUrl &url, const QByteArray &token, const QByteArray &contentType,
    const QList<std::pair<QByteArray, QByteArray>> &headers = {});

//! `method` of `url` through `nam` (a makeRequest() request), waited for (60 s at the most).
HttpReply exchange(QNetworkAccessManager &nam, const QByteArray &method, const QUrl &url,
    const QByteArray &token = {}, const QByteArray &body = {}, const QByteArray &contentType = {},
    const QList<std::pair<QByteArray, QByteArray>> &headers = {});

//! Event `n`: a note by carol (the curator's token's name) on one of 13 observations of
//! kServerRecordId, signed with her test key (TestKeys.h); `value`, or "note N".
CorrectionEvent makeEvent(int n, const QString &value = {});
//! Events first .. first + count - 1.
QList<CorrectionEvent> makeEvents(int first, int count);
//! {"events": [...]}, compact: the body of POST /v1/events.
QByteArray batchBody(const QList<CorrectionEvent> &events);
QByteArray sha256Hex(const QByteArray &data);

//! The test case: its init() is initServer(), its cleanup() cleanupServer(), its
//! initTestCase_data() addBackendRows().
class ServerTestCase : public QObject
{
protected:
    //! A fresh database on the row's backend (PostgreSQL database named lc_test_...; `test` names
    //! the test in the reason to skip), the tokens m_admin (alice), m_curator (carol) and
    //! m_reader (rita), a server started (m_base), carol's key registered on it.
    void initServer(const QString &test);
    //! Stops the servers (each must stop on SIGTERM, exit 0 and have no token in its log), then
    //! drops the database and the folder.
    void cleanupServer();

    //! One more `serve` on the database with the options `extra`: where it listens, or an
    //! invalid URL. Stopped by cleanupServer().
    QUrl startServer(const QStringList &extra = {});
    void stopServers();
    //! A ledger-server subcommand (XDG_DATA_HOME in the test's folder).
    CliRun runServer(const QStringList &arguments) const;
    //! `token add NAME --role ROLE` on the database: the token, or empty.
    QByteArray addToken(const QString &name, const QString &role);
    //! A request to m_base (or to `base`), waited for (60 s at the most).
    HttpReply send(const QByteArray &method, const QString &pathAndQuery,
        const QByteArray &token = {}, const QByteArray &body = {},
        const QByteArray &contentType = {},
        const QList<std::pair<QByteArray, QByteArray>> &headers = {}, const QUrl &base = {});
    //! POST /v1/events of `events` with the curator's token.
    HttpReply postEvents(const QList<CorrectionEvent> &events, const QUrl &base = {});
    //! Every event the server serves, paged by 5000 with the reader's token.
    QList<CorrectionEvent> allEvents(const QUrl &base = {});
    //! A direct connection to the server's database.
    QSqlDatabase directDatabase() { return m_database.direct(); }
    bool isPostgres() const { return m_database.isPostgres(); }

    ServerDatabase m_database;
    QString m_db; // the --db argument
    QUrl m_base;
    QByteArray m_admin, m_curator, m_reader;
    QNetworkAccessManager m_nam;

private:
    struct Running
    {
        std::unique_ptr<QProcess> process;
        QUrl base;
    };
    std::vector<Running> m_servers;
};

} // namespace LedgerCurator::TestSupport
