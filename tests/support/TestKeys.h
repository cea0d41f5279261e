// SPDX-License-Identifier: GPL-3.0-or-later
// Signing keys for the tests (docs/signatures.md): every curator of a test has one deterministic
// key, so that the tests that post events to a real ledger-server sign them as the server requires.
#pragma once

#include "CurationLog.h"
#include "EventSignature.h"
#include "Notices.h"

#include <QList>
#include <QString>
#include <QUrl>

namespace LedgerCurator::TestSupport {

//! The curator's key: SigningKey::fromSeed(SHA-256 of "test-key:" + curator). The same in every
//! test and every run.
SigningKey testKey(const QString &curator);

//! The event signed with testKey(curator) (its author left as it is).
CorrectionEvent signedCopy(CorrectionEvent event, const QString &curator);
//! Every event signed with testKey(curator).
QList<CorrectionEvent> signedAll(QList<CorrectionEvent> events, const QString &curator);

//! Every notice imported by the curator: importedBy set and signed with testKey(curator), as
//! a curator's import makes it (docs/signatures.md, "Notices").
QList<StandingNotice> signedNotices(QList<StandingNotice> notices, const QString &curator);

//! Registers the key's public half for the token's curator (POST /v1/keys on server, e.g.
//! http://127.0.0.1:PORT). True for 201 and 200 (registered before); otherwise false with the
//! status and the server's message in `problem`.
bool registerKey(
    const QUrl &server, const QString &token, const SigningKey &key, QString *problem = nullptr);

} // namespace LedgerCurator::TestSupport
