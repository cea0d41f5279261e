// SPDX-License-Identifier: GPL-3.0-or-later
#include "RetractionCsv.h"

#include "TextHygiene.h"

#include "Quote.h"

#include "CsvTokenizer.h"
#include "SqliteLocks.h"

#include <QByteArrayView>
#include <QDate>
#include <QFile>
#include <QStringList>

#include <array>
#include <iterator>
#include <optional>

namespace LedgerCurator {

namespace {

//! 'text', or its first 60 characters and an ellipsis.

QString foundText(QStringView text)
{
    return text.isEmpty() ? QStringLiteral("nothing") : quoted(text);
}

// The columns the parser reads, in one table: name, required.
enum Column {
    RecordId,
    Title,
    Journal,
    Urls,
    RetractionDate,
    RetractionDoi,
    OriginalDoi,
    OriginalPubMedId,
    Nature,
    Reason,
    Notes,
    ColumnCount
};

struct ColumnSpec
{
    const char *name;
    bool required;
};
constexpr std::array<ColumnSpec, ColumnCount> kColumns { {
    { RetractionColumn::kRecordId, true },
    { RetractionColumn::kTitle, false },
    { RetractionColumn::kJournal, false },
    { RetractionColumn::kUrls, false },
    { RetractionColumn::kRetractionDate, true },
    { RetractionColumn::kRetractionDoi, false },
    { RetractionColumn::kOriginalDoi, true },
    { RetractionColumn::kOriginalPubMedId, false },
    { RetractionColumn::kNature, true },
    { RetractionColumn::kReason, false },
    { RetractionColumn::kNotes, false },
} };

QString columnName(Column column)
{
    return QString::fromLatin1(kColumns[column].name);
}

constexpr std::array<QLatin1StringView, 5> kDoiPrefixes {
    QLatin1StringView("doi:"),
    QLatin1StringView("https://doi.org/"),
    QLatin1StringView("http://doi.org/"),
    QLatin1StringView("https://dx.doi.org/"),
    QLatin1StringView("http://dx.doi.org/"),
};

//! The 1-based line of the first line holding bytes that are not UTF-8, or 0 if all are.
int firstNonUtf8Line(QByteArrayView data)
{
    if (data.isValidUtf8())
        return 0;
    // No UTF-8 sequence contains a LF byte, so lines can be checked one by one.
    int line = 1;
    qsizetype start = 0;
    while (start <= data.size()) {
        qsizetype end = data.indexOf('\n', start);
        if (end < 0)
            end = data.size();
        if (!data.sliced(start, end - start).isValidUtf8())
            return line;
        start = end + 1;
        ++line;
    }
    return line - 1;
}

//! Reads minDigits to maxDigits ASCII digits at `pos`, moving `pos` past them.
std::optional<int> readNumber(
    QStringView text, qsizetype &pos, qsizetype minDigits, qsizetype maxDigits)
{
    int value = 0;
    qsizetype digits = 0;
    while (pos < text.size() && text[pos] >= u'0' && text[pos] <= u'9') {
        if (++digits > maxDigits)
            return std::nullopt;
        value = value * 10 + (text[pos++].unicode() - u'0');
    }
    if (digits < minDigits)
        return std::nullopt;
    return value;
}

bool readChar(QStringView text, qsizetype &pos, char16_t c)
{
    if (pos >= text.size() || text[pos] != c)
        return false;
    ++pos;
    return true;
}

//! "0:00", "13:45", "13:45:07", "1:45 PM".
bool isTimeOfDay(QStringView text)
{
    bool twelveHour = false;
    if (text.endsWith(u" AM", Qt::CaseInsensitive) || text.endsWith(u" PM", Qt::CaseInsensitive)) {
        twelveHour = true;
        text.chop(3);
    }
    qsizetype pos = 0;
    const auto hour = readNumber(text, pos, 1, 2);
    if (!hour || *hour > (twelveHour ? 12 : 23) || (twelveHour && *hour == 0))
        return false;
    for (int part = 0; part < 2; ++part) {
        if (part == 1 && pos == text.size())
            break; // seconds are optional
        if (!readChar(text, pos, u':'))
            return false;
        const auto value = readNumber(text, pos, 2, 2);
        if (!value || *value > 59)
            return false;
    }
    return pos == text.size();
}

} // namespace

QString parseRetractionDate(QStringView text)
{
    text = text.trimmed();
    qsizetype pos = 0;
    const auto month = readNumber(text, pos, 1, 2);
    if (!month || !readChar(text, pos, u'/'))
        return {};
    const auto day = readNumber(text, pos, 1, 2);
    if (!day || !readChar(text, pos, u'/'))
        return {};
    const auto year = readNumber(text, pos, 4, 4);
    if (!year || !QDate::isValid(*year, *month, *day))
        return {};
    if (pos < text.size() && (!text[pos].isSpace() || !isTimeOfDay(text.sliced(pos).trimmed())))
        return {};
    // YYYY-MM-DD without QDate::toString, which formats through vasprintf.
    const char16_t iso[] = { char16_t(u'0' + *year / 1000), char16_t(u'0' + *year / 100 % 10),
        char16_t(u'0' + *year / 10 % 10), char16_t(u'0' + *year % 10), u'-',
        char16_t(u'0' + *month / 10), char16_t(u'0' + *month % 10), u'-',
        char16_t(u'0' + *day / 10), char16_t(u'0' + *day % 10) };
    return QString(reinterpret_cast<const QChar *>(iso), std::size(iso));
}

QString normalizeRetractionDoi(QStringView text)
{
    text = text.trimmed();
    for (const QLatin1StringView prefix : kDoiPrefixes) {
        if (text.startsWith(prefix, Qt::CaseInsensitive)) {
            text = text.sliced(prefix.size()).trimmed();
            break;
        }
    }
    if (text.compare(u"unavailable", Qt::CaseInsensitive) == 0)
        return {};
    return text.toString().toLower();
}

Result<RetractionCsv> parseRetractionCsv(const QByteArray &data, const QString &fileName)
{
    const QByteArrayView bytes(data);
    const qsizetype start = bytes.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    if (bytes.size() == start)
        return Error::badInput(QStringLiteral("empty file: expected a header row"), fileName, 1);
    if (const int line = firstNonUtf8Line(bytes))
        return Error::badInput(
            QStringLiteral("expected UTF-8 text, found bytes that are not UTF-8"), fileName, line);

    CsvTokenizer csv(bytes, start);
    auto unterminated = [&]() {
        return Error::badInput(QStringLiteral("a quoted field opened here is not closed by the end "
                                              "of the file"),
            fileName, csv.unterminatedLine());
    };

    // The header: the first row that is not blank.
    CsvTokenizer::Next next;
    while ((next = csv.readRow()) == CsvTokenizer::Next::Row && csv.rowIsBlank()) { }
    if (next == CsvTokenizer::Next::End)
        return Error::badInput(
            QStringLiteral("empty file: expected a header row, found only blank lines"), fileName,
            1);
    if (next == CsvTokenizer::Next::Unterminated)
        return unterminated();
    const int headerLine = csv.rowLine();
    const qsizetype fieldCount = csv.fields().size();
    std::array<qsizetype, ColumnCount> index;
    index.fill(-1);
    for (qsizetype i = 0; i < fieldCount; ++i) {
        const QString name = csv.text(csv.fields()[i]).trimmed();
        for (int c = 0; c < ColumnCount; ++c) {
            if (name.compare(QLatin1StringView(kColumns[c].name), Qt::CaseInsensitive) != 0)
                continue;
            if (index[c] >= 0)
                return Error::badInput(QStringLiteral("the header names the column '%1' twice")
                                           .arg(columnName(Column(c))),
                    fileName, headerLine);
            index[c] = i;
        }
    }
    QStringList missing;
    for (int c = 0; c < ColumnCount; ++c) {
        if (kColumns[c].required && index[c] < 0)
            missing.append(u'\'' + columnName(Column(c)) + u'\'');
    }
    if (!missing.isEmpty()) {
        return Error::badInput(QStringLiteral("missing required column%1 %2 in the header")
                                   .arg(missing.size() > 1 ? QStringLiteral("s") : QString(),
                                       missing.join(QStringLiteral(", "))),
            fileName, headerLine);
    }

    static const QString kindList = [] {
        QStringList names;
        for (EventKind kind : { EventKind::Retraction, EventKind::Correction,
                 EventKind::ExpressionOfConcern, EventKind::Reinstatement, EventKind::Withdrawal })
            names.append(eventKindText(kind));
        return names.join(QStringLiteral(", "));
    }();

    RetractionCsv out;
    // Roughly 500 bytes a row in the real export.
    out.notices.reserve(qMin<qsizetype>(bytes.size() / 400 + 16, 1 << 20));
    QStringList problems;
    while ((next = csv.readRow()) == CsvTokenizer::Next::Row) {
        if (csv.rowIsBlank())
            continue;
        ++out.rows;
        const int line = csv.rowLine();
        const QList<CsvTokenizer::Field> &fields = csv.fields();
        if (fields.size() != fieldCount) {
            out.skipped.append({ line,
                QStringLiteral("expected %1 fields, found %2")
                    .arg(fieldCount)
                    .arg(fields.size()) });
            continue;
        }
        if (!csv.problem().isEmpty()) {
            out.skipped.append({ line, csv.problem() });
            continue;
        }
        auto text = [&](Column column) {
            return index[column] < 0 ? QString() : csv.text(fields[index[column]]);
        };

        // Text without control characters (a quoted field may hold line breaks and tabs).
        problems.clear();
        for (int c = 0; c < ColumnCount && problems.isEmpty(); ++c) {
            if (const auto problem = findTextProblem(text(Column(c)), TextKind::MultiLine))
                problems.append(columnName(Column(c)) + QStringLiteral(": ") + problem->message());
        }
        if (!problems.isEmpty()) {
            out.skipped.append({ line, problems.constFirst(), text(RecordId).trimmed() });
            continue;
        }

        RetractionNotice notice;
        notice.line = line;
        notice.recordId = text(RecordId).trimmed();
        if (notice.recordId.isEmpty())
            problems.append(
                columnName(RecordId) + QStringLiteral(": expected an id, found nothing"));

        const QString date = text(RetractionDate);
        notice.date = parseRetractionDate(date);
        if (notice.date.isEmpty()) {
            problems.append(columnName(RetractionDate)
                + QStringLiteral(": expected month/day/year such as 3/1/2024, found ")
                + foundText(date));
        }

        const QString nature = text(Nature);
        // The nature as the source words it; its kind from the words ("Retraction and
        // replacement" is a retraction, shown as the source says).
        if (const auto kind = kindOfNature(nature)) {
            notice.kind = *kind;
            notice.nature = nature.simplified();
        } else {
            problems.append(columnName(Nature) + QStringLiteral(": expected one of ") + kindList
                + QStringLiteral(" (or words naming one), found ") + foundText(nature));
        }
        if (!problems.isEmpty()) {
            out.skipped.append({ line, problems.join(QStringLiteral("; ")), notice.recordId });
            continue;
        }

        notice.title = text(Title);
        notice.journal = text(Journal);
        notice.noticeDoi = normalizeRetractionDoi(text(RetractionDoi));
        notice.originalDoi = normalizeRetractionDoi(text(OriginalDoi));
        notice.originalPubMedId = text(OriginalPubMedId).trimmed();
        if (notice.originalPubMedId == u"0")
            notice.originalPubMedId.clear();
        notice.reason = text(Reason);
        notice.urls = text(Urls);
        notice.notes = text(Notes);
        out.notices.append(std::move(notice));
    }
    if (next == CsvTokenizer::Next::Unterminated)
        return unterminated();
    return out;
}

Result<RetractionCsv> readRetractionCsvFile(const QString &path)
{
    if (SqliteLocks::isOpenBySqlite(path)) // only SQLite opens the cache's files (SqliteLocks.h)
        return Error::badInput(QStringLiteral(
            "%1: this is a file of the cache that is open, not a CSV file; it is not read")
                                   .arg(path));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::badInput(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    const QByteArray data = file.readAll();
    if (file.error() != QFileDevice::NoError)
        return Error::badInput(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    return parseRetractionCsv(data, path);
}

} // namespace LedgerCurator

namespace LedgerCurator {

namespace {

//! "+Duplication of Article;+Error in Data;" as "Duplication of Article; Error in Data".
QString readableReasons(const QString &reason)
{
    QStringList parts;
    for (QString part : reason.split(u';', Qt::SkipEmptyParts)) {
        part = part.trimmed();
        while (part.startsWith(u'+'))
            part.remove(0, 1);
        part = part.simplified();
        if (!part.isEmpty())
            parts.append(part);
    }
    return parts.join(QStringLiteral("; "));
}

} // namespace

RetractionImport standingNotices(const RetractionCsv &csv, const QString &importedAt)
{
    RetractionImport out;
    out.notices.reserve(csv.notices.size());
    for (const RetractionNotice &n : csv.notices) {
        if (n.originalDoi.isEmpty()) {
            out.leftOut.append(
                { n.line, QStringLiteral("no original paper DOI; the notice cannot be matched"),
                    n.recordId });
            continue;
        }
        const QString work = workKey(n.originalDoi);
        if (work.isEmpty()) {
            out.leftOut.append({ n.line,
                QStringLiteral("OriginalPaperDOI: '%1' is not a DOI").arg(n.originalDoi.left(60)),
                n.recordId });
            continue;
        }
        StandingNotice notice;
        notice.work = work;
        notice.event.kind = n.kind;
        notice.event.date = n.date;
        notice.event.source = QString::fromUtf16(kRetractionSource);
        notice.event.notice = n.noticeDoi;
        QString detail = readableReasons(n.reason);
        detail.replace(QStringLiteral(" · "), QStringLiteral(" - "));
        notice.event.detail = detail.simplified();
        notice.event.notice
            = notice.event.notice.simplified().replace(QStringLiteral(" · "), QStringLiteral(" "));
        notice.event.nature = n.nature;
        notice.source = QString::fromUtf16(kRetractionWatchSource);
        notice.sourceId = n.recordId;
        notice.title = n.title.simplified();
        notice.journal = n.journal.simplified();
        notice.urls = n.urls.simplified();
        notice.importedAt = importedAt;
        notice.origin = QStringLiteral("Retraction Watch record ") + n.recordId;
        out.notices.append(std::move(notice));
    }
    const QString source = QString::fromUtf16(kRetractionWatchSource);
    for (const RetractionCsvRowError &left : std::as_const(out.leftOut))
        out.alsoListed.insert(noticeRef(source, left.recordId));
    for (const RetractionCsvRowError &bad : csv.skipped) {
        if (bad.recordId.isEmpty())
            ++out.unidentifiedRows;
        else
            out.alsoListed.insert(noticeRef(source, bad.recordId));
    }
    return out;
}

} // namespace LedgerCurator
