// SPDX-License-Identifier: GPL-3.0-or-later
#include "Record.h"

#include "TextHygiene.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QSet>

#include <utility>

namespace LedgerCurator {

namespace {

struct StateName
{
    ResolutionState state;
    const char *text;
    const char *key;
};
constexpr StateName kStateNames[] = {
    { ResolutionState::VerifiedExact, "verified exact", "verified_exact" },
    { ResolutionState::VerifiedFuzzy, "verified fuzzy", "verified_fuzzy" },
    { ResolutionState::Unresolved, "unresolved", "unresolved" },
    { ResolutionState::ParseUncertain, "parse uncertain", "parse_uncertain" },
    { ResolutionState::MalformedIdentifier, "malformed identifier", "malformed_identifier" },
    { ResolutionState::MetadataMismatch, "metadata mismatch", "metadata_mismatch" },
};

struct KindName
{
    EventKind kind;
    const char *text;
    const char *key;
};
constexpr KindName kKindNames[] = {
    { EventKind::Retraction, "Retraction", "retraction" },
    { EventKind::Correction, "Correction", "correction" },
    { EventKind::ExpressionOfConcern, "Expression of concern", "expression_of_concern" },
    { EventKind::Withdrawal, "Withdrawal", "withdrawal" },
    { EventKind::Reinstatement, "Reinstatement", "reinstatement" },
};

struct FacetName
{
    CoverageFacet::Kind kind;
    const char *text;
    const char *key;
};
constexpr FacetName kFacetNames[] = {
    { CoverageFacet::Kind::ReferenceResolution, "reference resolution", "reference_resolution" },
    { CoverageFacet::Kind::StandingNotices, "standing notices", "standing_notices" },
    { CoverageFacet::Kind::InboundItemization, "inbound itemization", "inbound_itemization" },
    { CoverageFacet::Kind::ExternalCitationMeasurements, "external citation measurements",
        "external_citation_measurements" },
};

bool hasLineBreak(const QString &text)
{
    for (const QChar c : text) {
        if (c == QLatin1Char('\n') || c == QLatin1Char('\r') || c == QChar::LineSeparator
            || c == QChar::ParagraphSeparator)
            return true;
    }
    return false;
}

} // namespace

QString stateText(ResolutionState state)
{
    return QString::fromLatin1(kStateNames[static_cast<int>(state)].text);
}

QString stateKey(ResolutionState state)
{
    return QString::fromLatin1(kStateNames[static_cast<int>(state)].key);
}

std::optional<ResolutionState> parseState(QStringView text)
{
    for (const auto &name : kStateNames) {
        if (text == QLatin1String(name.text) || text == QLatin1String(name.key))
            return name.state;
    }
    return std::nullopt;
}

bool stateNeedsAttention(ResolutionState state)
{
    return state != ResolutionState::VerifiedExact && state != ResolutionState::VerifiedFuzzy;
}

QString directionKey(Direction direction)
{
    return direction == Direction::Inbound ? QStringLiteral("inbound") : QStringLiteral("outbound");
}

std::optional<Direction> parseDirection(QStringView text)
{
    if (text == u"inbound")
        return Direction::Inbound;
    if (text == u"outbound")
        return Direction::Outbound;
    return std::nullopt;
}

QString eventKindText(EventKind kind)
{
    return QString::fromLatin1(kKindNames[static_cast<int>(kind)].text);
}

QString eventKindKey(EventKind kind)
{
    return QString::fromLatin1(kKindNames[static_cast<int>(kind)].key);
}

std::optional<EventKind> parseEventKind(QStringView text)
{
    for (const auto &name : kKindNames) {
        if (text.compare(QLatin1String(name.text), Qt::CaseInsensitive) == 0
            || text.compare(QLatin1String(name.key), Qt::CaseInsensitive) == 0)
            return name.kind;
    }
    return std::nullopt;
}

QString stateDisplayText(ResolutionState state)
{
    switch (state) {
    case ResolutionState::VerifiedExact:
        return QCoreApplication::translate(
            "LedgerCurator::DisplayText", "verified exact", "resolution state");
    case ResolutionState::VerifiedFuzzy:
        return QCoreApplication::translate(
            "LedgerCurator::DisplayText", "verified fuzzy", "resolution state");
    case ResolutionState::Unresolved:
        return QCoreApplication::translate(
            "LedgerCurator::DisplayText", "unresolved", "resolution state");
    case ResolutionState::ParseUncertain:
        return QCoreApplication::translate(
            "LedgerCurator::DisplayText", "parse uncertain", "resolution state");
    case ResolutionState::MalformedIdentifier:
        return QCoreApplication::translate(
            "LedgerCurator::DisplayText", "malformed identifier", "resolution state");
    case ResolutionState::MetadataMismatch:
        return QCoreApplication::translate(
            "LedgerCurator::DisplayText", "metadata mismatch", "resolution state");
    }
    return stateText(state);
}

QString directionDisplayText(Direction direction)
{
    return direction == Direction::Inbound
        ? QCoreApplication::translate("LedgerCurator::DisplayText", "inbound", "citation direction")
        : QCoreApplication::translate(
            "LedgerCurator::DisplayText", "outbound", "citation direction");
}

QString eventKindDisplayText(EventKind kind)
{
    switch (kind) {
    case EventKind::Retraction:
        return QCoreApplication::translate(
            "LedgerCurator::DisplayText", "Retraction", "notice kind");
    case EventKind::Correction:
        return QCoreApplication::translate(
            "LedgerCurator::DisplayText", "Correction", "notice kind");
    case EventKind::ExpressionOfConcern:
        return QCoreApplication::translate(
            "LedgerCurator::DisplayText", "Expression of concern", "notice kind");
    case EventKind::Withdrawal:
        return QCoreApplication::translate(
            "LedgerCurator::DisplayText", "Withdrawal", "notice kind");
    case EventKind::Reinstatement:
        return QCoreApplication::translate(
            "LedgerCurator::DisplayText", "Reinstatement", "notice kind");
    }
    return eventKindText(kind);
}

QString reviewDisplayText(const QString &review)
{
    if (review.isEmpty() || review == u"unreviewed")
        return QCoreApplication::translate(
            "LedgerCurator::DisplayText", "unreviewed", "notice review status");
    if (review == u"acknowledged")
        return QCoreApplication::translate(
            "LedgerCurator::DisplayText", "acknowledged", "notice review status");
    if (review == u"dismissed")
        return QCoreApplication::translate(
            "LedgerCurator::DisplayText", "dismissed", "notice review status");
    if (review == u"escalated")
        return QCoreApplication::translate(
            "LedgerCurator::DisplayText", "escalated", "notice review status");
    return review;
}

namespace {

QString shortDateFormat(const QLocale &locale)
{
    QString format = locale.dateFormat(QLocale::ShortFormat);
    if (!format.contains(QLatin1String("yyyy")))
        format.replace(QLatin1String("yy"), QLatin1String("yyyy"));
    return format;
}

} // namespace

QString displayDate(const QString &isoDate)
{
    const QLocale locale;
    const QDate date = QDate::fromString(isoDate.left(10), Qt::ISODate);
    if (!date.isValid() || locale.language() == QLocale::C)
        return isoDate;
    return locale.toString(date, shortDateFormat(locale));
}

QString displayDateTime(const QString &isoDateTime)
{
    const QLocale locale;
    QDateTime when = QDateTime::fromString(isoDateTime, Qt::ISODateWithMs);
    if (!when.isValid())
        when = QDateTime::fromString(isoDateTime, Qt::ISODate);
    if (!when.isValid() || locale.language() == QLocale::C)
        return isoDateTime;
    return locale.toString(when.toLocalTime(),
        shortDateFormat(locale) + u' ' + locale.timeFormat(QLocale::ShortFormat));
}

QString eventsStatusKey(EventsCheck::Status status)
{
    switch (status) {
    case EventsCheck::Status::NoneFound:
        return QStringLiteral("none_found");
    case EventsCheck::Status::Unavailable:
        return QStringLiteral("unavailable");
    case EventsCheck::Status::Found:
        return QStringLiteral("found");
    }
    return {};
}

QString facetText(CoverageFacet::Kind kind)
{
    return QString::fromLatin1(kFacetNames[static_cast<int>(kind)].text);
}

QString facetKey(CoverageFacet::Kind kind)
{
    return QString::fromLatin1(kFacetNames[static_cast<int>(kind)].key);
}

std::optional<CoverageFacet::Kind> parseFacet(QStringView text)
{
    for (const auto &name : kFacetNames) {
        if (text == QLatin1String(name.text) || text == QLatin1String(name.key))
            return name.kind;
    }
    return std::nullopt;
}

const Observation *Record::findObservation(QStringView id) const
{
    for (const Observation &o : observations) {
        if (o.id == id)
            return &o;
    }
    return nullptr;
}

qsizetype Record::count(Direction direction) const
{
    qsizetype n = 0;
    for (const auto &o : observations)
        n += o.direction == direction ? 1 : 0;
    return n;
}

QList<Warning> statedCountWarnings(const Record &record, const StatedCountLines &lines)
{
    QList<Warning> warnings;
    const qint64 inbound = record.count(Direction::Inbound);
    const qint64 outbound = record.count(Direction::Outbound);
    auto warn = [&](QString message, int line) {
        warnings.append(Warning { line, std::move(message) });
    };
    const auto &s = record.stated;
    if (s.inbound != inbound)
        warn(QStringLiteral("the page states %1 inbound observations but itemizes %2")
                 .arg(s.inbound)
                 .arg(inbound),
            lines.header);
    if (s.outboundListed != outbound)
        warn(QStringLiteral("the page states it lists %1 outbound references but itemizes %2")
                 .arg(s.outboundListed)
                 .arg(outbound),
            lines.header);
    if (s.outboundDisplayed != outbound)
        warn(QStringLiteral("the page states %1 outbound references displayed but itemizes %2")
                 .arg(s.outboundDisplayed)
                 .arg(outbound),
            lines.displayed);
    if (s.outboundDisplayedOf != s.outboundTotal)
        warn(QStringLiteral("the page states %1 outbound references in its header but %2 under "
                            "Reference resolution")
                 .arg(s.outboundTotal)
                 .arg(s.outboundDisplayedOf),
            lines.displayed);
    std::array<qint64, kResolutionStateCount> actual {};
    for (const auto &o : record.observations) {
        if (o.direction == Direction::Outbound)
            ++actual[static_cast<int>(o.state)];
    }
    for (int i = 0; i < kResolutionStateCount; ++i) {
        if (actual[i] != s.outboundStates[i])
            warn(QStringLiteral("the page states %1 outbound references %2 but itemizes %3")
                     .arg(s.outboundStates[i])
                     .arg(stateText(static_cast<ResolutionState>(i)))
                     .arg(actual[i]),
                lines.states[i]);
    }
    for (const auto &facet : record.coverage) {
        const int facetLine = lines.facets[static_cast<int>(facet.kind)];
        if (facet.kind == CoverageFacet::Kind::InboundItemization && facet.measured != inbound)
            warn(QStringLiteral("the coverage vector measures %1 inbound observations but the page "
                                "itemizes %2")
                     .arg(facet.measured)
                     .arg(inbound),
                facetLine);
        if (facet.kind == CoverageFacet::Kind::ExternalCitationMeasurements
            && facet.measured != record.measurements.size())
            warn(
                QStringLiteral("the coverage vector measures %1 external citation measurements but "
                               "the page lists %2")
                    .arg(facet.measured)
                    .arg(record.measurements.size()),
                facetLine);
    }
    return warnings;
}

bool isUuid(QStringView text)
{
    if (text.size() != 36)
        return false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (i == 8 || i == 13 || i == 18 || i == 23) {
            if (c != u'-')
                return false;
        } else if (!((c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f'))) {
            return false;
        }
    }
    return true;
}

QString validateRecord(const Record &record, TextRules rules)
{
    if (record.arxivId.isEmpty())
        return QStringLiteral("the record has no arXiv id");
    if (record.version < 1)
        return QStringLiteral("the version must be 1 or more, found %1").arg(record.version);
    if (record.title.trimmed().isEmpty() || hasLineBreak(record.title))
        return QStringLiteral("the record title must be one non-empty line");
    if (record.schema != QLatin1String(kSchemaId))
        return QStringLiteral("unknown schema '%1', expected %2")
            .arg(record.schema, QLatin1String(kSchemaId));
    if (record.coverage.size() != kCoverageFacetCount)
        return QStringLiteral("the coverage vector must have %1 facets, found %2")
            .arg(kCoverageFacetCount)
            .arg(record.coverage.size());
    // Every string of a record is one line of text (TextHygiene.h).
    const bool checkText = rules == TextRules::Enforce;
    const auto textProblemOf = [checkText](QStringView text, const char *what) -> QString {
        if (!checkText)
            return {};
        if (const auto problem = findTextProblem(text))
            return QLatin1String(what) + QLatin1Char(' ') + problem->message();
        return {};
    };
    for (const auto &[text, what] : { std::pair { &record.arxivId, "the arXiv id" },
             std::pair { &record.title, "the record title" },
             std::pair { &record.asOf, "the record's date" } }) {
        if (QString problem = textProblemOf(*text, what); !problem.isEmpty())
            return problem;
    }
    for (const auto &facet : record.coverage) {
        QString problem = textProblemOf(facet.description, "a coverage description");
        if (problem.isEmpty())
            problem = textProblemOf(facet.observedAt, "a coverage timestamp");
        for (const QString &source : facet.sources) {
            if (problem.isEmpty())
                problem = textProblemOf(source, "a coverage source");
        }
        if (!problem.isEmpty())
            return problem;
    }
    for (const auto &m : record.measurements) {
        QString problem = textProblemOf(m.source, "a measurement source");
        if (problem.isEmpty())
            problem = textProblemOf(m.observedAt, "a measurement timestamp");
        if (!problem.isEmpty())
            return problem;
    }
    QSet<QString> ids;
    ids.reserve(record.observations.size());
    // Without allocating: trimmed() would copy every title just to test it.
    auto blank = [](QStringView text) { return text.trimmed().isEmpty(); };
    bool seenInbound = false;
    for (qsizetype i = 0; i < record.observations.size(); ++i) {
        const auto &o = record.observations[i];
        // Made only for a message: formatting it for every observation cost a tenth of a parse.
        auto where = [i] { return QStringLiteral("observation %1").arg(i + 1); };
        if (!isUuid(o.id))
            return where() + QStringLiteral(": '%1' is not a lower-case UUID").arg(o.id);
        if (ids.contains(o.id))
            return where() + QStringLiteral(": observation %1 appears twice").arg(o.id);
        ids.insert(o.id);
        if (o.direction == Direction::Inbound)
            seenInbound = true;
        else if (seenInbound)
            return where()
                + QStringLiteral(": outbound observations must come before inbound ones");
        if (blank(o.citingTitle) || hasLineBreak(o.citingTitle))
            return where() + QStringLiteral(": the citing title must be one non-empty line");
        if (blank(o.citedTitle) || hasLineBreak(o.citedTitle))
            return where() + QStringLiteral(": the cited title must be one non-empty line");
        if (o.reference && *o.reference < 0)
            return where() + QStringLiteral(": the reference number must not be negative");
        if (o.basis.isEmpty() || hasLineBreak(o.basis) || o.basis.contains(QLatin1Char(',')))
            return where() + QStringLiteral(": the basis must be one line without commas");
        if (o.observedAt.isEmpty() || o.observedAt.contains(QLatin1Char(' ')))
            return where() + QStringLiteral(": the observed timestamp is missing or has spaces");
        if (hasLineBreak(o.curation->mark) || hasLineBreak(o.curation->note))
            return where() + QStringLiteral(": the curation mark and note must be one line");
        if (!o.curation->mark.isEmpty()
            && !o.curation->mark.startsWith(QStringLiteral("Curated by ")))
            return where() + QStringLiteral(": the curation mark must start with 'Curated by '");
        const auto observationText = [&] {
            const CurationInfo &c = *o.curation;
            for (const auto &[text, what] : { std::pair { &o.citingTitle, "the citing title" },
                     std::pair { &o.citedTitle, "the cited title" },
                     std::pair { &o.basis, "the basis" },
                     std::pair { &o.observedAt, "the observed timestamp" },
                     std::pair { &o.events.asOf, "the event check's time" },
                     std::pair { &o.events.reason, "the event check's reason" },
                     std::pair { &c.mark, "the curation mark" },
                     std::pair { &c.identifier, "the curated identifier" },
                     std::pair { &c.note, "the curation note" },
                     std::pair { &c.duplicateOf, "the curated duplicate" },
                     std::pair { &c.review, "the notice review" },
                     std::pair { &c.reviewNote, "the notice review note" } }) {
                if (QString problem = textProblemOf(*text, what); !problem.isEmpty())
                    return problem;
            }
            for (const QString &conflict : c.conflicts) {
                if (QString problem = textProblemOf(conflict, "a conflict"); !problem.isEmpty())
                    return problem;
            }
            for (const auto &e : o.events.events) {
                for (const auto &[text, what] : { std::pair { &e.date, "an event's date" },
                         std::pair { &e.source, "an event's source" },
                         std::pair { &e.notice, "an event's notice" },
                         std::pair { &e.detail, "an event's detail" } }) {
                    if (QString problem = textProblemOf(*text, what); !problem.isEmpty())
                        return problem;
                }
            }
            return QString();
        };
        if (QString problem = checkText ? observationText() : QString(); !problem.isEmpty())
            return where() + QStringLiteral(": ") + problem;
        if (o.events.status == EventsCheck::Status::Found && o.events.events.isEmpty())
            return where() + QStringLiteral(": events were found but none is listed");
        if (o.events.status != EventsCheck::Status::Found && !o.events.events.isEmpty())
            return where() + QStringLiteral(": events are listed but the check says none found");
        for (const auto &e : o.events.events) {
            if (e.date.isEmpty() || e.source.isEmpty() || e.date.contains(QStringLiteral(" · "))
                || e.source.contains(QStringLiteral(" · "))
                || e.notice.contains(QStringLiteral(" · ")) || hasLineBreak(e.date)
                || hasLineBreak(e.source) || hasLineBreak(e.notice) || hasLineBreak(e.detail))
                return where() + QStringLiteral(": an event needs a date and a source on one line");
        }
    }
    return {};
}

Curation::Curation(const CurationInfo &info)
{
    if (!info.isEmpty()) {
        m_d = new Data;
        m_d->info = info;
    }
}

Curation::Curation(CurationInfo &&info)
{
    if (!info.isEmpty()) {
        m_d = new Data;
        m_d->info = std::move(info);
    }
}

CurationInfo &Curation::edit()
{
    if (!m_d)
        m_d = new Data;
    else
        m_d.detach();
    return m_d->info;
}

const CurationInfo &Curation::none()
{
    static const CurationInfo empty;
    return empty;
}

} // namespace LedgerCurator
