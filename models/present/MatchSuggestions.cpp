// SPDX-License-Identifier: GPL-3.0-or-later
#include "MatchSuggestions.h"

#include "Attention.h"
#include "CurationFieldInfo.h"
#include "Identifier.h"

#include <QRegularExpression>
#include <QSet>

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
    for (const QString *text : { &o.curation->identifier, &o.basis, &o.citedTitle }) {
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
    QList<Work> works;
    works.reserve(candidates.size());
    for (const Candidate &c : std::as_const(candidates))
        works += Work { c.id, c.name, c.authors, c.year, {}, c.source };
    const QList<Candidate> byTitles = scoreWorks(MatchQuery { title, {}, {} }, works);
    for (qsizetype k = 0; k < candidates.size(); ++k) {
        Candidate &c = candidates[k];
        const Candidate &byTitle = byTitles[k];
        c.score = std::round((c.uncalibrated() + byTitle.score) * 5) / 10;
        c.raw = -1;
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
    const QString shown = curationFieldInfo(field).stored(o);
    if (field == CurationField::State) {
        const auto state = parseState(value);
        if (state && *state == o.state)
            return;
    } else if (shown == value) {
        return;
    }
    edits += FieldEdit { o.id, field, value };
}

// The note "None of them" leaves, with the ids it names.
const QString kNoneOfThese = QStringLiteral("none of the suggested works is the cited work (");

//! The ids a curator said are not the work ("None of them"), from the observation's note.
QSet<QString> rejectedIds(const QString &note)
{
    QSet<QString> ids;
    for (qsizetype at = note.indexOf(kNoneOfThese); at >= 0;
         at = note.indexOf(kNoneOfThese, at + 1)) {
        const qsizetype from = at + kNoneOfThese.size();
        const qsizetype to = note.indexOf(u')', from);
        if (to < 0)
            break;
        for (const QString &id : note.mid(from, to - from).split(QStringLiteral(", ")))
            ids.insert(id.trimmed());
    }
    return ids;
}

//! A note added to what the curator wrote before, never in place of it.
QString withNote(const Observation &o, const QString &note)
{
    const QString before = o.curation->note.trimmed();
    return before.isEmpty() ? note : before + QStringLiteral("; ") + note;
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
            // Every id a few edits away (a month of arXiv has dozens one edit from a typo),
            // weighed with the title before any is left out: the five that sort first by id
            // alone would leave out the right one.
            constexpr int kNearest = 200;
            found = index.nearestIdentifiers(text, std::max(limit, kNearest));
            if (!found) {
                out.error = found.error().toString();
                return out;
            }
            if (!found.value().isEmpty()) {
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

bool wantsSuggestions(const Observation &observation)
{
    return attentionReasons(observation, false).testFlag(AttentionReason::State);
}

QStringList observationsToSuggest(const CuratedRecord &record)
{
    // The State reason does not depend on the record's anomaly hints: none are computed.
    QStringList out;
    for (const Observation &o : record.shown.observations) {
        if (wantsSuggestions(o))
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
            withNote(observation,
                QStringLiteral("citing paper matched to %1, score %2").arg(candidate.id, score)));
        return edits;
    }
    addEdit(edits, record, observation, CurationField::Identifier, candidate.id);
    addEdit(
        edits, record, observation, CurationField::State, stateKey(ResolutionState::VerifiedFuzzy));
    addEdit(edits, record, observation, CurationField::Note,
        withNote(observation, QStringLiteral("matched to %1, score %2").arg(candidate.id, score)));
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
        withNote(observation,
            ids.isEmpty() ? QStringLiteral("no suggested work is the cited work")
                          : kNoneOfThese + ids.join(QStringLiteral(", ")) + u')'));
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
        const Candidate &match = s.candidates.first();
        // Only what still needs a decision (suggestions looked for before a curator fixed the
        // row by hand, an observation named though verified, are not a batch's to change);
        // never a work the curator said is not the one (None of them); never an id that is no
        // identifier (a works list's own ids), which the curator gives by hand.
        if (!wantsSuggestions(*o) || rejectedIds(o->curation->note).contains(match.id)
            || !parseIdentifier(match.id).ok())
            continue;
        edits += acceptanceEdits(record, *o, match);
    }
    return edits;
}

QList<FieldEdit> checkedSuggestionEdits(
    const CuratedRecord &record, const QList<FieldEdit> &edits, QString *error)
{
    QList<FieldEdit> checked;
    checked.reserve(edits.size());
    for (FieldEdit edit : edits) {
        if (edit.value) {
            const CurationValue value = normalizeCurationValue(
                edit.field, *edit.value, record.upstream, edit.observation);
            if (!value.ok()) {
                if (error)
                    *error = QStringLiteral("%1 %2: %3")
                                 .arg(edit.observation, curationFieldKey(edit.field), value.error);
                return {};
            }
            edit.value = value.value;
        }
        checked.append(edit);
    }
    return checked;
}

} // namespace LedgerCurator
