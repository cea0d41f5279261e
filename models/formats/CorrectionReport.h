// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The corrections report: every correction of a record (or of several) as a row, built from the
// same history that `ledger-curator history` and the correction panel show (the record's
// events, oldest first, each with the value its author saw before it), and written as a text
// table, CSV (through CsvText.h) or JSON. `ledger-curator report`, File > Export Corrections
// Report...; docs/reports.md.

#include "CuratedRecord.h"
#include "Result.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace LedgerCurator {

//! A value of a field as a person reads it, with the upstream value where it is nullopt:
//! "verified exact", "142 (upstream)", "(upstream: none)". What `history` shows.
QString describeCorrectionValue(
    CurationField field, const std::optional<QString> &value, const Observation &upstream);

//! One correction, as the history shows it.
struct CorrectionReportRow
{
    QString id; // the event's id
    QString createdAt; // yyyy-MM-ddTHH:mm:ss.zzzZ, UTC
    QString author;
    bool isSigned = false;
    QString record; // arXiv id
    QString observation; // the observation's UUID (or a notice's review observation)
    QString notice; // for the review of a notice: its ref ("retraction-watch:51234"), else empty
    CurationField field = CurationField::State;
    std::optional<QString> from; // the value its author saw before it (nullopt: upstream)
    std::optional<QString> to; // the value it set (nullopt: back to upstream)
    QString fromText; // describeCorrectionValue() of from and to
    QString toText;
    //! The observation's titles as shown (empty for the review of a notice).
    QString citingTitle;
    QString citedTitle;
    //! The observation's note as it stood once this correction was made (the note events made
    //! up to its time; the correction's own value for a note); for the review of a notice, the
    //! review's note so.
    QString note;

    //! The author as the history shows it: "alice", or "alice (unsigned)" for an event made
    //! before signatures.
    QString who() const;
};

//! The corrections of `curated`, oldest first (by time, then id: history()'s order), those
//! made at or after `since` (a timestamp in the log's form; empty: all).
QList<CorrectionReportRow> correctionReportRows(
    const CuratedRecord &curated, const QString &since = {});

//! Rows of several records in one order: by time, then record, then id.
void sortCorrectionReport(QList<CorrectionReportRow> &rows);

//! --since DATE: an ISO 8601 date (2026-11-29: from midnight UTC) or date and time
//! (2026-11-29T10:00, 2026-11-29T10:00:00.5+01:00; without an offset, UTC, as the log keeps
//! time), as the log's timestamp form ("2026-11-29T00:00:00.000Z"); bad input otherwise.
Result<QString> parseReportSince(const QString &text);

//! The header row: when, who, record, observation, citing_title, cited_title, notice, field,
//! from, to, note.
QStringList correctionReportCsvHeader();
//! The header, then one row per correction (from and to as described, as in the history).
QList<QStringList> correctionReportCsvRows(const QList<CorrectionReportRow> &rows);

//! A JSON array, one object per correction: id, created_at, author, signed, record,
//! observation, citing_title, cited_title, notice (null when none), field, from and to (the stored
//! values, null meaning upstream, as `history --json` gives them), from_text and to_text (as
//! described), note.
QByteArray correctionReportJson(const QList<CorrectionReportRow> &rows);

//! A readable table: "N corrections", then one line per correction, "WHEN  WHO  RECORD
//! OBSERVATION  FIELD: FROM -> TO", with "  [notice REF]" and "  [note: TEXT]" where there is one.
//! Not inert: the command line makes it so for a terminal.
QString correctionReportText(const QList<CorrectionReportRow> &rows);

} // namespace LedgerCurator
