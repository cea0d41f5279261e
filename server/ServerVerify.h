// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// `ledger-server verify`: what a client would find on a full sync, checked on the server's own
// database: every stored event against the curators' keys (a valid signature by a live key of
// its author, or unsigned at or below the legacy mark), and the seqs 1..latest without gaps; the
// same of every stored notice version and current notice (docs/signatures.md, "Notices").

#include <QTextStream>

namespace LedgerCurator {

class ServerStore;

//! Prints what it checked and each problem ("seq 7: event ID by carol fails its signature",
//! "seqs 2 to 3 are missing"); returns 0 when every event verifies and no seq is missing, 1
//! otherwise, 2 when the database cannot be read.
int verifyServerStore(ServerStore &store, QTextStream &out, QTextStream &err);

} // namespace LedgerCurator
