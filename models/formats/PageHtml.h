// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The rendered page: a record with its curated values as HTML, section by section as the text
// form (LedgerText.h) writes it. The preview pane shows it, `render --format html` writes it and
// the PDF export lays it out. Every string from data is escaped, its control and bidi characters
// shown as <U+XXXX> tokens, and each field is isolated (DisplayText::forHtml(): <bdi> with
// U+2068 ... U+2069), so no field can reorder or hide the text around it; the page names no
// external resource (no <img>, no stylesheet link), and its only links are
// https://arxiv.org/abs/ID.

#include "AnomalyHints.h"
#include "Notices.h"
#include "Record.h"

#include <QString>

#include <functional>
#include <optional>

namespace LedgerCurator {

struct HtmlOptions
{
    //! Inbound observations itemized at most; 0 = no cap. Outbound observations are all shown.
    qsizetype inboundCap = 500;
    //! A full document (<html>, <head> with <title> and <style>); else the <body> content only.
    bool standalone = true;
    //! The stylesheet text put in <style>; empty = none.
    QString css;
    //! For the PDF: no anchors (ids), fields isolated by U+2068 ... U+2069 alone (no <bdi>,
    //! which QTextDocument ignores), and the cap note does not point at the PDF export.
    bool forPrint = false;
    //! Each observation's block carries id="obs-UUID". QTextDocument hashes every anchor name
    //! list alike, so its HTML import is quadratic in the number of anchors: the preview turns
    //! them off and finds observations by their "Observation UUID" heading instead.
    bool observationAnchors = true;
    //! The record's anomaly hints when the caller has them (anomalyHints(shown), as the table
    //! model holds them); computed when absent, which takes a second on 200,000 observations.
    std::optional<QList<AnomalyHint>> hints {};
    //! A field's runs of more than this many characters without a line-break opportunity get
    //! one (U+200B) every 16 characters (DisplayText::withBreakOpportunities()): QTextDocument
    //! wraps an unbroken run in time quadratic in its length (a 1 MB title: two minutes). 0 =
    //! the text as it is (`render --format html`: browsers wrap such runs themselves).
    qsizetype breakRunsLongerThan = 64;
    //! The notices about the record's own paper (ownPaperNotices()): said first, under the
    //! title, once (a retraction or withdrawal as "This paper is retracted."), each with its
    //! date, kind, nature, source, identifiers and review; the observations citing the paper
    //! then point there instead of repeating them. Empty: nothing is said first.
    QList<OwnPaperNotice> ownNotices {};
    //! Each field is wrapped in <bdi> (browsers isolate it). The preview turns it off:
    //! QTextDocument ignores the element, yet matches the stylesheet against it and the elements
    //! around it (15,844 of the 51,000 elements of a 2,500-observation page); what it shows is
    //! the same.
    bool bdiElements = true;
};

//! The page of `shown` (a record with curated values, CuratedRecord::shown). Each observation is
//! one block <div class="obs" id="obs-UUID"> (the id is an anchor for QTextBrowser::scrollToAnchor;
//! left out when forPrint, where the blocks are <div class="obs">); states are badges
//! (<span class="state state-verified_exact">verified exact</span>); curation marks, conflicts and
//! anomaly hints are notes; the notices about the paper itself come first (ownNotices).
QString renderPageHtml(const Record &shown, const HtmlOptions &options = {});

//! Where renderPageHtmlInPieces() cuts the page: after the observation that makes a piece hold
//! `observations` observations or `characters` characters of HTML, whichever comes first.
struct HtmlPieceLimits
{
    qsizetype observations = 200;
    qsizetype characters = 1 << 20;
};

//! A piece of the page: its HTML, and how many observations the pieces so far itemized.
using HtmlPieceSink = std::function<bool(QString &&html, qsizetype itemizedSoFar)>;

//! The page of `shown` as renderPageHtml() writes it (options.standalone is ignored: the <body>
//! content), cut between observations into pieces that are each a whole fragment (its own
//! <div class="page">), handed to `sink` in order; no piece is empty. For a layout that cannot take
//! a large page at once (the PDF export: QTextDocument places lines in 26.6 fixed point, so a
//! document taller than about 11,000 pages wraps round). Returns false when `sink` did (it stops).
bool renderPageHtmlInPieces(const Record &shown, const HtmlOptions &options,
    const HtmlPieceLimits &limits, const HtmlPieceSink &sink);

//! The page stylesheet, read from :/page/page.css (empty when the resource is missing).
QString loadPageStylesheet();

//! "https://arxiv.org/abs/ID" for a valid arXiv id (version allowed); empty otherwise.
QString arxivAbsUrl(const QString &arxivId);

} // namespace LedgerCurator
