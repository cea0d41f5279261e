// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Record.h"
#include "Result.h"

#include <QObject>
#include <QPointer>

class QWidget;

namespace LedgerCurator {

//! File > Export Observations as CSV... and File > Export Corrections Report...: asks for the
//! file (FileDialogs.h), writes it on a worker thread, atomically (CsvText.h: QSaveFile, never a
//! file of the cache), and tells what became of it: the status bar on success, a message box
//! (objectName "reportExportError") on failure. The rows are made in models/ (ObservationCsv.h,
//! CorrectionReport.h), the same as `render --format csv` and `report --format csv`.
class ReportExport final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReportExport)

public:
    //! `window` parents the dialogs; `cachePath` is the cache the report reads (on a connection
    //! of its own).
    ReportExport(QWidget *window, QString cachePath, QObject *parent = nullptr);

    //! Asks where to write the observations of `shown` (a record with its corrections applied).
    void chooseObservationsFile(const Record &shown);
    //! Writes the observations of `shown` as CSV to `path`.
    void exportObservations(const Record &shown, const QString &path);
    //! Asks where to write the corrections report of every cached record.
    void chooseCorrectionsFile();
    //! Writes the corrections report of every cached record as CSV to `path`.
    void exportCorrections(const QString &path);

Q_SIGNALS:
    //! After an export: whether `path` was written.
    void exported(bool ok, const QString &path);

private:
    void finish(const Status &status, const QString &path, const QString &what);

    QPointer<QWidget> m_window;
    QString m_cachePath;
};

} // namespace LedgerCurator
