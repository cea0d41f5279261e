// SPDX-License-Identifier: GPL-3.0-or-later
#include "ImportExport.h"

#include "BackgroundJob.h"
#include "PageImport.h"
#include "PdfExport.h"
#include "Store.h"

#include <QLocale>
#include <QMainWindow>
#include <QMessageBox>
#include <QMimeData>
#include <QStatusBar>
#include <QUrl>

namespace LedgerCurator {

ImportExport::ImportExport(Store &store, QMainWindow *window)
    : QObject(window)
    , m_store(store)
    , m_window(window)
{
}

void ImportExport::importFiles(const QStringList &files, bool showFirst)
{
    const auto progress
        = BackgroundJob::Options::withDialog(m_window, QStringLiteral("importProgress"),
            tr("Importing %n file(s)...", nullptr, int(files.size())));
    auto work = [path = m_store.path(), files](auto &worker) -> Result<ImportReport> {
        Store store(path);
        if (auto opened = store.open(); !opened)
            return opened.error();
        return importPageFiles(store, files, worker.progress());
    };
    BackgroundJob::start<Result<ImportReport>>(
        this, progress, std::move(work), [this, showFirst](const Result<ImportReport> &result) {
            if (!result) {
                showFailure(result.error(), tr("Import cancelled; the cache is as it was."),
                    tr("Nothing was imported:\n%1"));
                Q_EMIT importFinished(false);
                return;
            }
            QStringList warnings;
            for (qsizetype i = 0; i < result->pages.size(); ++i) {
                for (const auto &w : result->pages[i].warnings)
                    warnings.append(QStringLiteral("%1:%2: %3")
                                        .arg(result->files[i])
                                        .arg(w.line)
                                        .arg(w.message));
            }
            const auto &outcomes = result->outcomes;
            Q_EMIT imported(outcomes.isEmpty()
                    ? QString()
                    : (showFirst ? outcomes.first().arxivId : outcomes.last().arxivId));
            m_window->statusBar()->showMessage(
                tr("Imported %Ln record(s).", nullptr, int(outcomes.size())), 8000);
            if (!warnings.isEmpty()) {
                auto *box = new QMessageBox(QMessageBox::Information, tr("Imported with warnings"),
                    tr("The pages state counts that disagree with what they itemize; the stated "
                       "counts were kept:\n\n%1")
                        .arg(warnings.mid(0, 20).join(u'\n')),
                    QMessageBox::Ok, m_window);
                box->setObjectName(QStringLiteral("warningBox"));
                box->setAttribute(Qt::WA_DeleteOnClose);
                box->open();
            }
            Q_EMIT importFinished(true);
        });
}

void ImportExport::exportPdf(
    const Record &record, const QString &path, QList<OwnPaperNotice> ownNotices)
{
    PdfOptions options;
    options.ownNotices = std::move(ownNotices);
    options.pageSize = QLocale().measurementSystem() == QLocale::ImperialUSSystem
        ? QPageSize::Letter
        : QPageSize::A4;
    const auto progress = BackgroundJob::Options::withDialog(
        m_window, QStringLiteral("exportProgress"), tr("Writing %1...").arg(path));
    // The worker gets its own copy of the record: the GUI may change the session meanwhile.
    auto work = [record, path, options](auto &worker) {
        return LedgerCurator::exportPdf(record, path, options, worker.progress());
    };
    BackgroundJob::start<Status>(
        this, progress, std::move(work), [this, path](const Status &status) {
            if (!status) {
                showFailure(status.error(), tr("PDF export cancelled; no file was written."),
                    tr("The PDF was not written:\n%1"));
                Q_EMIT exportFinished(false);
                return;
            }
            m_window->statusBar()->showMessage(tr("Exported %1.").arg(path), 8000);
            Q_EMIT exportFinished(true);
        });
}

void ImportExport::showFailure(const Error &error, const QString &cancelled, const QString &failed)
{
    if (error.kind == Error::Kind::Cancelled)
        m_window->statusBar()->showMessage(cancelled, 8000);
    else
        Q_EMIT errorOccurred(failed.arg(error.toString()));
}

QStringList ImportExport::localFiles(const QMimeData *mime)
{
    QStringList files;
    for (const QUrl &url : mime->urls()) {
        if (url.isLocalFile())
            files.append(url.toLocalFile());
    }
    return files;
}

} // namespace LedgerCurator
