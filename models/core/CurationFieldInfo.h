// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What each correction field (CurationField) is, in one table with one row per field: its key,
// how a typed value is checked and stored, how its value is read from an observation and written
// into the shown one when a correction wins, whether it marks the observation corrected, how two
// of its values compare, and the few decisions that single out some fields. The rest of the
// program asks this table (curationFieldInfo()) instead of switching on the field.
//
// Adding a field, every place to touch:
//  1. models/core/CurationLog.h: the enum CurationField, kCurationFieldCount and
//     kAllCurationFields (the enum's order is the order of kAllCurationFields and of this table).
//  2. models/core/CurationFieldInfo.cpp: the field's row in kFieldInfo, at the enum's index
//     (static_asserts there refuse a row out of place, incomplete or missing), and its value
//     check. If the value lives on the observation, a member of CurationInfo in
//     models/core/Record.h, which the record JSON and the page may then carry
//     (models/formats/RecordJson*.cpp, PageHtml.cpp; docs/record-json.md, docs/rendering.md).
//  3. ui/CurationFieldText.cpp: the panel's half (its label, its name in the history, how a value
//     is shown, its editor); its switches name every field, so -Wswitch flags the one missing.
//     A new kind of editor is built in ui/CurationPanel.cpp (buildSingle()).
//  4. translations/*.ts: `cmake --build BUILD --target update_translations` adds the new labels
//     and messages; translate them (tst_translations fails while any is unfinished).
//  5. docs: the field list and stored forms in docs/curation.md, the `field` member in
//     docs/sync-protocol.md, `curate` in docs/man/ledger-curator.1, and the help and "unknown
//     field" texts of app/CliCurate.cpp (curateOptions(), runCurate()).
//  6. models/formats/EventJson.cpp: checkCorrectionValue() checks a value received without its
//     record (the server checks with it too); a field whose check needs the record (as
//     duplicate-of's does) needs a wire check of its own there.
//  7. If the batch editor offers the field: kBatchFields in models/present/BatchEdit.h, the row's
//     batchName, and its editor in ui/BatchEditPanel.cpp. If search finds its corrected value:
//     kOverlaidTexts in models/storage/RecordSearch.cpp.
//  8. tests/tst_curationfields.cpp: values the check accepts and refuses, and the decisions.

#include "CurationLog.h"
#include "Record.h"

#include <QString>
#include <QStringView>

namespace LedgerCurator {

struct CurationValue; // CuratedRecord.h: a checked value in its stored form, or why it is refused

//! One row of the table: what a correction field is.
struct CurationFieldInfo
{
    CurationField field;
    //! Its name on the wire, in the cache and on the command line ("duplicate-of").
    QStringView key;
    //! Another spelling read too ("duplicate_of"); empty for none.
    QStringView alternateKey = {};
    //! Checks a typed value and gives its stored form. The text is trimmed, not empty, and free
    //! of what no field takes (normalizeCurationValue() checks that first); line breaks are left
    //! to each field's own message. `observation` is the one the value is for, in `record`.
    CurationValue (*check)(const QString &text, const Record &record, const QString &observation);
    //! The upstream value as text ("metadata mismatch", "2021", "" for none): upstreamValue().
    QString (*upstream)(const Observation &upstream);
    //! The value the observation shows, in its stored form ("verified_exact", "yes"): what an
    //! editor starts from and what an edit is compared with.
    QString (*stored)(const Observation &shown);
    //! Writes a winning correction's value (in stored form) into the shown observation.
    void (*apply)(Observation &shown, const QString &value);
    //! Its part of the page's "Curated by ..." mark (empty: none for this value). nullptr: the
    //! field never marks the observation corrected (a decision about a notice or a hint).
    QString (*markPart)(const Observation &upstream, const QString &value) = nullptr;
    //! Whether two texts of the field say the same: sameFieldValue().
    bool (*same)(const QString &a, const QString &b);
    //! A decision about a standing notice (its review and review note), no correction of the
    //! observation: its events may name a notice's review observation
    //! (noticeReviewObservation()), which no page holds.
    bool noticeDecision = false;
    //! Typing the upstream value again is a decision of its own ("not excluded"), not the field
    //! sent back to upstream.
    bool upstreamValueIsDecision = false;
    //! Its name in the batch editor, translated in the context "BatchEdit" (batchFieldName());
    //! nullptr when the batch editor does not offer it.
    const char *batchName = nullptr;

    bool marksCorrected() const { return markPart != nullptr; }
};

//! The row of a field.
const CurationFieldInfo &curationFieldInfo(CurationField field);

} // namespace LedgerCurator
