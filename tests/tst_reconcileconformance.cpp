// SPDX-License-Identifier: GPL-3.0-or-later
// ledger-server's reconciliation service against the W3C Reconciliation API 0.2 as published
// (docs/reconciliation.md): the spec's own JSON Schemas and example batches
// (tests/data/reconciliation-0.2, with their licence), every endpoint's replies validated by a
// real validator (Debian's python3-jsonschema through tests/jsonschema-check.py); requests shaped
// as OpenRefine 3.8+ sends them (a form with charset=UTF-8, types as arrays, properties as cells,
// odd years); suggest, preview, extend; identifiers as queries; CORS on every refusal. The real
// ledger-server on a loopback port, its works index from tests/data/reconcile-works.csv.
#include "ServerProcess.h"
#include "TestSupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

#include <memory>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kSpec = QStringLiteral(LC_TEST_DATA_DIR "/reconciliation-0.2");
const QString kChecker = QStringLiteral(LC_TEST_SOURCE_DIR "/jsonschema-check.py");
const QString kPython = QStringLiteral("/usr/bin/python3"); // Debian's, with python3-jsonschema

struct Reply
{
    int status = 0;
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;
    QByteArray header(const QByteArray &name) const
    {
        for (const auto &[key, value] : headers) {
            if (key.compare(name, Qt::CaseInsensitive) == 0)
                return value;
        }
        return {};
    }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

//! A form value as OpenRefine (Java's URLEncoder) writes it.
QByteArray formEncoded(const QByteArray &value)
{
    return QUrl::toPercentEncoding(QString::fromUtf8(value), " *").replace(' ', '+');
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return file.readAll();
}

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace

class TestReconcileConformance : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void specExampleBatches_data();
    void specExampleBatches();
    void anInvalidQueryIsAnsweredWithAReason();
    void oddCellsNeverFailTheBatch();
    void manifestValidatesAndIsAlwaysOpen();
    void suggestServices();
    void previewAndDocumentation();
    void extendAndProposeProperties();
    void identifiersFindTheirWork_data();
    void identifiersFindTheirWork();
    void refusalsCarryCors();

private:
    //! One HTTP/1.1 request over a socket of its own, written as given; the reply read whole.
    Reply raw(const QByteArray &request, quint16 port = 0) const;
    Reply get(const QString &target, const QByteArray &extraHeaders = {}) const;
    //! queries=... as OpenRefine posts it.
    Reply postForm(const QByteArray &name, const QByteArray &json, quint16 port = 0) const;
    //! "valid", or what the validator says is wrong.
    QString validate(const QString &schema, const QByteArray &json) const;

    QTemporaryDir m_dir;
    std::unique_ptr<ServerProcess> m_server; // open
    std::unique_ptr<ServerProcess> m_guarded; // --reconcile-needs-token, on the same database
    QByteArray m_token;
};

void TestReconcileConformance::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // The validator must be there: without it this suite proves nothing.
    QProcess probe;
    probe.start(kPython, { QStringLiteral("-c"), QStringLiteral("import jsonschema") });
    QVERIFY(probe.waitForFinished(60000));
    QVERIFY2(probe.exitCode() == 0,
        "Debian's python3-jsonschema is missing: run scripts/setup-debian.sh");

    const QString db = m_dir.filePath(QStringLiteral("ledger.db"));
    m_server = std::make_unique<ServerProcess>(db);
    QString problem;
    QVERIFY2(!m_server
                  ->command({ QStringLiteral("works"), QStringLiteral("import"),
                                QStringLiteral(LC_TEST_DATA_DIR "/reconcile-works.csv") },
                      &problem)
                  .isEmpty(),
        qPrintable(problem));
    m_token
        = m_server->addToken(QStringLiteral("rita"), QStringLiteral("reader"), &problem).toUtf8();
    QVERIFY2(!m_token.isEmpty(), qPrintable(problem));
    QVERIFY2(m_server->start(&problem), qPrintable(problem));
    m_guarded = std::make_unique<ServerProcess>(db);
    QVERIFY2(m_guarded->start(&problem, 0, { QStringLiteral("--reconcile-needs-token") }),
        qPrintable(problem));
}

void TestReconcileConformance::cleanupTestCase()
{
    m_guarded.reset();
    m_server.reset();
}

Reply TestReconcileConformance::raw(const QByteArray &request, quint16 port) const
{
    QTcpSocket socket;
    socket.connectToHost(
        QStringLiteral("127.0.0.1"), port ? port : quint16(m_server->url().port()));
    Reply reply;
    if (!socket.waitForConnected(30000))
        return reply;
    socket.write(request);
    QByteArray data;
    qsizetype headEnd = -1;
    qint64 length = -1;
    while (true) {
        if (headEnd < 0 && (headEnd = data.indexOf("\r\n\r\n")) >= 0) {
            const QList<QByteArray> lines = data.left(headEnd).split('\n');
            reply.status = lines.value(0).split(' ').value(1).toInt();
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const QByteArray line = lines[i].trimmed();
                const qsizetype colon = line.indexOf(':');
                if (colon > 0)
                    reply.headers.append({ line.left(colon), line.mid(colon + 1).trimmed() });
            }
            const QByteArray contentLength = reply.header("Content-Length");
            length = contentLength.isEmpty() ? -1 : contentLength.toLongLong();
        }
        if (headEnd >= 0 && length >= 0 && data.size() >= headEnd + 4 + length)
            break;
        if (!socket.waitForReadyRead(30000))
            break; // closed
        data += socket.readAll();
    }
    reply.body = headEnd < 0 ? QByteArray() : data.mid(headEnd + 4, length < 0 ? -1 : length);
    return reply;
}

Reply TestReconcileConformance::get(const QString &target, const QByteArray &extraHeaders) const
{
    return raw("GET " + target.toUtf8() + " HTTP/1.1\r\nHost: 127.0.0.1:"
        + QByteArray::number(m_server->url().port()) + "\r\n" + extraHeaders + "\r\n");
}

Reply TestReconcileConformance::postForm(
    const QByteArray &name, const QByteArray &json, quint16 port) const
{
    const QByteArray body = name + '=' + formEncoded(json);
    return raw("POST /reconcile HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               "Content-Type: application/x-www-form-urlencoded; charset=UTF-8\r\n"
               "Content-Length: "
            + QByteArray::number(body.size()) + "\r\n\r\n" + body,
        port);
}

QString TestReconcileConformance::validate(const QString &schema, const QByteArray &json) const
{
    QProcess check;
    check.start(kPython, { kChecker, kSpec + QStringLiteral("/schemas"), schema });
    if (!check.waitForStarted(60000))
        return QStringLiteral("the validator did not start");
    check.write(json);
    check.closeWriteChannel();
    if (!check.waitForFinished(120000))
        return QStringLiteral("the validator did not finish");
    const QString said = QString::fromUtf8(check.readAllStandardOutput()).trimmed();
    if (check.exitCode() == 2)
        return QString::fromUtf8(check.readAllStandardError());
    return said;
}

void TestReconcileConformance::specExampleBatches_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("example-min (spec)") << QStringLiteral("example-min.json");
    QTest::newRow("example-full (spec)") << QStringLiteral("example-full.json");
    QTest::newRow("multi-values (spec)") << QStringLiteral("multi-values.json");
    QTest::newRow("no-query-string") << QStringLiteral("no-query-string.json");
    QTest::newRow("type array and values") << QStringLiteral("type-array-and-values.json");
}

void TestReconcileConformance::specExampleBatches()
{
    QFETCH(QString, file);
    const QByteArray batch = readFile(kSpec + QStringLiteral("/examples/") + file);
    // the batch is one the spec allows
    QCOMPARE(validate(QStringLiteral("reconciliation-query-batch.json"), batch),
        QStringLiteral("valid"));
    const QStringList keys = QJsonDocument::fromJson(batch).object().keys();
    // as OpenRefine posts it, as JSON, and in the URL
    const Reply form = postForm("queries", batch);
    QVERIFY2(form.status == 200, form.body.constData());
    QCOMPARE(form.header("Access-Control-Allow-Origin"), QByteArray("*"));
    QCOMPARE(validate(QStringLiteral("reconciliation-result-batch.json"), form.body),
        QStringLiteral("valid"));
    QCOMPARE(form.json().keys(), keys); // one answer per query
    const Reply json = raw("POST /reconcile HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                           "application/json\r\nContent-Length: "
        + QByteArray::number(batch.size()) + "\r\n\r\n" + batch);
    QCOMPARE(json.status, 200);
    QCOMPARE(json.json(), form.json());
    const Reply inUrl = get(QStringLiteral("/reconcile?queries=")
        + QString::fromLatin1(
            formEncoded(QJsonDocument::fromJson(batch).toJson(QJsonDocument::Compact))));
    QCOMPARE(inUrl.status, 200);
    QCOMPARE(inUrl.json(), form.json());
    // only a first candidate is a match; candidates best first
    for (const QString &key : keys) {
        const QJsonArray result
            = form.json().value(key).toObject().value(QStringLiteral("result")).toArray();
        for (qsizetype c = 1; c < result.size(); ++c) {
            QVERIFY(!result.at(c).toObject().value(QStringLiteral("match")).toBool());
            QVERIFY(result.at(c - 1).toObject().value(QStringLiteral("score")).toDouble()
                >= result.at(c).toObject().value(QStringLiteral("score")).toDouble());
        }
    }
    if (file == u"type-array-and-values.json") {
        // the types as an array, a limit of 50 (capped at 25, said), other values read
        const QJsonObject q0 = form.json().value(QStringLiteral("q0")).toObject();
        const QJsonArray result = q0.value(QStringLiteral("result")).toArray();
        QVERIFY(!result.isEmpty());
        QCOMPARE(result.first().toObject().value(QStringLiteral("id")).toString(),
            QStringLiteral("1706.03762"));
        QVERIFY(result.first().toObject().value(QStringLiteral("match")).toBool());
        const QString warnings = QString::fromUtf8(
            QJsonDocument(q0.value(QStringLiteral("warnings")).toArray()).toJson());
        QVERIFY2(warnings.contains(u"25 candidates at most"), qPrintable(warnings));
        QVERIFY2(warnings.contains(u"'peer_reviewed'"), qPrintable(warnings));
        QVERIFY2(warnings.contains(u"'DifferentiatedPerson'") == false, qPrintable(warnings));
        const QJsonObject q1 = form.json().value(QStringLiteral("q1")).toObject();
        QCOMPARE(q1.value(QStringLiteral("result")).toArray().size(), 1);
    }
    if (file == u"no-query-string.json") {
        const QJsonObject q0 = form.json().value(QStringLiteral("q0")).toObject();
        QVERIFY(q0.value(QStringLiteral("result")).toArray().isEmpty());
        QVERIFY(!q0.value(QStringLiteral("warnings")).toArray().isEmpty());
    }
}

void TestReconcileConformance::anInvalidQueryIsAnsweredWithAReason()
{
    // The spec's invalid example (a query of a limit alone): the batch is still answered.
    const QByteArray batch = readFile(kSpec + QStringLiteral("/examples/invalid-empty-query.json"));
    QVERIFY(
        validate(QStringLiteral("reconciliation-query-batch.json"), batch).startsWith(u"invalid"));
    const Reply reply = postForm("queries", batch);
    QCOMPARE(reply.status, 200);
    QCOMPARE(validate(QStringLiteral("reconciliation-result-batch.json"), reply.body),
        QStringLiteral("valid"));
    const QJsonObject q1 = reply.json().value(QStringLiteral("q1")).toObject();
    QVERIFY(q1.value(QStringLiteral("result")).toArray().isEmpty());
    QVERIFY2(q1.value(QStringLiteral("warnings"))
                 .toArray()
                 .first()
                 .toString()
                 .contains(u"no title to look for"),
        reply.body.constData());
}

void TestReconcileConformance::oddCellsNeverFailTheBatch()
{
    // A batch of ten as OpenRefine 3.8 sends it: types as an array, a limit of 50, years as
    // dates, numbers and odd text; one that is "2022?". Every query is answered.
    const QStringList years { QStringLiteral("2017"), QStringLiteral("2017-06-12T00:00:00Z"),
        QStringLiteral("c. 2017"), QStringLiteral("2022?"), QStringLiteral("last year"),
        QStringLiteral(""), QStringLiteral("2017.0"), QStringLiteral("MMXVII"),
        QStringLiteral("2015"), QStringLiteral("2017") };
    QJsonObject batch;
    for (int i = 0; i < 10; ++i) {
        QJsonArray properties { QJsonObject { { QStringLiteral("pid"), QStringLiteral("year") },
            { QStringLiteral("v"), years[i] } } };
        if (i == 6)
            properties = { QJsonObject { { QStringLiteral("pid"), QStringLiteral("year") },
                { QStringLiteral("v"), 2017 } } };
        if (i == 9)
            properties.append(QJsonObject { { QStringLiteral("pid"), QStringLiteral("authors") },
                { QStringLiteral("v"),
                    QJsonObject { { QStringLiteral("id"), QStringLiteral("x") },
                        { QStringLiteral("name"), QStringLiteral("A. Vaswani") } } } });
        batch.insert(QStringLiteral("q%1").arg(i),
            QJsonObject { { QStringLiteral("query"), QStringLiteral("Attention is all you need") },
                { QStringLiteral("type"), QJsonArray { QStringLiteral("work") } },
                { QStringLiteral("type_strict"), QStringLiteral("should") },
                { QStringLiteral("limit"), 50 }, { QStringLiteral("properties"), properties } });
    }
    QCOMPARE(validate(QStringLiteral("reconciliation-query-batch.json"), compact(batch)),
        QStringLiteral("valid"));
    const Reply reply = postForm("queries", compact(batch));
    QVERIFY2(reply.status == 200, reply.body.constData());
    QCOMPARE(validate(QStringLiteral("reconciliation-result-batch.json"), reply.body),
        QStringLiteral("valid"));
    QCOMPARE(reply.json().size(), 10);
    for (int i = 0; i < 10; ++i) {
        const QJsonObject q = reply.json().value(QStringLiteral("q%1").arg(i)).toObject();
        const QJsonArray result = q.value(QStringLiteral("result")).toArray();
        QVERIFY2(!result.isEmpty(), qPrintable(QString::number(i)));
        QCOMPARE(result.first().toObject().value(QStringLiteral("id")).toString(),
            QStringLiteral("1706.03762"));
    }
    // "2022?" is read as 2022 (another year than the work's: no longer sure), "last year" is
    // named and ignored
    const auto feature = [&](int i, const char *id) {
        const QJsonArray f = reply.json()
                                 .value(QStringLiteral("q%1").arg(i))
                                 .toObject()
                                 .value(QStringLiteral("result"))
                                 .toArray()
                                 .first()
                                 .toObject()
                                 .value(QStringLiteral("features"))
                                 .toArray();
        for (const QJsonValue &v : f) {
            if (v.toObject().value(QStringLiteral("id")).toString() == QLatin1String(id))
                return v.toObject().value(QStringLiteral("value"));
        }
        return QJsonValue(QJsonValue::Undefined);
    };
    QCOMPARE(feature(1, "year_match"), QJsonValue(true));
    QCOMPARE(feature(2, "year_match"), QJsonValue(true));
    QCOMPARE(feature(3, "year_match"), QJsonValue(false));
    QVERIFY(feature(4, "year_match").isUndefined());
    const QByteArray q4 = compact(reply.json().value(QStringLiteral("q4")).toObject());
    QVERIFY2(q4.contains("no year in 'last year'"), q4.constData());
    QCOMPARE(feature(9, "authors_match"), QJsonValue(1.0));
}

void TestReconcileConformance::manifestValidatesAndIsAlwaysOpen()
{
    const Reply manifest = get(QStringLiteral("/reconcile"));
    QCOMPARE(manifest.status, 200);
    QCOMPARE(validate(QStringLiteral("manifest.json"), manifest.body), QStringLiteral("valid"));
    const QJsonObject m = manifest.json();
    for (const char *service : { "entity", "property", "type" })
        QVERIFY2(m.value(QStringLiteral("suggest")).toObject().contains(QLatin1String(service)),
            service);
    QVERIFY(m.value(QStringLiteral("preview"))
                .toObject()
                .value(QStringLiteral("url"))
                .toString()
                .contains(QStringLiteral("/reconcile/preview?id={{id}}")));
    QVERIFY(m.value(QStringLiteral("extend"))
                .toObject()
                .contains(QStringLiteral("propose_properties")));
    QVERIFY(
        m.value(QStringLiteral("extend")).toObject().contains(QStringLiteral("property_settings")));
    QVERIFY(m.contains(QStringLiteral("documentation")));
    QVERIFY(!m.contains(QStringLiteral("authentication")));
    // JSONP
    const Reply jsonp = get(QStringLiteral("/reconcile?callback=cb"));
    QVERIFY(jsonp.body.startsWith("cb(") && jsonp.body.endsWith(");"));
    QCOMPARE(validate(QStringLiteral("manifest.json"), jsonp.body.mid(3, jsonp.body.size() - 5)),
        QStringLiteral("valid"));

    // A service that wants a token: its manifest is open and says how to authenticate; the
    // queries want the token.
    const quint16 guarded = quint16(m_guarded->url().port());
    const Reply open = raw("GET /reconcile HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", guarded);
    QCOMPARE(open.status, 200);
    QCOMPARE(validate(QStringLiteral("manifest.json"), open.body), QStringLiteral("valid"));
    QCOMPARE(open.json()
                 .value(QStringLiteral("authentication"))
                 .toObject()
                 .value(QStringLiteral("type")),
        QJsonValue(QStringLiteral("apiKey")));
    const QByteArray batch = R"({"q0":{"query":"Attention Is All You Need"}})";
    QCOMPARE(postForm("queries", batch, guarded).status, 401);
    const QByteArray body = "queries=" + formEncoded(batch);
    const Reply withToken
        = raw("POST /reconcile HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + m_token
                + "\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: "
                + QByteArray::number(body.size()) + "\r\n\r\n" + body,
            guarded);
    QCOMPARE(withToken.status, 200);
}

void TestReconcileConformance::suggestServices()
{
    // suggest entity: a work from the first words of its title
    const Reply entity
        = get(QStringLiteral("/reconcile/suggest/entity?prefix=Attention%20is%20al"));
    QCOMPARE(entity.status, 200);
    QCOMPARE(entity.header("Access-Control-Allow-Origin"), QByteArray("*"));
    QCOMPARE(validate(QStringLiteral("suggest-entities-response.json"), entity.body),
        QStringLiteral("valid"));
    const QJsonArray found = entity.json().value(QStringLiteral("result")).toArray();
    QVERIFY2(!found.isEmpty(), entity.body.constData());
    QCOMPARE(found.first().toObject().value(QStringLiteral("id")).toString(),
        QStringLiteral("1706.03762"));
    QVERIFY(
        found.first().toObject().value(QStringLiteral("description")).toString().contains(u"2017"));
    // nothing asked, nothing found: still the shape
    const Reply none = get(QStringLiteral("/reconcile/suggest/entity?prefix="));
    QCOMPARE(validate(QStringLiteral("suggest-entities-response.json"), none.body),
        QStringLiteral("valid"));

    const Reply property = get(QStringLiteral("/reconcile/suggest/property?prefix=ye"));
    QCOMPARE(validate(QStringLiteral("suggest-properties-response.json"), property.body),
        QStringLiteral("valid"));
    QCOMPARE(property.json()
                 .value(QStringLiteral("result"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QStringLiteral("id")),
        QJsonValue(QStringLiteral("year")));
    const Reply all = get(QStringLiteral("/reconcile/suggest/property?prefix="));
    QStringList ids;
    for (const QJsonValue &p : all.json().value(QStringLiteral("result")).toArray())
        ids += p.toObject().value(QStringLiteral("id")).toString();
    QVERIFY(ids.contains(QStringLiteral("year")) && ids.contains(QStringLiteral("authors")));

    const Reply type = get(QStringLiteral("/reconcile/suggest/type?prefix=wo"));
    QCOMPARE(validate(QStringLiteral("suggest-types-response.json"), type.body),
        QStringLiteral("valid"));
    QCOMPARE(type.json()
                 .value(QStringLiteral("result"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QStringLiteral("id")),
        QJsonValue(QStringLiteral("work")));
}

void TestReconcileConformance::previewAndDocumentation()
{
    const Reply preview = get(QStringLiteral("/reconcile/preview?id=1706.03762"));
    QCOMPARE(preview.status, 200);
    QVERIFY(preview.header("Content-Type").startsWith("text/html"));
    QVERIFY(preview.body.contains("Attention Is All You Need"));
    QVERIFY(preview.body.contains("Ashish Vaswani"));
    QVERIFY(preview.body.contains("2017"));
    QVERIFY(preview.body.contains("https://arxiv.org/abs/1706.03762"));
    QCOMPARE(get(QStringLiteral("/reconcile/preview?id=9912.99999")).status, 404);
    const Reply docs = get(QStringLiteral("/reconcile/docs"));
    QCOMPARE(docs.status, 200);
    QVERIFY(docs.body.contains("<code>year</code>"));
    // the documentation the manifest names is the one served
    const QString named = get(QStringLiteral("/reconcile"))
                              .json()
                              .value(QStringLiteral("documentation"))
                              .toString();
    QCOMPARE(QUrl(named).path(), QStringLiteral("/reconcile/docs"));
}

void TestReconcileConformance::extendAndProposeProperties()
{
    const Reply proposed = get(QStringLiteral("/reconcile/propose_properties?type=work"));
    QCOMPARE(proposed.status, 200);
    QCOMPARE(proposed.json().value(QStringLiteral("type")).toString(), QStringLiteral("work"));
    QStringList ids;
    for (const QJsonValue &p : proposed.json().value(QStringLiteral("properties")).toArray())
        ids += p.toObject().value(QStringLiteral("id")).toString();
    QCOMPARE(ids,
        (QStringList { QStringLiteral("title"), QStringLiteral("year"), QStringLiteral("authors"),
            QStringLiteral("doi") }));

    // "Add columns from reconciled values": year and authors (at most 2)
    const QByteArray extend
        = R"({"ids":["1706.03762","2001.08361","no-such-work"],"properties":[{"id":"year"},{"id":"authors","settings":{"limit":2}},{"id":"title"},{"id":"colour"}]})";
    QCOMPARE(
        validate(QStringLiteral("data-extension-query.json"), extend), QStringLiteral("valid"));
    const Reply reply = postForm("extend", extend);
    QVERIFY2(reply.status == 200, reply.body.constData());
    QCOMPARE(validate(QStringLiteral("data-extension-response.json"), reply.body),
        QStringLiteral("valid"));
    const QJsonObject rows = reply.json().value(QStringLiteral("rows")).toObject();
    const QJsonObject attention = rows.value(QStringLiteral("1706.03762")).toObject();
    QCOMPARE(attention.value(QStringLiteral("year"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QStringLiteral("int")),
        QJsonValue(2017));
    QCOMPARE(attention.value(QStringLiteral("authors")).toArray().size(), 2);
    QCOMPARE(attention.value(QStringLiteral("authors"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QStringLiteral("str")),
        QJsonValue(QStringLiteral("Ashish Vaswani")));
    QVERIFY(rows.value(QStringLiteral("no-such-work"))
                .toObject()
                .value(QStringLiteral("year"))
                .toArray()
                .isEmpty());
    QCOMPARE(reply.json().value(QStringLiteral("meta")).toArray().size(), 4);
    // the same in the URL
    const Reply inUrl
        = get(QStringLiteral("/reconcile?extend=") + QString::fromLatin1(formEncoded(extend)));
    QCOMPARE(inUrl.json(), reply.json());
}

void TestReconcileConformance::identifiersFindTheirWork_data()
{
    QTest::addColumn<QString>("query");
    QTest::newRow("new style") << QStringLiteral("1706.03762");
    QTest::newRow("with version") << QStringLiteral("1706.03762v7");
    QTest::newRow("abs address") << QStringLiteral("https://arxiv.org/abs/1706.03762v5");
    QTest::newRow("pdf address") << QStringLiteral("https://arxiv.org/pdf/1706.03762");
    QTest::newRow("arXiv:") << QStringLiteral("arXiv:1706.03762");
    QTest::newRow("arXiv's DOI") << QStringLiteral("https://doi.org/10.48550/arXiv.1706.03762");
}

void TestReconcileConformance::identifiersFindTheirWork()
{
    QFETCH(QString, query);
    const QJsonObject batch { { QStringLiteral("q0"),
        QJsonObject { { QStringLiteral("query"), query },
            { QStringLiteral("type"), QStringLiteral("work") } } } };
    const Reply reply = postForm("queries", compact(batch));
    QCOMPARE(reply.status, 200);
    QCOMPARE(validate(QStringLiteral("reconciliation-result-batch.json"), reply.body),
        QStringLiteral("valid"));
    const QJsonObject first = reply.json()
                                  .value(QStringLiteral("q0"))
                                  .toObject()
                                  .value(QStringLiteral("result"))
                                  .toArray()
                                  .first()
                                  .toObject();
    QCOMPARE(first.value(QStringLiteral("id")).toString(), QStringLiteral("1706.03762"));
    QCOMPARE(first.value(QStringLiteral("match")).toBool(), true);
}

void TestReconcileConformance::refusalsCarryCors()
{
    const auto cors = [](const Reply &r, int status) {
        if (r.status != status)
            return QStringLiteral("status %1, not %2: %3")
                .arg(r.status)
                .arg(status)
                .arg(QString::fromUtf8(r.body.left(200)));
        return r.header("Access-Control-Allow-Origin") == "*" ? QString()
                                                              : QStringLiteral("no CORS header");
    };
    // 400: a batch that is not JSON
    QCOMPARE(cors(postForm("queries", "{\"q0\": {"), 400), QString());
    // 401: the guarded service's queries without a token
    QCOMPARE(
        cors(postForm("queries", R"({"q0":{"query":"x"}})", quint16(m_guarded->url().port())), 401),
        QString());
    // 405: another method
    QCOMPARE(cors(raw("PUT /reconcile HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                      "application/json\r\nContent-Length: 2\r\n\r\n{}"),
                 405),
        QString());
    // 413: a body over the limit, refused from its Content-Length
    QCOMPARE(cors(raw("POST /reconcile HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                      "application/x-www-form-urlencoded\r\nContent-Length: 900000000\r\n\r\n"),
                 413),
        QString());
    // 414: a request line over 8 KiB
    QCOMPARE(cors(raw("GET /reconcile?queries=" + QByteArray(9000, 'a')
                      + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
                 414),
        QString());
    // 415: a body that is neither a form nor JSON
    QCOMPARE(cors(raw("POST /reconcile HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                      "text/plain\r\nContent-Length: 10\r\n\r\nqueries={}"),
                 415),
        QString());
}

QTEST_GUILESS_MAIN(TestReconcileConformance)
#include "tst_reconcileconformance.moc"
