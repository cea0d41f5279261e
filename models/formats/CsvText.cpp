// SPDX-License-Identifier: GPL-3.0-or-later
#include "CsvText.h"

#include "SqliteLocks.h"

#include <QSaveFile>

namespace LedgerCurator {

namespace {

bool looksLikeFormula(const QString &text)
{
    if (text.isEmpty())
        return false;
    switch (text.front().unicode()) {
    case u'=':
    case u'+':
    case u'-':
    case u'@':
    case u'\t':
    case u'\r':
        return true;
    default:
        return false;
    }
}

} // namespace

QString csvField(const QString &text, CsvFormulas formulas)
{
    QString field
        = formulas == CsvFormulas::Guard && looksLikeFormula(text) ? QString(u'\'' + text) : text;
    const bool quote = field.contains(u',') || field.contains(u'"') || field.contains(u'\n')
        || field.contains(u'\r');
    if (!quote)
        return field;
    field.replace(u'"', QStringLiteral("\"\""));
    return u'"' + field + u'"';
}

QString csvText(const QList<QStringList> &rows, CsvFormulas formulas)
{
    QString out;
    for (const QStringList &row : rows) {
        for (qsizetype i = 0; i < row.size(); ++i) {
            if (i > 0)
                out += u',';
            out += csvField(row[i], formulas);
        }
        out += QStringLiteral("\r\n");
    }
    return out;
}

Status writeCsvFile(const QString &path, const QList<QStringList> &rows, CsvFormulas formulas)
{
    if (SqliteLocks::isOpenBySqlite(path)) // it would replace the cache under SQLite
        return Error::badInput(
            QStringLiteral("%1: this is a file of the cache that is open; it is not overwritten")
                .arg(path));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error::failure(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
    const QByteArray bytes = csvText(rows, formulas).toUtf8();
    if (file.write(bytes) != bytes.size()) {
        const QString why = file.errorString();
        file.cancelWriting();
        return Error::failure(QStringLiteral("%1: cannot write: %2").arg(path, why));
    }
    if (!file.commit())
        return Error::failure(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
    return {};
}

} // namespace LedgerCurator
