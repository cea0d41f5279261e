// SPDX-License-Identifier: GPL-3.0-or-later
#include "NoticeImport.h"

#include "BackgroundJob.h"
#include "CurationLog.h"
#include "CurationSession.h"
#include "DisplayText.h"
#include "NoticeWithdrawals.h"
#include "RetractionCsv.h"

#include <QButtonGroup>
#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QMainWindow>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QStatusBar>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVBoxLayout>

namespace LedgerCurator {

//! What the first worker read and planned.
struct NoticeImport::Read
{
    RetractionCsv csv;
    RetractionImport converted;
    NoticeImportOptions options;
    std::optional<WithdrawalImpact> impact; // a complete list that withdraws something
    NoticeImportOutcome stored;
};

namespace {

//! One undo step: the notices a complete list withdrew. Undo lists them again as they were,
//! redo withdraws them again; each is a new version, sent at the next sync.
class WithdrawalCommand final : public QUndoCommand
{
public:
    WithdrawalCommand(Store &store, NoticeImport &owner, QList<StandingNotice> before,
        NoticeImportOptions list, const QString &text)
        : QUndoCommand(text)
        , m_store(store)
        , m_owner(owner)
        , m_before(std::move(before))
        , m_list(std::move(list))
    {
    }

    void redo() override
    {
        if (m_first) { // the import itself withdrew them
            m_first = false;
            return;
        }
        write(StandingNotice::Status::Withdrawn);
    }
    void undo() override { write(StandingNotice::Status::Listed); }

private:
    void write(StandingNotice::Status status)
    {
        const QString now = nowUtc(m_store.clockCorrectionMs());
        QList<StandingNotice> versions;
        for (StandingNotice n : std::as_const(m_before)) {
            n.status = status;
            n.importedAt = now;
            n.importedBy = configuredCuratorName();
            if (status == StandingNotice::Status::Withdrawn) {
                n.importedFrom = m_list.file;
                n.listedAsOf = m_list.listedAsOf;
            }
            versions.append(std::move(n));
        }
        // Each version is the curator's, signed with their key (the sync signs it otherwise).
        std::optional<SigningKey> key;
        if (const QString curator = configuredCuratorName(); !curator.isEmpty()) {
            if (auto loaded = loadCuratorKey(curator))
                key = *loaded;
        }
        if (auto stored = m_store.storeNoticeVersions(versions, key); !stored) {
            Q_EMIT m_owner.errorOccurred(stored.error().toString());
            return;
        }
        Q_EMIT m_owner.imported(true);
    }

    Store &m_store;
    NoticeImport &m_owner;
    QList<StandingNotice> m_before;
    NoticeImportOptions m_list;
    bool m_first = true;
};

QString fileTime(const QString &file)
{
    const QDateTime modified = QFileInfo(file).lastModified().toUTC();
    return modified.isValid() ? modified.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz")) + u'Z'
                              : QString();
}

//! The notices' progress dialog: one step that cannot be cancelled (the import is one transaction).
BackgroundJob::Options busyProgress(QWidget *window, const QString &text)
{
    auto progress
        = BackgroundJob::Options::withDialog(window, QStringLiteral("noticesProgress"), text);
    progress.cancellable = false;
    progress.busy = true;
    return progress;
}

} // namespace

NoticeImport::NoticeImport(Store &store, CurationSession &session, QMainWindow *window)
    : QObject(window)
    , m_store(store)
    , m_session(session)
    , m_window(window)
{
}

void NoticeImport::chooseScopeAndImport(const QString &file)
{
    auto *dialog = new QDialog(m_window);
    dialog->setObjectName(QStringLiteral("noticeImportScope"));
    dialog->setWindowTitle(tr("Import Notices"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto *layout = new QVBoxLayout(dialog);
    auto *intro = new QLabel(
        tr("What does %1 hold?").arg(DisplayText::forTerminal(QFileInfo(file).fileName())), dialog);
    intro->setWordWrap(true);
    auto *excerpt = new QRadioButton(
        tr("&An excerpt of the source's list: add and update the notices it names"), dialog);
    excerpt->setObjectName(QStringLiteral("scopeExcerpt"));
    excerpt->setChecked(true);
    auto *complete = new QRadioButton(tr("The source's &complete list: also withdraw the notices "
                                         "it no longer names (you are shown them first)"),
        dialog);
    complete->setObjectName(QStringLiteral("scopeComplete"));
    auto *group = new QButtonGroup(dialog);
    group->addButton(excerpt);
    group->addButton(complete);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Import"));
    layout->addWidget(intro);
    layout->addWidget(excerpt);
    layout->addWidget(complete);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    connect(dialog, &QDialog::accepted, this, [this, file, complete] {
        importFile(
            file, complete->isChecked() ? NoticeImportScope::Complete : NoticeImportScope::Partial);
    });
    dialog->setWindowModality(Qt::WindowModal);
    dialog->open();
}

void NoticeImport::importFile(const QString &file, NoticeImportScope scope)
{
    const auto progress = busyProgress(m_window, tr("Reading notices from %1...").arg(file));
    NoticeImportOptions options;
    options.scope = scope;
    options.file = QFileInfo(file).fileName();
    options.listedAsOf = fileTime(file);
    options.importedBy = configuredCuratorName();
    auto work = [path = m_store.path(), file, options](auto &) -> Result<Read> {
        auto csv = readRetractionCsvFile(file);
        if (!csv)
            return csv.error();
        Read read { std::move(*csv), {}, options, std::nullopt, {} };
        read.converted = standingNotices(read.csv, nowUtc());
        read.options.alsoListed = read.converted.alsoListed;
        // A row whose Record ID cannot be read may be any notice: none is marked withdrawn.
        if (read.converted.unidentifiedRows > 0)
            read.options.scope = NoticeImportScope::Partial;
        if (read.options.scope != NoticeImportScope::Complete)
            return read;
        Store store(path);
        if (auto opened = store.open(); !opened)
            return opened.error();
        auto planned = store.planNoticeImport(read.converted.notices, read.options);
        if (!planned)
            return planned.error();
        if (planned->withdrawn == 0)
            return read;
        auto impact = withdrawalImpact(store, *planned);
        if (!impact)
            return impact.error();
        read.options.withdrawOnly
            = QSet<QString>(planned->withdrawnRefs.cbegin(), planned->withdrawnRefs.cend());
        read.impact = std::move(*impact);
        return read;
    };
    BackgroundJob::start<Result<Read>>(
        this, progress, std::move(work), [this, file](const Result<Read> &result) {
            if (!result) {
                Q_EMIT errorOccurred(
                    tr("No notices were imported:\n%1").arg(result.error().toString()));
                Q_EMIT imported(false);
                return;
            }
            if (result->impact)
                confirmWithdrawals(file, *result);
            else
                store(file, *result);
        });
}

void NoticeImport::confirmWithdrawals(const QString &file, Read read)
{
    const WithdrawalImpact &impact = *read.impact;
    QString text = tr("%1 is to be read as the source's complete list. It no longer names %Ln of "
                      "the notices the cache lists from that source: importing it marks them "
                      "withdrawn by the source, and the pages of the records they concern stop "
                      "showing them.",
        nullptr, int(impact.notices))
                       .arg(DisplayText::forTerminal(QFileInfo(file).fileName()));
    if (impact.ownPaper > 0)
        text += u' '
            + tr("%Ln of them concern a record's own paper (its retraction).", nullptr,
                int(impact.ownPaper));
    auto *box = new QMessageBox(
        QMessageBox::Warning, tr("Withdraw Notices?"), text, QMessageBox::NoButton, m_window);
    box->setObjectName(QStringLiteral("withdrawalConfirm"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    QStringList lines;
    for (const QString &line : withdrawalLines(impact, 50))
        lines.append(DisplayText::forTerminal(line));
    box->setInformativeText(
        tr("Records concerned: %1")
            .arg(impact.records.isEmpty() ? tr("none cached") : impact.records.join(u", ")));
    box->setDetailedText(lines.join(u'\n'));
    QPushButton *withdraw = box->addButton(
        tr("&Withdraw %Ln Notice(s)", nullptr, int(impact.notices)), QMessageBox::DestructiveRole);
    withdraw->setObjectName(QStringLiteral("withdrawButton"));
    QPushButton *excerpt = box->addButton(tr("Import as an &Excerpt"), QMessageBox::AcceptRole);
    excerpt->setObjectName(QStringLiteral("excerptButton"));
    QPushButton *cancel = box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(excerpt);
    box->setEscapeButton(cancel);
    connect(box, &QMessageBox::buttonClicked, this,
        [this, file, read, withdraw, excerpt](QAbstractButton *clicked) mutable {
            if (clicked == withdraw) {
                store(file, std::move(read));
            } else if (clicked == excerpt) {
                read.options.scope = NoticeImportScope::Partial;
                read.options.withdrawOnly.reset();
                store(file, std::move(read));
            } else {
                m_window->statusBar()->showMessage(tr("No notices were imported."), 8000);
                Q_EMIT imported(false);
            }
        });
    box->setWindowModality(Qt::WindowModal);
    box->open();
}

void NoticeImport::store(const QString &file, Read read)
{
    if (!read.options.importedBy.isEmpty()) {
        // Each version imported is signed by its curator, with the key corrections use.
        auto key = loadCuratorKey(read.options.importedBy);
        if (!key) {
            Q_EMIT errorOccurred(tr("No notices were imported: the signing key of %1 could not be "
                                    "loaded: %2")
                                     .arg(read.options.importedBy, key.error().toString()));
            Q_EMIT imported(false);
            return;
        }
        read.options.signingKey = *key;
    }
    const auto progress = busyProgress(m_window, tr("Importing notices from %1...").arg(file));
    auto work = [path = m_store.path(), read = std::move(read)](auto &) -> Result<Read> {
        Store store(path);
        if (auto opened = store.open(); !opened)
            return opened.error();
        auto stored = store.importNotices(read.converted.notices, read.options);
        if (!stored)
            return stored.error();
        Read done = read;
        done.stored = std::move(*stored);
        return done;
    };
    BackgroundJob::start<Result<Read>>(
        this, progress, std::move(work), [this, file](const Result<Read> &result) {
            if (!result) {
                Q_EMIT errorOccurred(
                    tr("No notices were imported:\n%1").arg(result.error().toString()));
                Q_EMIT imported(false);
                return;
            }
            QStringList problems;
            for (const auto &s : result->csv.skipped)
                problems.append(QStringLiteral("%1:%2: %3").arg(file).arg(s.line).arg(s.message));
            for (const auto &s : result->converted.leftOut)
                problems.append(QStringLiteral("%1:%2: %3").arg(file).arg(s.line).arg(s.message));
            const NoticeImportOutcome &stored = result->stored;
            QString summary
                = tr("%L1 notices read: %L2 new, %L3 updated, %L4 unchanged, %L5 withdrawn by "
                     "the source.")
                      .arg(result->converted.notices.size())
                      .arg(stored.added)
                      .arg(stored.updated)
                      .arg(stored.alreadyHeld)
                      .arg(stored.withdrawn);
            if (!stored.olderThanHeld.isEmpty())
                summary += u' '
                    + tr("%Ln left as they are: last seen in a newer list.", nullptr,
                        int(stored.olderThanHeld.size()));
            if (stored.withdrawn > 0)
                m_session.undoStack()->push(
                    new WithdrawalCommand(m_store, *this, stored.withdrawnBefore, result->options,
                        tr("Withdraw %Ln notice(s) (%1)", nullptr, int(stored.withdrawn))
                            .arg(result->options.file)));
            m_window->statusBar()->showMessage(summary, 10000);
            if (!problems.isEmpty()) {
                auto *box = new QMessageBox(QMessageBox::Information,
                    tr("Notices imported with skipped rows"),
                    summary + u'\n' + tr("Rows skipped or left out: %L1").arg(problems.size())
                        + QStringLiteral("\n\n") + problems.mid(0, 20).join(u'\n'),
                    QMessageBox::Ok, m_window);
                box->setObjectName(QStringLiteral("warningBox"));
                box->setAttribute(Qt::WA_DeleteOnClose);
                box->open();
            }
            Q_EMIT imported(true);
        });
}

} // namespace LedgerCurator
