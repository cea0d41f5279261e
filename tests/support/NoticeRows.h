// SPDX-License-Identifier: GPL-3.0-or-later
// The notices the Notices view's tests import (tst_noticelistmodel, tst_noticesview): Retraction
// Watch CSV rows made notices, and a record's review of a notice as the app stores it. Header
// only: the tests that include it link lc_formats.
#pragma once

#include "CurationLog.h"
#include "Notices.h"
#include "RetractionCsv.h"
#include "TestSupport.h"

#include <QByteArray>
#include <QList>

namespace LedgerCurator::TestSupport {

//! The header row of the Retraction Watch CSV layout (the columns the rows below fill).
inline const QByteArray kNoticeCsvHeader
    = "Record ID,Title,Journal,Publisher,Author,URLS,ArticleType,RetractionDate,RetractionDOI,"
      "RetractionPubMedID,OriginalPaperDate,OriginalPaperDOI,OriginalPaperPubMedID,"
      "RetractionNature,Reason,Paywalled,Notes\n";
//! The fixture record's own paper (arXiv:2104.04473), retracted.
inline const QByteArray kOwnRetractionRow
    = "51234,Efficient Large-Scale Language Model Training on GPU Clusters,arXiv,Cornell,"
      "D. Narayanan,,Research Article,3/1/2024 0:00,10.1234/retract.2104,0,4/9/2021 0:00,"
      "10.48550/ARXIV.2104.04473,0,Retraction,+Duplication of Article;+Error in Data;,No,\n";
//! richRecord()'s own paper (arXiv:2301.01234), retracted and replaced; its title has a comma
//! and quotes (and a line break, kMultilineTitle, once made a notice by notices()).
inline const QByteArray kReplacedRow
    = "60001,\"Cells, Signals and the \"\"Silent\"\" Pathway\nA Reassessment\",J,P,A,,Article,"
      "1/9/2025 0:00,10.5555/rr.1,0,10/30/2019 0:00,10.48550/arXiv.2301.01234,0,"
      "Retraction and Replacement,+Error in Analyses;,No,\n";
//! A correction of a work no record cites.
inline const QByteArray kCorrectionRow
    = "60002,Thermal Drift in Soil Sensors,J,P,A,,Article,11/15/2023 0:00,10.5555/corr.2,0,"
      "6/2/2022 0:00,10.5555/jei.2022.0311,0,Correction,+Error in Figures;,No,\n";
inline const QString kMultilineTitle
    = QStringLiteral("Cells, Signals and the \"Silent\" Pathway\nA Reassessment");

//! The rows (after kNoticeCsvHeader) as notices imported at a fixed time. The CSV import folds a
//! title's line breaks; a notice from a peer's server may keep one: notice 60001 gets
//! kMultilineTitle.
inline QList<StandingNotice> notices(const QByteArray &rows)
{
    auto csv = parseRetractionCsv(kNoticeCsvHeader + rows, QStringLiteral("rw.csv"));
    if (!csv)
        return {};
    QList<StandingNotice> out
        = standingNotices(*csv, QStringLiteral("2026-11-29T12:00:00.000Z")).notices;
    for (StandingNotice &n : out) {
        if (n.sourceId == u"60001")
            n.title = kMultilineTitle;
    }
    return out;
}

//! A record's one decision on a notice, as the review window stores it: the status and the note
//! on the notice's review observation (events numbered from `firstId`).
inline QList<CorrectionEvent> reviewEvents(const QString &record, const QString &ref,
    const QString &status, const QString &note, const QString &author, int firstId = 9001)
{
    CorrectionEvent decision;
    decision.id = uuidFor(firstId);
    decision.record = record;
    decision.observation = noticeReviewObservation(ref);
    decision.field = CurationField::Review;
    decision.value = status;
    decision.author = author;
    decision.createdAt = QStringLiteral("2026-11-30T09:00:00.000Z");
    CorrectionEvent noteEvent = decision;
    noteEvent.id = uuidFor(firstId + 1);
    noteEvent.field = CurationField::ReviewNote;
    noteEvent.value = note;
    return { decision, noteEvent };
}

} // namespace LedgerCurator::TestSupport
