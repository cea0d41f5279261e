// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Record.h"

namespace LedgerCurator::Bench {

//! A deterministic large record: every state, long and non-Latin titles, repeated citing
//! papers, year-like reference numbers and found events. Same arguments, same record.
Record generateRecord(qsizetype inbound, qsizetype outbound = 0, quint32 seed = 1);

} // namespace LedgerCurator::Bench
