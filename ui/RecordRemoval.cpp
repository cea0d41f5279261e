// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecordRemoval.h"

#include "CurationSession.h"
#include "DisplayText.h"

#include <QAction>
#include <QApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

#include <algorithm>

namespace LedgerCurator {

namespace {

//! One undo step: a record's removal. redo() removes it again (as it was then, snapshot and all),
//! undo() puts it back; pushed once the first removal is done.
class RemoveRecordStep final : public RecordStep
{
public:
    RemoveRecordStep(RecordRemover &remover, RecordRemoval removal, const QString &text)
        : RecordStep(text)
        , m_remover(remover)
        , m_removal(std::move(removal))
    {
    }

    RecordStep *clone() const override
    {
        return new RemoveRecordStep(m_remover, m_removal, text());
    }

protected:
    void apply() override { m_remover.removeAgain(m_removal); }
    void revert() override { m_remover.putBack(m_removal); }

private:
    RecordRemover &m_remover;
    RecordRemoval m_removal;
};

//! Corrections of the record that no server has acknowledged yet.
qsizetype unsentCorrections(const CuratedRecord &record)
{
    return std::count_if(record.events.cbegin(), record.events.cend(),
        [](const CorrectionEvent &e) { return !e.seq.has_value(); });
}

} // namespace

RecordRemover::RecordRemover(Store &store, CurationSession &session, QMainWindow *window)
    : QObject(window)
    , m_store(store)
    , m_session(session)
    , m_window(window)
{
}

QAction *RecordRemover::addAction(QMenu *menu, std::function<bool()> busy)
{
    QAction *action = menu->addAction(tr("R&emove Record..."), this, [this, busy] {
        if (!m_session.hasRecord() || (busy && busy()))
            return;
        confirmRemoval(m_session.record().upstream.arxivId);
    });
    action->setObjectName(QStringLiteral("removeRecordAction"));
    action->setStatusTip(tr("Remove the shown record from this cache; its corrections are kept "
                            "aside, and importing its page again brings them back"));
    action->setEnabled(m_session.hasRecord());
    connect(&m_session, &CurationSession::recordLoaded, action,
        [this, action] { action->setEnabled(m_session.hasRecord()); });
    menu->addSeparator();
    return action;
}

void RecordRemover::confirmRemoval(const QString &arxivId)
{
    if (!m_session.hasRecord() || m_session.record().upstream.arxivId != arxivId)
        return;
    const CuratedRecord &record = m_session.record();
    const auto corrections = int(record.events.size());
    const auto unsent = int(unsentCorrections(record));
    QStringList details;
    details.append(tr("Its %Ln observation(s) are removed from this cache.", nullptr,
        int(record.upstream.observations.size())));
    if (corrections == 0)
        details.append(tr("It has no corrections."));
    else
        details.append(tr("Its %Ln correction(s) are kept aside: importing its page again brings "
                          "them back.",
            nullptr, corrections));
    if (unsent > 0)
        details.append(tr(
            "%Ln of them not yet sent still go to the server at the next sync.", nullptr, unsent));
    details.append(tr("The team server is not changed, and syncing does not fetch this page "
                      "again. Edit > Undo puts the record back."));
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Remove Record"),
        tr("Remove arXiv:%1 v%2, %3, from this cache?")
            .arg(arxivId, QString::number(record.upstream.version),
                DisplayText::forTerminal(record.upstream.title)),
        QMessageBox::NoButton, m_window);
    box->setObjectName(QStringLiteral("removeRecordConfirmation"));
    box->setTextFormat(Qt::PlainText); // the title is data, never markup
    box->setInformativeText(details.join(u' '));
    QPushButton *remove = box->addButton(tr("&Remove"), QMessageBox::DestructiveRole);
    remove->setObjectName(QStringLiteral("removeRecordButton"));
    QPushButton *cancel = box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(cancel);
    box->setEscapeButton(cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    // Window-modal but not blocking: background work and the event loop carry on.
    box->setWindowModality(Qt::WindowModal);
    connect(box, &QMessageBox::buttonClicked, this, [this, arxivId, remove](QAbstractButton *b) {
        if (b == remove)
            this->remove(arxivId);
    });
    box->open();
}

bool RecordRemover::remove(const QString &arxivId)
{
    auto removed = m_store.removeRecord(arxivId, RemovalSnapshot::Keep);
    if (!removed || !removed->has_value()) {
        Q_EMIT errorOccurred(!removed
                ? tr("arXiv:%1 was not removed: %2").arg(arxivId, removed.error().toString())
                : tr("arXiv:%1 is no longer in the cache.").arg(arxivId));
        return false;
    }
    const RecordRemoval &removal = **removed;
    m_window->statusBar()->showMessage(removedText(removal), 10000);
    // The session lets the record go first (its corrections' steps with it), then holds the
    // removal as one step, kept while other records are shown.
    if (m_session.hasRecord() && m_session.record().upstream.arxivId == arxivId)
        m_session.close();
    auto *step = new RemoveRecordStep(*this, removal, tr("Remove arXiv:%1").arg(arxivId));
    step->skipNext(); // done already
    m_session.undoStack()->push(step);
    Q_EMIT recordsChanged({});
    return true;
}

void RecordRemover::removeAgain(RecordRemoval &removal)
{
    const QString id = removal.arxivId;
    auto removed = m_store.removeRecord(id, RemovalSnapshot::Keep);
    if (!removed || !removed->has_value()) {
        Q_EMIT errorOccurred(!removed
                ? tr("arXiv:%1 was not removed: %2").arg(id, removed.error().toString())
                : tr("arXiv:%1 is no longer in the cache.").arg(id));
        return;
    }
    removal = std::move(**removed); // what a later undo puts back: the page as it is now
    m_window->statusBar()->showMessage(removedText(removal), 10000);
    // Not from inside the undo stack's redo(): the session's record changes once it is over.
    QMetaObject::invokeMethod(
        this, [this, id] { afterRemoval(id); }, Qt::QueuedConnection);
}

void RecordRemover::putBack(const RecordRemoval &removal)
{
    const QString id = removal.arxivId;
    if (auto restored = m_store.restoreRecord(removal); !restored) {
        Q_EMIT errorOccurred(
            tr("arXiv:%1 was not put back: %2").arg(id, restored.error().toString()));
        return;
    }
    m_window->statusBar()->showMessage(
        tr("Put back arXiv:%1 with its %Ln correction(s).", nullptr, int(removal.corrections))
            .arg(id),
        10000);
    QMetaObject::invokeMethod(
        this, [this, id] { Q_EMIT recordsChanged(id); }, Qt::QueuedConnection);
}

void RecordRemover::afterRemoval(const QString &arxivId)
{
    if (m_session.hasRecord() && m_session.record().upstream.arxivId == arxivId)
        m_session.close();
    Q_EMIT recordsChanged({});
}

QString RecordRemover::removedText(const RecordRemoval &removal) const
{
    return tr("Removed arXiv:%1 (%Ln observation(s)); its corrections are kept aside (Edit > Undo "
              "puts it back).",
        nullptr, int(removal.observations))
        .arg(removal.arxivId);
}

} // namespace LedgerCurator
