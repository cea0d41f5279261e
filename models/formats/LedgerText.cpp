// SPDX-License-Identifier: GPL-3.0-or-later
#include "LedgerText.h"

#include "HugePages.h"
#include "PageText.h"
#include "Quote.h"
#include "TextHygiene.h"

#include <QDate>
#include <QRegularExpression>
#include <QSet>
#include <QStringDecoder>

#include <array>
#include <cstring>
#include <functional>
#include <vector>

namespace LedgerCurator {

namespace {

using namespace PageText;

//! Whole non-negative number without sign or leading zeros; at most 15 digits.
std::optional<qint64> parseCount(QStringView text)
{
    if (text.isEmpty() || text.size() > 15)
        return std::nullopt;
    if (text.size() > 1 && text[0] == u'0')
        return std::nullopt;
    qint64 value = 0;
    for (const QChar c : text) {
        if (c < u'0' || c > u'9')
            return std::nullopt;
        value = value * 10 + (c.unicode() - u'0');
    }
    return value;
}

//! Offset of the first byte that is not part of well-formed UTF-8, or -1.
qsizetype firstInvalidUtf8(QByteArrayView data)
{
    const auto *bytes = reinterpret_cast<const unsigned char *>(data.data());
    const qsizetype size = data.size();
    qsizetype i = 0;
    while (i < size) {
        // Plain ASCII eight bytes at a time: nearly all of a page.
        while (i + 8 <= size) {
            quint64 word;
            std::memcpy(&word, bytes + i, sizeof word);
            if (word & 0x8080808080808080ULL)
                break;
            i += 8;
        }
        if (i >= size)
            break;
        const unsigned char c = bytes[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        int extra = 0;
        unsigned int min = 0;
        if ((c & 0xE0) == 0xC0) {
            extra = 1;
            min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            extra = 2;
            min = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            extra = 3;
            min = 0x10000;
        } else {
            return i;
        }
        if (i + extra >= size)
            return i;
        unsigned int code = c & (0x3F >> extra);
        for (int k = 1; k <= extra; ++k) {
            if ((bytes[i + k] & 0xC0) != 0x80)
                return i;
            code = (code << 6) | (bytes[i + k] & 0x3F);
        }
        if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
            return i;
        i += extra + 1;
    }
    return -1;
}

//! Whether the eight bytes at `bytes` are all printable ASCII (0x20 to 0x7E).
bool printableAscii(const char *bytes)
{
    quint64 word;
    std::memcpy(&word, bytes, sizeof word);
    constexpr quint64 kOnes = 0x0101010101010101ULL;
    // Below 0x80 each, so that the sums below carry into no other byte; then 0x20 or above
    // (+0x60 reaches bit 7) and not 0x7F (+1 does not).
    return (word & (kOnes * 0x80)) == 0 && ((word + kOnes * 0x60) & (kOnes * 0x80)) == kOnes * 0x80
        && ((word + kOnes) & (kOnes * 0x80)) == 0;
}

//! Whether a line's UTF-8 may hold what findTextProblem() refuses: a C0 control or DEL, a C1
//! control (U+0080 to U+009F: 0xC2 0x80 to 0x9F) or U+FFFE, U+FFFF (0xEF 0xBF 0xBE, 0xBF).
//! Valid UTF-8 holds no surrogate. A line that may is checked as text, for the same message.
bool mayHoldTextProblem(QByteArrayView line)
{
    const char *const data = line.data();
    const qsizetype size = line.size();
    qsizetype i = 0;
    while (i + 8 <= size && printableAscii(data + i))
        i += 8;
    for (; i < size; ++i) {
        const auto byte = static_cast<unsigned char>(data[i]);
        if (byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xEF)
            return true;
    }
    return false;
}

//! The lines of a page's UTF-8, read as text one line at a time, as the parser asks for them:
//! the page is never held as UTF-16 whole (twice its size again), and a line is converted into
//! buffers kept from line to line, not into a string of its own. A view given out stays valid
//! until three other lines have been read.
class PageLines
{
public:
    //! `data` must outlive the lines. Ends of lines are '\n', a '\r' before one is dropped.
    explicit PageLines(QByteArrayView data)
        : m_data(data)
    {
        m_starts.reserve(std::size_t(data.size() / 40 + 2));
        m_starts.push_back(0);
        for (qsizetype at = 0;;) {
            const auto *newline
                = static_cast<const char *>(std::memchr(data.data() + at, '\n', data.size() - at));
            if (!newline)
                break;
            at = newline - data.data() + 1;
            m_starts.push_back(at);
        }
        // The last line ends where the data does, as if a newline followed.
        m_starts.push_back(data.size() + 1);
        m_count = qsizetype(m_starts.size()) - 1;
    }

    qsizetype size() const { return m_count; }
    //! A final newline (or several blank lines at the end) is not a line of the page.
    void dropBlankEnd()
    {
        while (m_count > 1 && bytes(m_count - 1).isEmpty())
            --m_count;
    }
    QByteArrayView bytes(qsizetype index) const
    {
        const qsizetype start = m_starts[std::size_t(index)];
        qsizetype end = m_starts[std::size_t(index) + 1] - 1;
        if (end > start && m_data[end - 1] == '\r')
            --end;
        return m_data.sliced(start, end - start);
    }
    //! The line as text.
    QStringView operator[](qsizetype index) const
    {
        Slot &slot = m_slots[std::size_t(index) % m_slots.size()];
        if (slot.index != index) {
            const QByteArrayView line = bytes(index);
            // Room for the line and never a null buffer: an empty line is an empty view of
            // text, as a view into the whole page's text was.
            slot.text.resize(line.size() + 1);
            QStringDecoder decoder(QStringDecoder::Utf8,
                QStringDecoder::Flag::Stateless | QStringDecoder::Flag::ConvertInitialBom);
            const QChar *end = decoder.appendToBuffer(slot.text.data(), line);
            slot.length = end - slot.text.constData();
            slot.index = index;
        }
        return QStringView(slot.text.constData(), slot.length);
    }
    //! The lines that begin "Observation ": how many observations the page holds at most.
    qsizetype countStarting(QByteArrayView prefix) const
    {
        qsizetype count = 0;
        for (qsizetype i = 0; i < m_count; ++i)
            count += bytes(i).startsWith(prefix);
        return count;
    }

private:
    struct Slot
    {
        qsizetype index = -1;
        QString text;
        qsizetype length = 0;
    };
    QByteArrayView m_data;
    std::vector<qsizetype> m_starts; // where each line starts, then the end (+1)
    qsizetype m_count = 0;
    mutable std::array<Slot, 4> m_slots;
};

//! Texts that many observations repeat (the record's own title, a basis, a timestamp, a
//! reason): recent ones kept in a small table by their hash, each made a string once and
//! shared by the observations that hold it, instead of one string per observation.
class SharedTexts
{
public:
    QString of(QStringView text)
    {
        if (text.isEmpty())
            return text.toString();
        QString &slot = m_slots[qHash(text) % m_slots.size()];
        if (slot != text)
            slot = text.toString();
        return slot;
    }

private:
    std::array<QString, 64> m_slots;
};

class PageParser
{
public:
    //! `lines` are views into the page's bytes, which must outlive the parser.
    PageParser(PageLines lines, QString file, const Progress &progress)
        : m_lines(std::move(lines))
        , m_file(std::move(file))
        , m_progress(progress)
    {
        HugePages::reserve(
            m_page.record.observations, m_lines.countStarting(QByteArrayView("Observation ")));
    }

    Result<ParsedPage> parse();

private:
    // Each returns false after recording the first error.
    bool fail(int index, const QString &expected, const QString &found = {});
    bool failFound(int index, const QString &expected);
    bool atEnd() const { return m_pos >= m_lines.size(); }
    QStringView current() const { return m_lines[m_pos]; }
    bool expectLine(const QString &exact);
    bool expectBlank();
    bool expectText(QString *out, const QString &what);
    bool parseHeader();
    bool parseCoverage();
    bool parseResolutionCounts();
    bool parseMeasurements();
    bool parseObservations(
        Direction direction, const QString &emptySentence, const QString &nextHeading);
    bool parseObservation(Direction direction);
    bool parseEvents(Observation &obs);
    bool parseObservedSuffix(QStringView text, QString *head, QString *observedAt);

    PageLines m_lines; // a QString per line cost more than the parse itself
    SharedTexts m_shared;
    QString m_file;
    int m_pos = 0;
    ParsedPage m_page;
    StatedCountLines m_statedLines;
    std::optional<Error> m_error;
    const Progress &m_progress;
    QSet<QString> m_ids;
};

bool PageParser::fail(int index, const QString &expected, const QString &found)
{
    if (!m_error) {
        const QString message
            = found.isEmpty() ? expected : expected + QStringLiteral(", found ") + found;
        // The end of the file is reported on the last line.
        const int line = std::min<int>(index, std::max<int>(int(m_lines.size()) - 1, 0)) + 1;
        m_error = Error::badInput(message, m_file, line);
    }
    return false;
}

bool PageParser::failFound(int index, const QString &expected)
{
    if (index >= m_lines.size())
        return fail(index, expected, QStringLiteral("the end of the file"));
    if (m_lines[index].isEmpty())
        return fail(index, expected, QStringLiteral("a blank line"));
    return fail(index, expected, quoted(m_lines[index]));
}

bool PageParser::expectLine(const QString &exact)
{
    if (atEnd() || current() != exact)
        return failFound(m_pos, QStringLiteral("expected '%1'").arg(exact));
    ++m_pos;
    return true;
}

bool PageParser::expectBlank()
{
    if (atEnd() || !current().isEmpty())
        return failFound(m_pos, QStringLiteral("expected a blank line"));
    ++m_pos;
    return true;
}

bool PageParser::expectText(QString *out, const QString &what)
{
    if (atEnd() || current().trimmed().isEmpty())
        return failFound(m_pos, QStringLiteral("expected %1").arg(what));
    *out = m_lines[m_pos++].toString();
    return true;
}

bool PageParser::parseObservedSuffix(QStringView text, QString *head, QString *observedAt)
{
    const qsizetype at = text.lastIndexOf(kObserved);
    if (at < 0) {
        *head = text.toString();
        observedAt->clear();
        return true;
    }
    *head = text.left(at).toString();
    *observedAt = text.mid(at + kObserved.size()).toString();
    if (observedAt->isEmpty() || observedAt->contains(u' '))
        return failFound(m_pos, QStringLiteral("expected a timestamp after ', observed'"));
    return true;
}

bool PageParser::parseHeader()
{
    Record &r = m_page.record;
    if (!expectLine(kHeading) || !expectBlank()
        || !expectText(&r.title, QStringLiteral("the paper's title")) || !expectBlank())
        return false;

    static const QRegularExpression asOfRe(QStringLiteral(
        "^As of (\\d{1,2}) ([A-Z][a-z]+) (\\d{4}), this Paper Citation Record lists (\\d+) of "
        "(\\d+) outbound references and (\\d+) inbound Pith citation observations for "
        "arXiv:(\\S+)\\.$"));
    if (atEnd())
        return failFound(m_pos, QStringLiteral("expected the 'As of ...' sentence"));
    const auto match = asOfRe.match(current());
    if (!match.hasMatch())
        return failFound(m_pos,
            QStringLiteral("expected 'As of D MONTH YYYY, this Paper Citation Record "
                           "lists X of Y outbound references and Z inbound Pith "
                           "citation observations for arXiv:ID.'"));
    int month = 0;
    for (int i = 0; i < 12; ++i) {
        if (match.capturedView(2) == QLatin1String(kMonths[i]))
            month = i + 1;
    }
    const QDate date(match.capturedView(3).toInt(), month, match.capturedView(1).toInt());
    if (month == 0 || !date.isValid() || match.capturedView(1).startsWith(u'0'))
        return fail(m_pos, QStringLiteral("expected a date like '5 August 2026'"),
            quoted(QStringView(match.capturedView(1).begin(), match.capturedView(3).end())));
    r.asOf = date.toString(Qt::ISODate);
    const auto listed = parseCount(match.capturedView(4));
    const auto total = parseCount(match.capturedView(5));
    const auto inbound = parseCount(match.capturedView(6));
    if (!listed || !total || !inbound)
        return fail(
            m_pos, QStringLiteral("expected counts without leading zeros in the 'As of' sentence"));
    r.stated.outboundListed = *listed;
    r.stated.outboundTotal = *total;
    r.stated.inbound = *inbound;
    r.arxivId = match.captured(7);
    m_statedLines.header = m_pos + 1;
    ++m_pos;

    if (!expectBlank() || !expectLine(kDisclaimer) || !expectBlank())
        return false;
    if (!expectLine(QString::fromLatin1(kSchemaId)))
        return false;
    const QString idLine = r.arxivId + QStringLiteral(" v");
    if (atEnd() || !current().startsWith(idLine))
        return failFound(m_pos, QStringLiteral("expected '%1N' (the id and version)").arg(idLine));
    const auto version = parseCount(current().mid(idLine.size()));
    if (!version || *version < 1 || *version > 9999)
        return failFound(m_pos, QStringLiteral("expected a version number after '%1'").arg(idLine));
    r.version = int(*version);
    ++m_pos;
    return expectBlank();
}

bool PageParser::parseCoverage()
{
    if (!expectLine(kCoverageHeading) || !expectBlank())
        return false;
    static const QRegularExpression facetRe(QStringLiteral("^measured (\\d+) of (\\d+) (.+)$"));
    for (int i = 0; i < kCoverageFacetCount; ++i) {
        const auto expectedKind = static_cast<CoverageFacet::Kind>(i);
        const QString expected
            = QStringLiteral("expected 'measured M of N %1'").arg(facetText(expectedKind));
        if (atEnd())
            return failFound(m_pos, expected);
        const auto match = facetRe.match(current());
        if (!match.hasMatch() || match.capturedView(3) != facetText(expectedKind))
            return failFound(m_pos, expected);
        CoverageFacet facet;
        facet.kind = expectedKind;
        const auto measured = parseCount(match.capturedView(1));
        const auto of = parseCount(match.capturedView(2));
        if (!measured || !of)
            return failFound(m_pos, expected);
        facet.measured = *measured;
        facet.of = *of;
        m_statedLines.facets[i] = m_pos + 1;
        ++m_pos;
        if (!expectBlank()
            || !expectText(&facet.description, QStringLiteral("the facet's description"))
            || !expectBlank())
            return false;
        if (atEnd() || !current().startsWith(QStringLiteral("Source: ")))
            return failFound(m_pos, QStringLiteral("expected 'Source: NAME, ...'"));
        QString names;
        if (!parseObservedSuffix(current().mid(8), &names, &facet.observedAt))
            return false;
        facet.sources = names.split(QStringLiteral(", "));
        for (const auto &source : std::as_const(facet.sources)) {
            if (source.trimmed().isEmpty())
                return failFound(m_pos, QStringLiteral("expected source names separated by ', '"));
        }
        ++m_pos;
        if (!expectBlank())
            return false;
        m_page.record.coverage.append(facet);
    }
    return true;
}

bool PageParser::parseResolutionCounts()
{
    if (!expectLine(kResolutionHeading) || !expectBlank())
        return false;
    static const QRegularExpression displayedRe(
        QStringLiteral("^(\\d+) of (\\d+) outbound references displayed$"));
    const QString expected = QStringLiteral("expected 'X of Y outbound references displayed'");
    if (atEnd())
        return failFound(m_pos, expected);
    const auto match = displayedRe.match(current());
    if (!match.hasMatch())
        return failFound(m_pos, expected);
    const auto displayed = parseCount(match.capturedView(1));
    const auto of = parseCount(match.capturedView(2));
    if (!displayed || !of)
        return failFound(m_pos, expected);
    m_page.record.stated.outboundDisplayed = *displayed;
    m_page.record.stated.outboundDisplayedOf = *of;
    m_statedLines.displayed = m_pos + 1;
    ++m_pos;
    if (!expectBlank())
        return false;
    for (int i = 0; i < kResolutionStateCount; ++i) {
        const QString label = stateText(static_cast<ResolutionState>(i));
        const QString what = QStringLiteral("expected '%1' followed by a count").arg(label);
        if (atEnd() || !current().startsWith(label))
            return failFound(m_pos, what);
        const auto count = parseCount(current().mid(label.size()));
        if (!count)
            return failFound(m_pos, what);
        m_page.record.stated.outboundStates[i] = *count;
        m_statedLines.states[i] = m_pos + 1;
        ++m_pos;
    }
    return expectBlank();
}

bool PageParser::parseMeasurements()
{
    if (!expectLine(kMeasurementsHeading) || !expectBlank())
        return false;
    if (!atEnd() && current() == kNoMeasurements) {
        ++m_pos;
        return expectBlank();
    }
    do {
        const QString what = QStringLiteral("expected a measured citation count");
        if (atEnd())
            return failFound(m_pos, what);
        const auto value = parseCount(current());
        if (!value)
            return failFound(m_pos, what);
        ExternalMeasurement m;
        m.value = *value;
        ++m_pos;
        if (atEnd() || current().trimmed().isEmpty())
            return failFound(m_pos, QStringLiteral("expected 'SOURCE, observed TIMESTAMP'"));
        if (!parseObservedSuffix(current(), &m.source, &m.observedAt))
            return false;
        ++m_pos;
        m_page.record.measurements.append(m);
        if (!expectBlank())
            return false;
    } while (!atEnd() && current() != kOutboundHeading);
    return true;
}

bool PageParser::parseEvents(Observation &obs)
{
    static const QString noneFound
        = QStringLiteral("No event found in the named queried sources as of ");
    static const QString unavailable = QStringLiteral("Unavailable: ");
    static const QRegularExpression foundRe(
        QStringLiteral("^(\\d+) events? found in the named queried sources as of (\\S+)\\.$"));
    const QString what
        = QStringLiteral("expected 'No event found in the named queried sources as of TIMESTAMP.', "
                         "'N events found ...' or 'Unavailable: REASON.'");
    if (atEnd())
        return failFound(m_pos, what);
    const QStringView line = current();
    if (line.startsWith(noneFound) && line.endsWith(u'.')) {
        obs.events.status = EventsCheck::Status::NoneFound;
        obs.events.asOf
            = m_shared.of(line.mid(noneFound.size(), line.size() - noneFound.size() - 1));
        if (obs.events.asOf.isEmpty() || obs.events.asOf.contains(u' '))
            return failFound(m_pos, what);
        ++m_pos;
        return true;
    }
    if (line.startsWith(unavailable) && line.endsWith(u'.')
        && line.size() > unavailable.size() + 1) {
        obs.events.status = EventsCheck::Status::Unavailable;
        obs.events.reason
            = m_shared.of(line.mid(unavailable.size(), line.size() - unavailable.size() - 1));
        ++m_pos;
        return true;
    }
    const auto match = foundRe.match(line);
    if (!match.hasMatch())
        return failFound(m_pos, what);
    const auto count = parseCount(match.capturedView(1));
    const bool singular
        = !match.capturedView(0).mid(match.capturedView(1).size()).startsWith(u" events");
    if (!count || *count == 0 || (*count == 1) != singular)
        return failFound(
            m_pos, QStringLiteral("expected '1 event found' or 'N events found' with N above 1"));
    obs.events.status = EventsCheck::Status::Found;
    obs.events.asOf = match.captured(2);
    const int countLine = m_pos;
    ++m_pos;
    static const QString detailPrefix = QStringLiteral("Detail: ");
    while (!atEnd() && !current().isEmpty()) {
        if (current().startsWith(detailPrefix)) {
            if (obs.events.events.isEmpty() || !obs.events.events.last().detail.isEmpty())
                return failFound(m_pos, QStringLiteral("expected an event line before 'Detail: '"));
            obs.events.events.last().detail = current().mid(detailPrefix.size()).toString();
            if (obs.events.events.last().detail.isEmpty())
                return failFound(m_pos, QStringLiteral("expected a text after 'Detail: '"));
            ++m_pos;
            continue;
        }
        const QStringList parts = current().toString().split(kDot);
        const QString eventWhat
            = QStringLiteral("expected 'Kind · DATE · SOURCE' or 'Kind · DATE · SOURCE · NOTICE'");
        if (parts.size() < 3 || parts.size() > 4)
            return failFound(m_pos, eventWhat);
        const auto kind = parseEventKind(parts[0]);
        if (!kind || parts[0] != eventKindText(*kind))
            return failFound(m_pos,
                QStringLiteral("expected an event kind (Retraction, Correction, "
                               "Expression of concern, Withdrawal, Reinstatement)"));
        SourceEvent event;
        event.kind = *kind;
        event.date = parts[1];
        event.source = parts[2];
        if (parts.size() == 4)
            event.notice = parts[3];
        if (event.date.isEmpty() || event.source.isEmpty()
            || (parts.size() == 4 && event.notice.isEmpty()))
            return failFound(m_pos, eventWhat);
        obs.events.events.append(event);
        ++m_pos;
    }
    if (obs.events.events.size() != *count)
        return fail(countLine,
            QStringLiteral("the line states %1 events but %2 follow")
                .arg(*count)
                .arg(obs.events.events.size()));
    return true;
}

bool PageParser::parseObservation(Direction direction)
{
    static const QString prefix = QStringLiteral("Observation ");
    const QString suffix = kDot + directionKey(direction);
    Observation obs;
    obs.direction = direction;
    if (atEnd() || !current().startsWith(prefix) || !current().endsWith(suffix))
        return failFound(m_pos, QStringLiteral("expected 'Observation UUID%1'").arg(suffix));
    obs.id
        = current().mid(prefix.size(), current().size() - prefix.size() - suffix.size()).toString();
    if (!isUuid(obs.id))
        return fail(m_pos, QStringLiteral("expected a lower-case UUID after 'Observation'"),
            quoted(obs.id));
    if (m_ids.contains(obs.id))
        return fail(m_pos, QStringLiteral("expected each observation once"),
            QStringLiteral("%1 again").arg(obs.id));
    m_ids.insert(obs.id);
    ++m_pos;
    if (!expectBlank())
        return false;

    static const QString citesThis = QStringLiteral(" cites this paper.");
    static const QString thisCites = QStringLiteral("This paper cites ");
    if (atEnd())
        return failFound(m_pos, QStringLiteral("expected the citation sentence"));
    if (direction == Direction::Inbound) {
        if (!current().endsWith(citesThis) || current().size() == citesThis.size())
            return failFound(m_pos, QStringLiteral("expected 'TITLE cites this paper.'"));
        obs.citingTitle = current().chopped(citesThis.size()).toString();
    } else {
        if (!current().startsWith(thisCites) || !current().endsWith(u'.')
            || current().size() <= thisCites.size() + 1)
            return failFound(m_pos, QStringLiteral("expected 'This paper cites TITLE.'"));
        obs.citedTitle = current().mid(thisCites.size()).chopped(1).toString();
    }
    ++m_pos;
    if (!expectBlank())
        return false;
    if (atEnd())
        return failFound(m_pos, QStringLiteral("expected the citing and cited titles"));
    // The record's own title (the other side of each link) is one string for them all.
    const QStringView titles = current();
    if (direction == Direction::Inbound) {
        // The citing title and a space, then the cited title.
        const qsizetype start = obs.citingTitle.size() + 1;
        if (!titles.startsWith(obs.citingTitle) || titles.size() <= start
            || titles[start - 1] != u' ')
            return failFound(
                m_pos, QStringLiteral("expected the citing title followed by the cited title"));
        obs.citedTitle = m_shared.of(titles.sliced(start));
    } else {
        // The citing title, then a space and the cited title.
        const qsizetype end = obs.citedTitle.size() + 1;
        if (!titles.endsWith(obs.citedTitle) || titles.size() <= end
            || titles[titles.size() - end] != u' ')
            return failFound(
                m_pos, QStringLiteral("expected the citing title followed by the cited title"));
        obs.citingTitle = m_shared.of(titles.chopped(end));
    }
    ++m_pos;
    if (!expectBlank())
        return false;

    static const QString referencePrefix = QStringLiteral("Reference ");
    if (!atEnd() && current().startsWith(referencePrefix)) {
        const auto number = parseCount(current().mid(referencePrefix.size()));
        if (!number)
            return failFound(m_pos, QStringLiteral("expected 'Reference N' with a whole number"));
        obs.reference = *number;
        ++m_pos;
        if (!expectBlank())
            return false;
    }

    static const QString resolutionPrefix = QStringLiteral("Resolution: ");
    const QString resolutionWhat
        = QStringLiteral("expected 'Resolution: STATE; BASIS, observed TIMESTAMP'");
    if (atEnd() || !current().startsWith(resolutionPrefix))
        return failFound(m_pos, resolutionWhat);
    {
        const QStringView rest = current().mid(resolutionPrefix.size());
        const qsizetype semicolon = rest.indexOf(u"; ");
        const qsizetype observed = rest.lastIndexOf(kObserved);
        if (semicolon < 0 || observed < semicolon)
            return failFound(m_pos, resolutionWhat);
        const auto state = parseState(rest.left(semicolon));
        if (!state || rest.left(semicolon) != stateText(*state))
            return fail(m_pos,
                QStringLiteral("expected a resolution state (verified exact, verified fuzzy, "
                               "unresolved, parse uncertain, malformed identifier, metadata "
                               "mismatch)"),
                quoted(rest.left(semicolon)));
        obs.state = *state;
        obs.basis = m_shared.of(rest.mid(semicolon + 2, observed - semicolon - 2));
        obs.observedAt = m_shared.of(rest.mid(observed + kObserved.size()));
        if (obs.basis.isEmpty() || obs.observedAt.isEmpty() || obs.observedAt.contains(u' '))
            return failFound(m_pos, resolutionWhat);
    }
    ++m_pos;
    if (!expectBlank())
        return false;
    // A curated page marks a corrected observation with one line after its Resolution line.
    static const QString curatedPrefix = QStringLiteral("Curated by ");
    if (!atEnd() && current().startsWith(curatedPrefix)) {
        obs.curation.edit().mark = m_lines[m_pos++].toString();
        if (!expectBlank())
            return false;
    }
    if (!expectLine(kEventsHeading) || !expectBlank() || !parseEvents(obs))
        return false;
    m_page.record.observations.append(std::move(obs));
    if (m_progress && m_page.record.observations.size() % 2000 == 0
        && !m_progress(m_pos, m_lines.size())) {
        m_error = Error::cancelled();
        return false;
    }
    return true;
}

bool PageParser::parseObservations(
    Direction direction, const QString &emptySentence, const QString &nextHeading)
{
    if (!atEnd() && current() == emptySentence) {
        ++m_pos;
    } else {
        while (true) {
            if (!parseObservation(direction))
                return false;
            // After an observation: the end of the page, or a blank line and then the next one.
            if (!atEnd() && current().isEmpty() && m_pos + 1 < m_lines.size()
                && m_lines[m_pos + 1].isEmpty())
                return failFound(
                    m_pos + 1, QStringLiteral("expected a single blank line between observations"));
            if (atEnd())
                break;
            if (!expectBlank())
                return false;
            if (atEnd() || (!nextHeading.isEmpty() && current() == nextHeading))
                break;
        }
        if (!nextHeading.isEmpty())
            return expectLine(nextHeading) && expectBlank();
        return true;
    }
    if (!nextHeading.isEmpty())
        return expectBlank() && expectLine(nextHeading) && expectBlank();
    return true;
}

Result<ParsedPage> PageParser::parse()
{
    if (m_lines.size() == 1 && m_lines[0].isEmpty())
        return Error::badInput(
            QStringLiteral("expected a ledger page, found an empty file"), m_file, 1);
    const bool ok = parseHeader() && parseCoverage() && parseResolutionCounts()
        && parseMeasurements() && expectLine(kOutboundHeading) && expectBlank()
        && parseObservations(Direction::Outbound, kNoOutbound, kInboundHeading)
        && parseObservations(Direction::Inbound, kNoInbound, QString());
    if (!ok)
        return *m_error;
    if (!atEnd())
        return Error::badInput(
            QStringLiteral("expected the end of the page, found %1").arg(quoted(m_lines[m_pos])),
            m_file, m_pos + 1);
    const QString problem = validateRecord(m_page.record);
    if (!problem.isEmpty())
        return Error::badInput(problem, m_file, 0);
    m_page.warnings = statedCountWarnings(m_page.record, m_statedLines);
    return m_page;
}

} // namespace

Result<ParsedPage> parseLedgerText(
    const QByteArray &data, const QString &file, const Progress &progress)
{
    const qsizetype bad = firstInvalidUtf8(data);
    if (bad >= 0)
        return Error::badInput(
            QStringLiteral("expected UTF-8 text, found bytes that are not UTF-8"), file,
            int(QByteArrayView(data).first(bad).count('\n')) + 1);
    // Read as bytes: the text is made line by line as the parser reads (PageLines).
    QByteArrayView bytes(data);
    if (bytes.startsWith("\xEF\xBB\xBF")) // a byte order mark
        bytes = bytes.sliced(3);
    const qsizetype nul = bytes.indexOf('\0');
    if (nul >= 0)
        return Error::badInput(QStringLiteral("expected text, found a NUL character"), file,
            int(bytes.first(nul).count('\n')) + 1);
    PageLines lines(bytes);
    for (qsizetype i = 0; i < lines.size(); ++i) {
        // Every line of a page is text without control characters (TextHygiene.h).
        if (!mayHoldTextProblem(lines.bytes(i)))
            continue;
        if (const auto problem = findTextProblem(lines[i]))
            return Error::badInput(
                QStringLiteral("the line ") + problem->message(), file, int(i) + 1);
    }
    lines.dropBlankEnd();
    return PageParser(std::move(lines), file, progress).parse();
}

} // namespace LedgerCurator
