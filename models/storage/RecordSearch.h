// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Searching every cached record at once (`ledger-curator search`, Edit > Search All Records...):
// the citing and cited titles, the observations' UUIDs, the identifiers and the notes, as the
// page shows them (the corrections applied), and the upstream title and identifier where a
// correction replaced them. Case-insensitive by Unicode case folding (QString::toCaseFolded()).
// A scan of the cache's rows, straight from SQLite: no record is loaded whole (docs/reports.md).

#include "Record.h"
#include "Result.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace LedgerCurator {

class Store;

//! Where a search found its text.
enum class HitField {
    CitingTitle, // the citing title shown (corrected where a curator corrected it)
    CitedTitle,
    Observation, // the observation's UUID
    Identifier, // the identifier shown: a curator's, else one the imported page's mark gave
    Note, // the note shown
    UpstreamCitingTitle, // the citing title as received, where a correction replaced it
    UpstreamIdentifier, // the identifier of the imported page's mark, where a correction replaced
                        // it
    RecordTitle, // the record's own title (a hit of the record, with no observation)
};
//! "citing_title", "cited_title", "observation", "identifier", "note", "upstream_citing_title",
//! "upstream_identifier", "record_title".
QString hitFieldKey(HitField field);

//! One field of one observation that holds the text searched for.
struct SearchHit
{
    QString record; // arXiv id
    QString observation; // UUID; empty for a hit of the record's own title
    Direction direction = Direction::Inbound; // these two mean nothing without an observation
    ResolutionState state = ResolutionState::Unresolved; // as shown (corrected)
    HitField field = HitField::CitingTitle;
    QString text; // the whole field
    friend bool operator==(const SearchHit &, const SearchHit &) = default;
};

//! What a search found.
struct SearchOutcome
{
    //! In the cache's order: by record id; in a record its title first, then its observations in
    //! page order, each one's fields in HitField's order.
    QList<SearchHit> hits;
    qint64 total = 0; // every hit, also those beyond the limit
    qint64 observations = 0; // observations searched
    qint64 records = 0; // records they belong to
    bool truncated() const { return total > hits.size(); }
};

struct SearchOptions
{
    //! At most this many hits are kept (the rest only counted); 0: all.
    qsizetype limit = 0;
    //! Told of the observations searched (total unknown: 0); returning false cancels the search
    //! (Error::cancelled()).
    Progress progress;
};

//! The text searched for as the search compares it: trimmed and case-folded.
QString foldSearchText(const QString &text);

//! Whether `haystack` holds `needle` (a foldSearchText() of at least one character) once both
//! are case-folded: the search's comparison, here for the tests and the views.
bool foldedContains(const QString &haystack, const QString &needle);

//! Searches every record of the cache for `text`. Bad input when the text is empty (or only
//! white space).
Result<SearchOutcome> searchCache(
    const Store &store, const QString &text, const SearchOptions &options = {});

} // namespace LedgerCurator
