// SPDX-License-Identifier: GPL-3.0-or-later
// Writing the ledger page text form (LedgerText.h); LedgerText.cpp reads it.
#include "LedgerText.h"

#include "HelperThread.h"
#include "PageText.h"

#include <QDate>

#include <array>
#include <functional>

namespace LedgerCurator {

using namespace PageText;

namespace {

QString numberText(qint64 n)
{
    return QString::number(n);
}

} // namespace

QString formatPageDate(const QString &isoDate)
{
    const QDate date = QDate::fromString(isoDate, Qt::ISODate);
    if (!date.isValid())
        return {};
    // The year in four digits, as the page's "As of" sentence reads it: a year before 1000
    // ("0975", accepted there) must come back the same, not as "975" (found by fuzz_ledger_text).
    return QString::number(date.day()) + u' ' + QLatin1String(kMonths[date.month() - 1]) + u' '
        + QStringLiteral("%1").arg(date.year(), 4, 10, QLatin1Char('0'));
}

namespace {

//! Appends lines to a text; with a `sink`, hands the text over whenever it holds `chunk` units
//! or more (always after a whole line) and then empties it, keeping its capacity.
class Lines
{
public:
    Lines(QString &out, const std::function<void(QStringView)> &sink, qsizetype chunk)
        : m_out(out)
        , m_sink(sink ? &sink : nullptr)
        , m_chunk(chunk)
    {
    }
    //! Appends the parts and a newline in place: no temporary string per line.
    template <typename... Parts> void operator()(const Parts &...parts)
    {
        ((m_out += parts), ...);
        m_out += u'\n';
        flushIfFull();
    }
    void flushIfFull()
    {
        if (m_sink && m_out.size() >= m_chunk) {
            (*m_sink)(m_out);
            m_out.resize(0);
        }
    }
    void finish()
    {
        if (m_sink && !m_out.isEmpty()) {
            (*m_sink)(m_out);
            m_out.resize(0);
        }
    }
    QString &text() { return m_out; }

private:
    QString &m_out;
    const std::function<void(QStringView)> *m_sink;
    qsizetype m_chunk;
};

//! The page text into `out`; with a `sink`, handed over whenever `out` holds `chunk` units or
//! more (always after a whole line) and then emptied, keeping its capacity. A large record's
//! observations are written on two threads, in blocks (HelperThread.h), the same text.
void renderInto(
    const Record &r, QString &out, const std::function<void(QStringView)> &sink, qsizetype chunk)
{
    Lines line(out, sink, chunk);
    line(kHeading);
    line();
    line(r.title);
    line();
    line(QStringLiteral(
        "As of %1, this Paper Citation Record lists %2 of %3 outbound references and %4 "
        "inbound Pith citation observations for arXiv:%5.")
             .arg(formatPageDate(r.asOf), numberText(r.stated.outboundListed),
                 numberText(r.stated.outboundTotal), numberText(r.stated.inbound), r.arxivId));
    line();
    line(kDisclaimer);
    line();
    line(r.schema);
    line(r.arxivId + QStringLiteral(" v") + QString::number(r.version));
    line();
    line(kCoverageHeading);
    line();
    for (const auto &facet : r.coverage) {
        line(QStringLiteral("measured %1 of %2 %3")
                 .arg(numberText(facet.measured), numberText(facet.of), facetText(facet.kind)));
        line();
        line(facet.description);
        line();
        QString source = QStringLiteral("Source: ") + facet.sources.join(QStringLiteral(", "));
        if (!facet.observedAt.isEmpty())
            source += kObserved + facet.observedAt;
        line(source);
        line();
    }
    line(kResolutionHeading);
    line();
    line(
        QStringLiteral("%1 of %2 outbound references displayed")
            .arg(numberText(r.stated.outboundDisplayed), numberText(r.stated.outboundDisplayedOf)));
    line();
    for (int i = 0; i < kResolutionStateCount; ++i)
        line(stateText(static_cast<ResolutionState>(i)) + numberText(r.stated.outboundStates[i]));
    line();
    line(kMeasurementsHeading);
    line();
    if (r.measurements.isEmpty()) {
        line(kNoMeasurements);
        line();
    }
    for (const auto &m : r.measurements) {
        line(numberText(m.value));
        line(m.observedAt.isEmpty() ? m.source : m.source + kObserved + m.observedAt);
        line();
    }

    // Looked up once, not converted per observation.
    std::array<QString, kResolutionStateCount> stateTexts;
    for (int i = 0; i < kResolutionStateCount; ++i)
        stateTexts[i] = stateText(static_cast<ResolutionState>(i));
    const QString inboundKey = directionKey(Direction::Inbound);
    const QString outboundKey = directionKey(Direction::Outbound);
    auto observationBlock = [&](Lines &line, const Observation &o) {
        line(u"Observation ", o.id, kDot,
            o.direction == Direction::Inbound ? inboundKey : outboundKey);
        line();
        if (o.direction == Direction::Inbound)
            line(o.citingTitle, u" cites this paper.");
        else
            line(u"This paper cites ", o.citedTitle, u'.');
        line();
        line(o.citingTitle, u' ', o.citedTitle);
        line();
        if (o.reference) {
            line(u"Reference ", numberText(*o.reference));
            line();
        }
        line(u"Resolution: ", stateTexts[int(o.state)], u"; ", o.basis, kObserved, o.observedAt);
        line();
        if (!o.curation.mark.isEmpty()) {
            line(o.curation.mark);
            line();
        }
        line(kEventsHeading);
        line();
        switch (o.events.status) {
        case EventsCheck::Status::NoneFound:
            line(u"No event found in the named queried sources as of ", o.events.asOf, u'.');
            break;
        case EventsCheck::Status::Unavailable:
            line(u"Unavailable: ", o.events.reason, u'.');
            break;
        case EventsCheck::Status::Found:
            line(QStringLiteral("%1 %2 found in the named queried sources as of %3.")
                     .arg(numberText(o.events.events.size()),
                         o.events.events.size() == 1 ? QStringLiteral("event")
                                                     : QStringLiteral("events"),
                         o.events.asOf));
            for (const auto &e : o.events.events) {
                QString text = eventKindText(e.kind) + kDot + e.date + kDot + e.source;
                if (!e.notice.isEmpty())
                    text += kDot + e.notice;
                line(text);
                if (!e.detail.isEmpty())
                    line(QStringLiteral("Detail: ") + e.detail);
            }
            break;
        }
    };

    auto section = [&](Direction direction, const QString &heading, const QString &emptySentence) {
        line(heading);
        line();
        constexpr qsizetype kBlock = 1024;
        const qsizetype n = r.observations.size();
        bool any = false;
        // A block's observations, each after a blank line once `before` is set.
        const auto writeBlock = [&](Lines &into, qsizetype block, bool &before) {
            for (qsizetype i = block * kBlock, end = std::min(n, i + kBlock); i < end; ++i) {
                const Observation &o = r.observations[i];
                if (o.direction != direction)
                    continue;
                if (before)
                    into();
                observationBlock(into, o);
                before = true;
            }
        };
        Threads::writeInTwoThreads<QString>((n + kBlock - 1) / kBlock,
            [&](qsizetype block) { writeBlock(line, block, any); },
            [&](QString &text, qsizetype block) {
                // Each observation after a blank line; the first one's is dropped below when
                // it is the section's first.
                Lines apart(text, {}, 0);
                bool always = true;
                writeBlock(apart, block, always);
            },
            [&](QString &text) {
                if (text.isEmpty())
                    return;
                out += any ? QStringView(text) : QStringView(text).sliced(1);
                any = true;
                line.flushIfFull();
            });
        if (!any)
            line(emptySentence);
    };
    section(Direction::Outbound, kOutboundHeading, kNoOutbound);
    line();
    section(Direction::Inbound, kInboundHeading, kNoInbound);
    line.finish();
}

} // namespace

QString renderLedgerText(const Record &r)
{
    QString out;
    out.reserve(2048 + r.observations.size() * 600);
    renderInto(r, out, {}, 0);
    return out;
}

void renderLedgerText(
    const Record &r, const std::function<void(QStringView)> &sink, qsizetype chunk)
{
    QString out;
    out.reserve(chunk + 4096);
    renderInto(r, out, sink, chunk);
}

} // namespace LedgerCurator
