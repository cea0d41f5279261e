// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The rendered page (PageHtml.h) as a PDF, through Qt's own QPdfWriter and QTextDocument: text
// stays selectable, every page carries "arXiv:ID · page N of M", the document title is the
// record's title and links go to https://arxiv.org/abs/ID. Needs a QGuiApplication (fonts); the
// "offscreen" platform will do, so no display is needed.

#include "Notices.h"
#include "PageHtml.h"
#include "Record.h"
#include "Result.h"

#include <QPageSize>
#include <QString>

namespace LedgerCurator {

//! Which writer makes the file: ours (PdfFile: one pass, the count of pages written last), or
//! Qt's QPdfWriter (two passes: the pages counted, then drawn). Ours leaves a page to Qt's when it
//! holds what ours does not draw (docs/rendering.md, "The PDF").
enum class PdfWriterKind {
    Own,
    Qt,
};

struct PdfOptions
{
    QPageSize::PageSizeId pageSize = QPageSize::A4; // A4 or Letter
    qsizetype inboundCap = 0; // inbound observations itemized at most; 0 = all
    //! The notices about the record's own paper (ownPaperNotices()), said first on page 1.
    QList<OwnPaperNotice> ownNotices {};
    //! How the page is cut for the layout: each piece is laid out as its own document (bounded
    //! memory, and no document taller than QTextDocument can place), the pieces flowing on from
    //! one to the next on the same pages. Smaller pieces change nothing in the PDF.
    HtmlPieceLimits pieces {};
    //! The pieces made on a second thread while this one lays out and draws (a few pieces
    //! ahead, no more); false: all on this thread. The PDF is the same either way.
    bool threaded = true;
    PdfWriterKind writer = PdfWriterKind::Own;
};

//! Writes the page of `shown` to `path` atomically (QSaveFile): on failure or cancel nothing is
//! left at `path`, and the error says why (a page that cannot be laid out, a write that failed, a
//! PDF past the 2 GB Qt's writer can address). The page is written in two passes over its
//! pieces: the first lays each out and counts the pages ("page N of M"), the second lays each out
//! again and draws it; memory stays that of a few pieces (PdfOptions::threaded: the next pieces
//! are made while one is laid out or drawn). `progress` is told (done, total) in steps, two a page
//! (laid out, then drawn): (0, 0) first, the total estimated from the observations while the first
//! pass goes on (0 until the first piece is laid out), then exact; the last call is (2 * pages, 2 *
//! pages). Returning false cancels (Error::cancelled()).
Status exportPdf(const Record &shown, const QString &path, const PdfOptions &options = {},
    const Progress &progress = {});

} // namespace LedgerCurator
