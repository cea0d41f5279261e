// SPDX-License-Identifier: GPL-3.0-or-later
#include "ObservationTableModel.h"

#include "DisplayText.h"
#include "HelperThread.h"

#include "ThemeColors.h"

#include <QColor>
#include <QFont>
#include <QSet>

#include <algorithm>
#include <cstring>
#include <numeric>

namespace LedgerCurator {

ObservationTableModel::ObservationTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

namespace {

//! From this many observations, prepare() runs the hints beside the rows (a second thread is
//! not worth starting for a small record).
constexpr qsizetype kRowsPreparedOnTwoThreads = 20000;

//! Builds the search text of a record: folds each text, stores it once as UTF-8.
class SearchTextBuilder
{
public:
    //! Adds to the search text of a record shown (for rows whose values changed).
    explicit SearchTextBuilder(ObservationSearchText &&text)
        : m_text(std::move(text))
    {
    }
    SearchTextBuilder()
    {
        m_text.starts.push_back(0);
        // The states first, so that their entries are the state's number.
        for (const ResolutionState state : kAllResolutionStates)
            append(stateText(state));
    }
    //! A text most rows share (the record's own title, a basis, an identifier): held once.
    quint32 shared(const QString &text)
    {
        for (auto &recent : m_recent) {
            if (recent.second != quint32(-1) && recent.first == text)
                return recent.second;
        }
        quint32 entry = 0;
        if (const auto it = m_interned.constFind(text); it != m_interned.constEnd()) {
            entry = *it;
        } else {
            entry = append(text);
            m_interned.insert(text, entry);
        }
        m_recent[m_next] = { text, entry };
        m_next = (m_next + 1) % m_recent.size();
        return entry;
    }
    //! A text of its own (an id, the other paper's title).
    quint32 own(const QString &text) { return append(text); }
    ObservationSearchText take() { return std::move(m_text); }

private:
    quint32 append(const QString &text)
    {
        // Most text is ASCII: folded (A-Z to a-z) and written as UTF-8 in one pass.
        const auto *const units = reinterpret_cast<const char16_t *>(text.utf16());
        const qsizetype size = text.size();
        if (std::all_of(units, units + size, [](char16_t c) { return c < 0x80; })) {
            const qsizetype at = m_text.blob.size();
            m_text.blob.resize(at + size + 1);
            char *out = m_text.blob.data() + at;
            for (qsizetype i = 0; i < size; ++i) {
                const char16_t c = units[i];
                out[i] = char(c >= u'A' && c <= u'Z' ? c + (u'a' - u'A') : c);
            }
            out[size] = '\n';
            m_text.starts.push_back(quint32(m_text.blob.size()));
            return quint32(m_text.starts.size() - 2);
        }
        const QString folded = text.toCaseFolded();
        if (!m_text.exotic && !QStringView(folded).isValidUtf16())
            m_text.exotic = true;
        m_text.blob += folded.toUtf8();
        m_text.blob += '\n';
        m_text.starts.push_back(quint32(m_text.blob.size()));
        return quint32(m_text.starts.size() - 2);
    }

    ObservationSearchText m_text;
    QHash<QString, quint32> m_interned;
    //! The last texts held once, tried before the hash (most rows repeat one of them).
    std::array<std::pair<QString, quint32>, 4> m_recent { std::pair { QString(), quint32(-1) },
        std::pair { QString(), quint32(-1) }, std::pair { QString(), quint32(-1) },
        std::pair { QString(), quint32(-1) } };
    size_t m_next = 0;
};

//! The search entries of a row, in filter-text order.
std::array<quint32, SearchFieldCount> searchEntries(
    const Observation &o, SearchTextBuilder &builder)
{
    std::array<quint32, SearchFieldCount> text {};
    // The record's side of a link is the same on every row of a direction: held once.
    const bool inbound = o.direction == Direction::Inbound;
    text[SearchCitingTitle] = inbound ? builder.own(o.citingTitle) : builder.shared(o.citingTitle);
    text[SearchCitedTitle] = inbound ? builder.shared(o.citedTitle) : builder.own(o.citedTitle);
    text[SearchId] = builder.own(o.id);
    text[SearchIdentifier] = builder.shared(o.curation->identifier);
    text[SearchState] = quint32(o.state);
    text[SearchBasis] = builder.shared(o.basis);
    return text;
}

//! The filter text of an observation, as FilterTextRole gives it.
QString filterTextOf(const Observation &o)
{
    const QString text = o.citingTitle + u'\n' + o.citedTitle + u'\n' + o.id + u'\n'
        + o.curation->identifier + u'\n' + stateText(o.state) + u'\n' + o.basis;
    return text.toCaseFolded();
}

ObservationRowInfo rowInfo(const Observation &o, QList<qsizetype> hints)
{
    ObservationRowInfo row;
    row.hints = std::move(hints);
    row.conflict = !o.curation->conflicts.isEmpty();
    row.curated = !o.curation->mark.isEmpty();
    row.retracted = isRetracted(o.events);
    row.unreviewedNotice
        = o.events.status == EventsCheck::Status::Found && reviewStatusOf(o) == u"unreviewed";
    row.attention = attentionReasons(o, !row.hints.isEmpty());
    row.needsAttention = bool(row.attention);
    return row;
}

ObservationRowInfo rowInfo(const Observation &o, QList<qsizetype> hints, SearchTextBuilder &builder)
{
    ObservationRowInfo row = rowInfo(o, std::move(hints));
    row.text = searchEntries(o, builder);
    return row;
}

//! A byte of UTF-8 mapped so that byte order is UTF-16 code unit order (QString's order): lead
//! bytes of code points beyond the BMP (F0..F4) sort before those of U+E000..U+FFFF (EE, EF).
//! Continuation bytes (80..BF) and other lead bytes stay.
inline unsigned utf16OrderByte(unsigned char c)
{
    return c >= 0xf0 ? c - 2u : c >= 0xee ? c + 5u : c;
}

//! The first 8 bytes from `at`, mapped, big-endian: integer order is the order of the texts'
//! starts (0 pads a short text: equal keys then need a full comparison).
quint64 prefixKey(QByteArrayView text, qsizetype at)
{
    quint64 key = 0;
    for (qsizetype i = 0; i < 8; ++i)
        key = (key << 8) | (at + i < text.size() ? utf16OrderByte(uchar(text[at + i])) : 0u);
    return key;
}

int compareUtf16Order(QByteArrayView a, QByteArrayView b)
{
    const qsizetype n = std::min(a.size(), b.size());
    for (qsizetype i = 0; i < n; ++i) {
        if (a[i] != b[i])
            return utf16OrderByte(uchar(a[i])) < utf16OrderByte(uchar(b[i])) ? -1 : 1;
    }
    return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

//! Ranks the rows by case-folded citing title (in QString's order, equal titles equal ranks), so
//! that sorting by title compares integers. Compares the UTF-8 search text on 16-byte prefixes
//! first; QStrings only where the text holds a lone surrogate.
void computeTitleRanks(std::vector<ObservationRowInfo> &rows, const ObservationSearchText &search,
    const QList<Observation> &observations)
{
    if (search.exotic) {
        std::vector<QString> titles(rows.size());
        for (size_t i = 0; i < rows.size(); ++i)
            titles[i] = observations[qsizetype(i)].citingTitle.toCaseFolded();
        std::vector<int> order(rows.size());
        std::iota(order.begin(), order.end(), 0);
        std::sort(
            order.begin(), order.end(), [&titles](int a, int b) { return titles[a] < titles[b]; });
        int rank = 0;
        for (size_t i = 0; i < order.size(); ++i) {
            if (i > 0 && titles[order[i]] != titles[order[i - 1]])
                ++rank;
            rows[order[i]].titleRank = rank;
        }
        return;
    }
    struct Key
    {
        quint64 high;
        quint64 low;
        quint32 entry;
    };
    // Rows sharing an entry share a title: rank the distinct entries, then the rows.
    std::vector<quint32> entries;
    entries.reserve(rows.size());
    for (const auto &row : rows)
        entries.push_back(row.text[SearchCitingTitle]);
    std::sort(entries.begin(), entries.end());
    entries.erase(std::unique(entries.begin(), entries.end()), entries.end());
    std::vector<Key> keys;
    keys.reserve(entries.size());
    for (const quint32 entry : entries) {
        const QByteArrayView text = search.entry(entry);
        keys.push_back({ prefixKey(text, 0), prefixKey(text, 8), entry });
    }
    auto compare = [&search](const Key &a, const Key &b) {
        if (a.high != b.high)
            return a.high < b.high ? -1 : 1;
        if (a.low != b.low)
            return a.low < b.low ? -1 : 1;
        return compareUtf16Order(search.entry(a.entry), search.entry(b.entry));
    };
    std::sort(keys.begin(), keys.end(),
        [&compare](const Key &a, const Key &b) { return compare(a, b) < 0; });
    std::vector<int> rankOfEntry(size_t(search.entries()), 0);
    int rank = 0;
    for (size_t i = 0; i < keys.size(); ++i) {
        if (i > 0 && compare(keys[i - 1], keys[i]) != 0)
            ++rank;
        rankOfEntry[keys[i].entry] = rank;
    }
    for (auto &row : rows)
        row.titleRank = rankOfEntry[row.text[SearchCitingTitle]];
}

//! Whether the entry holds the UTF-8 word (no '\n' in it, so a match lies within one entry).
bool entryHas(QByteArrayView entry, QByteArrayView word)
{
    return word.isEmpty()
        || (entry.size() >= word.size()
            && memmem(entry.data(), size_t(entry.size()), word.data(), size_t(word.size()))
                != nullptr);
}

//! Words UTF-8 cannot stand for exactly (a surrogate, or U+FFFD, which a lone surrogate becomes).
bool needsExactSearch(const QStringList &words)
{
    for (const QString &word : words) {
        for (const QChar c : word) {
            if (c.isSurrogate() || c == QChar::ReplacementCharacter)
                return true;
        }
    }
    return false;
}

} // namespace

ObservationTableData ObservationTableModel::prepare(const CuratedRecord &curated, Hints hints)
{
    ObservationTableData data;
    data.record = curated.shown;
    const auto &observations = data.record.observations;
    // Two parts on two threads for a large record: the anomaly hints (they group the whole
    // record) and the row index beside the rows' facts and search text; then the few rows the
    // hints concern are given them. The title ranks wait for the first sort by title.
    const auto hintsAndIndex = [&] {
        if (hints == Hints::Compute)
            data.hints = anomalyHints(data.record);
        data.rowById.reserve(observations.size());
        for (qsizetype i = 0; i < observations.size(); ++i)
            data.rowById.insert(observations[i].id, int(i));
    };
    const auto rows = [&] {
        data.rows.reserve(observations.size());
        SearchTextBuilder builder;
        for (const Observation &o : observations)
            data.rows.push_back(rowInfo(o, {}, builder));
        data.search = builder.take();
        data.search.starts.shrink_to_fit();
    };
    if (observations.size() >= kRowsPreparedOnTwoThreads && Threads::helperWorthIt()) {
        Threads::runBeside(hintsAndIndex, rows);
    } else {
        hintsAndIndex();
        rows();
    }
    const auto byObservation = hintsByObservation(data.hints);
    for (auto it = byObservation.cbegin(); it != byObservation.cend(); ++it) {
        const int row = data.rowById.value(it.key(), -1);
        if (row < 0)
            continue;
        ObservationRowInfo &info = data.rows[size_t(row)];
        info.hints = it.value();
        info.attention = attentionReasons(observations[row], !info.hints.isEmpty());
        info.needsAttention = bool(info.attention);
    }
    return data;
}

int ObservationTableModel::titleRankAt(int row) const
{
    if (row < 0 || row >= int(m_data.rows.size()))
        return 0;
    if (!m_data.titlesRanked) {
        // A cache filled on first use, not a change of what the model shows. Only the rows are
        // written: m_data is not made mutable, whose const reads (data()) would then take the
        // observations' non-const operator[] and copy all of them.
        auto &rows = const_cast<std::vector<ObservationRowInfo> &>(m_data.rows);
        computeTitleRanks(rows, m_data.search, m_data.record.observations);
        const_cast<bool &>(m_data.titlesRanked) = true;
    }
    return m_data.rows[size_t(row)].titleRank;
}

void ObservationTableModel::setTableData(ObservationTableData data)
{
    beginResetModel();
    ++m_generation;
    m_data = std::move(data);
    endResetModel();
}

void ObservationTableModel::setCuratedRecord(const CuratedRecord &record)
{
    setTableData(prepare(record));
}

void ObservationTableModel::updateCuratedRecord(
    const CuratedRecord &record, const QStringList &changed)
{
    const auto &incoming = record.shown.observations;
    auto &current = m_data.record.observations;
    if (incoming.size() != current.size()) {
        setCuratedRecord(record);
        return;
    }
    QList<int> touched;
    if (changed.isEmpty()) {
        for (qsizetype i = 0; i < incoming.size(); ++i) {
            if (incoming[i].id != current[i].id) {
                setCuratedRecord(record);
                return;
            }
            if (!(incoming[i] == current[i]))
                touched.append(int(i));
        }
    } else {
        for (const QString &id : changed) {
            const int row = m_data.rowById.value(id, -1);
            if (row < 0 || incoming[row].id != id) {
                setCuratedRecord(record);
                return;
            }
            touched.append(row);
        }
    }
    m_data.record.stated = record.shown.stated;
    bool titlesChanged = false;
    // Hints depend on titles, references, exclusions, duplicate marks and outbound states only.
    bool hintsMayChange = changed.isEmpty();
    for (int row : std::as_const(touched)) {
        const Observation &was = current[row];
        const Observation &now = incoming[row];
        titlesChanged = titlesChanged || was.citingTitle != now.citingTitle;
        hintsMayChange = hintsMayChange || was.citingTitle != now.citingTitle
            || was.citedTitle != now.citedTitle || was.reference != now.reference
            || was.curation->excluded != now.curation->excluded
            || was.curation->duplicateOf != now.curation->duplicateOf
            || was.curation->dismissedHints != now.curation->dismissedHints
            || (now.direction == Direction::Outbound && was.state != now.state);
        current[row] = now;
    }
    if (!hintsMayChange) {
        // The common case (a state, basis, identifier or note): only the touched rows change.
        std::sort(touched.begin(), touched.end());
        SearchTextBuilder builder(std::move(m_data.search));
        for (int row : std::as_const(touched)) {
            const ObservationRowInfo previous = m_data.rows[row];
            m_data.rows[row] = rowInfo(current[row], previous.hints, builder);
            m_data.rows[row].titleRank = previous.titleRank;
        }
        m_data.search = builder.take();
        ++m_generation;
        for (int row : std::as_const(touched))
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        return;
    }

    // Hints are about groups of rows: recompute them, then the rows whose hints changed.
    m_data.hints = anomalyHints(m_data.record);
    const auto byObservation = hintsByObservation(m_data.hints);
    QSet<int> dirty(touched.cbegin(), touched.cend());
    SearchTextBuilder builder(std::move(m_data.search));
    for (qsizetype i = 0; i < current.size(); ++i) {
        QList<qsizetype> hints = byObservation.value(current[i].id);
        const bool changed = dirty.contains(int(i));
        if (changed || hints != m_data.rows[i].hints) {
            const int rank = m_data.rows[i].titleRank;
            const auto text = m_data.rows[i].text;
            m_data.rows[i] = changed ? rowInfo(current[i], std::move(hints), builder)
                                     : rowInfo(current[i], std::move(hints));
            if (!changed)
                m_data.rows[i].text = text; // the values searched did not change
            m_data.rows[i].titleRank = rank;
            dirty.insert(int(i));
        }
    }
    m_data.search = builder.take();
    if (titlesChanged)
        m_data.titlesRanked = false; // ranked again on the next sort by title
    ++m_generation;
    QList<int> rows(dirty.cbegin(), dirty.cend());
    std::sort(rows.begin(), rows.end());
    for (int row : std::as_const(rows))
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void ObservationTableModel::clear()
{
    setCuratedRecord(CuratedRecord {});
}

const Observation *ObservationTableModel::observationAt(int row) const
{
    if (row < 0 || row >= m_data.record.observations.size())
        return nullptr;
    return &m_data.record.observations[row];
}

int ObservationTableModel::rowOf(const QString &observationId) const
{
    return m_data.rowById.value(observationId, -1);
}

QStringList ObservationTableModel::hintsAt(int row) const
{
    QStringList out;
    if (row < 0 || row >= int(m_data.rows.size()))
        return out;
    for (const qsizetype h : m_data.rows[row].hints)
        out.append(m_data.hints[h].message);
    return out;
}

QList<AnomalyHint> ObservationTableModel::openHintsOf(const QString &observationId) const
{
    QList<AnomalyHint> hints;
    const int row = rowOf(observationId);
    if (row < 0)
        return hints;
    for (const qsizetype h : m_data.rows[row].hints)
        hints.append(m_data.hints[h]);
    return hints;
}

AttentionCount ObservationTableModel::attention() const
{
    AttentionCount count;
    for (const auto &row : m_data.rows)
        count.add(row.attention);
    return count;
}

int ObservationTableModel::attentionCount() const
{
    return int(attention().observations);
}

int ObservationTableModel::openHintCount() const
{
    return int(std::count_if(m_data.hints.cbegin(), m_data.hints.cend(),
        [](const AnomalyHint &hint) { return !hint.dismissed; }));
}

QString ObservationTableModel::filterTextAt(int row) const
{
    if (row < 0 || row >= m_data.record.observations.size())
        return {};
    return filterTextOf(m_data.record.observations[row]);
}

bool ObservationTableModel::rowHasWords(int row, const QStringList &foldedWords) const
{
    if (row < 0 || row >= int(m_data.rows.size()))
        return false;
    if (m_data.search.exotic || needsExactSearch(foldedWords)) {
        const QString text = filterTextAt(row);
        for (const QString &word : foldedWords) {
            if (!text.contains(word))
                return false;
        }
        return true;
    }
    const auto &entries = m_data.rows[row].text;
    for (const QString &word : foldedWords) {
        const QByteArray utf8 = word.toUtf8();
        bool found = false;
        for (const quint32 entry : entries) {
            if (entryHas(m_data.search.entry(entry), utf8)) {
                found = true;
                break;
            }
        }
        if (!found)
            return false;
    }
    return true;
}

std::vector<bool> ObservationTableModel::rowsWithWords(const QStringList &foldedWords) const
{
    const size_t rows = m_data.rows.size();
    std::vector<bool> result(rows, true);
    if (m_data.search.exotic || needsExactSearch(foldedWords)) {
        for (size_t row = 0; row < rows; ++row)
            result[row] = rowHasWords(int(row), foldedWords);
        return result;
    }
    const ObservationSearchText &search = m_data.search;
    const char *const blob = search.blob.constData();
    const size_t size = size_t(search.blob.size());
    std::vector<char> has(size_t(search.entries()));
    for (const QString &word : foldedWords) {
        const QByteArray utf8 = word.toUtf8();
        if (utf8.isEmpty())
            continue;
        // One pass over the whole text: each match marks its entry, then the search skips to the
        // next entry.
        std::fill(has.begin(), has.end(), 0);
        size_t at = 0;
        while (at < size) {
            const void *found = memmem(blob + at, size - at, utf8.constData(), size_t(utf8.size()));
            if (!found)
                break;
            const auto offset = quint32(static_cast<const char *>(found) - blob);
            const auto next = std::upper_bound(search.starts.begin(), search.starts.end(), offset);
            has[size_t(next - search.starts.begin() - 1)] = 1;
            at = *next;
        }
        for (size_t row = 0; row < rows; ++row) {
            if (!result[row])
                continue;
            bool found = false;
            for (const quint32 entry : m_data.rows[row].text)
                found = found || has[entry];
            result[row] = found;
        }
    }
    return result;
}

QModelIndex ObservationTableModel::index(int row, int column, const QModelIndex &parent) const
{
    // As QAbstractTableModel::index(), without its two virtual calls per index (sorting asks for
    // millions).
    if (parent.isValid() || row < 0 || column < 0 || column >= ColumnCount
        || row >= int(m_data.rows.size()))
        return {};
    return createIndex(row, column);
}

std::array<int, kResolutionStateCount> ObservationTableModel::stateCounts() const
{
    std::array<int, kResolutionStateCount> counts {};
    for (const auto &o : m_data.record.observations)
        ++counts[int(o.state)];
    return counts;
}

int ObservationTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_data.record.observations.size());
}

int ObservationTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString eventsCheckSummary(const EventsCheck &check)
{
    switch (check.status) {
    case EventsCheck::Status::NoneFound:
        return ObservationTableModel::tr("none found");
    case EventsCheck::Status::Unavailable:
        return ObservationTableModel::tr("unavailable");
    case EventsCheck::Status::Found: {
        QStringList kinds;
        for (const auto &e : check.events)
            kinds.append(eventKindDisplayText(e.kind));
        return kinds.join(QStringLiteral(", "));
    }
    }
    return {};
}

namespace {

//! The record's own paper: the citing side of an outbound row, the cited side of an inbound one.
bool isOwnSide(const Observation &o, int column)
{
    return (column == ObservationTableModel::CitingTitleColumn
               && o.direction == Direction::Outbound)
        || (column == ObservationTableModel::CitedTitleColumn && o.direction == Direction::Inbound);
}

} // namespace

qsizetype ObservationTableModel::outboundCount() const
{
    const auto &observations = m_data.record.observations;
    return std::count_if(observations.cbegin(), observations.cend(),
        [](const Observation &o) { return o.direction == Direction::Outbound; });
}

QVariant ObservationTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Observation &o = m_data.record.observations[index.row()];
    const ObservationRowInfo &row = m_data.rows[index.row()];
    switch (role) {
    case ObservationIdRole:
        return o.id;
    case StateRole:
        return int(o.state);
    case NeedsAttentionRole:
        return row.needsAttention;
    case CuratedRole:
        return row.curated;
    case ConflictRole:
        return row.conflict;
    case ExcludedRole:
        return o.curation->excluded;
    case HintCountRole:
        return int(row.hints.size());
    case DirectionRole:
        return int(o.direction);
    case FilterTextRole:
        return filterTextOf(o);
    case RetractedRole:
        return row.retracted;
    case NoticeReviewRole:
        return o.events.status == EventsCheck::Status::Found ? reviewStatusOf(o) : QString();
    case Qt::ToolTipRole:
        switch (index.column()) {
        case NoticesColumn:
            if (o.events.status == EventsCheck::Status::Found) {
                QStringList lines;
                for (const SourceEvent &e : o.events.events) {
                    QString line = eventKindDisplayText(e.kind) + QStringLiteral(" · ")
                        + displayDate(e.date) + QStringLiteral(" · ") + e.source;
                    if (!e.notice.isEmpty())
                        line += QStringLiteral(" · ") + e.notice;
                    if (!e.detail.isEmpty())
                        line += u'\n' + e.detail;
                    lines.append(line);
                }
                lines.append(tr("Review: %1").arg(reviewDisplayText(reviewStatusOf(o))));
                return lines.join(u'\n');
            }
            return o.events.status == EventsCheck::Status::Unavailable ? o.events.reason
                                                                       : QVariant();
        case CitingTitleColumn:
            return DisplayText::forTerminal(o.citingTitle);
        case CitedTitleColumn:
            return DisplayText::forTerminal(o.citedTitle);
        case MarksColumn:
            return o.curation->mark.isEmpty()
                ? QVariant()
                : QVariant(DisplayText::forTerminal(o.curation->mark, DisplayText::Lines::Keep));
        case HintsColumn:
            return row.hints.isEmpty() ? QVariant() : hintsAt(index.row()).join(u'\n');
        default:
            return {};
        }
    case Qt::TextAlignmentRole:
        if (index.column() == ReferenceColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if (o.curation->excluded || isOwnSide(o, index.column()))
            return toneColor(TextTone::Muted);
        if (index.column() == NoticesColumn && row.retracted)
            return toneColor(TextTone::Error);
        return {};
    case Qt::FontRole:
        if (index.column() == NoticesColumn && row.retracted) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case SortRole:
        switch (index.column()) {
        case StateColumn:
            return int(o.state);
        case ReferenceColumn:
            return o.reference ? *o.reference : qint64(-1);
        case HintsColumn:
            return int(row.hints.size());
        case CitingTitleColumn:
            return o.citingTitle.toCaseFolded();
        case CitedTitleColumn:
            return o.citedTitle.toCaseFolded();
        case ObservedColumn:
            return o.observedAt;
        default:
            break;
        }
        Q_FALLTHROUGH();
    case Qt::DisplayRole:
        switch (index.column()) {
        case StateColumn:
            return stateDisplayText(o.state);
        // Controls and bidi characters from data as <U+XXXX> tokens: a U+202E in a title would
        // reverse the cell (the sort and filter roles keep the data as it is).
        case CitingTitleColumn:
        case CitedTitleColumn:
            // The record's own side of the link is the same on every row of a direction: said
            // once as "this paper" (the tooltip holds the title), so the other side stands out.
            if (isOwnSide(o, index.column()))
                return tr("this paper");
            return DisplayText::forTerminal(
                index.column() == CitingTitleColumn ? o.citingTitle : o.citedTitle);
        case ReferenceColumn:
            return o.reference ? QVariant(*o.reference) : QVariant();
        case BasisColumn:
            return DisplayText::forTerminal(o.basis);
        case ObservedColumn:
            return displayDate(o.observedAt.left(10));
        case NoticesColumn:
            if (row.retracted)
                return tr("⚠ Retracted (%1)").arg(reviewDisplayText(reviewStatusOf(o)));
            if (o.events.status == EventsCheck::Status::Found)
                return tr("%1 (%2)").arg(
                    eventsCheckSummary(o.events), reviewDisplayText(reviewStatusOf(o)));
            return eventsCheckSummary(o.events);
        case MarksColumn: {
            QStringList marks;
            if (row.conflict)
                marks.append(tr("conflict"));
            if (row.curated && !row.conflict)
                marks.append(tr("corrected"));
            if (o.curation->excluded)
                marks.append(tr("excluded"));
            return marks.join(QStringLiteral(", "));
        }
        case HintsColumn:
            if (row.hints.isEmpty())
                return QString();
            return row.hints.size() == 1 ? tr("1 hint")
                                         : tr("%n hints", nullptr, int(row.hints.size()));
        case DirectionColumn:
            return directionDisplayText(o.direction);
        case IdColumn:
            return o.id;
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant ObservationTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StateColumn:
        return tr("State");
    case CitingTitleColumn:
        return tr("Citing title");
    case CitedTitleColumn:
        return tr("Cited title");
    case ReferenceColumn:
        return tr("Ref.");
    case BasisColumn:
        return tr("Basis");
    case ObservedColumn:
        return tr("Observed");
    case NoticesColumn:
        return tr("Notices");
    case MarksColumn:
        return tr("Curation");
    case HintsColumn:
        return tr("Hints");
    case DirectionColumn:
        return tr("Direction");
    case IdColumn:
        return tr("Observation");
    default:
        return {};
    }
}

} // namespace LedgerCurator
