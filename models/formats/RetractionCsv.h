// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Record.h"
#include "Result.h"

#include <QByteArray>
#include <QList>
#include <QSet>
#include <QString>

namespace LedgerCurator {

//! One row of a Retraction Watch CSV export: a notice (retraction, correction, ...) for a paper.
//! Identifier columns are trimmed and normalised; text columns are kept as given, except that a
//! CRLF inside a quoted field becomes LF and a doubled quote a single one.
struct RetractionNotice
{
    int line = 0; // line of the file where the row starts (1-based; header is line 1)
    QString recordId; // "Record ID", trimmed; never empty
    QString title; // "Title"
    QString journal; // "Journal"
    EventKind kind = EventKind::Retraction; // "RetractionNature", as kindOfNature() reads it
    QString nature; // "RetractionNature" as given (spaces simplified)
    QString date; // "RetractionDate" as YYYY-MM-DD
    QString noticeDoi; // "RetractionDOI": bare DOI in lower case; empty when unavailable
    QString originalDoi; // "OriginalPaperDOI": bare DOI in lower case; empty when unavailable
    QString originalPubMedId; // "OriginalPaperPubMedID", trimmed; empty for "" and "0"
    QString reason; // "Reason" as given: "+Duplication of Article;+Error in Data;"
    QString urls; // "URLS"
    QString notes; // "Notes"
    friend bool operator==(const RetractionNotice &, const RetractionNotice &) = default;
};

//! A data row that was left out, and why.
struct RetractionCsvRowError
{
    int line = 0; // where the row starts
    QString message; // "RetractionDate: expected month/day/year such as 3/1/2024, found '...'"
    QString recordId {}; // the row's Record ID when it could be read; empty otherwise
};

//! What a Retraction Watch CSV file holds: the good rows and the skipped ones, in file order.
struct RetractionCsv
{
    QList<RetractionNotice> notices;
    QList<RetractionCsvRowError> skipped;
    qsizetype rows = 0; // data rows seen (notices + skipped); blank lines are not rows
};

//! Column names of the Retraction Watch export that the parser reads.
namespace RetractionColumn {
inline constexpr auto kRecordId = "Record ID";
inline constexpr auto kTitle = "Title";
inline constexpr auto kJournal = "Journal";
inline constexpr auto kUrls = "URLS";
inline constexpr auto kRetractionDate = "RetractionDate";
inline constexpr auto kRetractionDoi = "RetractionDOI";
inline constexpr auto kOriginalDoi = "OriginalPaperDOI";
inline constexpr auto kOriginalPubMedId = "OriginalPaperPubMedID";
inline constexpr auto kNature = "RetractionNature";
inline constexpr auto kReason = "Reason";
inline constexpr auto kNotes = "Notes";
} // namespace RetractionColumn

//! Parses a whole Retraction Watch CSV file (RFC 4180, as Retraction Watch and Excel write it).
//! Whole-file problems (empty file, not UTF-8, no header row, a required column missing from the
//! header, an unterminated quoted field at end of file) are an Error::badInput(message, fileName,
//! line). Bad rows are reported in `skipped` with their line and left out; the rest is returned.
//! `fileName` is only used in messages.
Result<RetractionCsv> parseRetractionCsv(const QByteArray &data, const QString &fileName);

//! Reads the file at `path`, then parses it; an unreadable file is an Error::failure naming it.
Result<RetractionCsv> readRetractionCsvFile(const QString &path);

//! "2024-03-01" from "3/1/2024" or "3/1/2024 0:00"; empty when it is not such a date.
QString parseRetractionDate(QStringView text);

//! A bare lower-case DOI from "10.1/X", "https://doi.org/10.1/X" or "doi:10.1/X"; empty for an
//! empty value and for "unavailable".
QString normalizeRetractionDoi(QStringView text);

} // namespace LedgerCurator

#include "Notices.h"

namespace LedgerCurator {

//! Notices ready for the cache, and the rows that cannot be matched to any work.
struct RetractionImport
{
    QList<StandingNotice> notices;
    QList<RetractionCsvRowError> leftOut; // no usable original paper DOI
    // What an import of the whole list must not mark withdrawn: the noticeRefs of rows the file
    // names but that could not become notices (a bad date, no original DOI)...
    QSet<QString> alsoListed {};
    // ...and how many bad rows name no readable Record ID: when any does, the file cannot say
    // which notices it no longer lists, so none may be marked withdrawn.
    qsizetype unidentifiedRows = 0;
};

//! The parsed rows as standing notices about their original papers (source
//! retraction_status_cache; detail = the reasons; origin = the Retraction Watch record).
RetractionImport standingNotices(const RetractionCsv &csv, const QString &importedAt);

} // namespace LedgerCurator
