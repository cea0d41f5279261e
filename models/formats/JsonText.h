// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// JSON text read as RFC 8259 has it. QJsonDocument::fromJson() takes more than the standard
// allows: raw control characters inside strings, escapes JSON does not have ("\a"), lone
// surrogate escapes ("\ud800", which it turns into other characters), numbers such as ".5" and
// "1.". Every reader of JSON from a file or the network parses through parseJsonStrictly(); what
// the cache holds it wrote itself and reads as it is.

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace LedgerCurator {

//! Why a JSON text was refused, and where.
struct JsonTextError
{
    //! "a raw control character U+0001 inside a string", or Qt's errorString().
    QString message;
    //! In bytes from the start of the text.
    qsizetype offset = 0;
    //! The nearest QJsonParseError for it.
    QJsonParseError::ParseError kind = QJsonParseError::IllegalValue;
};

//! What RFC 8259 refuses and QJsonDocument::fromJson() takes, in the text: the first such
//! thing, or nullopt. Linear; it does not check the structure (fromJson() does).
std::optional<JsonTextError> checkJsonText(QByteArrayView text);

//! QJsonDocument::fromJson(), refusing also what checkJsonText() finds. nullopt on either
//! error, with `error` (when given) saying what and where.
std::optional<QJsonDocument> parseJsonStrictly(const QByteArray &text, JsonTextError *error);

//! The same as a drop-in for QJsonDocument::fromJson(): a null document on either error, and
//! what checkJsonText() finds told as the nearest QJsonParseError (IllegalValue for a raw
//! control character, IllegalEscapeSequence for an escape or a lone surrogate,
//! IllegalUTF8String, IllegalNumber) at its offset.
QJsonDocument fromJsonStrictly(const QByteArray &text, QJsonParseError *error = nullptr);

//! The canonical JSON of a value (RFC 8785's form for the JSON a record holds, docs/bundle.md):
//! no whitespace; object members sorted by their names' UTF-16 code units; strings with only
//! '"', '\\' and the control characters escaped (\b \f \n \r \t, others as \u00xx in
//! lower-case hex), everything else as UTF-8; a number that is whole (within 2^53) in decimal
//! digits, another in the shortest form that reads back the same; true, false, null.
QByteArray canonicalJson(const QJsonValue &value);

} // namespace LedgerCurator
