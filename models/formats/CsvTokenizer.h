// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reading CSV (RFC 4180) bytes: rows of fields as ranges of the bytes, without copying them. The
// one CSV reader of the tree: Retraction Watch's notices (RetractionCsv.cpp) and works lists
// (models/works/WorksImport.cpp) both read through it. Writing CSV is CsvText.h.

#include <QByteArrayView>
#include <QList>
#include <QString>

namespace LedgerCurator {

//! Splits the bytes of a CSV file into rows of fields without copying them.
class CsvTokenizer
{
public:
    enum class Next { Row, End, Unterminated };

    //! A field of a row: a range of the file's bytes. Quoted fields exclude their quotes and may
    //! hold doubled quotes and CRLFs still to be undone.
    struct Field
    {
        qsizetype begin = 0;
        qsizetype end = 0;
        bool quoted = false;
        bool needsUnescape = false;
        //! An unquoted field holding a double quote (text to a lenient reader, a fault to a
        //! strict one).
        bool strayQuote = false;
    };

    CsvTokenizer(QByteArrayView data, qsizetype start)
        : m_data(data.data())
        , m_size(data.size())
        , m_pos(start)
    {
    }

    //! Reads the next row (one or more physical lines).
    Next readRow();

    const QList<Field> &fields() const { return m_fields; }
    int rowLine() const { return m_rowLine; }
    //! Set when the row has text after a closing quote; the row is still read to its end.
    const QString &problem() const { return m_problem; }
    //! Where the unterminated quoted field opened.
    int unterminatedLine() const { return m_unterminatedLine; }
    //! True for an empty line, one of spaces only, or one of empty fields (",,,").
    bool rowIsBlank() const;

    QString text(const Field &field) const;

private:
    void readQuoted(Field &field);
    void readPlain(Field &field);
    bool isRowEnd(qsizetype pos) const
    {
        return pos >= m_size || m_data[pos] == '\n'
            || (m_data[pos] == '\r' && (pos + 1 == m_size || m_data[pos + 1] == '\n'));
    }

    const char *m_data;
    qsizetype m_size;
    qsizetype m_pos;
    int m_line = 1;
    int m_rowLine = 1;
    int m_unterminatedLine = 0;
    QList<Field> m_fields;
    QString m_problem;
};

} // namespace LedgerCurator
