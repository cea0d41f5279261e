// SPDX-License-Identifier: GPL-3.0-or-later
#include "ObservationTableModel.h"

#include <QColor>
#include <QFont>
#include <QSet>

namespace LedgerCurator {

ObservationTableModel::ObservationTableModel(QObject *parent) : QAbstractTableModel(parent) { }

namespace {

ObservationRowInfo rowInfo(const Observation &o, QList<qsizetype> hints)
{
    ObservationRowInfo row;
    row.hints = std::move(hints);
    row.conflict = !o.curation.conflicts.isEmpty();
    row.curated = !o.curation.mark.isEmpty();
    row.retracted = isRetracted(o.events);
    row.unreviewedNotice = o.events.status == EventsCheck::Status::Found && reviewStatusOf(o) == u"unreviewed";
    row.needsAttention = !o.curation.excluded
            && (stateNeedsAttention(o.state) || row.conflict || !row.hints.isEmpty() || row.unreviewedNotice);
    const QString text = o.citingTitle + u'\n' + o.citedTitle + u'\n' + o.id + u'\n' + o.curation.identifier
            + u'\n' + stateText(o.state) + u'\n' + o.basis;
    row.filterText = text.toCaseFolded();
    return row;
}

QStringView foldedTitle(const ObservationRowInfo &row)
{
    const qsizetype end = row.filterText.indexOf(u'\n');
    return QStringView(row.filterText).left(end < 0 ? row.filterText.size() : end);
}

//! Ranks the rows by case-folded citing title, so that sorting by title compares integers.
void computeTitleRanks(std::vector<ObservationRowInfo> &rows)
{
    std::vector<int> order(rows.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = int(i);
    std::sort(order.begin(), order.end(),
              [&rows](int a, int b) { return foldedTitle(rows[a]).compare(foldedTitle(rows[b])) < 0; });
    int rank = 0;
    for (size_t i = 0; i < order.size(); ++i) {
        if (i > 0 && foldedTitle(rows[order[i]]) != foldedTitle(rows[order[i - 1]]))
            ++rank;
        rows[order[i]].titleRank = rank;
    }
}

} // namespace

ObservationTableData ObservationTableModel::prepare(const CuratedRecord &curated)
{
    ObservationTableData data;
    data.record = curated.shown;
    data.hints = anomalyHints(data.record);
    const auto byObservation = hintsByObservation(data.hints);
    const auto &observations = data.record.observations;
    data.rows.reserve(observations.size());
    data.rowById.reserve(observations.size());
    for (qsizetype i = 0; i < observations.size(); ++i) {
        data.rows.push_back(rowInfo(observations[i], byObservation.value(observations[i].id)));
        data.rowById.insert(observations[i].id, int(i));
    }
    computeTitleRanks(data.rows);
    return data;
}

void ObservationTableModel::setTableData(ObservationTableData data)
{
    beginResetModel();
    m_data = std::move(data);
    endResetModel();
}

void ObservationTableModel::setCuratedRecord(const CuratedRecord &record)
{
    setTableData(prepare(record));
}

void ObservationTableModel::updateCuratedRecord(const CuratedRecord &record, const QStringList &changed)
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
        hintsMayChange = hintsMayChange || was.citingTitle != now.citingTitle || was.citedTitle != now.citedTitle
                || was.reference != now.reference || was.curation.excluded != now.curation.excluded
                || was.curation.duplicateOf != now.curation.duplicateOf
                || (now.direction == Direction::Outbound && was.state != now.state);
        current[row] = now;
    }
    if (!hintsMayChange) {
        // The common case (a state, basis, identifier or note): only the touched rows change.
        std::sort(touched.begin(), touched.end());
        for (int row : std::as_const(touched)) {
            const ObservationRowInfo previous = m_data.rows[row];
            m_data.rows[row] = rowInfo(current[row], previous.hints);
            m_data.rows[row].titleRank = previous.titleRank;
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        }
        return;
    }

    // Hints are about groups of rows: recompute them, then the rows whose hints changed.
    m_data.hints = anomalyHints(m_data.record);
    const auto byObservation = hintsByObservation(m_data.hints);
    QSet<int> dirty(touched.cbegin(), touched.cend());
    for (qsizetype i = 0; i < current.size(); ++i) {
        QList<qsizetype> hints = byObservation.value(current[i].id);
        if (dirty.contains(int(i)) || hints != m_data.rows[i].hints) {
            const int rank = m_data.rows[i].titleRank;
            m_data.rows[i] = rowInfo(current[i], std::move(hints));
            m_data.rows[i].titleRank = rank;
            dirty.insert(int(i));
        }
    }
    if (titlesChanged)
        computeTitleRanks(m_data.rows);
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
            kinds.append(eventKindText(e.kind));
        return kinds.join(QStringLiteral(", "));
    }
    }
    return {};
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
        return o.curation.excluded;
    case HintCountRole:
        return int(row.hints.size());
    case DirectionRole:
        return int(o.direction);
    case FilterTextRole:
        return row.filterText;
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
                    QString line = eventKindText(e.kind) + QStringLiteral(" · ") + e.date + QStringLiteral(" · ") + e.source;
                    if (!e.notice.isEmpty())
                        line += QStringLiteral(" · ") + e.notice;
                    if (!e.detail.isEmpty())
                        line += u'\n' + e.detail;
                    lines.append(line);
                }
                lines.append(tr("Review: %1").arg(reviewStatusOf(o)));
                return lines.join(u'\n');
            }
            return o.events.status == EventsCheck::Status::Unavailable ? o.events.reason : QVariant();
        case CitingTitleColumn:
            return o.citingTitle;
        case MarksColumn:
            return o.curation.mark.isEmpty() ? QVariant() : o.curation.mark;
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
        if (o.curation.excluded)
            return QColor(Qt::gray);
        if (index.column() == NoticesColumn && row.retracted)
            return QColor(0xb0, 0x00, 0x20);
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
        default:
            break;
        }
        Q_FALLTHROUGH();
    case Qt::DisplayRole:
        switch (index.column()) {
        case StateColumn:
            return stateText(o.state);
        case CitingTitleColumn:
            return o.citingTitle;
        case ReferenceColumn:
            return o.reference ? QVariant(*o.reference) : QVariant();
        case BasisColumn:
            return o.basis;
        case ObservedColumn:
            return o.observedAt.left(10);
        case NoticesColumn:
            if (row.retracted)
                return tr("⚠ Retracted (%1)").arg(reviewStatusOf(o));
            if (o.events.status == EventsCheck::Status::Found)
                return tr("%1 (%2)").arg(eventsCheckSummary(o.events), reviewStatusOf(o));
            return eventsCheckSummary(o.events);
        case MarksColumn: {
            QStringList marks;
            if (row.conflict)
                marks.append(tr("conflict"));
            if (row.curated && !row.conflict)
                marks.append(tr("corrected"));
            if (o.curation.excluded)
                marks.append(tr("excluded"));
            return marks.join(QStringLiteral(", "));
        }
        case HintsColumn:
            if (row.hints.isEmpty())
                return QString();
            return row.hints.size() == 1 ? tr("1 hint") : tr("%1 hints").arg(row.hints.size());
        case DirectionColumn:
            return directionKey(o.direction);
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
