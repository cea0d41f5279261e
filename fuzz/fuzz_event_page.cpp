// SPDX-License-Identifier: GPL-3.0-or-later
// A page of GET /v1/events as the sync client reads it: readEventPageJson (the direct reader,
// falling back to QJsonDocument) against readEventPageJsonThroughDocument. Both must give the
// same page or the same message, and what the direct reader takes alone must be what the
// document path reads (as tests/tst_syncperf.cpp compares them).

#include "EventJson.h"
#include "FuzzSupport.h"

#include <QJsonDocument>

using namespace LedgerCurator;

namespace {

QString outcome(const Result<EventPageJson> &page)
{
    if (!page)
        return QStringLiteral("error: ") + page.error().toString();
    QString text
        = QStringLiteral("%1 %2 %3 |").arg(page->lastSeq).arg(page->latestSeq).arg(page->more);
    for (qsizetype i = 0; i < page->events.size(); ++i) {
        text += QString::fromUtf8(
                    QJsonDocument(correctionToJson(page->events[i])).toJson(QJsonDocument::Compact))
            + u'|';
        if (page->setAside.contains(i))
            text += QStringLiteral("set aside: ") + page->setAside.value(i) + u'|';
    }
    return text;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::quietMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body = Fuzz::bytesOf(data, size);
    const Result<EventPageJson> read = readEventPageJson(body);
    const Result<EventPageJson> through = readEventPageJsonThroughDocument(body);
    LC_FUZZ_CHECK(outcome(read) == outcome(through),
        QStringLiteral("readEventPageJson: %1\ndocument: %2").arg(outcome(read), outcome(through)));
    if (!through)
        LC_FUZZ_CHECK(
            !through.error().message.isEmpty(), QStringLiteral("an error without a message"));
    if (const auto alone = readEventPageJsonDirectly(body)) {
        LC_FUZZ_CHECK(through.ok(),
            QStringLiteral("the direct reader took what the document path refuses: ")
                + through.error().toString());
        LC_FUZZ_CHECK(outcome(*alone) == outcome(through),
            QStringLiteral("direct: %1\ndocument: %2").arg(outcome(*alone), outcome(through)));
    }
    if (through) {
        // Every event read is one the client can store: written and read again, it is the same;
        // one set aside for its text or time (issue 20) reads back as the rejected events do.
        for (qsizetype i = 0; i < through->events.size(); ++i) {
            const CorrectionEvent &event = through->events[i];
            QString setAside;
            const auto again = through->setAside.contains(i)
                ? correctionFromJson(correctionToJson(event), QStringLiteral("event"), &setAside)
                : correctionFromJson(correctionToJson(event), QStringLiteral("event"));
            LC_FUZZ_CHECK(again.ok(), again.error().toString());
            LC_FUZZ_CHECK(*again == event, QStringLiteral("an event reads back otherwise"));
            LC_FUZZ_CHECK(setAside.isEmpty() != through->setAside.contains(i),
                QStringLiteral("an event set aside reads back clean, or the other way round"));
        }
    }
    return 0;
}
