// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the subcommands of ledger-curator share: the options every one or several take, how a
// failure is told and which exit status it gives, opening the cache and loading the record named
// on the command line.

#include "CuratedRecord.h"
#include "DisplayText.h"
#include "Result.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QStringList>
#include <QTextStream>

#include <functional>
#include <memory>
#include <optional>

namespace LedgerCurator {

class Store;

namespace Cli {

//! --db PATH, which every subcommand takes.
QCommandLineOption dbOption();
//! --json, for the subcommands that can write JSON instead of text.
extern const QCommandLineOption kJsonOption;

//! The exit status for a failure: ExitBadInput for bad input, else ExitFailure.
int exitStatus(const Error &error);

//! Tells the failure on `err` ("ledger-curator: MESSAGE") and returns its exit status.
int report(const Error &error, QTextStream &err);

//! Tells bad usage on `err`, then where the usage is described: `ledger-curator --help`, or
//! `ledger-curator HELPOF --help` when `helpOf` names a subcommand. Returns ExitBadInput.
int usage(const QString &message, QTextStream &err, const QString &helpOf = {});

//! Opens the cache named by --db (or the default one); on failure reports it, sets *status and
//! returns null.
//! The cache the command works on: --db, else the default cache.
QString cachePath(const QCommandLineParser &parser);

std::unique_ptr<Store> openStore(const QCommandLineParser &parser, QTextStream &err, int *status);

//! The record named by `argument` (an arXiv id in any form normalizeRecordId() takes), with its
//! corrections and notices applied; bad input when the cache holds no such record.
Result<CuratedRecord> loadRecordArgument(Store &store, const QString &argument);

//! Opens the cache and loads the record named on the command line; on failure reports it and
//! sets *status. For commands that only read the record.
std::optional<CuratedRecord> openRecord(
    const QCommandLineParser &parser, const QString &argument, QTextStream &err, int *status);

//! Text from data as a terminal may be shown it: DisplayText::forTerminal() (controls, bidi
//! characters and, unless `lines` keeps them, newlines as <U+XXXX> tokens).
QString terminalSafe(const QString &text, DisplayText::Lines lines = DisplayText::Lines::Tokenize);

//! JSON for standard output (DisplayText::forJsonTerminal()): the same data, with C1, DEL and
//! bidi characters spelled \uXXXX.
QString terminalSafeJson(const QByteArray &json);

//! CSV rows for standard output: every field terminalSafe(), so that the CSV quoting (CsvText.h) is
//! applied to the token form. A file gets the rows as they are.
QList<QStringList> terminalSafeRows(QList<QStringList> rows);

//! `text` padded with spaces to `width` characters: a column of the plain-text tables.
QString padded(const QString &text, int width);

//! Hands bytes to be written; false once a write has failed.
using ByteSink = std::function<bool(QByteArrayView)>;

//! Writes what `produce` hands over to the file at `path` (all or nothing, through QSaveFile,
//! never onto a file SQLite holds open) or, for "" or "-", to the output stream's device: the
//! bytes are UTF-8 already, what the stream would write, so they go straight out in pieces instead
//! of being decoded into one huge QString for the stream to encode again.
Status writeOutputStreamed(
    const QString &path, QTextStream &out, const std::function<void(const ByteSink &)> &produce);
//! The same, for a `produce` that may fail: its error is returned, and a file is then left as
//! it was (not replaced by a part of the output).
Status writeOutputStreamedChecked(
    const QString &path, QTextStream &out, const std::function<Status(const ByteSink &)> &produce);
//! writeOutputStreamed() of bytes already made.
Status writeBytes(const QString &path, QTextStream &out, const QByteArray &bytes);

} // namespace Cli

} // namespace LedgerCurator
