// SPDX-License-Identifier: GPL-3.0-or-later
#include "CorrectionReport.h"

#include "CsvText.h"
#include "CurationFieldInfo.h"

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace LedgerCurator {

QString describeCorrectionValue(
    CurationField field, const std::optional<QString> &value, const Observation &upstream)
{
    if (value)
        return displayValue(field, value);
    const QString original = upstreamValue(upstream, field);
    return original.isEmpty() ? QStringLiteral("(upstream: none)")
                              : QStringLiteral("%1 (upstream)").arg(original);
}

QString CorrectionReportRow::who() const
{
    return isSigned ? author : author + QStringLiteral(" (unsigned)");
}

QList<CorrectionReportRow> correctionReportRows(const CuratedRecord &curated, const QString &since)
{
    // The observations the events name, found once each: a record may hold 200,000.
    QHash<QString, const Observation *> upstream;
    QHash<QString, const Observation *> shown;
    for (const CorrectionEvent &e : curated.events) {
        upstream.insert(e.observation, nullptr);
        shown.insert(e.observation, nullptr);
    }
    for (const Observation &o : curated.upstream.observations) {
        if (const auto it = upstream.find(o.id); it != upstream.end())
            *it = &o;
    }
    for (const Observation &o : curated.shown.observations) {
        if (const auto it = shown.find(o.id); it != shown.end())
            *it = &o;
    }
    QHash<QString, const NoticeReview *> reviews; // by review observation
    for (const NoticeReview &review : curated.noticeReviews)
        reviews.insert(review.observation, &review);

    QList<CorrectionEvent> events;
    for (const CorrectionEvent &e : curated.events) {
        if (since.isEmpty() || e.createdAt >= since)
            events.append(e);
    }
    // history()'s order: by time, then id.
    std::sort(events.begin(), events.end(), [](const CorrectionEvent &a, const CorrectionEvent &b) {
        return a.createdAt != b.createdAt ? a.createdAt < b.createdAt : a.id < b.id;
    });
    // The events of each (observation, field), for the value seen before each one.
    std::map<FieldKey, QList<CorrectionEvent>> byField;
    for (const CorrectionEvent &e : curated.events)
        byField[FieldKey { e.observation, e.field }].append(e);

    QList<CorrectionReportRow> rows;
    rows.reserve(events.size());
    for (const CorrectionEvent &e : std::as_const(events)) {
        CorrectionReportRow row;
        row.id = e.id;
        row.createdAt = e.createdAt;
        row.author = e.author;
        row.isSigned = e.isSigned();
        row.record = curated.upstream.arxivId;
        row.observation = e.observation;
        row.field = e.field;
        row.from = valueSeenBefore(byField[FieldKey { e.observation, e.field }], e);
        row.to = e.value;
        // What the values are described against: the observation as received; for the review
        // of a notice (no observation of the page), one that carries a notice, unreviewed.
        Observation base;
        if (const Observation *o = upstream.value(e.observation)) {
            base = *o;
        } else {
            base.id = e.observation;
            base.events.status = EventsCheck::Status::Found;
        }
        row.fromText = describeCorrectionValue(e.field, row.from, base);
        row.toText = describeCorrectionValue(e.field, row.to, base);
        const NoticeReview *review = reviews.value(e.observation);
        if (review)
            row.notice = review->ref;
        if (const Observation *o = shown.value(e.observation)) {
            row.citingTitle = o->citingTitle;
            row.citedTitle = o->citedTitle;
        }
        // The note as it stood once this correction was made (the note events made up to its
        // time), never a note written later by someone else.
        const bool reviewEvent = review || curationFieldInfo(e.field).noticeDecision;
        const CurationField noteField
            = reviewEvent ? CurationField::ReviewNote : CurationField::Note;
        if (e.field == noteField) {
            row.note = e.value.value_or(QString());
        } else if (const auto notes = byField.find(FieldKey { e.observation, noteField });
                   notes != byField.end()) {
            QList<CorrectionEvent> before;
            for (const CorrectionEvent &n : std::as_const(notes->second)) {
                if (n.createdAt <= e.createdAt)
                    before.append(n);
            }
            if (!before.isEmpty())
                row.note = resolveField(before).value().value_or(QString());
        }
        rows.append(std::move(row));
    }
    return rows;
}

void sortCorrectionReport(QList<CorrectionReportRow> &rows)
{
    std::stable_sort(
        rows.begin(), rows.end(), [](const CorrectionReportRow &a, const CorrectionReportRow &b) {
            if (a.createdAt != b.createdAt)
                return a.createdAt < b.createdAt;
            if (a.record != b.record)
                return a.record < b.record;
            return a.id < b.id;
        });
}

Result<QString> parseReportSince(const QString &text)
{
    const QString given = text.trimmed();
    const auto refused = [&text] {
        return Error::badInput(
            QStringLiteral("--since: expected a date (2026-11-29) or a date and time "
                           "(2026-11-29T10:00:00Z), found '%1'")
                .arg(text));
    };
    static const QRegularExpression dateOnly(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}$"));
    static const QRegularExpression dateTime(QStringLiteral(
        "^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})?$"));
    QDateTime at;
    if (dateOnly.match(given).hasMatch()) {
        const QDate date = QDate::fromString(given, Qt::ISODate);
        if (!date.isValid())
            return refused();
        at = QDateTime(date, QTime(0, 0), Qt::UTC);
    } else if (dateTime.match(given).hasMatch()) {
        QString iso = given;
        iso[10] = u'T';
        // Qt reads at most milliseconds: further digits are cut (the log keeps milliseconds).
        static const QRegularExpression fraction(QStringLiteral("(\\.\\d{3})\\d+"));
        iso.replace(fraction, QStringLiteral("\\1"));
        at = QDateTime::fromString(iso, Qt::ISODateWithMs);
        if (!at.isValid())
            return refused();
        // Without an offset the time is UTC, as the log keeps it.
        const bool hasOffset
            = iso.endsWith(u'Z') || iso.lastIndexOf(u'+') > 10 || iso.lastIndexOf(u'-') > 10;
        if (!hasOffset)
            at = QDateTime(at.date(), at.time(), Qt::UTC);
    } else {
        return refused();
    }
    return QString(at.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz")) + u'Z');
}

QStringList correctionReportCsvHeader()
{
    return { QStringLiteral("when"), QStringLiteral("who"), QStringLiteral("record"),
        QStringLiteral("observation"), QStringLiteral("citing_title"),
        QStringLiteral("cited_title"), QStringLiteral("notice"), QStringLiteral("field"),
        QStringLiteral("from"), QStringLiteral("to"), QStringLiteral("note") };
}

QList<QStringList> correctionReportCsvRows(const QList<CorrectionReportRow> &rows)
{
    QList<QStringList> out;
    out.reserve(rows.size() + 1);
    out.append(correctionReportCsvHeader());
    for (const CorrectionReportRow &row : rows)
        out.append({ row.createdAt, row.who(), row.record, row.observation, row.citingTitle,
            row.citedTitle, row.notice, curationFieldKey(row.field), row.fromText, row.toText,
            row.note });
    return out;
}

QByteArray correctionReportJson(const QList<CorrectionReportRow> &rows)
{
    const auto optional = [](const std::optional<QString> &value) {
        return value ? QJsonValue(*value) : QJsonValue();
    };
    QJsonArray array;
    for (const CorrectionReportRow &row : rows) {
        array.append(QJsonObject { { QStringLiteral("id"), row.id },
            { QStringLiteral("created_at"), row.createdAt },
            { QStringLiteral("author"), row.author }, { QStringLiteral("signed"), row.isSigned },
            { QStringLiteral("record"), row.record },
            { QStringLiteral("observation"), row.observation },
            { QStringLiteral("citing_title"), row.citingTitle },
            { QStringLiteral("cited_title"), row.citedTitle },
            { QStringLiteral("notice"),
                row.notice.isEmpty() ? QJsonValue() : QJsonValue(row.notice) },
            { QStringLiteral("field"), curationFieldKey(row.field) },
            { QStringLiteral("from"), optional(row.from) },
            { QStringLiteral("to"), optional(row.to) },
            { QStringLiteral("from_text"), row.fromText },
            { QStringLiteral("to_text"), row.toText }, { QStringLiteral("note"), row.note } });
    }
    return QJsonDocument(array).toJson(QJsonDocument::Indented);
}

QString correctionReportText(const QList<CorrectionReportRow> &rows)
{
    QString out = rows.size() == 1 ? QStringLiteral("1 correction\n")
                                   : QStringLiteral("%1 corrections\n").arg(rows.size());
    for (const CorrectionReportRow &row : rows) {
        out += row.createdAt + QStringLiteral("  ") + row.who() + QStringLiteral("  ") + row.record
            + QStringLiteral("  ") + row.observation + QStringLiteral("  ")
            + curationFieldKey(row.field) + QStringLiteral(": ") + row.fromText
            + QStringLiteral(" -> ") + row.toText;
        if (!row.notice.isEmpty())
            out += QStringLiteral("  [notice ") + row.notice + u']';
        if (!row.note.isEmpty())
            out += QStringLiteral("  [note: ") + row.note + u']';
        if (!row.citingTitle.isEmpty())
            out += QStringLiteral("  [citing: ") + row.citingTitle + u']';
        out += u'\n';
    }
    return out;
}

} // namespace LedgerCurator
