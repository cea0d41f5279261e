// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A record's observations as CSV rows, one per observation, with the values the page shows
// (`render --format csv`, File > Export Observations as CSV...; docs/reports.md). The rows are
// written by CsvText.h, the one CSV writer.

#include "Record.h"

#include <QList>
#include <QStringList>

namespace LedgerCurator {

//! The header row: record, observation, direction, state, basis, reference, citing_title,
//! cited_title, identifier, excluded, duplicate_of, note, notices, review, curated, conflicts.
QStringList observationCsvHeader();

//! The fields of one observation of `record`, in the header's order: the state as the page
//! writes it ("verified exact"), excluded and curated as yes/no, the notices found on the cited
//! work ("Retraction 2024-03-01; Correction 2023-11-02", or "unavailable: REASON"), the review
//! status where notices were found, the fields in conflict (space-separated keys).
QStringList observationCsvFields(const Record &record, const Observation &observation);

//! The header, then one row per observation of `record` in page order (outbound, then inbound).
//! Given the shown record of a CuratedRecord, the values are the curated ones, as `render` shows
//! them; given the upstream record, the page as received.
QList<QStringList> observationCsvRows(const Record &record);

} // namespace LedgerCurator
