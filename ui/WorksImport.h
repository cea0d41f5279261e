// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "WorksIndex.h"

#include <QObject>
#include <QPointer>

#include <optional>

class QWidget;

namespace LedgerCurator {

//! File > Import Works List... (docs/works.md): asks for an arXiv metadata snapshot (JSON Lines) or
//! a CSV works list (FileDialogs.h), imports it into the cache's works index on a worker thread
//! (its own connection to the cache) with progress and Cancel, then says what came of it in a
//! report box (objectName "worksImportReport"): the works imported, the lines skipped with
//! their line numbers, or why nothing was. A cancelled import keeps what it read, and the next
//! import of the same file goes on from there.
class WorksImport final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WorksImport)

public:
    WorksImport(QWidget *window, QString cachePath, QObject *parent = nullptr);

    //! Asks for the file to import.
    void chooseFile();
    //! Imports `path`; the format from its name when not given (.jsonl/.json, .csv).
    void importFile(const QString &path, std::optional<WorksFormat> format = std::nullopt);

    //! The report's text for an import (what the box says).
    static QString reportText(const WorksImportReport &report);

Q_SIGNALS:
    //! An import ended: `changed` when works were added to the index (suggestions are then
    //! looked for again).
    void finished(bool ok, bool changed);

private:
    void showReport(const QString &title, const QString &text, bool warning);

    QPointer<QWidget> m_window;
    QString m_cachePath;
};

} // namespace LedgerCurator
