// SPDX-License-Identifier: GPL-3.0-or-later
// HttpRequestParser (server/http), ledger-server's reader of HTTP/1.1 requests, on its own: the
// input is what a client sends on one connection. It is read twice, whole and in pieces whose
// sizes come from the input itself, with small limits so that the fuzzer reaches them. Both
// reads must end the same way (the same step, status, requests, bodies and bytes left), a
// refusal must be one of the parser's statuses with a message, and no body or head may pass its
// limit.

#include "FuzzSupport.h"
#include "HttpRequestParser.h"

using namespace LedgerCurator;

namespace {

struct Read
{
    QList<QByteArray> requests; // "METHOD TARGET body" of each request read
    int status = 0;
    qsizetype left = 0;
};

HttpLimits smallLimits()
{
    HttpLimits limits;
    limits.maxRequestLine = 256;
    limits.maxHeadBytes = 1024;
    limits.maxHeaderCount = 20;
    limits.maxBody = 4096;
    limits.maxChunkLine = 64;
    return limits;
}

//! Reads every request in input; pieces gives the size of each piece fed (cycled; 0: all).
Read readAll(const QByteArray &input, const QByteArray &pieces)
{
    const HttpLimits limits = smallLimits();
    HttpRequestParser parser(limits);
    Read read;
    qsizetype at = 0;
    qsizetype piece = 0;
    QByteArray pending;
    for (int guard = 0; guard < 100000; ++guard) {
        if (pending.isEmpty()) {
            if (at >= input.size())
                break;
            const qsizetype size = pieces.isEmpty()
                ? input.size()
                : 1 + static_cast<unsigned char>(pieces[piece++ % pieces.size()]) % 64;
            pending = input.mid(at, size);
            at += pending.size();
        }
        qsizetype taken = 0;
        const HttpRequestParser::Step step
            = parser.feed(pending.constData(), pending.size(), &taken);
        LC_FUZZ_CHECK(taken >= 0 && taken <= pending.size(), QString::number(taken));
        pending.remove(0, taken);
        LC_FUZZ_CHECK(
            parser.headBytes() <= limits.maxHeadBytes + 2, QString::number(parser.headBytes()));
        LC_FUZZ_CHECK(parser.bodyBytes() <= limits.maxBody, QString::number(parser.bodyBytes()));
        if (step == HttpRequestParser::Step::HeadDone) {
            parser.readBody();
        } else if (step == HttpRequestParser::Step::Done) {
            const QByteArray body = parser.takeBody();
            LC_FUZZ_CHECK(body.size() <= limits.maxBody, QString::number(body.size()));
            read.requests.append(
                parser.head().methodName + ' ' + parser.head().target + ' ' + body);
            parser.reset();
        } else if (step == HttpRequestParser::Step::Failed) {
            static const QList<int> refusals = { 400, 413, 414, 417, 431, 501, 505 };
            LC_FUZZ_CHECK(
                refusals.contains(parser.errorStatus()) && !parser.errorMessage().isEmpty(),
                QStringLiteral("status %1: %2")
                    .arg(parser.errorStatus())
                    .arg(parser.errorMessage()));
            read.status = parser.errorStatus();
            break;
        }
    }
    read.left = pending.size() + (input.size() - at);
    return read;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::quietMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input = Fuzz::bytesOf(data, size);
    // The last 8 bytes choose the pieces (and are read as part of the input too).
    const QByteArray pieces = input.right(8);
    const Read whole = readAll(input, {});
    const Read split = readAll(input, pieces);
    LC_FUZZ_CHECK(whole.status == split.status,
        QStringLiteral("status %1 whole, %2 in pieces").arg(whole.status).arg(split.status));
    LC_FUZZ_CHECK(whole.requests == split.requests,
        QStringLiteral("%1 requests whole, %2 in pieces")
            .arg(whole.requests.size())
            .arg(split.requests.size()));
    if (whole.status == 0)
        LC_FUZZ_CHECK(whole.left == split.left,
            QStringLiteral("%1 bytes left whole, %2 in pieces").arg(whole.left).arg(split.left));
    return 0;
}
