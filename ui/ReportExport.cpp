// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportExport.h"

#include "BackgroundJob.h"
#include "CorrectionReport.h"
#include "CsvText.h"
#include "EveryRecord.h"
#include "FileDialogs.h"
#include "ObservationCsv.h"
#include "Store.h"

#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>

namespace LedgerCurator {

namespace {

//! `chosen`, with ".csv" when it has no suffix.
QString csvPath(const QString &chosen)
{
    return QFileInfo(chosen).suffix().isEmpty() ? chosen + QStringLiteral(".csv") : chosen;
}

} // namespace

ReportExport::ReportExport(QWidget *window, QString cachePath, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_cachePath(std::move(cachePath))
{
    setObjectName(QStringLiteral("reportExport"));
}

void ReportExport::chooseObservationsFile(const Record &shown)
{
    const QString suggested
        = QString(shown.arxivId).replace(u'/', u'_') + QStringLiteral("-observations.csv");
    chooseFileToSave(m_window, QStringLiteral("exportObservationsDialog"),
        tr("Export Observations as CSV"), suggested, tr("CSV files (*.csv);;All files (*)"),
        [this, shown](const QString &path) { exportObservations(shown, path); });
}

void ReportExport::exportObservations(const Record &shown, const QString &chosen)
{
    const QString path = csvPath(chosen);
    // The worker gets its own copy of the record (shared until the session changes it).
    BackgroundJob::start<Status>(
        this,
        BackgroundJob::Options::withDialog(
            m_window, QStringLiteral("reportExportProgress"), tr("Writing %1...").arg(path)),
        [shown, path](auto &) { return writeCsvFile(path, observationCsvRows(shown)); },
        [this, path](const Status &status) {
            finish(status, path, tr("The observations were not exported; no file was changed."));
        });
}

void ReportExport::chooseCorrectionsFile()
{
    chooseFileToSave(m_window, QStringLiteral("exportCorrectionsDialog"),
        tr("Export Corrections Report"), QStringLiteral("corrections.csv"),
        tr("CSV files (*.csv);;All files (*)"),
        [this](const QString &path) { exportCorrections(path); });
}

void ReportExport::exportCorrections(const QString &chosen)
{
    const QString path = csvPath(chosen);
    BackgroundJob::start<Status>(
        this,
        BackgroundJob::Options::withDialog(
            m_window, QStringLiteral("reportExportProgress"), tr("Writing %1...").arg(path)),
        [cache = m_cachePath, path](auto &worker) -> Status {
            Store store(cache);
            if (auto opened = store.open(); !opened)
                return opened.error();
            auto rows = cacheCorrectionReport(store, {}, worker.progress());
            if (!rows)
                return rows.error();
            return writeCsvFile(path, correctionReportCsvRows(*rows));
        },
        [this, path](const Status &status) {
            finish(
                status, path, tr("The corrections report was not exported; no file was changed."));
        });
}

void ReportExport::finish(const Status &status, const QString &path, const QString &what)
{
    if (status) {
        if (auto *window = qobject_cast<QMainWindow *>(m_window.data()))
            window->statusBar()->showMessage(tr("Exported %1.").arg(path), 8000);
        Q_EMIT exported(true, path);
        return;
    }
    if (m_window && status.error().kind != Error::Kind::Cancelled) {
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Export"),
            what + u'\n' + status.error().toString(), QMessageBox::Ok, m_window);
        box->setObjectName(QStringLiteral("reportExportError"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    }
    Q_EMIT exported(false, path);
}

} // namespace LedgerCurator
