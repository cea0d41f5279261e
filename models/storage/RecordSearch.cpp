// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecordSearch.h"

#include "CurationLog.h"
#include "RecordJson.h"
#include "Store.h"
#include "StoreConnection.h"
#include "StoreSqlite.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace LedgerCurator {

using namespace StoreSqlite;

QString hitFieldKey(HitField field)
{
    switch (field) {
    case HitField::CitingTitle:
        return QStringLiteral("citing_title");
    case HitField::CitedTitle:
        return QStringLiteral("cited_title");
    case HitField::Observation:
        return QStringLiteral("observation");
    case HitField::Identifier:
        return QStringLiteral("identifier");
    case HitField::Note:
        return QStringLiteral("note");
    case HitField::UpstreamCitingTitle:
        return QStringLiteral("upstream_citing_title");
    case HitField::UpstreamIdentifier:
        return QStringLiteral("upstream_identifier");
    case HitField::RecordTitle:
        return QStringLiteral("record_title");
    }
    return {};
}

QString foldSearchText(const QString &text)
{
    return text.trimmed().toCaseFolded();
}

bool foldedContains(const QString &haystack, const QString &needle)
{
    return !needle.isEmpty() && haystack.toCaseFolded().contains(needle);
}

namespace {

bool isAscii(QByteArrayView bytes)
{
    return std::all_of(bytes.begin(), bytes.end(), [](char c) { return uchar(c) < 0x80; });
}

//! Compares a case-folded needle with UTF-8 text as foldedContains() does, without making a
//! QString of every value. For a needle of ASCII only, the text is folded byte by byte: ASCII
//! letters to lower case, and the only two other characters whose case folding is ASCII (U+017F
//! LATIN SMALL LETTER LONG S to "s", U+212A KELVIN SIGN to "k"; tst_recordsearch checks that Qt
//! folds no other to ASCII), every other byte kept. Any other character folds to characters
//! beyond ASCII, whose bytes cannot be part of an ASCII match, so a match of the bytes is a match
//! of the folded text. A needle beyond ASCII takes QString's folding, and never matches text of
//! ASCII only.
class FoldedMatcher
{
public:
    explicit FoldedMatcher(QString folded)
        : m_folded(std::move(folded))
        , m_utf8(m_folded.toUtf8())
        , m_ascii(isAscii(m_utf8))
    {
    }

    bool matches(QByteArrayView text) const
    {
        if (text.isEmpty())
            return false;
        if (!m_ascii) {
            if (isAscii(text))
                return false;
            return QString::fromUtf8(text).toCaseFolded().contains(m_folded);
        }
        if (text.size() < m_utf8.size() && isAscii(text))
            return false;
        const std::string_view folded = foldAscii(text);
        return memmem(folded.data(), folded.size(), m_utf8.constData(), size_t(m_utf8.size()))
            != nullptr;
    }

private:
    //! The text with ASCII letters lower-cased (and U+017F, U+212A folded, see above).
    std::string_view foldAscii(QByteArrayView text) const
    {
        const size_t size = size_t(text.size());
        if (m_buffer.size() < size + 16)
            m_buffer.resize(size + 16);
        const char *src = text.data();
        char *dst = m_buffer.data();
        size_t i = 0;
#ifdef __SSE2__
        const __m128i upperA = _mm_set1_epi8('A' - 1);
        const __m128i upperZ = _mm_set1_epi8('Z' + 1);
        const __m128i caseBit = _mm_set1_epi8(0x20);
        for (; i + 16 <= size; i += 16) {
            const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i *>(src + i));
            // Bytes >= 0x80 are negative as signed bytes: neither above 'A' - 1 nor a letter.
            if (_mm_movemask_epi8(chunk) != 0)
                break;
            const __m128i letter
                = _mm_and_si128(_mm_cmpgt_epi8(chunk, upperA), _mm_cmplt_epi8(chunk, upperZ));
            _mm_storeu_si128(reinterpret_cast<__m128i *>(dst + i),
                _mm_or_si128(chunk, _mm_and_si128(letter, caseBit)));
        }
#endif
        size_t out = i;
        for (; i < size; ++i) {
            const auto c = uchar(src[i]);
            if (c < 0x80) {
                dst[out++] = c >= 'A' && c <= 'Z' ? char(c + 0x20) : char(c);
                continue;
            }
            if (c == 0xc5 && i + 1 < size && uchar(src[i + 1]) == 0xbf) { // U+017F
                dst[out++] = 's';
                i += 1;
            } else if (c == 0xe2 && i + 2 < size && uchar(src[i + 1]) == 0x84
                && uchar(src[i + 2]) == 0xaa) { // U+212A
                dst[out++] = 'k';
                i += 2;
            } else {
                dst[out++] = char(c);
            }
        }
        return std::string_view(dst, out);
    }

    QString m_folded;
    QByteArray m_utf8;
    bool m_ascii = true;
    mutable std::string m_buffer;
};

//! What the corrections of one observation show instead of the upstream values.
struct Overlay
{
    std::optional<QString> citingTitle;
    std::optional<QString> identifier;
    std::optional<QString> note;
    std::optional<ResolutionState> state;
};

//! The corrected texts search reads instead of the upstream ones, by field (the state besides).
constexpr std::array<std::pair<CurationField, std::optional<QString> Overlay::*>, 3>
    kOverlaidTexts { { { CurationField::Title, &Overlay::citingTitle },
        { CurationField::Identifier, &Overlay::identifier },
        { CurationField::Note, &Overlay::note } } };

//! The member of an overlay that holds a field's corrected text; nullptr when search reads none.
std::optional<QString> Overlay::*overlaidText(CurationField field)
{
    for (const auto &[overlaid, member] : kOverlaidTexts) {
        if (overlaid == field)
            return member;
    }
    return nullptr;
}

//! The overlays of one record, sorted by observation id (UTF-8), for lookup by the row's bytes.
using Overlays = std::vector<std::pair<QByteArray, Overlay>>;

Result<Overlays> overlaysOf(const Store &store, const QString &record)
{
    auto events = store.corrections(record);
    if (!events)
        return events.error();
    Overlays overlays;
    if (events->isEmpty())
        return overlays;
    QList<CorrectionEvent> wanted;
    for (const CorrectionEvent &e : std::as_const(*events)) {
        if (e.field == CurationField::State || overlaidText(e.field))
            wanted.append(e);
    }
    std::map<QByteArray, Overlay> byObservation;
    for (const auto &[key, state] : resolveAll(wanted)) {
        const std::optional<QString> value = state.value();
        if (!value)
            continue;
        Overlay &overlay = byObservation[key.observation.toUtf8()];
        if (key.field == CurationField::State)
            overlay.state = parseState(*value);
        else if (const auto member = overlaidText(key.field))
            overlay.*member = *value;
    }
    overlays.assign(byObservation.begin(), byObservation.end());
    return overlays;
}

const Overlay *findOverlay(const Overlays &overlays, QByteArrayView id)
{
    if (overlays.empty())
        return nullptr;
    const auto it = std::lower_bound(overlays.begin(), overlays.end(), id,
        [](const std::pair<QByteArray, Overlay> &entry, QByteArrayView key) {
            return QByteArrayView(entry.first) < key;
        });
    return it != overlays.end() && QByteArrayView(it->first) == id ? &it->second : nullptr;
}

struct CachedRecord
{
    QString id;
    QByteArray idUtf8;
    QByteArray title; // UTF-8
    Overlays overlays;
};

} // namespace

Result<SearchOutcome> searchCache(
    const Store &store, const QString &text, const SearchOptions &options)
{
    const QString folded = foldSearchText(text);
    if (folded.isEmpty())
        return Error::badInput(QStringLiteral("search: give the text to search for"));
    const FoldedMatcher matcher(folded);
    SearchOutcome outcome;
    // Whether the next hit is kept, or only counted (made only when kept).
    const auto keeping = [&] {
        ++outcome.total;
        return options.limit <= 0 || outcome.hits.size() < options.limit;
    };

    const QSqlDatabase db = StoreConnection::of(store);
    std::vector<CachedRecord> records;
    {
        SqliteStatement rows(db, "SELECT id, title FROM records ORDER BY id");
        if (!rows.ok())
            return Error::failure(
                QStringLiteral("cannot read the records to search: %1").arg(rows.errorText()));
        int rc = SQLITE_ROW;
        while ((rc = rows.step()) == SQLITE_ROW)
            records.push_back(
                { rows.text(0), rows.utf8(0).toByteArray(), rows.utf8(1).toByteArray(), {} });
        if (rc != SQLITE_DONE)
            return Error::failure(
                QStringLiteral("cannot read the records to search: %1").arg(rows.errorText()));
    }
    for (CachedRecord &record : records) {
        auto overlays = overlaysOf(store, record.id);
        if (!overlays)
            return overlays.error();
        record.overlays = std::move(*overlays);
    }
    outcome.records = qint64(records.size());

    SqliteStatement rows(db,
        "SELECT record_id, id, direction, state, citing_title, cited_title, curation"
        " FROM observations ORDER BY record_id, position");
    if (!rows.ok())
        return Error::failure(
            QStringLiteral("cannot read the observations to search: %1").arg(rows.errorText()));
    // Rows come by record id, as the records were read: each record's title is matched once,
    // before its observations (the record's own paper is one side of each of its links, so its
    // title is not matched again on every row).
    size_t current = 0; // index in records of the row's record
    size_t titled = 0; // the records whose own title was matched
    auto matchTitlesUpTo = [&](size_t end) {
        for (; titled < end; ++titled) {
            const CachedRecord &record = records[titled];
            if (matcher.matches(record.title) && keeping())
                outcome.hits.append(
                    { record.id, QString(), Direction::Inbound, ResolutionState::Unresolved,
                        HitField::RecordTitle, QString::fromUtf8(record.title) });
        }
    };
    bool cancelled = false;
    sqlite3 *const handle = rows.get() ? sqliteHandle(db) : nullptr;
    // One row, from the statement or from a block of rows copied out of it (same accessors).
    const auto searchRow = [&](const auto &row) {
        if (cancelled)
            return;
        const QByteArrayView recordId = row.utf8(0);
        while (current < records.size() && QByteArrayView(records[current].idUtf8) != recordId)
            ++current;
        if (current >= records.size())
            return; // a row of no record read above (a foreign key forbids it): not searched
        matchTitlesUpTo(current + 1);
        const CachedRecord &record = records[current];
        ++outcome.observations;
        if (options.progress && (outcome.observations & 0x3fff) == 0
            && !options.progress(outcome.observations, 0)) {
            cancelled = true;
            if (handle)
                sqlite3_interrupt(handle); // the reading thread stops at its next step
            return;
        }

        const QByteArrayView id = row.utf8(1);
        const auto direction = static_cast<Direction>(row.integer(2));
        const Overlay *overlay = findOverlay(record.overlays, id);
        const auto state = overlay && overlay->state ? *overlay->state
                                                     : static_cast<ResolutionState>(row.integer(3));
        const QByteArrayView citing = row.utf8(4);
        const QByteArrayView cited = row.utf8(5);
        // The hit's text: a QString, or the row's UTF-8, decoded only when the hit is kept.
        auto hit = [&](HitField field, const auto &value) {
            if (!keeping())
                return;
            QString text;
            if constexpr (std::is_same_v<std::decay_t<decltype(value)>, QByteArrayView>)
                text = QString::fromUtf8(value);
            else
                text = value;
            outcome.hits.append(
                { record.id, QString::fromUtf8(id), direction, state, field, std::move(text) });
        };
        const QByteArrayView ownTitle(record.title);
        if (overlay && overlay->citingTitle) {
            if (matcher.matches(overlay->citingTitle->toUtf8()))
                hit(HitField::CitingTitle, *overlay->citingTitle);
        } else if ((direction == Direction::Inbound || citing != ownTitle)
            && matcher.matches(citing)) {
            hit(HitField::CitingTitle, citing);
        }
        if ((direction == Direction::Outbound || cited != ownTitle) && matcher.matches(cited))
            hit(HitField::CitedTitle, cited);
        if (matcher.matches(id))
            hit(HitField::Observation, id);
        CurationInfo upstream;
        if (!row.isNull(6))
            upstream
                = curationFromJson(QJsonDocument::fromJson(row.utf8(6).toByteArray()).object());
        const QString identifier
            = overlay && overlay->identifier ? *overlay->identifier : upstream.identifier;
        if (foldedContains(identifier, folded))
            hit(HitField::Identifier, identifier);
        const QString note = overlay && overlay->note ? *overlay->note : upstream.note;
        if (foldedContains(note, folded))
            hit(HitField::Note, note);
        if (overlay && overlay->citingTitle
            && citing != QByteArrayView(overlay->citingTitle->toUtf8()) && matcher.matches(citing))
            hit(HitField::UpstreamCitingTitle, citing);
        if (identifier != upstream.identifier && foldedContains(upstream.identifier, folded))
            hit(HitField::UpstreamIdentifier, upstream.identifier);
    };
    // A large cache is read on two cores: SQLite steps on this thread while a helper searches
    // the rows read (blocks of 1,024, copied); the rows are searched in order either way.
    int rc = SQLITE_ROW;
    if (rows.get()) {
        rc = stepInBlocksOnTwoThreads(rows.get(), 7, [&](CopiedRows &block) {
            for (qsizetype i = 0; i < block.rows(); ++i) {
                block.seek(i);
                searchRow(block);
            }
        });
    } else {
        while ((rc = rows.step()) == SQLITE_ROW)
            searchRow(rows);
    }
    if (cancelled)
        return Error::cancelled();
    if (rc != SQLITE_DONE)
        return Error::failure(
            QStringLiteral("cannot read the observations to search: %1").arg(rows.errorText()));
    matchTitlesUpTo(records.size());
    if (options.progress)
        options.progress(outcome.observations, outcome.observations);
    return outcome;
}

} // namespace LedgerCurator
