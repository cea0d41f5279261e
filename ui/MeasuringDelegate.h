// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFont>
#include <QHash>
#include <QSize>
#include <QStyledItemDelegate>

class QAbstractItemView;

namespace LedgerCurator {

//! A QStyledItemDelegate whose size hints can be kept while a view's columns are fitted: fitting
//! a column asks the size of a thousand cells, and each answer laid the cell's text out again
//! (shaped it with HarfBuzz), though most cells of a column repeat a few texts. While a
//! Measuring of its view is alive, a cell's size is kept for the cells alike in what the size
//! depends on: the text, the font, the option's features and state, its width when it wraps, and
//! what sizeKey() adds. Cells with an icon or a check box are measured each time.
class MeasuringDelegate : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MeasuringDelegate)

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const final;

    //! Keeps the sizes of every MeasuringDelegate of `view` (its own and its columns') while it
    //! lives; they are forgotten when it ends, so nothing outlives a change of font or style.
    class Measuring
    {
    public:
        explicit Measuring(const QAbstractItemView *view);
        ~Measuring();
        Q_DISABLE_COPY_MOVE(Measuring)

    private:
        QList<const MeasuringDelegate *> m_delegates;
    };

    //! How many sizes were measured, and how many were answered from the kept ones, since the
    //! delegate was made (for the tests).
    qsizetype measuredCount() const { return m_measured; }
    qsizetype keptCount() const { return m_kept; }

protected:
    //! The size of a cell, from its option already made (initStyleOption()): by default what
    //! QStyledItemDelegate::sizeHint() gives.
    virtual QSize sizeFor(const QStyleOptionViewItem &option, const QModelIndex &index) const;
    //! What besides the option a cell's size depends on (empty: nothing).
    virtual QString sizeKey(const QStyleOptionViewItem &option, const QModelIndex &index) const;

private:
    //! What a cell's size depends on (the class comment).
    struct CellKey
    {
        QString text;
        QString extra; // sizeKey()
        QFont font;
        int features = 0;
        int state = 0;
        int position = 0;
        int wrapWidth = -1; // -1: the text does not wrap
        friend bool operator==(const CellKey &, const CellKey &) = default;
        friend size_t qHash(const CellKey &key, size_t seed = 0)
        {
            return qHashMulti(seed, key.text, key.extra, key.font, key.features, key.state,
                key.position, key.wrapWidth);
        }
    };

    mutable bool m_measuring = false;
    mutable QHash<CellKey, QSize> m_sizes;
    mutable qsizetype m_measured = 0;
    mutable qsizetype m_kept = 0;
};

} // namespace LedgerCurator
