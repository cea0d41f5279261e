// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CurationLog.h"

#include <QFrame>
#include <QHash>
#include <QList>
#include <QString>

#include <functional>
#include <map>

class QLabel;

namespace LedgerCurator {

//! What a curator typed in the correction panel and has not applied, kept by observation, so that
//! nothing typed is lost when the panel shows something else: another row, or the same
//! observation after the cache changed under it (a reload, another program, a sync).
class PanelDrafts final
{
public:
    //! One field's draft: the value the field showed when it was typed over, and the text typed.
    struct Draft
    {
        QString base;
        QString text;
    };
    //! A draft whose field was changed elsewhere meanwhile: what the field shows now.
    struct Conflict
    {
        CurationField field = CurationField::State;
        QString draft;
        QString now;
    };

    //! Keeps the draft of a field of an observation (`key`: record and observation).
    void keep(const QString &key, CurationField field, Draft draft);
    //! Takes the drafts of an observation out.
    std::map<CurationField, Draft> take(const QString &key);
    //! Drops the drafts of an observation (applied, or reverted).
    void discard(const QString &key) { m_drafts.remove(key); }
    void clear() { m_drafts.clear(); }
    bool isEmpty() const { return m_drafts.isEmpty(); }
    //! The observations that hold drafts (their keys).
    QStringList keys() const { return m_drafts.keys(); }

    //! The key of an observation of a record.
    static QString keyOf(const QString &record, const QString &observation)
    {
        return record + u'/' + observation;
    }

private:
    QHash<QString, std::map<CurationField, Draft>> m_drafts;
};

//! The panel's line about drafts kept over a change made elsewhere: "While you typed, Note was
//! changed elsewhere to “X”. Your text is kept in the field." with Keep My Text and Use the New
//! Value. Hidden while there is nothing to say.
class DraftNotice final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DraftNotice)

public:
    explicit DraftNotice(QWidget *parent = nullptr);
    ~DraftNotice() override;

    //! Shows the conflicts (`fieldName` names a field for a person), or hides when none.
    void showConflicts(const QList<PanelDrafts::Conflict> &conflicts,
        const std::function<QString(CurationField)> &fieldName);
    const QList<PanelDrafts::Conflict> &conflicts() const { return m_conflicts; }

Q_SIGNALS:
    //! The curator keeps the typed text (the notice goes).
    void keepDrafts();
    //! The curator takes the new values (the editors show them, the drafts go).
    void useNewValues(const QList<PanelDrafts::Conflict> &conflicts);

private:
    QLabel *m_text = nullptr;
    QList<PanelDrafts::Conflict> m_conflicts;
};

} // namespace LedgerCurator
