// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The rendered page (PageHtml.h) as a PDF, through Qt's own QPdfWriter and QTextDocument: text
// stays selectable, every page carries "arXiv:ID · page N of M", the document title is the
// record's title and links go to https://arxiv.org/abs/ID. Needs a QGuiApplication (fonts); the
// "offscreen" platform will do, so no display is needed.

#include "Notices.h"
#include "Record.h"
#include "Result.h"

#include <QPageSize>
#include <QString>

namespace LedgerCurator {

struct PdfOptions
{
    QPageSize::PageSizeId pageSize = QPageSize::A4; // A4 or Letter
    qsizetype inboundCap = 0; // inbound observations itemized at most; 0 = all
    //! The notices about the record's own paper (ownPaperNotices()), said first on page 1.
    QList<OwnPaperNotice> ownNotices {};
};

//! Writes the page of `shown` to `path` atomically (QSaveFile): on failure or cancel nothing is
//! left at `path`. `progress` is told of pages drawn (done, total) once the layout is known;
//! returning false cancels (Error::cancelled()).
Status exportPdf(const Record &shown, const QString &path, const PdfOptions &options = {},
    const Progress &progress = {});

} // namespace LedgerCurator
