// SPDX-License-Identifier: GPL-3.0-or-later
// Retraction and correction notices: import-notices, notices and review; the notices that
// concern a record, and finding one by the identifier its source gives it.
#include "CliCommands.h"

#include "Cli.h"
#include "CliReview.h"
#include "CliSupport.h"
#include "CorrectionReport.h"
#include "CurationLog.h"
#include "CurationSession.h"
#include "EveryRecord.h"
#include "Identifier.h"
#include "NoticeWithdrawals.h"
#include "Notices.h"
#include "RetractionCsv.h"
#include "Store.h"

#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <functional>

namespace LedgerCurator::Cli {

namespace {

const QCommandLineOption kPartialOption(QStringLiteral("partial"),
    QStringLiteral("The file is an excerpt of the source's list (the default): notices it does "
                   "not name are not marked withdrawn."));
const QCommandLineOption kCompleteOption(QStringLiteral("complete"),
    QStringLiteral("The file is the source's complete list: a notice of the source it no longer "
                   "names is marked withdrawn by the source."));
const QCommandLineOption kAllowWithdrawalsOption(QStringLiteral("allow-withdrawals"),
    QStringLiteral("With --complete: withdraw even a notice about a record's own paper, or more "
                   "than half of the source's listed notices."));
const QCommandLineOption kAsOfOption(QStringLiteral("as-of"),
    QStringLiteral("The date of the list (default: the file's modification time); a list older "
                   "than the one a notice was last seen in changes nothing of it."),
    QStringLiteral("DATE"));

//! At most this many withdrawn notices are named one by one in the report.
constexpr qsizetype kWithdrawnNamed = 20;

} // namespace

void importNoticesOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("FILE"),
        QStringLiteral("A Retraction Watch CSV file: an excerpt of the source's list, unless "
                       "--complete."),
        QStringLiteral("FILE.csv"));
    parser.addOption(kPartialOption);
    parser.addOption(kCompleteOption);
    parser.addOption(kAllowWithdrawalsOption);
    parser.addOption(kAsOfOption);
}

int runImportNotices(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList files = parser.positionalArguments().mid(1);
    if (files.size() != 1)
        return usage(QStringLiteral("import-notices: name one FILE.csv"), err);
    const QString &file = files.first();
    // Read the whole file before the cache is touched.
    auto csv = readRetractionCsvFile(file);
    if (!csv)
        return report(csv.error(), err);
    const RetractionImport converted = standingNotices(*csv, nowUtc());
    for (const auto &skipped : std::as_const(csv->skipped))
        err << file << ':' << skipped.line << ": skipped: " << terminalSafe(skipped.message)
            << Qt::endl;
    for (const auto &left : converted.leftOut)
        err << file << ':' << left.line << ": left out: " << terminalSafe(left.message) << Qt::endl;
    if (parser.isSet(kPartialOption) && parser.isSet(kCompleteOption))
        return usage(
            QStringLiteral("import-notices: --partial and --complete contradict each other"), err);
    if (parser.isSet(kAllowWithdrawalsOption) && !parser.isSet(kCompleteOption))
        return usage(QStringLiteral("import-notices: --allow-withdrawals goes with --complete (an "
                                    "excerpt withdraws nothing)"),
            err);
    NoticeImportOptions options;
    options.scope
        = parser.isSet(kCompleteOption) ? NoticeImportScope::Complete : NoticeImportScope::Partial;
    options.alsoListed = converted.alsoListed;
    options.file = QFileInfo(file).fileName();
    options.importedBy = configuredCuratorName();
    if (parser.isSet(kAsOfOption)) {
        auto asOf = parseReportSince(parser.value(kAsOfOption));
        if (!asOf)
            return usage(QStringLiteral("import-notices: --as-of: expected a date (2026-11-29) or "
                                        "a date and time, found '%1'")
                             .arg(terminalSafe(parser.value(kAsOfOption))),
                err);
        options.listedAsOf = *asOf;
    } else {
        const QDateTime modified = QFileInfo(file).lastModified().toUTC();
        if (modified.isValid())
            options.listedAsOf
                = modified.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz")) + u'Z';
    }
    if (options.scope == NoticeImportScope::Complete && converted.unidentifiedRows > 0) {
        // A row whose Record ID cannot be read may be any notice: none is withdrawn.
        err << file << ": " << converted.unidentifiedRows
            << (converted.unidentifiedRows == 1 ? " row names" : " rows name")
            << " no readable Record ID, so no notice is marked withdrawn" << Qt::endl;
        options.scope = NoticeImportScope::Partial;
    }
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    if (options.scope == NoticeImportScope::Complete && !parser.isSet(kAllowWithdrawalsOption)) {
        // Asked before anything is written: what the list would withdraw, and from which records.
        auto planned = store->planNoticeImport(converted.notices, options);
        if (!planned)
            return report(planned.error(), err);
        auto impact = withdrawalImpact(*store, *planned);
        if (!impact)
            return report(impact.error(), err);
        if (impact->needsConsent()) {
            err << "ledger-curator: import-notices: " << file << ": nothing imported: as the "
                << "source's complete list, it would withdraw " << impact->notices << " of the "
                << impact->listedBefore << " notices the cache lists from its source";
            if (impact->ownPaper > 0)
                err << ", " << impact->ownPaper
                    << (impact->ownPaper == 1 ? " of them about a record's own paper"
                                              : " of them about records' own papers");
            err << ":" << Qt::endl;
            for (const QString &line : withdrawalLines(*impact))
                err << "  " << terminalSafe(line) << Qt::endl;
            err << "If the file is the source's whole list, run again with --allow-withdrawals; "
                   "if it is an excerpt, leave out --complete."
                << Qt::endl;
            return ExitBadInput;
        }
        options.withdrawOnly
            = QSet<QString>(planned->withdrawnRefs.cbegin(), planned->withdrawnRefs.cend());
    }
    if (!options.importedBy.isEmpty()) {
        // Each version imported is signed by its curator, with the key corrections use.
        auto key = loadCuratorKey(options.importedBy);
        if (!key)
            return report(
                Error::failure(QStringLiteral("import-notices: %1: nothing imported: "
                                              "the signing key of %2 could not be "
                                              "loaded: %3")
                                   .arg(file, options.importedBy, key.error().toString())),
                err);
        options.signingKey = *key;
    }
    auto outcome = store->importNotices(converted.notices, options);
    if (!outcome)
        return report(outcome.error(), err);
    out << file << ": " << csv->rows << (csv->rows == 1 ? " row, " : " rows, ")
        << converted.notices.size() << " notices: " << outcome->added << " new, "
        << outcome->updated << " updated, " << outcome->alreadyHeld << " unchanged, "
        << outcome->withdrawn << " withdrawn";
    if (!outcome->olderThanHeld.isEmpty())
        out << ", " << outcome->olderThanHeld.size()
            << " left as they are (last seen in a newer list)";
    if (!csv->skipped.isEmpty())
        out << "; " << csv->skipped.size()
            << (csv->skipped.size() == 1 ? " bad row skipped" : " bad rows skipped");
    if (!converted.leftOut.isEmpty())
        out << "; " << converted.leftOut.size() << " without an original paper DOI";
    out << Qt::endl;
    for (qsizetype i = 0; i < outcome->withdrawnRefs.size() && i < kWithdrawnNamed; ++i)
        out << "withdrawn by the source (no longer listed): "
            << terminalSafe(outcome->withdrawnRefs[i]) << Qt::endl;
    if (outcome->withdrawnRefs.size() > kWithdrawnNamed)
        out << "... and " << outcome->withdrawnRefs.size() - kWithdrawnNamed
            << " more withdrawn (ledger-curator notices lists them)" << Qt::endl;
    // Which observations the notices now flag, record by record.
    const Status visited = forEachCuratedRecord(*store, [&out](const CuratedRecord &record) {
        qsizetype flagged = 0;
        qsizetype retracted = 0;
        for (qsizetype i = 0; i < record.shown.observations.size(); ++i) {
            const Observation &o = record.shown.observations[i];
            if (o.events.events.size() > record.upstream.observations[i].events.events.size()) {
                ++flagged;
                retracted += isRetracted(o.events) ? 1 : 0;
            }
        }
        if (flagged > 0)
            out << terminalSafe(record.shown.arxivId) << ": " << flagged
                << (flagged == 1 ? " observation carries" : " observations carry")
                << " imported notices (" << retracted << " retracted)" << Qt::endl;
    });
    return visited ? ExitOk : report(visited.error(), err);
}

// --- the notices of a record ---------------------------------------------------------------------

QString RecordNotice::label() const
{
    return QStringLiteral("%1 (%2 · %3)").arg(ref, natureText(event), event.date);
}

NoticeIndex noticesByWork(const QList<StandingNotice> &notices)
{
    NoticeIndex index;
    for (const StandingNotice &n : notices)
        index[n.work].append(n);
    return index;
}

QList<RecordNotice> recordNotices(const CuratedRecord &curated, const NoticeIndex &all)
{
    const Record &record = curated.shown;
    QList<RecordNotice> out;
    QHash<QString, qsizetype> byRef;
    // The shown observations by the work they cite, and the record's own paper, cited or not.
    QHash<QString, QStringList> byWork;
    byWork.insert(arxivDoi(record.arxivId), {});
    for (const Observation &o : record.observations) {
        QString work = citedWorkKey(record, o);
        if (!work.isEmpty())
            byWork[work].append(o.id);
        if (o.events.status != EventsCheck::Status::Found)
            continue;
        if (work.isEmpty())
            work = QStringLiteral("title:") + o.citedTitle;
        for (const SourceEvent &e : o.events.events) {
            const QString ref = noticeRefOf(e, work);
            auto it = byRef.constFind(ref);
            if (it == byRef.constEnd()) {
                it = byRef.insert(ref, out.size());
                out.append(RecordNotice { ref, work, e, std::nullopt, {} });
                out.last().event.noticeRef = ref;
            }
            out[*it].observations.append(o.id);
        }
    }
    // The standing notices about those works, listed or withdrawn: one lookup a work.
    for (auto w = byWork.cbegin(); w != byWork.cend(); ++w) {
        const auto found = all.constFind(w.key());
        if (found == all.constEnd())
            continue;
        for (const StandingNotice &n : *found) {
            const QString ref = n.ref();
            auto it = byRef.constFind(ref);
            if (it == byRef.constEnd()) {
                it = byRef.insert(ref, out.size());
                out.append(RecordNotice { ref, n.work, {}, std::nullopt, {} });
            }
            RecordNotice &notice = out[*it];
            notice.work = n.work;
            notice.event = n.event;
            notice.event.noticeRef = ref;
            notice.standing = n;
            notice.observations = w.value();
        }
    }
    std::sort(out.begin(), out.end(), [](const RecordNotice &a, const RecordNotice &b) {
        return a.event.date != b.event.date ? a.event.date > b.event.date : a.ref < b.ref;
    });
    return out;
}

Observation reviewUpstreamOf(const RecordNotice &notice)
{
    Observation o;
    o.id = noticeReviewObservation(notice.ref);
    o.events.status = EventsCheck::Status::Found;
    o.events.events.append(notice.event);
    return o;
}

std::optional<RecordNotice> noticeOfReviewObservation(
    const QList<RecordNotice> &notices, const QString &observation)
{
    for (const RecordNotice &n : notices) {
        if (noticeReviewObservation(n.ref) == observation)
            return n;
    }
    return std::nullopt;
}

namespace {

//! A DOI as the notices compare them: without "https://doi.org/", "doi:" and the like, lower case.
QString bareDoi(const QString &text)
{
    QString doi = text.trimmed();
    static const QStringList kPrefixes = { QStringLiteral("https://doi.org/"),
        QStringLiteral("http://doi.org/"), QStringLiteral("https://dx.doi.org/"),
        QStringLiteral("http://dx.doi.org/"), QStringLiteral("doi.org/"), QStringLiteral("doi:") };
    for (const QString &prefix : kPrefixes) {
        if (doi.startsWith(prefix, Qt::CaseInsensitive)) {
            doi = doi.mid(prefix.size()).trimmed();
            break;
        }
    }
    return doi.toLower();
}

bool isRecordId(const QString &text)
{
    return !text.isEmpty() && text.size() <= 18
        && std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

//! Whether `argument` (not a full ref) names the notice: its Record ID, or its notice DOI.
bool namesNotice(const QString &argument, const QString &doi, const SourceEvent &event,
    const std::optional<StandingNotice> &standing)
{
    if (isRecordId(argument))
        return standing && standing->sourceId == argument;
    return !event.notice.isEmpty() && bareDoi(event.notice) == doi;
}

} // namespace

Result<RecordNotice> findRecordNotice(const QList<RecordNotice> &notices, const QString &argument,
    const QString &record, const NoticeIndex &all)
{
    const QString text = argument.trimmed();
    if (text.isEmpty())
        return Error::badInput(
            QStringLiteral("name the NOTICE: a Retraction Watch Record ID or the notice's DOI"));
    // A full ref names exactly one notice; so does the UUID of its review observation.
    for (const RecordNotice &n : notices) {
        if (n.ref.compare(text, Qt::CaseInsensitive) == 0
            || noticeReviewObservation(n.ref) == text.toLower())
            return n;
    }
    const QString doi = bareDoi(text);
    QList<RecordNotice> found;
    for (const RecordNotice &n : notices) {
        if (namesNotice(text, doi, n.event, n.standing))
            found.append(n);
    }
    if (found.size() == 1)
        return found.first();
    if (found.size() > 1) {
        QStringList candidates;
        for (const RecordNotice &n : std::as_const(found))
            candidates.append(n.label());
        return Error::badInput(QStringLiteral("'%1' names %2 notices of %3: %4; name one by its "
                                              "full identifier")
                                   .arg(text)
                                   .arg(found.size())
                                   .arg(record, candidates.join(QStringLiteral(", "))));
    }
    const QString lookedFor = isRecordId(text)
        ? QStringLiteral("notice with Retraction Watch Record ID %1").arg(text)
        : doi.startsWith(QStringLiteral("10.")) ? QStringLiteral("notice with DOI %1").arg(doi)
                                                : QStringLiteral("notice '%1'").arg(text);
    // A notice of the cache that concerns another work: say which.
    for (auto w = all.cbegin(); w != all.cend(); ++w) {
        for (const StandingNotice &n : *w) {
            if (n.ref().compare(text, Qt::CaseInsensitive) == 0
                || namesNotice(text, doi, n.event, n))
                return Error::badInput(
                    QStringLiteral("record %1 has no %2: the cache's notice %3 concerns %4, which "
                                   "no observation of %1 cites (see 'ledger-curator notices %1')")
                        .arg(record, lookedFor, n.ref(), n.work));
        }
    }
    return Error::badInput(
        QStringLiteral("record %1 has no %2 among its %3 notices (see 'ledger-curator notices %1')")
            .arg(record, lookedFor)
            .arg(notices.size()));
}

// --- notices -------------------------------------------------------------------------------------

namespace {

//! One record a notice concerns, with its review there.
struct NoticeMatch
{
    QString record;
    bool ownPaper = false; // the notice is about the record's own paper
    QStringList observations;
    NoticeReview review;
};

//! One notice as `notices` lists it.
struct NoticeEntry
{
    RecordNotice notice;
    QList<NoticeMatch> matches;
};

NoticeMatch matchOf(const CuratedRecord &curated, const RecordNotice &notice)
{
    return NoticeMatch { curated.shown.arxivId, notice.work == arxivDoi(curated.shown.arxivId),
        notice.observations, curated.noticeReview(notice.ref) };
}

//! "listed", "withdrawn" or "page" (an event the page itself reports).
QString statusKeyOf(const RecordNotice &notice)
{
    return notice.standing ? noticeStatusKey(notice.standing->status) : QStringLiteral("page");
}

QString statusTextOf(const RecordNotice &notice)
{
    if (!notice.standing)
        return QStringLiteral("reported by the page");
    return notice.standing->isListed() ? QStringLiteral("listed by the source")
                                       : QStringLiteral("withdrawn by the source");
}

QJsonValue textOrNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue() : QJsonValue(text);
}

QJsonObject reviewJson(const NoticeReview &review)
{
    return QJsonObject { { QStringLiteral("status"), review.status },
        { QStringLiteral("note"), textOrNull(review.note) },
        { QStringLiteral("author"), textOrNull(review.author) },
        { QStringLiteral("at"), textOrNull(review.at) },
        { QStringLiteral("conflict"), review.conflict } };
}

//! The JSON of one notice: the key names docs/notices.md lists.
QJsonObject noticeJson(const NoticeEntry &entry)
{
    const RecordNotice &n = entry.notice;
    const StandingNotice standing = n.standing.value_or(StandingNotice {});
    QJsonArray matches;
    for (const NoticeMatch &m : entry.matches) {
        matches.append(QJsonObject { { QStringLiteral("record"), m.record },
            { QStringLiteral("own_paper"), m.ownPaper },
            { QStringLiteral("observation_count"), m.observations.size() },
            { QStringLiteral("observations"), QJsonArray::fromStringList(m.observations) },
            { QStringLiteral("review"), reviewJson(m.review) } });
    }
    return QJsonObject { { QStringLiteral("ref"), n.ref },
        { QStringLiteral("source"), textOrNull(standing.source) },
        { QStringLiteral("source_id"), textOrNull(standing.sourceId) },
        { QStringLiteral("origin"), textOrNull(standing.origin) },
        { QStringLiteral("work"), n.work }, { QStringLiteral("title"), textOrNull(standing.title) },
        { QStringLiteral("journal"), textOrNull(standing.journal) },
        { QStringLiteral("kind"), eventKindKey(n.event.kind) },
        { QStringLiteral("nature"), natureText(n.event) },
        { QStringLiteral("replacement"), isReplacement(n.event) },
        { QStringLiteral("date"), n.event.date },
        { QStringLiteral("notice_doi"), textOrNull(n.event.notice) },
        { QStringLiteral("detail"), textOrNull(n.event.detail) },
        { QStringLiteral("event_source"), n.event.source },
        { QStringLiteral("urls"), textOrNull(standing.urls) },
        { QStringLiteral("status"), statusKeyOf(n) },
        { QStringLiteral("imported_at"), textOrNull(standing.importedAt) },
        { QStringLiteral("imported_by"), textOrNull(standing.importedBy) },
        { QStringLiteral("imported_from"), textOrNull(standing.importedFrom) },
        { QStringLiteral("listed_as_of"), textOrNull(standing.listedAsOf) },
        { QStringLiteral("review_observation"), noticeReviewObservation(n.ref) },
        { QStringLiteral("matches"), matches } };
}

QString reviewText(const NoticeReview &review)
{
    QString text = QStringLiteral("review: ") + review.status;
    if (!review.author.isEmpty() && review.status == u"unreviewed")
        text += QStringLiteral(" (a decision undone by %1, %2)").arg(review.author, review.at);
    else if (!review.author.isEmpty())
        text += QStringLiteral(" by %1, %2").arg(review.author, review.at);
    if (!review.note.isEmpty())
        text += QStringLiteral("; note “%1”").arg(review.note);
    if (review.conflict)
        text += QStringLiteral(" (conflicting decisions: the first is shown; decide again with "
                               "'ledger-curator review')");
    return text;
}

//! One readable block of lines for a notice; every text from data inert.
void writeNoticeText(const NoticeEntry &entry, QTextStream &out)
{
    const RecordNotice &n = entry.notice;
    out << "Notice " << terminalSafe(n.ref);
    if (n.standing && !n.standing->origin.isEmpty())
        out << " (" << terminalSafe(n.standing->origin) << ")";
    out << Qt::endl;
    out << "  work: " << terminalSafe(n.work);
    if (n.standing && !n.standing->title.isEmpty())
        out << " “" << terminalSafe(n.standing->title) << "”";
    if (n.standing && !n.standing->journal.isEmpty())
        out << ", " << terminalSafe(n.standing->journal);
    out << Qt::endl;
    out << "  kind: " << eventKindText(n.event.kind)
        << "; nature: " << terminalSafe(natureText(n.event))
        << (isReplacement(n.event) ? " (retracted and replaced)" : "")
        << "; date: " << terminalSafe(n.event.date) << Qt::endl;
    if (!n.event.notice.isEmpty())
        out << "  notice: " << terminalSafe(n.event.notice) << Qt::endl;
    if (!n.event.detail.isEmpty())
        out << "  detail: " << terminalSafe(n.event.detail) << Qt::endl;
    out << "  status: " << statusTextOf(n);
    if (n.standing && !n.standing->importedAt.isEmpty()) {
        out << "; imported " << terminalSafe(n.standing->importedAt);
        if (!n.standing->importedBy.isEmpty())
            out << " by " << terminalSafe(n.standing->importedBy);
        if (!n.standing->importedFrom.isEmpty())
            out << " from " << terminalSafe(n.standing->importedFrom);
    }
    out << Qt::endl;
    if (entry.matches.isEmpty())
        out << "  matches no cached record yet" << Qt::endl;
    for (const NoticeMatch &m : entry.matches) {
        out << "  arXiv:" << terminalSafe(m.record) << (m.ownPaper ? " (its own paper)" : "")
            << ": " << m.observations.size()
            << (m.observations.size() == 1 ? " observation; " : " observations; ")
            << terminalSafe(reviewText(m.review)) << Qt::endl;
    }
}

//! Every standing notice of the cache with the records it matches. Each record is read once and
//! matched through one lookup by work key a cited work: no notice is compared with every record.
Result<QList<NoticeEntry>> allNotices(const Store &store, const QList<StandingNotice> &notices)
{
    const NoticeIndex byWork = noticesByWork(notices);
    QList<NoticeEntry> entries;
    QHash<QString, qsizetype> byRef;
    for (const StandingNotice &n : notices) {
        byRef.insert(n.ref(), entries.size());
        SourceEvent event = n.event;
        event.noticeRef = n.ref();
        entries.append(NoticeEntry { RecordNotice { n.ref(), n.work, event, n, {} }, {} });
    }
    const Status visited = forEachCuratedRecord(store, [&](const CuratedRecord &curated) {
        for (const RecordNotice &notice : recordNotices(curated, byWork)) {
            if (const auto it = byRef.constFind(notice.ref); notice.standing && it != byRef.cend())
                entries[*it].matches.append(matchOf(curated, notice));
        }
    });
    if (!visited)
        return visited.error();
    return entries;
}

} // namespace

void noticesOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("RECORD"),
        QStringLiteral("arXiv id of a record: only the notices that concern it, with the events "
                       "its page reports."),
        QStringLiteral("[RECORD]"));
    parser.addOption(kJsonOption);
}

int runNotices(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments().mid(1);
    if (args.size() > 1)
        return usage(
            QStringLiteral("notices: name at most one RECORD"), err, QStringLiteral("notices"));
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    auto notices = store->notices();
    if (!notices)
        return report(notices.error(), err);
    QList<NoticeEntry> entries;
    QString record;
    if (!args.isEmpty()) {
        auto curated = loadRecordArgument(*store, args.first());
        if (!curated)
            return report(curated.error(), err);
        record = curated->shown.arxivId;
        for (const RecordNotice &notice : recordNotices(*curated, noticesByWork(*notices)))
            entries.append(NoticeEntry { notice, { matchOf(*curated, notice) } });
    } else {
        auto all = allNotices(*store, *notices);
        if (!all)
            return report(all.error(), err);
        entries = std::move(*all);
    }
    if (parser.isSet(kJsonOption)) {
        QJsonArray array;
        for (const NoticeEntry &entry : std::as_const(entries))
            array.append(noticeJson(entry));
        const QJsonObject document { { QStringLiteral("record"), textOrNull(record) },
            { QStringLiteral("count"), entries.size() }, { QStringLiteral("notices"), array } };
        out << terminalSafeJson(QJsonDocument(document).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    qsizetype listed = 0;
    qsizetype withdrawn = 0;
    qsizetype unmatched = 0;
    for (const NoticeEntry &entry : std::as_const(entries)) {
        if (entry.notice.standing)
            ++(entry.notice.standing->isListed() ? listed : withdrawn);
        unmatched += entry.matches.isEmpty() ? 1 : 0;
    }
    if (!record.isEmpty())
        out << "arXiv:" << terminalSafe(record) << ": ";
    out << entries.size() << (entries.size() == 1 ? " notice: " : " notices: ") << listed
        << " listed and " << withdrawn << " withdrawn by the source";
    if (record.isEmpty())
        out << "; " << unmatched << " match no cached record yet";
    else
        out << ", " << entries.size() - listed - withdrawn << " reported by the page";
    out << Qt::endl;
    for (const NoticeEntry &entry : std::as_const(entries)) {
        out << Qt::endl;
        writeNoticeText(entry, out);
    }
    return ExitOk;
}

// --- review --------------------------------------------------------------------------------------

namespace {

const QCommandLineOption kStatusOption(QStringLiteral("status"),
    QStringLiteral("The decision: acknowledged, dismissed or escalated."),
    QStringLiteral("STATUS"));
const QCommandLineOption kNoteOption(QStringLiteral("note"),
    QStringLiteral("A note on the decision, one line (none: the decision has no note)."),
    QStringLiteral("TEXT"));

const QStringList kDecisions
    = { QStringLiteral("acknowledged"), QStringLiteral("dismissed"), QStringLiteral("escalated") };

} // namespace

void reviewOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(
        QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record."));
    parser.addPositionalArgument(QStringLiteral("NOTICE"),
        QStringLiteral("The notice, as its source names it: a Retraction Watch Record ID "
                       "(51234), the notice's DOI, or the identifier 'ledger-curator notices "
                       "RECORD' shows (retraction-watch:51234)."));
    parser.addOption(kStatusOption);
    parser.addOption(kNoteOption);
    parser.addOption(kAuthorOption);
}

int runReview(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 3)
        return usage(
            QStringLiteral("review: name RECORD and NOTICE"), err, QStringLiteral("review"));
    if (!parser.isSet(kStatusOption))
        return usage(QStringLiteral("review: --status acknowledged, dismissed or escalated is "
                                    "needed"),
            err, QStringLiteral("review"));
    const QString decision = parser.value(kStatusOption).trimmed().toLower();
    if (!kDecisions.contains(decision))
        return usage(QStringLiteral("review: --status takes acknowledged, dismissed or escalated, "
                                    "found '%1'")
                         .arg(terminalSafe(parser.value(kStatusOption).left(40))),
            err, QStringLiteral("review"));
    std::optional<QString> note;
    if (parser.isSet(kNoteOption)) {
        const CurationValue value = normalizeCurationValue(
            CurationField::ReviewNote, parser.value(kNoteOption), Record {}, QString());
        if (!value.ok())
            return report(Error::badInput(QStringLiteral("--note: %1").arg(value.error)), err);
        note = value.value;
    }
    if (lacksAuthor(parser))
        return report(noCuratorName(), err);
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    auto curated = loadRecordArgument(*store, args[1]);
    if (!curated)
        return report(curated.error(), err);
    auto author = authorFor(parser, *store);
    if (!author)
        return report(author.error(), err);
    auto all = store->notices();
    if (!all)
        return report(all.error(), err);
    const NoticeIndex byWork = noticesByWork(*all);
    const QString &record = curated->shown.arxivId;
    auto notice = findRecordNotice(recordNotices(*curated, byWork), args[2], record, byWork);
    if (!notice)
        return report(notice.error(), err);
    const QString observation = noticeReviewObservation(notice->ref);
    // One decision: the status and its note, at one time, in one transaction.
    auto recorded = recordEdits(*store, *curated,
        { FieldEdit { observation, CurationField::Review, decision },
            FieldEdit { observation, CurationField::ReviewNote, note } },
        *author);
    if (!recorded)
        return report(recorded.error(), err);
    const qsizetype covered = notice->observations.size();
    const QString withdrawn = notice->standing && !notice->standing->isListed()
        ? QStringLiteral(" (withdrawn by the source)")
        : QString();
    if (recorded->recordedNothing()) {
        const NoticeReview review = curated->noticeReview(notice->ref);
        out << terminalSafe(record) << ": notice " << terminalSafe(notice->label()) << withdrawn
            << " is already reviewed as " << decision << " by " << terminalSafe(review.author)
            << "; nothing recorded" << Qt::endl;
        return ExitOk;
    }
    out << terminalSafe(record) << ": notice " << terminalSafe(notice->label()) << withdrawn
        << " reviewed as " << decision << " by " << terminalSafe(*author) << "; covers " << covered
        << (covered == 1 ? " observation" : " observations") << Qt::endl;
    const Observation upstream = reviewUpstreamOf(*notice);
    for (const WrittenEdit &change : std::as_const(recorded->edits))
        out << "  " << terminalSafe(describeChange(change, upstream)) << Qt::endl;
    return ExitOk;
}

} // namespace LedgerCurator::Cli
