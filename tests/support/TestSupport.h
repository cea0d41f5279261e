// SPDX-License-Identifier: GPL-3.0-or-later
// Shared helpers for the tests: fixture paths, record builders, cache dumps, runs of the real
// ledger-curator, and a desktop of their own for the GUI tests (lc_test_support).
#pragma once

#include "Record.h"

#include <QByteArray>
#include <QProcessEnvironment>
#include <QSet>
#include <QString>
#include <QStringList>

namespace LedgerCurator::TestSupport {

//! A file of tests/data.
QString dataPath(const QString &name);

//! The bytes of a file; empty when it cannot be read.
QByteArray readAll(const QString &path);

//! The fixture page, tests/data/ledger-2104.04473.txt (arXiv:2104.04473 v5, 34 observations).
QByteArray fixture();

//! The ids of the observations whose link reaches the record's own paper (inbound, basis not
//! "no resolver link"): the 28 of the fixture that its paper's notices concern.
QStringList resolvingIds(const Record &record);

//! Deterministic lower-case UUIDs.
QString uuidFor(int n);

//! A record with every state, both directions, every events form and awkward titles.
Record richRecord();

//! Every row of every table of an SQLite file, as text: to prove a failed import changed nothing.
QString dumpDatabase(const QString &path);

//! The outcome of one run of the real ledger-curator binary.
struct CliRun
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

//! A test's wait of `ms` milliseconds for a child process, times LC_TEST_TIMEOUT_SCALE (the asan
//! test preset sets it: the sanitizers make every process several times slower).
int scaledTimeoutMs(int ms);

//! The environment of ledger-curator in a test: the test's own, without a display (no DISPLAY,
//! WAYLAND_DISPLAY or QT_QPA_PLATFORM), its data and settings under `home`, its signing keys in
//! files there.
QProcessEnvironment cliEnvironment(const QString &home);

//! Runs ledger-curator with no display, its default data under `home`; the environment
//! variables `unset` names are removed from its environment (XDG_RUNTIME_DIR, as on CI).
CliRun runCli(const QStringList &arguments, const QString &home, const QStringList &unset = {});

//! The lower-case UUIDs in `text`.
QSet<QString> uuidsIn(const QString &text);
//! The value of the field `name` (Title, Pages, ...) in pdfinfo's output, whatever its padding.
QString pdfInfoField(const QString &info, const QString &name);

//! For GUI tests' main(), before the QApplication: HOME (so settings and the sync token file)
//! moves to the given temporary folder and QStandardPaths' test mode is on, so nothing touches
//! the real ones; no D-Bus session bus, so no keyring (the token takes the file fallback, as on
//! a headless machine); no display: the offscreen platform unless one was chosen.
void isolateDesktop(const QString &home);

} // namespace LedgerCurator::TestSupport
