// SPDX-License-Identifier: GPL-3.0-or-later
#include "WorksIndex.h"

// Placeholder until the index lands (helper branch `works`).

namespace LedgerCurator {

namespace {
Error notYet()
{
    return Error::failure(QStringLiteral("the works index is not built yet"));
}
} // namespace

QString worksFormatKey(WorksFormat format)
{
    return format == WorksFormat::Csv ? QStringLiteral("csv") : QStringLiteral("arxiv-jsonl");
}

std::optional<WorksFormat> parseWorksFormat(QStringView text)
{
    if (text == u"csv")
        return WorksFormat::Csv;
    if (text == u"arxiv-jsonl")
        return WorksFormat::ArxivJsonl;
    return std::nullopt;
}

std::optional<WorksFormat> guessWorksFormat(const QString &path)
{
    if (path.endsWith(u".csv", Qt::CaseInsensitive))
        return WorksFormat::Csv;
    if (path.endsWith(u".jsonl", Qt::CaseInsensitive)
        || path.endsWith(u".json", Qt::CaseInsensitive))
        return WorksFormat::ArxivJsonl;
    return std::nullopt;
}

Status WorksIndex::ensureSchema(QSqlDatabase &)
{
    return {};
}

WorksIndex::WorksIndex(QSqlDatabase db)
    : m_db(std::move(db))
{
}

Result<WorksImportReport> WorksIndex::importFile(
    const QString &, WorksFormat, const std::function<bool(const WorksImportProgress &)> &)
{
    return notYet();
}

Status WorksIndex::replaceSource(const QString &, const QList<Work> &)
{
    return notYet();
}

Result<WorksStats> WorksIndex::stats() const
{
    return notYet();
}

Result<QList<Work>> WorksIndex::retrieve(const MatchQuery &, int) const
{
    return notYet();
}

Result<QList<Candidate>> WorksIndex::candidates(const MatchQuery &, int, const MatchPolicy &) const
{
    return notYet();
}

Result<QList<Candidate>> WorksIndex::nearestIdentifiers(const QString &, int) const
{
    return notYet();
}

Result<std::optional<Work>> WorksIndex::work(const QString &) const
{
    return notYet();
}

} // namespace LedgerCurator
