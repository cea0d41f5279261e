// SPDX-License-Identifier: GPL-3.0-or-later
// The record as JSON text, written directly: writeRecordJson() (RecordJson.h). The same bytes as
// QJsonDocument(recordToJson(r)).toJson(Indented) (members in key order, four spaces per level,
// strings escaped as Qt escapes them), without building a QJsonObject per observation first.
// ledger-bench checks the two stay identical.
#include "RecordJson.h"

#include "DisplayText.h"
#include "HelperThread.h"
#include "JsonEscape.h"
#include "PageStreamWriter.h"
#include "RecordJsonKeys.h"

#include <QStringDecoder>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <functional>
#include <iterator>
#include <string>

namespace LedgerCurator {

namespace Keys = RecordJsonKeys;

namespace {

class JsonTextWriter
{
public:
    explicit JsonTextWriter(qsizetype reserve) { m_out.reserve(size_t(reserve)); }

    //! How deep the writer is in open arrays and objects.
    int depth() const { return m_depth; }
    //! A writer that goes on at `depth`, inside an open array or object that already has a
    //! member: what it writes can be appended to the writer it goes on from with append().
    static JsonTextWriter continuing(int depth, std::string buffer)
    {
        JsonTextWriter w(0);
        w.m_out = std::move(buffer);
        w.m_out.clear();
        w.m_depth = depth;
        w.m_first = false;
        return w;
    }
    //! Hands over the text written so far (and its capacity).
    std::string takeText() { return std::move(m_out); }
    //! Appends what a continuing() writer wrote.
    void append(const std::string &text) { m_out += text; }

    //! The text, with a final newline as QJsonDocument writes it.
    QByteArray take()
    {
        m_out += '\n';
        return QByteArray(m_out.data(), qsizetype(m_out.size()));
    }

    //! Hands the text written so far to `sink` (which must outlive the writer) whenever it holds
    //! `chunk` bytes or more at a flushPoint(), and the rest at finish().
    void setSink(const std::function<void(QByteArrayView)> *sink, size_t chunk)
    {
        m_sink = sink;
        m_chunk = chunk;
    }
    void flushPoint()
    {
        if (m_sink && m_out.size() >= m_chunk) {
            (*m_sink)(QByteArrayView(m_out.data(), qsizetype(m_out.size())));
            m_out.clear(); // keeps the capacity
        }
    }
    void finish()
    {
        m_out += '\n';
        if (m_sink)
            (*m_sink)(QByteArrayView(m_out.data(), qsizetype(m_out.size())));
        m_out.clear();
    }

    //! Opens an object or array value (after a key or as an element).
    void open(char bracket)
    {
        m_out += bracket;
        m_out += '\n';
        ++m_depth;
        m_first = true;
    }
    void close(char bracket)
    {
        --m_depth;
        if (!m_first)
            m_out += '\n';
        indent();
        m_out += bracket;
        m_first = false;
    }
    //! Starts a member: `"key": ` (keys are plain ASCII, written as they are).
    void key(const char *name)
    {
        element();
        m_out += '"';
        m_out += name;
        m_out += "\": ";
    }
    //! Starts an array element.
    void element()
    {
        if (!m_first)
            m_out += ",\n";
        m_first = false;
        indent();
    }
    void string(QStringView text)
    {
        m_out += '"';
        escaped(text);
        m_out += '"';
    }
    //! A value from the cache's UTF-8: plain ASCII as it is, anything else through QString,
    //! as the observation read from the cache holds it.
    void string(QByteArrayView utf8)
    {
        m_out += '"';
        const bool plain = std::all_of(utf8.begin(), utf8.end(),
            [](char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; });
        if (plain)
            m_out.append(utf8.data(), size_t(utf8.size()));
        else
            escaped(QString::fromUtf8(utf8));
        m_out += '"';
    }
    void number(qint64 n)
    {
        char digits[24];
        const auto end = std::to_chars(std::begin(digits), std::end(digits), n).ptr;
        m_out.append(digits, size_t(end - digits));
    }
    void null() { m_out += "null"; }
    void writeRaw(const char *text) { m_out += text; }
    void boolean(bool value) { m_out += value ? "true" : "false"; }

    // Members, for brevity.
    void member(const char *name, QStringView text)
    {
        key(name);
        string(text);
    }
    void member(const char *name, QByteArrayView utf8)
    {
        key(name);
        string(utf8);
    }
    void member(const char *name, qint64 n)
    {
        key(name);
        number(n);
    }

private:
    void indent() { m_out.append(size_t(4 * m_depth), ' '); }

    //! As Qt's JSON writer escapes (JsonEscape.h).
    void escaped(QStringView text) { JsonEscape::appendEscaped(m_out, text); }

    std::string m_out; // appends inline, unlike QByteArray's
    const std::function<void(QByteArrayView)> *m_sink = nullptr;
    size_t m_chunk = 0;
    int m_depth = 0;
    bool m_first = true;
};

void writeStrings(JsonTextWriter &w, const char *name, const QStringList &list)
{
    w.key(name);
    w.open('[');
    for (const QString &s : list) {
        w.element();
        w.string(s);
    }
    w.close(']');
}

void writeCuration(JsonTextWriter &w, const CurationInfo &c)
{
    // The members curationToJson() writes, in key order.
    w.key(Keys::kCuration);
    w.open('{');
    if (!c.conflicts.isEmpty())
        writeStrings(w, Keys::kConflicts, c.conflicts);
    if (!c.duplicateOf.isEmpty())
        w.member(Keys::kDuplicateOf, c.duplicateOf);
    if (c.excluded) {
        w.key(Keys::kExcluded);
        w.boolean(true);
    }
    if (!c.identifier.isEmpty())
        w.member(Keys::kIdentifier, c.identifier);
    if (!c.mark.isEmpty())
        w.member(Keys::kMark, c.mark);
    if (!c.note.isEmpty())
        w.member(Keys::kNote, c.note);
    if (!c.review.isEmpty())
        w.member(Keys::kReview, c.review);
    if (!c.reviewNote.isEmpty())
        w.member(Keys::kReviewNote, c.reviewNote);
    w.close('}');
}

void writeEventsCheck(JsonTextWriter &w, const EventsCheck &check)
{
    w.key(Keys::kEventsCheck);
    w.open('{');
    switch (check.status) {
    case EventsCheck::Status::NoneFound:
        w.member(Keys::kAsOf, check.asOf);
        break;
    case EventsCheck::Status::Unavailable:
        w.member(Keys::kReason, check.reason);
        break;
    case EventsCheck::Status::Found:
        w.member(Keys::kAsOf, check.asOf);
        w.key(Keys::kEvents);
        w.open('[');
        for (const SourceEvent &event : check.events) {
            w.element();
            w.open('{');
            w.member(Keys::kDate, event.date);
            if (!event.detail.isEmpty())
                w.member(Keys::kDetail, event.detail);
            w.member(Keys::kKind, eventKindKey(event.kind));
            if (!event.notice.isEmpty())
                w.member(Keys::kNotice, event.notice);
            w.member(Keys::kSource, event.source);
            w.close('}');
        }
        w.close(']');
        break;
    }
    w.member(Keys::kStatus, eventsStatusKey(check.status));
    w.close('}');
}

//! The keys of a small enum, computed once: writing them needs no allocation per observation.
template <typename Enum, int N> struct KeyTable
{
    std::array<QString, N> keys;
    KeyTable(QString (*key)(Enum))
    {
        for (int i = 0; i < N; ++i)
            keys[i] = key(static_cast<Enum>(i));
    }
    const QString &operator()(Enum value) const { return keys[static_cast<int>(value)]; }
};

void writeObservation(JsonTextWriter &w, const Observation &o)
{
    static const KeyTable<ResolutionState, kResolutionStateCount> states(stateKey);
    static const KeyTable<Direction, 2> directions(directionKey);
    w.element();
    w.open('{');
    w.member(Keys::kBasis, o.basis);
    w.member(Keys::kCitedTitle, o.citedTitle);
    w.member(Keys::kCitingTitle, o.citingTitle);
    if (!o.curation->isEmpty())
        writeCuration(w, *o.curation);
    w.member(Keys::kDirection, directions(o.direction));
    writeEventsCheck(w, o.events);
    w.member(Keys::kId, o.id);
    w.member(Keys::kObservedAt, o.observedAt);
    w.key(Keys::kReference);
    if (o.reference)
        w.number(*o.reference);
    else
        w.null();
    w.member(Keys::kState, states(o.state));
    w.close('}');
}

//! Writes the observations as the elements of the array `w` has just opened; a large record's
//! on two threads, in blocks of 1,024 (HelperThread.h), the same bytes.
void writeObservations(JsonTextWriter &w, const QList<Observation> &observations)
{
    constexpr qsizetype kBlock = 1024;
    const qsizetype n = observations.size();
    const auto writeBlock = [&](JsonTextWriter &into, qsizetype block) {
        const qsizetype end = std::min(n, (block + 1) * kBlock);
        for (qsizetype i = block * kBlock; i < end; ++i) {
            writeObservation(into, observations[i]);
            into.flushPoint();
        }
    };
    const int depth = w.depth(); // read before the helper starts: `w` is the caller's alone
    Threads::writeInTwoThreads<std::string>((n + kBlock - 1) / kBlock,
        [&](qsizetype block) { writeBlock(w, block); },
        [&](std::string &text, qsizetype block) {
            JsonTextWriter apart = JsonTextWriter::continuing(depth, std::move(text));
            writeBlock(apart, block);
            text = apart.takeText();
        },
        [&](std::string &text) {
            w.append(text);
            w.flushPoint();
        });
}

//! The members before the observations, and the observations' array opened.
void writeRecordHead(JsonTextWriter &w, const Record &record)
{
    w.open('{');
    w.member(Keys::kArxivId, record.arxivId);
    w.member(Keys::kAsOf, record.asOf);
    w.key(Keys::kCoverage);
    w.open('[');
    for (const CoverageFacet &f : record.coverage) {
        w.element();
        w.open('{');
        w.member(Keys::kDescription, f.description);
        w.member(Keys::kFacet, facetKey(f.kind));
        w.member(Keys::kMeasured, f.measured);
        if (!f.observedAt.isEmpty())
            w.member(Keys::kObservedAt, f.observedAt);
        w.member(Keys::kOf, f.of);
        writeStrings(w, Keys::kSources, f.sources);
        w.close('}');
    }
    w.close(']');
    w.key(Keys::kExternalMeasurements);
    w.open('[');
    for (const ExternalMeasurement &m : record.measurements) {
        w.element();
        w.open('{');
        if (!m.observedAt.isEmpty())
            w.member(Keys::kObservedAt, m.observedAt);
        w.member(Keys::kSource, m.source);
        w.member(Keys::kValue, m.value);
        w.close('}');
    }
    w.close(']');
    w.key(Keys::kObservations);
    w.open('[');
}

//! The members after the observations' array, which it closes.
void writeRecordTail(JsonTextWriter &w, const Record &record)
{
    w.close(']');
    w.member(Keys::kSchema, record.schema);
    const StatedCounts &s = record.stated;
    w.key(Keys::kStatedCounts);
    w.open('{');
    w.member(Keys::kInbound, s.inbound);
    w.member(Keys::kOutboundDisplayed, s.outboundDisplayed);
    w.member(Keys::kOutboundDisplayedOf, s.outboundDisplayedOf);
    w.member(Keys::kOutboundListed, s.outboundListed);
    w.key(Keys::kOutboundStates);
    w.open('{');
    QList<std::pair<QString, qint64>> states;
    for (const ResolutionState state : kAllResolutionStates)
        states.append({ stateKey(state), s.outboundStates[static_cast<int>(state)] });
    std::sort(states.begin(), states.end());
    for (const auto &[key, n] : std::as_const(states)) {
        w.element();
        w.string(key);
        w.writeRaw(": ");
        w.number(n);
    }
    w.close('}');
    w.member(Keys::kOutboundTotal, s.outboundTotal);
    w.close('}');
    w.member(Keys::kTitle, record.title);
    w.member(Keys::kVersion, record.version);
    w.close('}');
}

void writeRecordInto(JsonTextWriter &w, const Record &record)
{
    writeRecordHead(w, record);
    writeObservations(w, record.observations);
    writeRecordTail(w, record);
}

} // namespace

QByteArray writeRecordJson(const Record &record)
{
    JsonTextWriter w(4096 + record.observations.size() * 700);
    writeRecordInto(w, record);
    return w.take();
}

void writeRecordJson(
    const Record &record, const std::function<void(QByteArrayView)> &sink, qsizetype chunk)
{
    JsonTextWriter w(chunk + 65536);
    w.setSink(&sink, size_t(chunk));
    writeRecordInto(w, record);
    w.finish();
}

namespace {

//! PageStream's record JSON: the bytes writeRecordJson() writes, an observation at a time.
class JsonPageWriter final : public PageStream::Writer
{
public:
    JsonPageWriter(
        PageStream::Target target, const Record &head, PageStream::Sink sink, qsizetype chunk)
        : m_w(chunk + 65536)
        , m_head(head)
        , m_sink(std::move(sink))
        , m_terminal(target == PageStream::Target::Terminal)
    {
        m_pieces = [this](QByteArrayView bytes) { hand(bytes); };
        m_w.setSink(&m_pieces, size_t(chunk));
        writeRecordHead(m_w, m_head);
    }

    bool add(const ObservationRow &o) override
    {
        static const KeyTable<ResolutionState, kResolutionStateCount> states(stateKey);
        static const KeyTable<Direction, 2> directions(directionKey);
        static const KeyTable<EventsCheck::Status, 3> statuses(eventsStatusKey);
        if (!m_ok)
            return false;
        JsonTextWriter &w = m_w;
        w.element();
        w.open('{');
        w.member(Keys::kBasis, o.basis);
        w.member(Keys::kCitedTitle, o.citedTitle);
        w.member(Keys::kCitingTitle, o.citingTitle);
        w.member(Keys::kDirection, directions(o.direction));
        w.key(Keys::kEventsCheck);
        w.open('{');
        if (o.events == EventsCheck::Status::Unavailable)
            w.member(Keys::kReason, o.reason);
        else
            w.member(Keys::kAsOf, o.asOf);
        w.member(Keys::kStatus, statuses(o.events));
        w.close('}');
        w.member(Keys::kId, o.id);
        w.member(Keys::kObservedAt, o.observedAt);
        w.key(Keys::kReference);
        if (o.reference)
            w.number(*o.reference);
        else
            w.null();
        w.member(Keys::kState, states(o.state));
        w.close('}');
        w.flushPoint();
        return m_ok;
    }

    bool add(const Observation &o) override
    {
        if (!m_ok)
            return false;
        writeObservation(m_w, o);
        m_w.flushPoint();
        return m_ok;
    }

    bool finish() override
    {
        if (!m_ok)
            return false;
        writeRecordTail(m_w, m_head);
        m_w.finish();
        return m_ok;
    }

private:
    //! A piece of the JSON to the sink; to a terminal, as `render` writes it there (its
    //! controls and bidi characters spelled \uXXXX). Pieces end between values, never inside a
    //! UTF-8 sequence.
    void hand(QByteArrayView bytes)
    {
        if (!m_ok)
            return;
        if (!m_terminal) {
            m_ok = m_sink(bytes);
            return;
        }
        // forJsonTerminal() changes characters one at a time and keeps printable ASCII,
        // newlines and tabs: only the runs of other bytes (whole UTF-8 sequences, as ASCII is
        // never inside one) go through it.
        const char *const end = bytes.data() + bytes.size();
        const char *p = firstNotKept(bytes.data(), end);
        if (p == end) { // nothing to spell otherwise: handed on as it is
            m_ok = m_sink(bytes);
            return;
        }
        m_terminalBytes.clear();
        m_terminalBytes.append(bytes.data(), p - bytes.data());
        while (p != end) {
            const char *run = firstNotKept(p, end);
            m_terminalBytes.append(p, run - p);
            if (run == end)
                break;
            const char *runEnd = std::find_if(run, end, kept);
            if (spellsNothing(QByteArrayView(run, runEnd - run))) {
                m_terminalBytes.append(run, runEnd - run); // most titles of other scripts
                p = runEnd;
                continue;
            }
            // A run may start with U+FEFF: kept, as in the middle of the whole text.
            QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
            const QString text = decoder.decode(QByteArrayView(run, runEnd - run));
            m_terminalBytes += DisplayText::forJsonTerminal(text).toUtf8();
            p = runEnd;
        }
        m_ok = m_sink(m_terminalBytes);
    }

    //! Whether forJsonTerminal() keeps the byte as it is whatever comes around it: printable
    //! ASCII, a newline, a tab.
    static bool kept(char c)
    {
        const auto u = std::uint8_t(c);
        return (u >= 0x20 && u < 0x7f) || u == '\n' || u == '\t';
    }

    //! The first byte from `p` that is not kept() (`end` if none): sixteen at a time where SSE2
    //! is, as most of the JSON is printable ASCII.
    static const char *firstNotKept(const char *p, const char *const end)
    {
#ifdef __SSE2__
        const __m128i below = _mm_set1_epi8(0x20), del = _mm_set1_epi8(0x7f);
        const __m128i newline = _mm_set1_epi8('\n'), tab = _mm_set1_epi8('\t');
        for (; end - p >= 16; p += 16) {
            const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
            // Signed: the bytes of 0x80 and above are below 0x20 too.
            const __m128i other = _mm_andnot_si128(
                _mm_or_si128(_mm_cmpeq_epi8(chunk, newline), _mm_cmpeq_epi8(chunk, tab)),
                _mm_or_si128(_mm_cmplt_epi8(chunk, below), _mm_cmpeq_epi8(chunk, del)));
            if (const int mask = _mm_movemask_epi8(other); mask != 0)
                return p + __builtin_ctz(unsigned(mask));
        }
#endif
        return std::find_if_not(p, end, kept);
    }

    //! Whether forJsonTerminal() would leave a run of bytes (none of them printable ASCII) as it
    //! is: valid UTF-8 (so decoding and encoding it again gives the same bytes), without the
    //! characters DisplayText::needsToken() names beyond ASCII: C1 controls (C2 80 to C2 9F),
    //! U+061C (D8 9C), U+200E and U+200F (E2 80 8E, 8F), U+2028 to U+202E (E2 80 A8 to AE) and
    //! U+2066 to U+2069 (E2 81 A6 to A9). C2, D8 and E2 only ever lead a sequence in valid UTF-8.
    //! (The rows' texts reach the writer decoded and encoded again by Qt, so the check of the
    //! UTF-8 is a guard: a run that is not UTF-8 goes the slow way, as the whole page's would.)
    static bool spellsNothing(QByteArrayView run)
    {
        const auto *const bytes = reinterpret_cast<const std::uint8_t *>(run.data());
        const qsizetype n = run.size();
        for (qsizetype i = 0; i < n; ++i) {
            const std::uint8_t b = bytes[i];
            if (b != 0xC2 && b != 0xD8 && b != 0xE2) {
                if (b < 0x80)
                    return false; // a control: spelled (printable ASCII never reaches here)
                continue;
            }
            const std::uint8_t next = i + 1 < n ? bytes[i + 1] : 0;
            const std::uint8_t third = i + 2 < n ? bytes[i + 2] : 0;
            if ((b == 0xC2 && next >= 0x80 && next <= 0x9F) || (b == 0xD8 && next == 0x9C))
                return false;
            if (b == 0xE2
                && ((next == 0x80
                        && (third == 0x8E || third == 0x8F || (third >= 0xA8 && third <= 0xAE)))
                    || (next == 0x81 && third >= 0xA6 && third <= 0xA9)))
                return false;
        }
        return run.isValidUtf8();
    }

    JsonTextWriter m_w;
    Record m_head;
    PageStream::Sink m_sink;
    bool m_terminal;
    std::function<void(QByteArrayView)> m_pieces;
    QByteArray m_terminalBytes; // a piece as written to a terminal
    bool m_ok = true;
};

} // namespace

std::unique_ptr<PageStream::Writer> makeJsonPageWriter(
    PageStream::Target target, const Record &head, PageStream::Sink sink, qsizetype chunk)
{
    return std::make_unique<JsonPageWriter>(target, head, std::move(sink), chunk);
}

} // namespace LedgerCurator
