// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringView>

namespace LedgerCurator {

//! Finds the line where a value starts in JSON text, for error messages.
//!
//! Constructing an index is cheap (it keeps a shared copy of the text and scans nothing);
//! each line() call scans the text from the start, skipping what is not on the path.
//! Meant for the error path only: the text is expected to be valid JSON (as accepted by
//! QJsonDocument::fromJson), and invalid text yields 0 rather than a crash.
class JsonLineIndex
{
public:
    explicit JsonLineIndex(QByteArray json);

    //! The 1-based line where the value at \a pointer starts, or 0 when there is no such value.
    //! \a pointer is a JSON pointer (RFC 6901): "" is the whole document,
    //! "/observations/3/reference" the "reference" member of the fourth element of "observations";
    //! "~1" stands for "/" and
    //! "~0" for "~" in keys. For a key given twice in one object, the last one counts, as in
    //! QJsonDocument.
    int line(QStringView pointer) const;

    //! The 1-based line of a byte offset into \a text (e.g. QJsonParseError::offset);
    //! offsets past the end count as the end.
    static int lineAtOffset(const QByteArray &text, qsizetype offset);
    //! The value of a hexadecimal digit (either case), or -1.
    static int hexDigit(char c);

    //! \a key escaped for use as one segment of a JSON pointer ("a/b" -> "a~1b").
    static QString escapeKey(QStringView key);

private:
    QByteArray m_json;
};

} // namespace LedgerCurator
