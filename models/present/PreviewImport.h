// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The preview's page (PageHtml.h) imported into a QTextDocument in pieces, on two threads when a
// second core is free. PreviewPane builds a large page with it on a worker thread.

#include "PageHtml.h"
#include "Record.h"

#include <QTextDocument>

#include <atomic>
#include <functional>

namespace LedgerCurator {

//! A document that never loads a resource: the page inlines its stylesheet and has no images, so
//! anything it would ask for came from data.
class PageDocument final : public QTextDocument
{
public:
    using QTextDocument::QTextDocument;

protected:
    QVariant loadResource(int, const QUrl &) override { return {}; }
};

//! What importPageInPieces() did: the pieces appended, how many of them the helper thread
//! parsed, and whether the page is whole (false: cancelled, the document holds the first pieces).
struct PieceImport
{
    int pieces = 0;
    int parsedBeside = 0;
    bool complete = false;
};

//! Imports the page of `record` into `document` (its default font set, nothing in it yet) a few
//! hundred observations at a time (renderPageHtmlInPieces(), cut between observations), each
//! piece parsed as a document of its own with the page's stylesheet and appended to what came
//! before: the document is the one a whole import gives, block by block, without the whole page's
//! HTML and Qt's parse of it held at once (some 30 MB for 2,500 observations).
//!
//! A helper thread writes the pieces' HTML. Once `secondCoreFree` is true it also parses every
//! other piece (Qt's HTML import is some three quarters of the work), while the calling thread
//! parses the others and appends them all in order; until then it only writes, so that a caller
//! that is busy elsewhere (the GUI thread showing the record's table) keeps its core. At most two
//! pieces wait between the threads. On one core the calling thread parses them all.
//!
//! `cancelled` (asked from both threads, between pieces): once it says true no more pieces are
//! written, parsed or appended, and the import returns with what it appended (a newer record's
//! page has been asked for: the window cancels the build of the page it no longer wants).
PieceImport importPageInPieces(QTextDocument &document, const Record &record,
    const HtmlOptions &options, const std::atomic<bool> &secondCoreFree,
    const std::function<bool()> &cancelled = {});

} // namespace LedgerCurator
