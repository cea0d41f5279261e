// SPDX-License-Identifier: GPL-3.0-or-later
#include "AnomalyHints.h"

#include <QCoreApplication>
#include <QVarLengthArray>

#include <algorithm>
#include <limits>
#include <vector>

namespace LedgerCurator {

namespace {

//! A title compared ignoring case, and runs of whitespace, leading and trailing whitespace.
struct TitleKey
{
    QStringView title;
    Direction direction = Direction::Inbound;

    //! Calls f(folded char) for each character of the normalized title.
    template <typename F> void forEach(F &&f) const
    {
        qsizetype i = 0;
        const qsizetype n = title.size();
        while (i < n && title[i].isSpace())
            ++i;
        bool pendingSpace = false;
        for (; i < n; ++i) {
            const QChar c = title[i];
            if (c.isSpace()) {
                pendingSpace = true;
                continue;
            }
            if (pendingSpace) {
                f(u' ');
                pendingSpace = false;
            }
            const char16_t u = c.unicode();
            // ASCII, most titles, folds without the Unicode tables.
            f(u < 0x80 ? char16_t(u >= u'A' && u <= u'Z' ? u + (u'a' - u'A') : u)
                       : c.toCaseFolded().unicode());
        }
    }
    bool isBlank() const
    {
        for (const QChar c : title) {
            if (!c.isSpace())
                return false;
        }
        return true;
    }
    friend bool operator==(const TitleKey &a, const TitleKey &b)
    {
        if (a.direction != b.direction)
            return false;
        QVarLengthArray<char16_t, 256> left;
        a.forEach([&left](char16_t c) { left.append(c); });
        qsizetype at = 0;
        bool same = true;
        b.forEach([&](char16_t c) {
            same = same && at < left.size() && left[at] == c;
            ++at;
        });
        return same && at == left.size();
    }
};

struct TitleKeyHash
{
    size_t operator()(const TitleKey &key) const noexcept
    {
        size_t h = 1469598103934665603ull ^ size_t(key.direction);
        key.forEach([&h](char16_t c) { h = (h ^ c) * 1099511628211ull; });
        return h;
    }
};

// How many reference numbers a repeated-paper message names before "and N more".
constexpr qsizetype kMaxListedReferences = 8;

//! Translates a string marked with QT_TRANSLATE_N_NOOP in the "AnomalyHints" context.
QString translatedN(const char *text, int n)
{
    return QCoreApplication::translate("AnomalyHints", text, nullptr, n);
}

int clampToInt(qint64 n)
{
    return int(
        std::clamp<qint64>(n, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}

//! The title a repeated-paper group is keyed by: the other paper's title.
const QString &otherTitle(const Observation &o)
{
    return o.direction == Direction::Inbound ? o.citingTitle : o.citedTitle;
}

bool isYearLike(const std::optional<qint64> &reference)
{
    return reference && *reference >= 1900 && *reference <= 2099;
}

//! "Reference number 2021 looks like a year: ..."
QString yearMessage(qint64 reference)
{
    return QCoreApplication::translate("AnomalyHints",
        "Reference number %1 looks like a year: the parser may have "
        "read a year as the reference number.")
        .arg(QString::number(reference));
}

//! "19, 20, none" (at most kMaxListedReferences numbers, then "and N more").
QString referenceList(const Record &record, const QList<qsizetype> &members)
{
    QStringList parts;
    const qsizetype listed = std::min(members.size(), kMaxListedReferences);
    parts.reserve(listed);
    for (qsizetype i = 0; i < listed; ++i) {
        const auto &reference = record.observations.at(members.at(i)).reference;
        parts.append(reference ? QString::number(*reference)
                               : QCoreApplication::translate(
                                   "AnomalyHints", "none", "a missing reference number in a list"));
    }
    QString text = parts.join(QStringLiteral(", "));
    if (members.size() > listed)
        text = QCoreApplication::translate("AnomalyHints", "%1 and %n more", "reference numbers",
            clampToInt(members.size() - listed))
                   .arg(text);
    return text;
}

//! The message of a RepeatedCitingPaper hint. Whole sentences, so that translators see them.
QString repeatedMessage(const Record &record, const QList<qsizetype> &members, bool likelyDuplicate)
{
    const Observation &first = record.observations.at(members.constFirst());
    const bool inbound = first.direction == Direction::Inbound;
    const int n = clampToInt(members.size());

    bool noneNumbered = true;
    bool allSame = true;
    for (qsizetype index : members) {
        const auto &reference = record.observations.at(index).reference;
        if (reference)
            noneNumbered = false;
        if (reference != first.reference)
            allSame = false;
    }

    const char *text = nullptr;
    // clang-format off
    if (noneNumbered) {
        text = inbound
            ? QT_TRANSLATE_N_NOOP("AnomalyHints", "The same citing paper “%1” appears on %n observations, none with a reference number.")
            : QT_TRANSLATE_N_NOOP("AnomalyHints", "The same cited work “%1” appears on %n observations, none with a reference number.");
    } else if (allSame && n == 2) {
        text = inbound
            ? QT_TRANSLATE_N_NOOP("AnomalyHints", "The same citing paper “%1” appears on %n observations, both with reference %2: likely a duplicate.")
            : QT_TRANSLATE_N_NOOP("AnomalyHints", "The same cited work “%1” appears on %n observations, both with reference %2: likely a duplicate.");
    } else if (allSame) {
        text = inbound
            ? QT_TRANSLATE_N_NOOP("AnomalyHints", "The same citing paper “%1” appears on %n observations, all with reference %2: likely a duplicate.")
            : QT_TRANSLATE_N_NOOP("AnomalyHints", "The same cited work “%1” appears on %n observations, all with reference %2: likely a duplicate.");
    } else if (likelyDuplicate) {
        text = inbound
            ? QT_TRANSLATE_N_NOOP("AnomalyHints", "The same citing paper “%1” appears on %n observations, with references %2: likely a duplicate.")
            : QT_TRANSLATE_N_NOOP("AnomalyHints", "The same cited work “%1” appears on %n observations, with references %2: likely a duplicate.");
    } else {
        text = inbound
            ? QT_TRANSLATE_N_NOOP("AnomalyHints", "The same citing paper “%1” appears on %n observations, with references %2.")
            : QT_TRANSLATE_N_NOOP("AnomalyHints", "The same cited work “%1” appears on %n observations, with references %2.");
    }
    // clang-format on
    const QString message = translatedN(text, n);
    if (noneNumbered)
        return message.arg(otherTitle(first));
    const QString references
        = allSame ? QString::number(*first.reference) : referenceList(record, members);
    // One multi-argument arg(): a title holding "%2" is not substituted again.
    return message.arg(otherTitle(first), references);
}

//! "9 citations" / "1 citation"; English picks the form, translators get numerus forms.
QString citationCount(qint64 value)
{
    const int n = clampToInt(value);
    return value == 1 ? QCoreApplication::translate("AnomalyHints", "%n citation", nullptr, n)
                      : QCoreApplication::translate("AnomalyHints", "%n citations", nullptr, n);
}

QString inboundCount(qint64 value)
{
    const int n = clampToInt(value);
    return value == 1
        ? QCoreApplication::translate("AnomalyHints", "%n inbound observation", nullptr, n)
        : QCoreApplication::translate("AnomalyHints", "%n inbound observations", nullptr, n);
}

QString measurementMessage(const ExternalMeasurement &m, qint64 inbound)
{
    if (m.observedAt.isEmpty())
        return QCoreApplication::translate("AnomalyHints", "%1 measures %2, the page itemizes %3.",
            "source, citations, inbound observations")
            .arg(m.source, citationCount(m.value), inboundCount(inbound));
    return QCoreApplication::translate("AnomalyHints",
        "%1 measures %2 (observed %3), the page itemizes %4.",
        "source, citations, timestamp, inbound observations")
        .arg(m.source, citationCount(m.value), m.observedAt, inboundCount(inbound));
}

//! statedCountWarnings() writes clauses ("the page states ..."); a hint is a sentence.
QString asSentence(QString text)
{
    if (!text.isEmpty()) {
        text[0] = text.at(0).toUpper();
        if (!text.endsWith(u'.'))
            text += u'.';
    }
    return text;
}

} // namespace

namespace {

bool dismissedKind(const Observation &o, AnomalyHint::Kind kind)
{
    return !o.curation->dismissedHints.isEmpty()
        && o.curation->dismissedHints.contains(anomalyKindKey(kind));
}

} // namespace

QString anomalyKindKey(AnomalyHint::Kind kind)
{
    switch (kind) {
    case AnomalyHint::Kind::RepeatedCitingPaper:
        return QStringLiteral("repeated_citing_paper");
    case AnomalyHint::Kind::YearLikeReference:
        return QStringLiteral("year_like_reference");
    case AnomalyHint::Kind::StatedCount:
        return QStringLiteral("stated_count");
    case AnomalyHint::Kind::ExternalMeasurement:
        return QStringLiteral("external_measurement");
    }
    return {};
}

std::optional<AnomalyHint::Kind> parseAnomalyKind(QStringView key)
{
    for (const auto kind :
        { AnomalyHint::Kind::RepeatedCitingPaper, AnomalyHint::Kind::YearLikeReference,
            AnomalyHint::Kind::StatedCount, AnomalyHint::Kind::ExternalMeasurement }) {
        if (key == anomalyKindKey(kind))
            return kind;
    }
    return std::nullopt;
}

QList<AnomalyHint> anomalyHints(const Record &record, const StatedCountLines &lines)
{
    QList<AnomalyHint> hints;

    // Record level: stated counts, then external measurements.
    for (const Warning &warning : statedCountWarnings(record, lines)) {
        AnomalyHint hint;
        hint.kind = AnomalyHint::Kind::StatedCount;
        hint.message = asSentence(warning.message);
        hint.line = warning.line;
        hints.append(std::move(hint));
    }
    const qint64 inbound = record.count(Direction::Inbound);
    for (const ExternalMeasurement &m : record.measurements) {
        if (m.value == inbound)
            continue;
        AnomalyHint hint;
        hint.kind = AnomalyHint::Kind::ExternalMeasurement;
        hint.message = measurementMessage(m, inbound);
        hints.append(std::move(hint));
    }

    // Group the observations a curator has not yet handled by direction and folded title. The
    // titles are compared through a view that folds case and spacing on the fly: no string is
    // allocated per observation. Each title is hashed once; sorted by hash, equal titles lie
    // side by side (a run of one hash is split by comparing titles only where hashes collide),
    // with no hash table of 200,000 nodes to build.
    const auto &observations = record.observations;
    struct Hashed
    {
        size_t hash;
        qsizetype index;
    };
    std::vector<Hashed> hashed;
    hashed.reserve(size_t(observations.size()));
    for (qsizetype i = 0; i < observations.size(); ++i) {
        const Observation &o = observations.at(i);
        if (o.curation->excluded || !o.curation->duplicateOf.isEmpty())
            continue;
        const TitleKey key { otherTitle(o), o.direction };
        if (!key.isBlank())
            hashed.push_back({ TitleKeyHash {}(key), i });
    }
    std::sort(hashed.begin(), hashed.end(), [](const Hashed &a, const Hashed &b) {
        return a.hash != b.hash ? a.hash < b.hash : a.index < b.index;
    });
    // The repeated groups, each its members in page order, sorted by their first member so
    // that hints come out in page order.
    std::vector<QList<qsizetype>> repeated;
    std::vector<QList<qsizetype>> run; // the groups of one hash
    for (size_t from = 0; from < hashed.size();) {
        size_t to = from + 1;
        while (to < hashed.size() && hashed[to].hash == hashed[from].hash)
            ++to;
        if (to - from >= 2) {
            run.clear();
            for (size_t k = from; k < to; ++k) {
                const Observation &o = observations.at(hashed[k].index);
                const TitleKey key { otherTitle(o), o.direction };
                auto group = std::find_if(run.begin(), run.end(), [&](const QList<qsizetype> &g) {
                    const Observation &first = observations.at(g.constFirst());
                    return TitleKey { otherTitle(first), first.direction } == key;
                });
                if (group == run.end())
                    run.push_back({ hashed[k].index });
                else
                    group->append(hashed[k].index);
            }
            for (QList<qsizetype> &group : run) {
                if (group.size() >= 2)
                    repeated.push_back(std::move(group));
            }
        }
        from = to;
    }
    std::sort(
        repeated.begin(), repeated.end(), [](const QList<qsizetype> &a, const QList<qsizetype> &b) {
            return a.constFirst() < b.constFirst();
        });

    auto nextRepeated = repeated.cbegin();
    for (qsizetype i = 0; i < observations.size(); ++i) {
        const Observation &o = observations.at(i);
        if (nextRepeated != repeated.cend() && nextRepeated->constFirst() == i) {
            const QList<qsizetype> &members = *nextRepeated++;
            QList<qint64> references;
            references.reserve(members.size());
            AnomalyHint hint;
            hint.kind = AnomalyHint::Kind::RepeatedCitingPaper;
            hint.observations.reserve(members.size());
            for (qsizetype index : members) {
                const Observation &member = observations.at(index);
                hint.observations.append(member.id);
                if (member.reference)
                    references.append(*member.reference);
            }
            std::sort(references.begin(), references.end());
            hint.likelyDuplicate
                = std::adjacent_find(references.cbegin(), references.cend()) != references.cend();
            hint.message = repeatedMessage(record, members, hint.likelyDuplicate);
            hint.dismissed = std::all_of(members.cbegin(), members.cend(),
                [&](qsizetype m) { return dismissedKind(observations.at(m), hint.kind); });
            hints.append(std::move(hint));
        }
        if (!o.curation->excluded && isYearLike(o.reference)) {
            AnomalyHint hint;
            hint.kind = AnomalyHint::Kind::YearLikeReference;
            hint.observations = { o.id };
            hint.message = yearMessage(*o.reference);
            hint.dismissed = dismissedKind(o, hint.kind);
            hints.append(std::move(hint));
        }
    }
    return hints;
}

QHash<QString, QList<qsizetype>> hintsByObservation(const QList<AnomalyHint> &hints)
{
    QHash<QString, QList<qsizetype>> byObservation;
    for (qsizetype i = 0; i < hints.size(); ++i) {
        if (hints.at(i).dismissed)
            continue;
        for (const QString &id : hints.at(i).observations) {
            QList<qsizetype> &indexes = byObservation[id];
            // An id listed twice in one hint still maps to that hint once.
            if (indexes.isEmpty() || indexes.constLast() != i)
                indexes.append(i);
        }
    }
    return byObservation;
}

} // namespace LedgerCurator
