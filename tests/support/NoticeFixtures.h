// SPDX-License-Identifier: GPL-3.0-or-later
// What the tests of standing notices share (tst_notices, tst_noticeimport; lc_test_notices): the
// Retraction Watch rows about the fixture's paper and what they become on its observations, a
// cache in a temporary folder worked on through the real ledger-curator, and reading it back.
#pragma once

#include "CuratedRecord.h"
#include "Record.h"
#include "TestSupport.h"

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>
#include <optional>

namespace LedgerCurator::TestSupport::NoticeFixtures {

//! The fixture's record and its paper's work key.
extern const QString kRecord;
extern const QString kPaperKey;
//! The six inbound observations of the fixture whose basis is "no resolver link".
extern const QStringList kUnresolved;

//! The real export's header and the rows of RetractionRows.h.
extern const QByteArray kHeader;
extern const QByteArray kPaperRetraction;
extern const QByteArray kPaperCorrection;
extern const QByteArray kOtherRetraction;
//! The work key of kOtherRetraction's work.
extern const QString kOtherKey;

//! What the paper retraction row becomes on an observation.
SourceEvent paperRetraction();
//! An event as a page carries it: no nature or notice identity of a standing notice.
SourceEvent pageForm(SourceEvent event);
//! A record's events as its page carries them (pageForm() of each).
Record pageFormOf(Record record);

//! How often `event` is among `events`.
qsizetype countOf(const QList<SourceEvent> &events, const SourceEvent &event);
//! The ids of the shown observations that list `event`.
QStringList idsListing(const Record &record, const SourceEvent &event);
//! The observation `id` of `record`, or null.
const Observation *findObservation(const Record &record, const QString &id);
//! The record `id` of the cache `db` with its corrections and notices; nothing (with a warning)
//! when the cache or the record cannot be read.
std::optional<CuratedRecord> loadCuratedFrom(const QString &db, const QString &id = kRecord);
//! The notices the cache `db` holds; -1 when it cannot be read.
qint64 noticeCountOf(const QString &db);
QStringList sorted(QStringList list);

//! A test case on a cache of its own in a temporary folder, worked on through the real
//! ledger-curator. The test's init() calls makeCache().
class NoticeCliCase : public QObject
{
protected:
    //! A new temporary folder and the path of a cache in it (not made yet).
    void makeCache();
    //! ledger-curator with `arguments` on the cache (or on `db`).
    CliRun run(QStringList arguments, const QString &db = {}) const;
    //! Writes a file of the temporary folder: its path, or empty when it cannot be written.
    QString writeFile(const QString &name, const QByteArray &bytes) const;
    //! `render` of the fixture's record in `format`.
    QByteArray render(const QString &format = QStringLiteral("text"), const QString &db = {}) const;
    //! Imports the fixture page, then `rows` (a notices file with the header, kept in m_csv).
    void importFixtureAndNotices(const QByteArray &rows = kPaperRetraction);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
    QString m_csv;
};

} // namespace LedgerCurator::TestSupport::NoticeFixtures
