// SPDX-License-Identifier: GPL-3.0-or-later
#include "WorksImport.h"

#include "BackgroundJob.h"
#include "CacheWorks.h"
#include "FileDialogs.h"
#include "Store.h"

#include <QFileInfo>
#include <QMessageBox>

namespace LedgerCurator {

namespace {
constexpr int kBadLinesShown = 20;
}

WorksImport::WorksImport(QWidget *window, QString cachePath, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_cachePath(std::move(cachePath))
{
}

void WorksImport::chooseFile()
{
    chooseFilesToOpen(m_window, QStringLiteral("importWorksDialog"), tr("Import Works List"),
        tr("Works lists (*.jsonl *.json *.csv);;arXiv metadata snapshot (*.jsonl *.json);;"
           "CSV works list (*.csv);;All files (*)"),
        false, [this](const QStringList &files) { importFile(files.first()); });
}

void WorksImport::importFile(const QString &path, std::optional<WorksFormat> format)
{
    if (!format)
        format = guessWorksFormat(path);
    if (!format) {
        showReport(tr("Works list not imported"),
            tr("%1: the format is not known from the file's name. Name the arXiv metadata "
               "snapshot .jsonl (or .json) and a CSV works list .csv, or import it with "
               "`ledger-curator works import --format arxiv-jsonl|csv FILE`.")
                .arg(path),
            true);
        Q_EMIT finished(false, false);
        return;
    }
    const QString name = QFileInfo(path).fileName();
    const auto options = BackgroundJob::Options::withDialog(m_window,
        QStringLiteral("importWorksProgress"), tr("Importing the works list %1...").arg(name));
    auto work
        = [cache = m_cachePath, path, format = *format](auto &worker) -> Result<WorksImportReport> {
        Store store(cache);
        if (auto opened = store.open(); !opened)
            return opened.error();
        // Written through the Store's write rules, as `ledger-curator works import` does.
        WorksIndex index = cacheWorksIndex(store);
        const Progress progress = worker.progress();
        auto imported = index.importFile(path, format, [progress](const WorksImportProgress &p) {
            return progress(p.bytesDone, p.bytesTotal);
        });
        // The works the cache knows itself follow its records (done by the command too).
        if (imported && !imported->cancelled) {
            if (auto refreshed = refreshCacheWorks(store); !refreshed)
                return refreshed.error();
        }
        return imported;
    };
    BackgroundJob::start<Result<WorksImportReport>>(
        this, options, std::move(work), [this, path](const Result<WorksImportReport> &result) {
            if (!result) {
                showReport(tr("Works list not imported"),
                    tr("%1: nothing was imported:\n%2").arg(path, result.error().toString()), true);
                Q_EMIT finished(false, false);
                return;
            }
            const WorksImportReport &report = result.value();
            showReport(report.cancelled ? tr("Works import stopped") : tr("Works list imported"),
                reportText(report), report.badLineCount > 0 || report.cancelled);
            Q_EMIT finished(!report.cancelled, !report.cancelled && report.works > 0);
        });
}

QString WorksImport::reportText(const WorksImportReport &report)
{
    QStringList lines;
    if (report.cancelled)
        lines.append(tr("Stopped after %L1 works of %2. Nothing of it is searched yet; importing "
                        "the same file again goes on from where it stopped.")
                         .arg(report.works)
                         .arg(report.source));
    else
        lines.append(tr("%L1 works of %2 are in the works index (%L3 lines read).")
                         .arg(report.works)
                         .arg(report.source)
                         .arg(report.lines));
    if (report.resumedAtLine > 0)
        lines.append(tr("Went on from line %L1, where an earlier import stopped.")
                         .arg(report.resumedAtLine));
    if (report.badLineCount > 0) {
        lines.append(QString());
        lines.append(tr("Lines skipped: %Ln", nullptr, int(report.badLineCount)));
        for (const WorksBadLine &bad : report.badLines.mid(0, kBadLinesShown))
            lines.append(tr("line %1: %2").arg(bad.line).arg(bad.reason));
        if (report.badLineCount > kBadLinesShown)
            lines.append(tr("and %L1 more.").arg(report.badLineCount - kBadLinesShown));
    }
    return lines.join(u'\n');
}

void WorksImport::showReport(const QString &title, const QString &text, bool warning)
{
    auto *box = new QMessageBox(warning ? QMessageBox::Warning : QMessageBox::Information, title,
        text, QMessageBox::Ok, m_window);
    box->setObjectName(QStringLiteral("worksImportReport"));
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace LedgerCurator
