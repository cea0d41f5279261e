// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the commands that write corrections share (curate, undo and history in CliCurate.cpp;
// review and notices in CliNotices.cpp): the author of a correction, writing signed corrections
// through the Store, and the notices that concern a record, found by the identifier the source
// gives them.

#include "CorrectionWriter.h"
#include "CuratedRecord.h"
#include "CurationLog.h"
#include "Notices.h"
#include "Result.h"

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <optional>

namespace LedgerCurator {

class Store;

namespace Cli {

//! --author NAME, of every command that writes corrections.
extern const QCommandLineOption kAuthorOption;

//! Neither --author nor a configured name: told before the cache is opened.
bool lacksAuthor(const QCommandLineParser &parser);
//! The error for lacksAuthor().
Error noCuratorName();

//! The author of the corrections: the configured curator name. --author may repeat it, or name
//! someone else in a cache that has never synced (a scratch cache, a test); once a cache has
//! synced, its corrections go to a server that takes only the name its token was issued to, and
//! the signing key is the configured curator's.
Result<QString> authorFor(const QCommandLineParser &parser, const Store &store);

//! Records `edits` of `curated` by `author` through the one CorrectionWriter (the author's key
//! loaded, made on first use): an edit whose field already shows its value records nothing; the
//! others are signed and stored in one transaction, all or none.
Result<WrittenCorrections> recordEdits(Store &store, const CuratedRecord &curated,
    const QList<FieldEdit> &edits, const QString &author);

//! A value of a field as a person reads it, with the upstream value where it is nullopt:
//! "verified exact", "142 (upstream)", "(upstream: none)": describeCorrectionValue(), which the
//! corrections report shares (CorrectionReport.h).
QString describeValue(
    CurationField field, const std::optional<QString> &value, const Observation &upstream);
//! One line for a WrittenEdit: "state: unresolved (upstream) -> verified exact (correction
//! ID)", or "note is already X; nothing to record". Not inert.
QString describeChange(const WrittenEdit &change, const Observation &upstream);

//! A notice that concerns a record: a standing notice about its own paper or a work one of its
//! shown observations cites (listed or withdrawn by the source), or an event its page reports.
struct RecordNotice
{
    QString ref; // noticeRefOf(): "retraction-watch:51234", "doi:...", "event:..."
    QString work; // the work's key ("title:" + cited title where no identifier is known)
    SourceEvent event;
    std::optional<StandingNotice> standing; // nullopt: an event the page itself reports
    QStringList observations; // the shown observations whose cited work it concerns
    //! "retraction-watch:51234 (Retraction · 2024-03-01)", as a person reads it (not inert).
    QString label() const;
};

//! The notices that concern the record, newest first. `all` holds every standing notice of the
//! cache by work key (listed and withdrawn: noticesByWork()).
QList<RecordNotice> recordNotices(const CuratedRecord &curated, const NoticeIndex &all);

//! Every standing notice (Store::notices()) by work key.
NoticeIndex noticesByWork(const QList<StandingNotice> &notices);

//! The notice that NOTICE names among `notices` (those of `record`): its full ref, a Retraction
//! Watch Record ID ("51234"), its review observation's UUID, or its notice DOI in any case, with
//! or without "https://doi.org/" or "doi:". Bad input when it names none or (a DOI) more than one.
//! `all` names the notices of the cache, to tell a notice that concerns another work.
Result<RecordNotice> findRecordNotice(const QList<RecordNotice> &notices, const QString &argument,
    const QString &record, const NoticeIndex &all);

//! What a review's values are described against (describeValue()): an observation that carries
//! the notice, unreviewed, whose id is the notice's review observation.
Observation reviewUpstreamOf(const RecordNotice &notice);

//! The notice of the record whose review observation is `observation`, if any.
std::optional<RecordNotice> noticeOfReviewObservation(
    const QList<RecordNotice> &notices, const QString &observation);

} // namespace Cli

} // namespace LedgerCurator
