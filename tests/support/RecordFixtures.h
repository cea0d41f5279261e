// SPDX-License-Identifier: GPL-3.0-or-later
// The records the tests start from: the fixture page as a record, and the sample that uses every
// feature of the record JSON format (lc_test_support).
#pragma once

#include "Record.h"

namespace LedgerCurator::TestSupport {

//! The fixture page, tests/data/ledger-2104.04473.txt, parsed (arXiv:2104.04473 v5, 34
//! observations). The fixture is part of the sources: a fixture that does not parse stops the
//! test with the reason (qFatal), rather than letting it go on with an empty record.
Record fixtureRecord();
//! The fixture's observations repeated to `count` under fresh ids (uuidFor(idOffset + i)), as
//! record `id`: a large page of real text.
Record fixtureRepeated(const QString &id, int count, int idOffset);

//! An events check that found nothing, as of `asOf`.
EventsCheck noneFound(const char *asOf = "2026-08-05T06:32:48.257954+00:00");
//! An events check that could not be made, for `reason`.
EventsCheck unavailable(const char *reason);

//! A record using every feature of the record JSON format: seven observations (outbound and
//! inbound, every resolution state, every events form and kind of event), titles with markup,
//! quotes, backslashes and several scripts. Observation i has basis, in order: arxiv_id,
//! local_arxiv, no resolver link, doi, title_match, crossref, openalex.
Record sampleRecord();

} // namespace LedgerCurator::TestSupport
