// SPDX-License-Identifier: GPL-3.0-or-later
#include "CsvTokenizer.h"

#include <QByteArray>
#include <QChar>

#include <cstring>

namespace LedgerCurator {

CsvTokenizer::Next CsvTokenizer::readRow()
{
    if (m_pos >= m_size)
        return Next::End;
    m_fields.clear();
    m_problem.clear();
    m_rowLine = m_line;
    for (;;) {
        Field field;
        if (m_pos < m_size && m_data[m_pos] == '"') {
            const int openedAt = m_line;
            readQuoted(field);
            if (m_pos > m_size) {
                m_unterminatedLine = openedAt;
                return Next::Unterminated;
            }
        } else {
            readPlain(field);
        }
        m_fields.append(field);
        if (m_pos >= m_size)
            return Next::Row;
        if (m_data[m_pos] == ',') {
            ++m_pos;
            continue;
        }
        // The end of the row: LF, CRLF, or a CR at the very end of the file.
        if (m_data[m_pos] == '\r')
            ++m_pos;
        if (m_pos < m_size && m_data[m_pos] == '\n') {
            ++m_pos;
            ++m_line;
        }
        return Next::Row;
    }
}

void CsvTokenizer::readQuoted(Field &field)
{
    qsizetype p = m_pos + 1;
    field.quoted = true;
    field.begin = p;
    for (;;) {
        const void *found = std::memchr(m_data + p, '"', size_t(m_size - p));
        const qsizetype quote = found ? static_cast<const char *>(found) - m_data : m_size;
        // Line numbers stay right across newlines inside the quotes.
        const char *end = m_data + quote;
        for (const char *c = m_data + p;
             (c = static_cast<const char *>(std::memchr(c, '\n', size_t(end - c)))); ++c) {
            ++m_line;
            if (c != m_data + field.begin && c[-1] == '\r')
                field.needsUnescape = true;
        }
        if (quote >= m_size) {
            m_pos = m_size + 1; // unterminated
            return;
        }
        if (quote + 1 < m_size && m_data[quote + 1] == '"') {
            field.needsUnescape = true;
            p = quote + 2;
            continue;
        }
        field.end = quote;
        p = quote + 1;
        break;
    }
    // After the closing quote: spaces, then a comma or the end of the row.
    while (p < m_size && (m_data[p] == ' ' || m_data[p] == '\t'))
        ++p;
    if (p < m_size && m_data[p] != ',' && !isRowEnd(p)) {
        if (m_problem.isEmpty()) {
            m_problem = QStringLiteral("field %1: expected a comma or the end of the row after the "
                                       "closing quote, found '%2'")
                            .arg(m_fields.size() + 1)
                            .arg(QChar::fromLatin1(m_data[p]));
        }
        while (p < m_size && m_data[p] != ',' && m_data[p] != '\n')
            ++p;
        if (p < m_size && m_data[p] == '\n' && m_data[p - 1] == '\r')
            --p;
    }
    m_pos = p;
}

void CsvTokenizer::readPlain(Field &field)
{
    qsizetype p = m_pos;
    while (p < m_size && m_data[p] != ',' && m_data[p] != '\n') {
        if (m_data[p] == '"')
            field.strayQuote = true;
        ++p;
    }
    field.begin = m_pos;
    field.end = p;
    // A CR before the LF (or at the end of the file) ends the row, it is not data.
    if (field.end > field.begin && m_data[field.end - 1] == '\r'
        && (p == m_size || m_data[p] == '\n'))
        --field.end;
    m_pos = field.end;
}

bool CsvTokenizer::rowIsBlank() const
{
    for (const Field &field : m_fields) {
        if (field.quoted)
            return false;
        for (qsizetype i = field.begin; i < field.end; ++i) {
            if (m_data[i] != ' ' && m_data[i] != '\t')
                return false;
        }
    }
    return true;
}

QString CsvTokenizer::text(const Field &field) const
{
    const qsizetype size = field.end - field.begin;
    if (!field.needsUnescape)
        return QString::fromUtf8(m_data + field.begin, size);
    // "" becomes ", CRLF becomes LF.
    QByteArray bytes(size, Qt::Uninitialized);
    char *out = bytes.data();
    const char *c = m_data + field.begin;
    const char *end = m_data + field.end;
    while (c != end) {
        if ((*c == '"' && c + 1 != end && c[1] == '"')
            || (*c == '\r' && c + 1 != end && c[1] == '\n'))
            ++c;
        *out++ = *c++;
    }
    return QString::fromUtf8(bytes.constData(), out - bytes.constData());
}

} // namespace LedgerCurator
