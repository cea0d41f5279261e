// SPDX-License-Identifier: GPL-3.0-or-later
// The works index asked by identifier: one work by its id (WorksIndex::work()), and a query that
// is an arXiv id, its address or a DOI naming its work (WorksIndex::identified()), for the
// suggestions, the panel and the reconciliation service alike.
#include "WorksIndex.h"

#include "Identifier.h"
#include "SqlError.h"

#include <QSqlError>
#include <QSqlQuery>

namespace LedgerCurator {

namespace {

Result<std::optional<Work>> readWork(QSqlQuery &query)
{
    if (!query.exec())
        return sqlError(QStringLiteral("cannot read the works index"), query.lastError());
    if (!query.next())
        return std::optional<Work>();
    Work work;
    work.id = query.value(0).toString();
    work.title = query.value(1).toString();
    work.authors = query.value(2).toString();
    if (!query.value(3).isNull())
        work.year = query.value(3).toInt();
    work.doi = query.value(4).toString();
    work.source = query.value(5).toString();
    return std::optional<Work>(work);
}

} // namespace

Candidate identifiedCandidate(const Work &work)
{
    Candidate c;
    c.id = work.id;
    c.name = work.title.simplified();
    c.score = 100;
    c.match = true;
    c.year = work.year;
    c.authors = work.authors;
    c.source = work.source;
    c.features += CandidateFeature { QString::fromLatin1(kFeatureIdDistance), 0 };
    return c;
}

Result<std::optional<Work>> WorksIndex::work(const QString &id) const
{
    QSqlQuery query(m_db);
    query.prepare(
        QStringLiteral("SELECT w.id, w.title, w.authors, w.year, w.doi, s.name FROM works w"
                       " JOIN works_sources s ON s.id = w.source_id AND s.state = 'complete'"
                       " WHERE w.id = ? ORDER BY s.name = 'cache', s.id LIMIT 1"));
    query.addBindValue(id.trimmed());
    return readWork(query);
}

Result<std::optional<Work>> WorksIndex::identified(const QString &text) const
{
    const QString trimmed = text.trimmed();
    // Cheap refusals first: a title has spaces, an identifier none.
    if (trimmed.isEmpty() || trimmed.size() > 300 || trimmed.contains(u' '))
        return std::optional<Work>();
    const IdentifierCheck check = parseIdentifier(trimmed);
    if (!check.ok())
        return std::optional<Work>();
    const Identifier &id = *check.identifier;
    if (id.kind != Identifier::Kind::Doi)
        return work(id.base);
    // arXiv's own DOI names the arXiv id
    static const QString arxivDoi = QStringLiteral("10.48550/arxiv.");
    if (id.base.startsWith(arxivDoi)) {
        if (const IdentifierCheck arxiv = parseArxivId(id.base.mid(arxivDoi.size())); arxiv.ok())
            return work(arxiv.identifier->base);
    }
    // a works list that names works by their DOI, else a work's DOI
    auto byId = work(id.base);
    if (!byId || *byId)
        return byId;
    QSqlQuery query(m_db);
    query.prepare(
        QStringLiteral("SELECT w.id, w.title, w.authors, w.year, w.doi, s.name FROM works w"
                       " JOIN works_sources s ON s.id = w.source_id AND s.state = 'complete'"
                       " WHERE lower(w.doi) = ? AND w.doi != '' ORDER BY s.name = 'cache', s.id"
                       " LIMIT 1"));
    query.addBindValue(id.base);
    return readWork(query);
}

} // namespace LedgerCurator
