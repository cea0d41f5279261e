// SPDX-License-Identifier: GPL-3.0-or-later
#include "PageFiles.h"

#include "SqliteLocks.h"

#include "RecordJson.h"

#include <QFile>

namespace LedgerCurator {

Result<ParsedPage> readPage(const QByteArray &data, const QString &path, const Progress &progress)
{
    qsizetype i = data.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    while (i < data.size() && QChar::isSpace(uchar(data.at(i))))
        ++i;
    if (i < data.size() && data.at(i) == '{') {
        auto record = readRecordJson(data, path);
        if (!record)
            return record.error();
        ParsedPage page { std::move(record.value()), {} };
        page.warnings = statedCountWarnings(page.record);
        return page;
    }
    return parseLedgerText(data, path, progress);
}

Result<ParsedPage> readPageFile(const QString &path, const Progress &progress)
{
    // Only SQLite opens the cache's files: closing another descriptor of them is what drops
    // SQLite's locks (SqliteLocks.h). Checked with stat() alone, before any open().
    if (SqliteLocks::isOpenBySqlite(path))
        return Error::badInput(
            QStringLiteral(
                "this is a file of the cache that is open, not a ledger page; it is not read"),
            path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::badInput(QStringLiteral("cannot read: %1").arg(file.errorString()), path);
    return readPage(file.readAll(), path, progress);
}

Result<QList<ParsedPage>> readPageFiles(
    const QStringList &files, const Progress &progress, qint64 scale)
{
    QList<ParsedPage> pages;
    const qint64 count = std::max<qint64>(files.size(), 1);
    for (qint64 f = 0; f < files.size(); ++f) {
        Progress reading;
        if (progress) {
            reading = [&progress, f, count, scale](qint64 done, qint64 total) {
                return progress(
                    (f * scale + (total > 0 ? done * scale / total : 0)) / count, scale);
            };
        }
        auto page = readPageFile(files[f], reading);
        if (!page)
            return page.error();
        if (progress && !progress((f + 1) * scale / count, scale))
            return Error::cancelled();
        pages.append(std::move(*page));
    }
    return pages;
}

} // namespace LedgerCurator
