// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Record.h"
#include "Result.h"

#include <QByteArray>

#include <functional>

namespace LedgerCurator {

//! A page read from text, with the warnings it raised (stated counts against items).
struct ParsedPage
{
    Record record;
    QList<Warning> warnings;
};

//! Reads the ledger page text form (the form of tests/data/ledger-2104.04473.txt).
//! `file` is only used in messages: "FILE:LINE: expected ..., found ...".
Result<ParsedPage> parseLedgerText(
    const QByteArray &data, const QString &file, const Progress &progress = {});

//! Writes the ledger page text form. An imported page comes back byte for byte, plus a final
//! newline.
QString renderLedgerText(const Record &record);
//! The same text handed to `sink` in pieces of about `chunk` UTF-16 units, in order, each ending
//! with a whole line: a large page is written out without being held whole.
void renderLedgerText(const Record &record, const std::function<void(QStringView)> &sink,
    qsizetype chunk = qsizetype(1) << 20);

//! "5 August 2026" from "2026-08-05"; empty when the ISO date is invalid.
QString formatPageDate(const QString &isoDate);

} // namespace LedgerCurator
