// SPDX-License-Identifier: GPL-3.0-or-later
#include "NoticeReviewModel.h"
#include "DisplayText.h"

#include "ThemeColors.h"

#include <QColor>
#include <QFont>
#include <QSet>

#include <algorithm>

namespace LedgerCurator {

NoticeReviewModel::NoticeReviewModel(QObject *parent)
    : QAbstractItemModel(parent)
{
}

void NoticeReviewModel::setGroups(QList<NoticeGroup> groups)
{
    beginResetModel();
    m_groups = std::move(groups);
    rebuild();
    endResetModel();
}

void NoticeReviewModel::setKindFilter(std::optional<EventKind> kind)
{
    if (kind == m_kind)
        return;
    beginResetModel();
    m_kind = kind;
    rebuild();
    endResetModel();
}

void NoticeReviewModel::setReviewFilter(const QString &status)
{
    if (status == m_review)
        return;
    beginResetModel();
    m_review = status;
    rebuild();
    endResetModel();
}

void NoticeReviewModel::rebuild()
{
    m_visible.clear();
    for (qsizetype g = 0; g < m_groups.size(); ++g) {
        const NoticeGroup &group = m_groups[g];
        if (m_kind && group.event.kind != *m_kind)
            continue;
        Visible visible { g, {} };
        for (qsizetype t = 0; t < group.touches.size(); ++t) {
            if (m_review.isEmpty() || group.touches[t].review == m_review)
                visible.touches.append(t);
        }
        if (!visible.touches.isEmpty())
            m_visible.push_back(std::move(visible));
    }
}

int NoticeReviewModel::visibleTouchCount() const
{
    qsizetype count = 0;
    for (const Visible &v : m_visible)
        count += v.touches.size();
    return int(count);
}

int NoticeReviewModel::visibleTargetCount() const
{
    qsizetype count = 0;
    for (const Visible &v : m_visible) {
        QSet<QString> records;
        for (const qsizetype t : v.touches)
            records.insert(m_groups[v.group].touches[t].record);
        count += records.size();
    }
    return int(count);
}

QList<NoticeReviewTarget> NoticeReviewModel::targetsAt(const QModelIndex &index) const
{
    if (!index.isValid())
        return {};
    const Visible &v
        = m_visible[size_t(index.parent().isValid() ? index.parent().row() : index.row())];
    const QString &ref = m_groups[v.group].ref;
    QList<NoticeReviewTarget> out;
    for (const NoticeTouch &t : touchesAt(index)) {
        const NoticeReviewTarget target { t.record, ref };
        if (!out.contains(target))
            out.append(target);
    }
    return out;
}

QList<NoticeTouch> NoticeReviewModel::touchesAt(const QModelIndex &index) const
{
    if (!index.isValid())
        return {};
    QList<NoticeTouch> out;
    if (!index.parent().isValid()) {
        const Visible &v = m_visible[size_t(index.row())];
        for (const qsizetype t : v.touches)
            out.append(m_groups[v.group].touches[t]);
        return out;
    }
    const Visible &v = m_visible[size_t(index.parent().row())];
    out.append(m_groups[v.group].touches[v.touches[index.row()]]);
    return out;
}

// Group rows carry internal id 0; observation rows carry their group's visible row + 1.
QModelIndex NoticeReviewModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return size_t(row) < m_visible.size() ? createIndex(row, column, quintptr(0))
                                              : QModelIndex();
    if (parent.internalId() != 0 || parent.column() != 0
        || size_t(parent.row()) >= m_visible.size())
        return {};
    if (row >= m_visible[size_t(parent.row())].touches.size())
        return {};
    return createIndex(row, column, quintptr(parent.row()) + 1);
}

QModelIndex NoticeReviewModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int NoticeReviewModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_visible.size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0;
    return int(m_visible[size_t(parent.row())].touches.size());
}

int NoticeReviewModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

namespace {

//! "Retraction and replacement (retraction) · 1 Mar 2024 · 10.1/notice · Retraction Watch record
//! 51234": the nature as the source words it, the kind where the words differ from it.
QString noticeLine(const NoticeGroup &group)
{
    const SourceEvent &e = group.event;
    QString line = DisplayText::forTerminal(natureDisplayText(e));
    if (!e.nature.isEmpty() && e.nature.compare(eventKindText(e.kind), Qt::CaseInsensitive) != 0)
        line += QStringLiteral(" (") + eventKindDisplayText(e.kind) + u')';
    line += QStringLiteral(" · ") + displayDate(e.date);
    if (!e.notice.isEmpty())
        line += QStringLiteral(" · ") + DisplayText::forTerminal(e.notice);
    if (!group.origin.isEmpty())
        line += QStringLiteral(" · ") + DisplayText::forTerminal(originDisplayText(group.origin));
    return line;
}

} // namespace

QVariant NoticeReviewModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const bool isGroup = index.internalId() == 0;
    const Visible &v = m_visible[size_t(isGroup ? index.row() : int(index.internalId() - 1))];
    const NoticeGroup &group = m_groups[v.group];
    const NoticeTouch *touch = isGroup ? nullptr : &group.touches[v.touches[index.row()]];
    switch (role) {
    case RecordRole:
        return touch ? touch->record : QVariant();
    case ObservationRole:
        return touch ? touch->observation : QVariant();
    case WorkRole:
        return group.work;
    case RefRole:
        return group.ref;
    case GroupKeyRole:
        return QString(group.work + QChar(0x1f) + group.ref);
    case RetractedRole:
        return group.retracted();
    case IsGroupRole:
        return isGroup;
    case Qt::ForegroundRole:
        if (index.column() == EventsColumn && group.retracted())
            return toneColor(TextTone::Error);
        return {};
    case Qt::FontRole:
        if (isGroup && index.column() == WorkColumn) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == EventsColumn) {
            const SourceEvent &e = group.event;
            return QString(noticeLine(group) + QStringLiteral(" · ")
                + DisplayText::forTerminal(e.source)
                + (e.detail.isEmpty() ? QString() : u'\n' + DisplayText::forTerminal(e.detail)));
        }
        if (touch && index.column() == ReviewColumn) {
            QStringList lines;
            if (!touch->reviewer.isEmpty())
                lines.append(tr("%1 by %2 for every observation of arXiv:%3 citing the work")
                                 .arg(reviewDisplayText(touch->review),
                                     DisplayText::forTerminal(touch->reviewer), touch->record));
            if (touch->reviewConflict)
                lines.append(tr("Curators decided differently at the same time: the most recent "
                                "decision is shown; a new one settles it."));
            if (!touch->reviewNote.isEmpty())
                lines.append(DisplayText::forTerminal(touch->reviewNote));
            return lines.isEmpty() ? QVariant() : QVariant(lines.join(u'\n'));
        }
        return {};
    case Qt::DisplayRole:
        switch (index.column()) {
        case WorkColumn:
            if (isGroup)
                return v.touches.size() == 1
                    ? tr("%1 (1 observation)").arg(DisplayText::forTerminal(group.label))
                    : tr("%1 (%n observations)", nullptr, int(v.touches.size()))
                          .arg(DisplayText::forTerminal(group.label));
            return (touch->direction == Direction::Inbound ? tr("cited by: %1") : tr("cites: %1"))
                .arg(DisplayText::forTerminal(touch->citingTitle));
        case EventsColumn:
            if (isGroup)
                return QString(
                    (group.retracted() ? QStringLiteral("⚠ ") : QString()) + noticeLine(group));
            return {};
        case ReviewColumn: {
            if (touch) {
                QString text = reviewDisplayText(touch->review);
                if (touch->reviewConflict)
                    text += tr(" (conflict)");
                if (!touch->reviewNote.isEmpty())
                    text += QStringLiteral(": ") + DisplayText::forTerminal(touch->reviewNote);
                return text;
            }
            QStringList statuses;
            for (const qsizetype t : v.touches) {
                if (!statuses.contains(group.touches[t].review))
                    statuses.append(group.touches[t].review);
            }
            for (QString &status : statuses)
                status = reviewDisplayText(status);
            return statuses.size() == 1 ? statuses.first()
                                        : tr("mixed: %1").arg(statuses.join(QStringLiteral(", ")));
        }
        case RecordColumn:
            if (touch)
                return QString(QStringLiteral("arXiv:") + touch->record);
            return {};
        }
        return {};
    default:
        return {};
    }
}

QVariant NoticeReviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case WorkColumn:
        return tr("Cited work / observation");
    case EventsColumn:
        return tr("Notice (newest first)");
    case ReviewColumn:
        return tr("Review");
    case RecordColumn:
        return tr("Record");
    }
    return {};
}

} // namespace LedgerCurator
