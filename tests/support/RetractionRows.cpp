// SPDX-License-Identifier: GPL-3.0-or-later
#include "RetractionRows.h"

#include <QStringBuilder>

namespace LedgerCurator::TestSupport {

QByteArray retractionCsvHeader()
{
    return "Record ID,Title,Subject,Institution,Journal,Publisher,Country,Author,URLS,ArticleType,"
           "RetractionDate,RetractionDOI,RetractionPubMedID,OriginalPaperDate,OriginalPaperDOI,"
           "OriginalPaperPubMedID,RetractionNature,Reason,Paywalled,Notes\n";
}

QByteArray retractionCsvRow(const QByteArray &id, const QByteArray &date,
    const QByteArray &noticeDoi, const QByteArray &originalDoi, const QByteArray &nature,
    const QByteArray &reason)
{
    return id
        + ",\"A Paper, Titled\",(B/T) Computer Science;,Example Institute,arXiv,Cornell University,"
          "United States,A. Author;B. Author,https://retractionwatch.com/example/"
        + id + ",Preprint;," + date + ',' + noticeDoi + ",0,4/9/2021 0:00," + originalDoi + ",0,"
        + nature + ',' + reason + ",No,\n";
}

QByteArray paperRetractionRow()
{
    return retractionCsvRow("51234", "3/1/2024 0:00", "10.1234/RETRACT.2104",
        "10.48550/ARXIV.2104.04473", "Retraction", "+Duplication of Article;+Error in Data;");
}

QByteArray paperCorrectionRow()
{
    return retractionCsvRow("51235", "11/2/2023 0:00", "10.1234/corr.2104", "arXiv:2104.04473",
        "Correction", "+Error in Figures;");
}

QByteArray otherRetractionRow()
{
    return retractionCsvRow("51252", "1/9/2025 0:00", "10.5555/ecr.2025.r001",
        "10.5555/ECR.2019.1187", "Retraction", "+Duplication of Image;");
}

} // namespace LedgerCurator::TestSupport
