// SPDX-License-Identifier: GPL-3.0-or-later
// Writing the ledger page text form (LedgerText.h); LedgerText.cpp reads it.
#include "LedgerText.h"

#include "DisplayText.h"
#include "HelperThread.h"
#include "PageStreamWriter.h"
#include "PageText.h"

#include <QDate>

#include <array>
#include <charconv>
#include <functional>
#include <string>

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

//! The lines of the page before its outbound references.
void renderHead(const Record &r, Lines &line)
{
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
}

//! The texts every observation's block takes from a few: looked up once, not per observation.
struct BlockTexts
{
    std::array<QString, kResolutionStateCount> states;
    QString inboundKey = directionKey(Direction::Inbound);
    QString outboundKey = directionKey(Direction::Outbound);
    BlockTexts()
    {
        for (int i = 0; i < kResolutionStateCount; ++i)
            states[i] = stateText(static_cast<ResolutionState>(i));
    }
};

//! An observation's lines (without the blank line that parts it from the one before).
void writeObservationBlock(Lines &line, const Observation &o, const BlockTexts &texts)
{
    line(u"Observation ", o.id, kDot,
        o.direction == Direction::Inbound ? texts.inboundKey : texts.outboundKey);
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
    line(u"Resolution: ", texts.states[int(o.state)], u"; ", o.basis, kObserved, o.observedAt);
    line();
    if (!o.curation->mark.isEmpty()) {
        line(o.curation->mark);
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
}

//! The page text into `out`; with a `sink`, handed over whenever `out` holds `chunk` units or
//! more (always after a whole line) and then emptied, keeping its capacity. A large record's
//! observations are written on two threads, in blocks (HelperThread.h), the same text.
void renderInto(
    const Record &r, QString &out, const std::function<void(QStringView)> &sink, qsizetype chunk)
{
    Lines line(out, sink, chunk);
    renderHead(r, line);
    const BlockTexts texts;
    const auto observationBlock
        = [&texts](Lines &into, const Observation &o) { writeObservationBlock(into, o, texts); };

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

namespace {

//! PageStream's page text: the lines renderInto() writes, an observation at a time.
class TextPageWriter final : public PageStream::Writer
{
public:
    TextPageWriter(
        PageStream::Target target, const Record &head, PageStream::Sink sink, qsizetype chunk)
        : m_sink(std::move(sink))
        , m_chunk(size_t(chunk))
        , m_terminal(target == PageStream::Target::Terminal)
    {
        m_out.reserve(m_chunk + 65536);
        QString text;
        Lines line(text, {}, 0);
        renderHead(head, line);
        line(kOutboundHeading);
        line();
        append(text);
        m_dot = encoded(kDot);
        m_observed = encoded(kObserved);
        m_eventsHeading = encoded(kEventsHeading);
        m_directions[int(Direction::Inbound)] = encoded(m_texts.inboundKey);
        m_directions[int(Direction::Outbound)] = encoded(m_texts.outboundKey);
        for (int i = 0; i < kResolutionStateCount; ++i)
            m_states[i] = encoded(m_texts.states[i]);
    }

    bool add(const ObservationRow &o) override
    {
        if (!enter(o.direction))
            return false;
        m_out += "Observation ";
        value(o.id);
        m_out += m_dot;
        m_out += m_directions[int(o.direction)];
        m_out += "\n\n";
        if (o.direction == Direction::Inbound) {
            value(o.citingTitle);
            m_out += " cites this paper.\n\n";
        } else {
            m_out += "This paper cites ";
            value(o.citedTitle);
            m_out += ".\n\n";
        }
        value(o.citingTitle);
        m_out += ' ';
        value(o.citedTitle);
        m_out += "\n\n";
        if (o.reference) {
            char digits[24];
            const auto end = std::to_chars(std::begin(digits), std::end(digits), *o.reference).ptr;
            m_out += "Reference ";
            m_out.append(digits, size_t(end - digits));
            m_out += "\n\n";
        }
        m_out += "Resolution: ";
        m_out += m_states[int(o.state)];
        m_out += "; ";
        value(o.basis);
        m_out += m_observed;
        value(o.observedAt);
        m_out += "\n\n";
        m_out += m_eventsHeading;
        m_out += "\n\n";
        if (o.events == EventsCheck::Status::Unavailable) {
            m_out += "Unavailable: ";
            value(o.reason);
        } else {
            m_out += "No event found in the named queried sources as of ";
            value(o.asOf);
        }
        m_out += ".\n";
        return flushIfFull();
    }

    bool add(const Observation &o) override
    {
        if (o.direction != Direction::Inbound && o.direction != Direction::Outbound)
            return m_ok; // in neither section, as renderLedgerText() leaves it
        if (!enter(o.direction))
            return false;
        QString text;
        Lines line(text, {}, 0);
        writeObservationBlock(line, o, m_texts);
        append(text);
        return flushIfFull();
    }

    bool finish() override
    {
        if (!m_ok)
            return false;
        if (m_inbound == false)
            closeOutbound();
        if (!m_any)
            append(kNoInbound + u'\n');
        return flush();
    }

private:
    //! Starts an observation of `direction`: the blank line before it, or the inbound section.
    bool enter(Direction direction)
    {
        if (!m_ok)
            return false;
        if (direction == Direction::Outbound && m_inbound)
            return m_ok = false;
        if (direction == Direction::Inbound && !m_inbound)
            closeOutbound();
        if (m_any)
            m_out += '\n';
        m_any = true;
        return true;
    }
    void closeOutbound()
    {
        if (!m_any)
            append(kNoOutbound + u'\n');
        m_out += '\n';
        append(kInboundHeading + u'\n' + u'\n');
        m_inbound = true;
        m_any = false;
    }
    //! The text as renderLedgerText() gives it and `render` writes it (to a terminal: with its
    //! controls and bidi characters as tokens).
    std::string encoded(const QString &text) const
    {
        const QByteArray bytes
            = (m_terminal ? DisplayText::forTerminal(text, DisplayText::Lines::Keep) : text)
                  .toUtf8();
        return std::string(bytes.constData(), size_t(bytes.size()));
    }
    void append(const QString &text) { m_out += encoded(text); }
    //! A value from the cache: printable ASCII as it is, anything else through QString, as the
    //! observation read from the cache holds it.
    void value(QByteArrayView utf8)
    {
        if (printableAsciiBytes(utf8))
            m_out.append(utf8.data(), size_t(utf8.size()));
        else
            append(QString::fromUtf8(utf8));
    }
    bool flushIfFull() { return m_out.size() < m_chunk || flush(); }
    bool flush()
    {
        if (m_ok && !m_out.empty())
            m_ok = m_sink(QByteArrayView(m_out.data(), qsizetype(m_out.size())));
        m_out.clear();
        return m_ok;
    }

    PageStream::Sink m_sink;
    size_t m_chunk;
    bool m_terminal;
    std::string m_out;
    const BlockTexts m_texts;
    std::string m_dot, m_observed, m_eventsHeading;
    std::array<std::string, 2> m_directions;
    std::array<std::string, kResolutionStateCount> m_states;
    bool m_inbound = false; // in the inbound section
    bool m_any = false; // an observation written in the section
    bool m_ok = true;
};

} // namespace

std::unique_ptr<PageStream::Writer> makeTextPageWriter(
    PageStream::Target target, const Record &head, PageStream::Sink sink, qsizetype chunk)
{
    return std::make_unique<TextPageWriter>(target, head, std::move(sink), chunk);
}

} // namespace LedgerCurator
