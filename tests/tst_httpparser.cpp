// SPDX-License-Identifier: GPL-3.0-or-later
// HttpRequestParser (server/http), the reader of ledger-server's requests: the framing rules of
// RFC 9112 a server must enforce, its limits, and the same result whether a request arrives whole
// or a byte at a time.

#include "HttpRequestParser.h"

#include <QTest>

using namespace LedgerCurator;

namespace {

struct Outcome
{
    HttpRequestParser::Step step = HttpRequestParser::Step::NeedMore;
    int status = 0;
    QByteArray target;
    QByteArray body;
    qsizetype left = 0; // bytes not taken (the next request's)
    QString message;
};

//! Feeds input in pieces of piece bytes, reading the body whenever the head is done.
Outcome parse(const QByteArray &input, qsizetype piece, HttpLimits limits = {})
{
    HttpRequestParser parser(limits);
    Outcome outcome;
    qsizetype at = 0;
    QByteArray pending;
    while (true) {
        if (pending.isEmpty()) {
            if (at >= input.size())
                break;
            pending = input.mid(at, piece);
            at += pending.size();
        }
        qsizetype taken = 0;
        outcome.step = parser.feed(pending.constData(), pending.size(), &taken);
        pending.remove(0, taken);
        if (outcome.step == HttpRequestParser::Step::HeadDone) {
            parser.readBody();
            continue;
        }
        if (outcome.step == HttpRequestParser::Step::Done
            || outcome.step == HttpRequestParser::Step::Failed)
            break;
    }
    if (outcome.step == HttpRequestParser::Step::HeadDone) {
        // The head was the end of the input: a request without a body is done at once.
        qsizetype taken = 0;
        outcome.step = parser.feed(nullptr, 0, &taken);
    }
    outcome.status = parser.errorStatus();
    outcome.message = parser.errorMessage();
    outcome.target = parser.head().target;
    outcome.body = parser.takeBody();
    outcome.left = pending.size() + (input.size() - at);
    return outcome;
}

const QByteArray kHost = "Host: h\r\n";

} // namespace

class TestHttpParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void requests_data();
    void requests();
    void headStopsBeforeTheBody();
    void chunkedBodyStopsAtTheLimit();
    void headLimitHoldsWhateverThePieces();
    void nextRequestIsLeftAlone();
    void absoluteFormGivesThePath();
};

void TestHttpParser::requests_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("status"); // 0: done
    QTest::addColumn<QByteArray>("body");

    QTest::newRow("GET") << QByteArray("GET /v1/health HTTP/1.1\r\n" + kHost + "\r\n") << 0
                         << QByteArray();
    QTest::newRow("Content-Length")
        << QByteArray("POST /a HTTP/1.1\r\n" + kHost + "Content-Length: 5\r\n\r\nhello") << 0
        << QByteArray("hello");
    QTest::newRow("chunked") << QByteArray("POST /a HTTP/1.1\r\n" + kHost
        + "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n"
          "6;ext=1\r\n world\r\n0\r\nX-Trailer: 1\r\n\r\n")
                             << 0 << QByteArray("hello world");
    QTest::newRow("chunked, upper-case hex") << QByteArray("POST /a HTTP/1.1\r\n" + kHost
        + "Transfer-Encoding: Chunked\r\n\r\nA\r\n"
          "0123456789\r\n0\r\n\r\n") << 0 << QByteArray("0123456789");
    QTest::newRow("bare LF") << QByteArray("GET / HTTP/1.1\nHost: h\n\n") << 0 << QByteArray();
    QTest::newRow("an empty line first")
        << QByteArray("\r\nGET / HTTP/1.1\r\n" + kHost + "\r\n") << 0 << QByteArray();
    QTest::newRow("HTTP/1.0 without Host")
        << QByteArray("GET / HTTP/1.0\r\n\r\n") << 0 << QByteArray();

    const auto refused = [](const char *name, const QByteArray &input, int status) {
        QTest::newRow(name) << input << status << QByteArray();
    };
    refused("two Content-Length",
        "POST /a HTTP/1.1\r\n" + kHost + "Content-Length: 5\r\nContent-Length: 5\r\n\r\nhello",
        400);
    refused("different Content-Length",
        "POST /a HTTP/1.1\r\n" + kHost + "Content-Length: 536870912\r\nContent-Length: 5\r\n\r\n",
        400);
    refused(
        "Content-Length list", "POST /a HTTP/1.1\r\n" + kHost + "Content-Length: 5,5\r\n\r\n", 400);
    refused("Content-Length with a sign",
        "POST /a HTTP/1.1\r\n" + kHost + "Content-Length: +5\r\n\r\n", 400);
    refused("Content-Length of 19 digits",
        "POST /a HTTP/1.1\r\n" + kHost + "Content-Length: 1234567890123456789\r\n\r\n", 400);
    refused("Content-Length and Transfer-Encoding",
        "POST /a HTTP/1.1\r\n" + kHost
            + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\nhello",
        400);
    refused("chunked twice",
        "POST /a HTTP/1.1\r\n" + kHost + "Transfer-Encoding: chunked, chunked\r\n\r\n", 501);
    refused("chunked then gzip",
        "POST /a HTTP/1.1\r\n" + kHost + "Transfer-Encoding: chunked, gzip\r\n\r\n", 400);
    refused("Transfer-Encoding in HTTP/1.0",
        "POST /a HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400);
    refused("over the body limit",
        "POST /a HTTP/1.1\r\n" + kHost + "Content-Length: 8388609\r\n\r\n", 413);
    refused("chunk size not hex",
        "POST /a HTTP/1.1\r\n" + kHost + "Transfer-Encoding: chunked\r\n\r\nzz\r\n", 400);
    refused("chunk size of 16 digits",
        "POST /a HTTP/1.1\r\n" + kHost + "Transfer-Encoding: chunked\r\n\r\n1000000000000000\r\n",
        400);
    refused("chunk longer than its size",
        "POST /a HTTP/1.1\r\n" + kHost + "Transfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n",
        400);
    refused("chunks over the body limit",
        "POST /a HTTP/1.1\r\n" + kHost + "Transfer-Encoding: chunked\r\n\r\n800001\r\n", 413);
    refused("folding", "GET / HTTP/1.1\r\n" + kHost + "X: a\r\n\tb\r\n\r\n", 400);
    refused("space before colon", "GET / HTTP/1.1\r\n" + kHost + "X : a\r\n\r\n", 400);
    refused("no colon", "GET / HTTP/1.1\r\n" + kHost + "X a\r\n\r\n", 400);
    refused("bare CR", "GET / HTTP/1.1\r\n" + kHost + "X: a\rb\r\n\r\n", 400);
    refused("NUL in a value", QByteArray("GET / HTTP/1.1\r\nHost: h\r\nX: a\0b\r\n\r\n", 35), 400);
    refused("no Host", "GET / HTTP/1.1\r\n\r\n", 400);
    refused("two Host", "GET / HTTP/1.1\r\n" + kHost + kHost + "\r\n", 400);
    refused("two spaces", "GET  / HTTP/1.1\r\n" + kHost + "\r\n", 400);
    refused("no version", "GET /\r\n" + kHost + "\r\n", 400);
    refused("HTTP/1.2", "GET / HTTP/1.2\r\n" + kHost + "\r\n", 505);
    refused("a space in the target", "GET /a b HTTP/1.1\r\n" + kHost + "\r\n", 400);
    refused("UTF-8 in the target", "GET /\xc3\xa9 HTTP/1.1\r\n" + kHost + "\r\n", 400);
    refused("not origin form", "GET a HTTP/1.1\r\n" + kHost + "\r\n", 400);
    refused("unknown method", "BREW / HTTP/1.1\r\n" + kHost + "\r\n", 501);
    refused("method not a token", "G(T / HTTP/1.1\r\n" + kHost + "\r\n", 400);
    refused("long request line", "GET /" + QByteArray(8200, 'a') + " HTTP/1.1\r\n", 414);
    refused("long header", "GET / HTTP/1.1\r\nX: " + QByteArray(17000, 'a') + "\r\n\r\n", 431);
    refused("unknown expectation", "GET / HTTP/1.1\r\n" + kHost + "Expect: tea\r\n\r\n", 417);
}

void TestHttpParser::requests()
{
    QFETCH(QByteArray, input);
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    for (const qsizetype piece : { input.size(), qsizetype(1), qsizetype(7) }) {
        const Outcome outcome = parse(input, std::max<qsizetype>(piece, 1));
        const QByteArray where = QByteArray("in pieces of " + QByteArray::number(piece));
        if (status == 0) {
            QVERIFY2(outcome.step == HttpRequestParser::Step::Done,
                qPrintable(QString::fromUtf8(where) + u": " + outcome.message));
            QCOMPARE(outcome.body, body);
            QCOMPARE(outcome.left, 0);
        } else {
            QVERIFY2(outcome.step == HttpRequestParser::Step::Failed, where.constData());
            QCOMPARE(outcome.status, status);
            QVERIFY(!outcome.message.isEmpty());
        }
    }
}

void TestHttpParser::headStopsBeforeTheBody()
{
    HttpRequestParser parser;
    const QByteArray input = "POST /v1/events HTTP/1.1\r\n" + kHost
        + "Content-Length: 5\r\nExpect: 100-continue\r\n\r\nhello";
    qsizetype taken = 0;
    QCOMPARE(
        parser.feed(input.constData(), input.size(), &taken), HttpRequestParser::Step::HeadDone);
    // Not one byte of the body is taken before readBody().
    QCOMPARE(taken, input.size() - 5);
    QVERIFY(parser.head().expectContinue);
    QCOMPARE(parser.head().contentLength, 5);
    QCOMPARE(parser.feed(input.constData() + taken, 5, &taken), HttpRequestParser::Step::HeadDone);
    QCOMPARE(taken, 0);
    parser.readBody();
    QCOMPARE(parser.feed(input.constData() + input.size() - 5, 5, &taken),
        HttpRequestParser::Step::Done);
    QCOMPARE(parser.takeBody(), QByteArray("hello"));
}

void TestHttpParser::chunkedBodyStopsAtTheLimit()
{
    HttpLimits limits;
    limits.maxBody = 1000000;
    HttpRequestParser parser(limits);
    const QByteArray head = "POST /a HTTP/1.1\r\n" + kHost + "Transfer-Encoding: chunked\r\n\r\n";
    qsizetype taken = 0;
    QCOMPARE(parser.feed(head.constData(), head.size(), &taken), HttpRequestParser::Step::HeadDone);
    parser.readBody();
    const QByteArray chunk = "10000\r\n" + QByteArray(0x10000, 'x') + "\r\n";
    HttpRequestParser::Step step = HttpRequestParser::Step::NeedMore;
    int chunks = 0;
    while (step == HttpRequestParser::Step::NeedMore && chunks < 1000) {
        step = parser.feed(chunk.constData(), chunk.size(), &taken);
        ++chunks;
    }
    QCOMPARE(step, HttpRequestParser::Step::Failed);
    QCOMPARE(parser.errorStatus(), 413);
    // Refused at the chunk that would pass the limit, before its data.
    QCOMPARE(chunks, int(1000000 / 0x10000) + 1);
    QVERIFY(parser.bodyBytes() <= limits.maxBody);
}

void TestHttpParser::headLimitHoldsWhateverThePieces()
{
    HttpLimits limits;
    limits.maxHeadBytes = 1024;
    HttpRequestParser parser(limits);
    QByteArray input = "GET / HTTP/1.1\r\n";
    qsizetype taken = 0;
    QCOMPARE(
        parser.feed(input.constData(), input.size(), &taken), HttpRequestParser::Step::NeedMore);
    // Many short headers, none over the limit alone, together over it.
    const QByteArray line = "X-Pad: aaaaaaaaaaaaaaaaaaaaaaaa\r\n";
    HttpRequestParser::Step step = HttpRequestParser::Step::NeedMore;
    int lines = 0;
    while (step == HttpRequestParser::Step::NeedMore && lines < 100) {
        step = parser.feed(line.constData(), line.size(), &taken);
        ++lines;
    }
    QCOMPARE(step, HttpRequestParser::Step::Failed);
    QCOMPARE(parser.errorStatus(), 431);
    QVERIFY(parser.headBytes() <= limits.maxHeadBytes + line.size());
}

void TestHttpParser::nextRequestIsLeftAlone()
{
    const QByteArray first = "GET /one HTTP/1.1\r\n" + kHost + "\r\n";
    const QByteArray second = "GET /two HTTP/1.1\r\n" + kHost + "\r\n";
    const QByteArray both = first + second;
    HttpRequestParser parser;
    qsizetype taken = 0;
    QCOMPARE(parser.feed(both.constData(), both.size(), &taken), HttpRequestParser::Step::HeadDone);
    QCOMPARE(taken, first.size());
    parser.readBody();
    QCOMPARE(parser.feed(nullptr, 0, &taken), HttpRequestParser::Step::Done);
    QCOMPARE(parser.head().target, QByteArray("/one"));
    parser.reset();
    QCOMPARE(parser.feed(both.constData() + first.size(), second.size(), &taken),
        HttpRequestParser::Step::HeadDone);
    QCOMPARE(parser.head().target, QByteArray("/two"));
}

void TestHttpParser::absoluteFormGivesThePath()
{
    const Outcome outcome
        = parse("GET http://example.org/v1/health?x=1 HTTP/1.1\r\n" + kHost + "\r\n", 1000);
    QCOMPARE(outcome.step, HttpRequestParser::Step::Done);
    QCOMPARE(outcome.target, QByteArray("/v1/health?x=1"));
    QCOMPARE(parse("GET http://example.org HTTP/1.1\r\n" + kHost + "\r\n", 1000).target,
        QByteArray("/"));
}

QTEST_GUILESS_MAIN(TestHttpParser)
#include "tst_httpparser.moc"
