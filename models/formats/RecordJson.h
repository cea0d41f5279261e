// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Record.h"
#include "Result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <functional>

//! The JSON form of a Paper Citation Record ("pith.paper-citation-record.v1").
//! docs/record-json.md describes the format and the reading rules.

namespace LedgerCurator {

class JsonLineIndex;

//! The record as a JSON object, keys as in docs/record-json.md.
QJsonObject recordToJson(const Record &record);

//! The record as indented JSON text. Deterministic: the same record always gives the same
//! bytes (keys sorted, strings written as they are).
QByteArray writeRecordJson(const Record &record);
//! The same bytes handed to `sink` in pieces of about `chunk` bytes, in order: a large record is
//! written out without being held whole.
void writeRecordJson(const Record &record, const std::function<void(QByteArrayView)> &sink,
    qsizetype chunk = qsizetype(1) << 20);

//! Reads a record from JSON text. \a file is used only in messages. On any error, returns
//! Error::badInput with \a file and the 1-based line of the offending value, and a message
//! saying what was expected and what was found.
Result<Record> readRecordJson(const QByteArray &data, const QString &file);
//! readRecordJson() through QJsonDocument only: what readRecordJson() falls back to for anything
//! its direct reader does not take (and the reference its tests compare it with).
Result<Record> readRecordJsonThroughDocument(const QByteArray &data, const QString &file);

//! Reads a record from a parsed JSON object. With an \a index of the text the object was
//! parsed from, errors carry the line of the offending value; without one, their line is 0.
//! TextRules::AsStored reads the cache's own records: their strings are not checked again.
Result<Record> recordFromJson(const QJsonObject &object, const QString &file,
    const JsonLineIndex *index = nullptr, TextRules rules = TextRules::Enforce);

//! The "curation" member of an observation (see docs/record-json.md).
QJsonObject curationToJson(const CurationInfo &curation);
//! Lenient reading of a "curation" member written by curationToJson (the cache's own data).
CurationInfo curationFromJson(const QJsonObject &object);

} // namespace LedgerCurator
