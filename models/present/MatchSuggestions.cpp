// SPDX-License-Identifier: GPL-3.0-or-later
#include "MatchSuggestions.h"

#include "AnomalyHints.h"
#include "Attention.h"
#include "Identifier.h"

#include <QRegularExpression>

namespace LedgerCurator {

namespace {

// Text that looks like an arXiv id, well formed or not: "2104.0447", "arXiv:2104.044731",
// "2104-04473", "hep-th/990100".
QString identifierLikeText(const Observation &o)
{
    static const QRegularExpression pattern(
        QStringLiteral(
            R"((?:arxiv:\s*)?(\d{4}[.\-_ ]?\d{3,6}(?:v\d+)?|[a-z\-]+(?:\.[A-Z]{2})?/\d{5,8}))"),
        QRegularExpression::CaseInsensitiveOption);
    for (const QString *text : { &o.curation.identifier, &o.basis, &o.citedTitle }) {
        const QRegularExpressionMatch m = pattern.match(*text);
        if (m.hasMatch())
            return m.captured(1);
    }
    return {};
}

// An identifier a few edits from a malformed one is a guess; the cited title, where the
// observation gives one beside the identifier, says whether the guess is right: each candidate's
// score becomes the mean of its identifier's and its title's, with the title's features, and
// only then can one be a clear match.
QList<Candidate> withTitleEvidence(
    QList<Candidate> candidates, const Observation &o, const QString &identifierText, int limit)
{
    QString title = o.citedTitle;
    title.remove(identifierText);
    title.remove(QRegularExpression(
        QStringLiteral(R"(\barxiv:\s*)"), QRegularExpression::CaseInsensitiveOption));
    if (titleWords(title).size() < 2) {
        rankCandidates(candidates, limit);
        for (Candidate &c : candidates)
            c.match = false; // an identifier alone is never proof
        return candidates;
    }
    for (Candidate &c : candidates) {
        const Candidate byTitle = scoreWork(
            MatchQuery { title, {}, {} }, Work { c.id, c.name, c.authors, c.year, {}, c.source });
        c.score = std::round((c.score + byTitle.score) * 5) / 10;
        c.features = byTitle.features + c.features;
        c.missingWords = byTitle.missingWords;
        c.extraWords = byTitle.extraWords;
        c.matchedWords = byTitle.matchedWords;
    }
    rankCandidates(candidates, limit);
    return candidates;
}

QString scoreText(double score)
{
    return QString::number(score, 'f', score == std::floor(score) ? 0 : 1);
}

void addEdit(QList<FieldEdit> &edits, const CuratedRecord &record, const Observation &o,
    CurationField field, const QString &value)
{
    Q_UNUSED(record)
    QString shown;
    switch (field) {
    case CurationField::Identifier:
        shown = o.curation.identifier;
        break;
    case CurationField::State:
        shown = stateKey(o.state);
        break;
    case CurationField::Note:
        shown = o.curation.note;
        break;
    default:
        break;
    }
    if (field == CurationField::State) {
        const auto state = parseState(value);
        if (state && *state == o.state)
            return;
    } else if (shown == value) {
        return;
    }
    edits += FieldEdit { o.id, field, value };
}

const Observation *findObservation(const CuratedRecord &record, const QString &id)
{
    for (const Observation &o : record.shown.observations) {
        if (o.id == id)
            return &o;
    }
    return nullptr;
}

} // namespace

QString suggestionKindKey(SuggestionKind kind)
{
    switch (kind) {
    case SuggestionKind::CitedWork:
        return QStringLiteral("cited_work");
    case SuggestionKind::CitingPaper:
        return QStringLiteral("citing_paper");
    case SuggestionKind::NearestIdentifier:
        return QStringLiteral("nearest_identifier");
    }
    return {};
}

ObservationSuggestions suggestFor(
    const CuratedRecord &record, const Observation &observation, const WorksIndex &index, int limit)
{
    Q_UNUSED(record)
    ObservationSuggestions out;
    out.observation = observation.id;
    Result<QList<Candidate>> found = QList<Candidate> {};
    if (observation.state == ResolutionState::MalformedIdentifier) {
        const QString text = identifierLikeText(observation);
        if (!text.isEmpty()) {
            out.kind = SuggestionKind::NearestIdentifier;
            out.query.title = text;
            found = index.nearestIdentifiers(text, limit);
            if (found && !found.value().isEmpty()) {
                out.candidates = withTitleEvidence(found.value(), observation, text, limit);
                return out;
            }
        }
    }
    if (observation.direction == Direction::Outbound) {
        out.kind = SuggestionKind::CitedWork;
        out.query.title = observation.citedTitle;
    } else {
        out.kind = SuggestionKind::CitingPaper;
        out.query.title = observation.citingTitle;
    }
    if (normalizeTitle(out.query.title).isEmpty())
        return out;
    found = index.candidates(out.query, limit);
    if (!found) {
        out.error = found.error().toString();
        return out;
    }
    out.candidates = found.value();
    return out;
}

QStringList observationsToSuggest(const CuratedRecord &record)
{
    const QList<AnomalyHint> hints = anomalyHints(record.shown);
    const QHash<QString, QList<qsizetype>> byObservation = hintsByObservation(hints);
    QStringList out;
    for (const Observation &o : record.shown.observations) {
        const AttentionReasons reasons = attentionReasons(o, byObservation.contains(o.id));
        if (reasons.testFlag(AttentionReason::State))
            out += o.id;
    }
    return out;
}

QList<FieldEdit> acceptanceEdits(
    const CuratedRecord &record, const Observation &observation, const Candidate &candidate)
{
    QList<FieldEdit> edits;
    const QString score = scoreText(candidate.score);
    if (observation.direction == Direction::Inbound) {
        // The cited work of an inbound observation is the record's own paper: the candidate
        // names the citing paper, which the note keeps.
        addEdit(edits, record, observation, CurationField::Identifier, record.shown.arxivId);
        addEdit(edits, record, observation, CurationField::State,
            stateKey(ResolutionState::VerifiedFuzzy));
        addEdit(edits, record, observation, CurationField::Note,
            QStringLiteral("citing paper matched to %1, score %2").arg(candidate.id, score));
        return edits;
    }
    addEdit(edits, record, observation, CurationField::Identifier, candidate.id);
    addEdit(
        edits, record, observation, CurationField::State, stateKey(ResolutionState::VerifiedFuzzy));
    addEdit(edits, record, observation, CurationField::Note,
        QStringLiteral("matched to %1, score %2").arg(candidate.id, score));
    return edits;
}

QList<FieldEdit> noneOfTheseEdits(
    const CuratedRecord &record, const Observation &observation, const QList<Candidate> &candidates)
{
    QStringList ids;
    for (const Candidate &c : candidates)
        ids += c.id;
    QList<FieldEdit> edits;
    addEdit(edits, record, observation, CurationField::Note,
        ids.isEmpty() ? QStringLiteral("no suggested work is the cited work")
                      : QStringLiteral("none of the suggested works is the cited work (%1)")
                            .arg(ids.join(QStringLiteral(", "))));
    return edits;
}

QList<FieldEdit> clearMatchEdits(
    const CuratedRecord &record, const QList<ObservationSuggestions> &suggestions)
{
    QList<FieldEdit> edits;
    for (const ObservationSuggestions &s : suggestions) {
        // An inbound observation's candidate is the citing paper: someone opens it and checks
        // the reference before the link is verified, never a batch.
        if (s.kind == SuggestionKind::CitingPaper || s.candidates.isEmpty()
            || !s.candidates.first().match)
            continue;
        const Observation *o = findObservation(record, s.observation);
        if (!o)
            continue;
        edits += acceptanceEdits(record, *o, s.candidates.first());
    }
    return edits;
}

} // namespace LedgerCurator
