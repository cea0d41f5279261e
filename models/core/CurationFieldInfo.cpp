// SPDX-License-Identifier: GPL-3.0-or-later
#include "CurationFieldInfo.h"

#include "AnomalyHints.h"
#include "CuratedRecord.h"
#include "Identifier.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <cstddef>

namespace LedgerCurator {

namespace {

//! The refusals of the value checks: the correction panel shows them (translated), the command
//! line too. The context is CuratedRecord's, where they were first written.
struct CuratedRecordText
{
    Q_DECLARE_TR_FUNCTIONS(CuratedRecord)
};

bool oneLine(const QString &text)
{
    return !text.contains(u'\n') && !text.contains(u'\r') && !text.contains(QChar::LineSeparator)
        && !text.contains(QChar::ParagraphSeparator);
}

QString curlyQuoted(const QString &text)
{
    return u'“' + text + u'”';
}

CurationValue good(QString value)
{
    return { std::move(value), {} };
}

CurationValue bad(QString message)
{
    return { std::nullopt, std::move(message) };
}

// --- Value checks ------------------------------------------------------------------------------

CurationValue checkState(const QString &text, const Record &, const QString &)
{
    const auto state = parseState(text);
    if (!state)
        return bad(CuratedRecordText::tr(
            "unknown state '%1'; expected verified exact, verified fuzzy, unresolved, parse "
            "uncertain, malformed identifier or metadata mismatch")
                       .arg(text));
    return good(stateKey(*state));
}

CurationValue checkBasis(const QString &text, const Record &, const QString &)
{
    if (!oneLine(text) || text.contains(u','))
        return bad(
            CuratedRecordText::tr("a basis is one line without commas, such as arxiv_id or doi"));
    return good(text);
}

CurationValue checkIdentifier(const QString &text, const Record &, const QString &)
{
    const IdentifierCheck check = parseIdentifier(text);
    if (!check.ok())
        return bad(check.error);
    return good(check.identifier->canonical);
}

CurationValue checkTitle(const QString &text, const Record &, const QString &)
{
    if (!oneLine(text))
        return bad(CuratedRecordText::tr("a title is one line"));
    return good(text);
}

CurationValue checkReference(const QString &text, const Record &, const QString &)
{
    bool digits = text.size() <= 9;
    for (const QChar c : text)
        digits = digits && c >= u'0' && c <= u'9';
    if (!digits || (text.size() > 1 && text.startsWith(u'0')))
        return bad(
            CuratedRecordText::tr("a reference number is a whole number such as 12, found '%1'")
                .arg(text.left(40)));
    return good(text);
}

CurationValue checkNote(const QString &text, const Record &, const QString &)
{
    if (!oneLine(text))
        return bad(CuratedRecordText::tr("a note is one line"));
    return good(text);
}

CurationValue checkDuplicateOf(
    const QString &text, const Record &record, const QString &observation)
{
    const QString id = text.toLower();
    if (!isUuid(id))
        return bad(
            CuratedRecordText::tr("duplicate-of takes the UUID of another observation, found '%1'")
                .arg(text.left(40)));
    if (id == observation)
        return bad(CuratedRecordText::tr("an observation cannot be a duplicate of itself"));
    const bool known = std::any_of(record.observations.cbegin(), record.observations.cend(),
        [&id](const Observation &o) { return o.id == id; });
    if (!known)
        return bad(CuratedRecordText::tr("the record has no observation %1").arg(id));
    return good(id);
}

CurationValue checkExcluded(const QString &text, const Record &, const QString &)
{
    const QString lower = text.toLower();
    if (lower == u"yes" || lower == u"true")
        return good(QStringLiteral("yes"));
    if (lower == u"no" || lower == u"false")
        return good(QStringLiteral("no"));
    return bad(CuratedRecordText::tr("excluded takes yes or no, found '%1'").arg(text.left(40)));
}

CurationValue checkReview(const QString &text, const Record &, const QString &)
{
    const QString lower = text.toLower();
    if (!reviewStatuses().contains(lower))
        return bad(CuratedRecordText::tr(
            "review takes unreviewed, acknowledged, dismissed or escalated, found '%1'")
                       .arg(text.left(40)));
    return good(lower);
}

CurationValue checkDismissedHints(const QString &text, const Record &, const QString &)
{
    QStringList kinds = text.toLower().split(u' ', Qt::SkipEmptyParts);
    for (const QString &kind : std::as_const(kinds)) {
        if (!parseAnomalyKind(kind))
            return bad(CuratedRecordText::tr(
                "dismissed-hints takes hint kinds such as repeated_citing_paper, found '%1'")
                           .arg(kind.left(40)));
    }
    kinds.sort();
    kinds.removeDuplicates();
    return good(kinds.join(u' '));
}

// --- Comparisons -------------------------------------------------------------------------------

//! States in either spelling ("verified exact", "verified_exact"); other texts as they are.
bool sameState(const QString &a, const QString &b)
{
    const auto first = parseState(a.trimmed());
    const auto second = parseState(b.trimmed());
    if (first && second)
        return *first == *second;
    return a == b;
}

bool sameIgnoringCase(const QString &a, const QString &b)
{
    return a.trimmed().compare(b.trimmed(), Qt::CaseInsensitive) == 0;
}

bool sameTrimmed(const QString &a, const QString &b)
{
    return a.trimmed() == b.trimmed();
}

// --- Reading and writing an observation's value ------------------------------------------------

QString none(const Observation &)
{
    return {};
}

QString referenceText(const Observation &o)
{
    return o.reference ? QString::number(*o.reference) : QString();
}

// One row per field, in the enum's order. Members left out keep CurationFieldInfo's defaults:
// no other spelling, no mark, no decision of its own, not in the batch editor.
constexpr std::array<CurationFieldInfo, kCurationFieldCount> kFieldInfo { {
    {
        .field = CurationField::State,
        .key = u"state",
        .check = checkState,
        .upstream = [](const Observation &o) -> QString { return stateText(o.state); },
        // The key, "verified_exact", not the page's "verified exact": as stored, and as the
        // panel's state editor gives it, or every state with a space would look edited.
        .stored = [](const Observation &o) -> QString { return stateKey(o.state); },
        .apply =
            [](Observation &o, const QString &value) {
                if (const auto s = parseState(value))
                    o.state = *s;
            },
        .markPart = [](const Observation &upstream, const QString &) -> QString {
            return QStringLiteral("state was ") + stateText(upstream.state);
        },
        .same = sameState,
        .batchName = QT_TRANSLATE_NOOP("BatchEdit", "state"),
    },
    {
        .field = CurationField::Basis,
        .key = u"basis",
        .check = checkBasis,
        .upstream = [](const Observation &o) -> QString { return o.basis; },
        .stored = [](const Observation &o) -> QString { return o.basis; },
        .apply = [](Observation &o, const QString &value) { o.basis = value; },
        .markPart = [](const Observation &upstream, const QString &) -> QString {
            return QStringLiteral("basis was ") + upstream.basis;
        },
        .same = sameTrimmed,
        .batchName = QT_TRANSLATE_NOOP("BatchEdit", "basis"),
    },
    {
        .field = CurationField::Identifier,
        .key = u"identifier",
        .check = checkIdentifier,
        .upstream = none,
        .stored = [](const Observation &o) -> QString { return o.curation->identifier; },
        .apply = [](Observation &o, const QString &value) { o.curation.edit().identifier = value; },
        .markPart = [](const Observation &, const QString &value) -> QString {
            return QStringLiteral("identifier ") + value;
        },
        .same = sameIgnoringCase,
        .batchName = QT_TRANSLATE_NOOP("BatchEdit", "identifier"),
    },
    {
        .field = CurationField::Title,
        .key = u"title",
        .check = checkTitle,
        .upstream = [](const Observation &o) -> QString { return o.citingTitle; },
        .stored = [](const Observation &o) -> QString { return o.citingTitle; },
        .apply = [](Observation &o, const QString &value) { o.citingTitle = value; },
        .markPart = [](const Observation &upstream, const QString &) -> QString {
            return QStringLiteral("citing title was ") + curlyQuoted(upstream.citingTitle);
        },
        .same = sameTrimmed,
    },
    {
        .field = CurationField::Reference,
        .key = u"reference",
        .check = checkReference,
        .upstream = referenceText,
        .stored = referenceText,
        .apply =
            [](Observation &o, const QString &value) {
                bool ok = false;
                const qint64 n = value.toLongLong(&ok);
                if (ok && n >= 0)
                    o.reference = n;
            },
        .markPart = [](const Observation &upstream, const QString &) -> QString {
            return upstream.reference ? QStringLiteral("reference was %1").arg(*upstream.reference)
                                      : QStringLiteral("reference was absent");
        },
        .same = sameTrimmed,
    },
    {
        .field = CurationField::Note,
        .key = u"note",
        .check = checkNote,
        .upstream = none,
        .stored = [](const Observation &o) -> QString { return o.curation->note; },
        .apply = [](Observation &o, const QString &value) { o.curation.edit().note = value; },
        .markPart = [](const Observation &, const QString &value) -> QString {
            return QStringLiteral("note ") + curlyQuoted(value);
        },
        .same = sameTrimmed,
        .batchName = QT_TRANSLATE_NOOP("BatchEdit", "note"),
    },
    {
        .field = CurationField::DuplicateOf,
        .key = u"duplicate-of",
        .alternateKey = u"duplicate_of",
        .check = checkDuplicateOf,
        .upstream = none,
        .stored = [](const Observation &o) -> QString { return o.curation->duplicateOf; },
        .apply
        = [](Observation &o, const QString &value) { o.curation.edit().duplicateOf = value; },
        .markPart = [](const Observation &, const QString &value) -> QString {
            return QStringLiteral("duplicate of ") + value;
        },
        .same = sameIgnoringCase,
    },
    {
        .field = CurationField::Excluded,
        .key = u"excluded",
        .check = checkExcluded,
        .upstream = [](const Observation &) -> QString { return QStringLiteral("no"); },
        .stored = [](const Observation &o) -> QString {
            return o.curation->excluded ? QStringLiteral("yes") : QStringLiteral("no");
        },
        .apply = [](Observation &o,
                     const QString &value) { o.curation.edit().excluded = value == u"yes"; },
        // "Not excluded" is a decision too, but no correction the page shows.
        .markPart = [](const Observation &, const QString &value) -> QString {
            return value == u"yes" ? QStringLiteral("excluded from the ledger") : QString();
        },
        .same = sameIgnoringCase,
        .upstreamValueIsDecision = true,
        .batchName = QT_TRANSLATE_NOOP("BatchEdit", "excluded"),
    },
    // A review is a decision about a notice, not a correction of the observation: it is shown
    // with the notice (resolveNoticeReviews()), never in the page's curation mark.
    {
        .field = CurationField::Review,
        .key = u"review",
        .check = checkReview,
        .upstream = [](const Observation &o) -> QString {
            return o.events.status == EventsCheck::Status::Found ? QStringLiteral("unreviewed")
                                                                 : QString();
        },
        .stored = [](const Observation &o) -> QString { return o.curation->review; },
        .apply = [](Observation &o, const QString &value) { o.curation.edit().review = value; },
        .same = sameIgnoringCase,
        .noticeDecision = true,
        .batchName = QT_TRANSLATE_NOOP("BatchEdit", "notice review"),
    },
    {
        .field = CurationField::ReviewNote,
        .key = u"review-note",
        .alternateKey = u"review_note",
        .check = checkNote,
        .upstream = none,
        .stored = [](const Observation &o) -> QString { return o.curation->reviewNote; },
        .apply = [](Observation &o, const QString &value) { o.curation.edit().reviewNote = value; },
        .same = sameTrimmed,
        .noticeDecision = true,
    },
    // A dismissed hint is a decision about a hint, likewise never in the curation mark.
    {
        .field = CurationField::DismissedHints,
        .key = u"dismissed-hints",
        .check = checkDismissedHints,
        .upstream = none,
        .stored
        = [](const Observation &o) -> QString { return o.curation->dismissedHints.join(u' '); },
        .apply =
            [](Observation &o, const QString &value) {
                o.curation.edit().dismissedHints = value.split(u' ', Qt::SkipEmptyParts);
            },
        .same = sameTrimmed,
    },
} };

// Every field has its row, at its enum's index: a field added to the enum without a row, or a row
// out of place, stops the build here.
static_assert(static_cast<std::size_t>(CurationField::DismissedHints) + 1 == kFieldInfo.size(),
    "kFieldInfo has one row per CurationField: add the new field's row (and move this check to "
    "the last field)");
constexpr bool rowsInEnumOrder()
{
    for (std::size_t i = 0; i < kFieldInfo.size(); ++i) {
        if (static_cast<std::size_t>(kFieldInfo[i].field) != i || kFieldInfo[i].key.isEmpty()
            || kFieldInfo[i].check == nullptr || kFieldInfo[i].upstream == nullptr
            || kFieldInfo[i].stored == nullptr || kFieldInfo[i].apply == nullptr
            || kFieldInfo[i].same == nullptr
            || static_cast<std::size_t>(kAllCurationFields[i]) != i)
            return false;
    }
    return true;
}
static_assert(rowsInEnumOrder(), "kFieldInfo's rows follow the enum, and each is complete");

} // namespace

const CurationFieldInfo &curationFieldInfo(CurationField field)
{
    const auto index = static_cast<std::size_t>(field);
    Q_ASSERT(index < kFieldInfo.size());
    return kFieldInfo[index];
}

QString curationFieldKey(CurationField field)
{
    // The key's characters are the table's own (static) literal: no copy.
    const QStringView key = curationFieldInfo(field).key;
    return QString::fromRawData(reinterpret_cast<const QChar *>(key.utf16()), key.size());
}

std::optional<CurationField> parseCurationField(QStringView key)
{
    for (const CurationFieldInfo &info : kFieldInfo) {
        if (key == info.key)
            return info.field;
    }
    for (const CurationFieldInfo &info : kFieldInfo) {
        if (!info.alternateKey.isEmpty() && key == info.alternateKey)
            return info.field;
    }
    return std::nullopt;
}

} // namespace LedgerCurator
