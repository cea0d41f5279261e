// SPDX-License-Identifier: GPL-3.0-or-later
// The page written straight from the cache's rows (RecordStream.h, PageStream.h) against the
// page of the record Store::loadCurated() makes: the same bytes, text and JSON, to a file and to
// a terminal, shown and upstream, with and without standing notices, on records with every
// feature of the format, unusual text and one large enough to be read on two threads; a record
// with corrections is not streamed.
#include "CuratedRecord.h"
#include "DisplayText.h"
#include "LedgerText.h"
#include "RecordFixtures.h"
#include "RecordJson.h"
#include "RecordStream.h"
#include "RetractionCsv.h"
#include "Store.h"

#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

//! The page as `render` writes it from the whole record.
QByteArray wholePage(const Record &record, PageStream::Format format, PageStream::Target target)
{
    const bool terminal = target == PageStream::Target::Terminal;
    if (format == PageStream::Format::Json) {
        const QByteArray json = writeRecordJson(record);
        return terminal ? DisplayText::forJsonTerminal(QString::fromUtf8(json)).toUtf8() : json;
    }
    const QString text = renderLedgerText(record);
    return (terminal ? DisplayText::forTerminal(text, DisplayText::Lines::Keep) : text).toUtf8();
}

//! The streamed page; nullopt when the record is not streamed.
std::optional<QByteArray> streamedPage(const Store &store, const QString &id, bool upstream,
    PageStream::Format format, PageStream::Target target, qsizetype *pieces = nullptr)
{
    auto stream = RecordStream::open(store, id, upstream);
    if (!stream) {
        qWarning() << stream.error().message;
        return QByteArray("(failed)");
    }
    if (!*stream)
        return std::nullopt;
    QByteArray out;
    qsizetype count = 0;
    const Status written = (*stream)->write(format, target, [&](QByteArrayView bytes) {
        out += bytes;
        ++count;
        return true;
    });
    if (!written)
        return QByteArray("(failed) ") + written.error().message.toUtf8();
    if (pieces)
        *pieces = count;
    return out;
}

//! Every format, target and page (shown, upstream) of `id`, streamed and whole, compared.
bool samePages(const Store &store, const QString &id)
{
    const auto curated = store.loadCurated(id);
    if (!curated || !curated->has_value())
        return false;
    bool same = true;
    for (const bool upstream : { false, true }) {
        const Record &record = upstream ? (*curated)->upstream : (*curated)->shown;
        for (const auto format : { PageStream::Format::Text, PageStream::Format::Json }) {
            for (const auto target : { PageStream::Target::File, PageStream::Target::Terminal }) {
                const auto streamed = streamedPage(store, id, upstream, format, target);
                if (!streamed) {
                    qWarning() << "not streamed:" << id << upstream;
                    same = false;
                    continue;
                }
                const QByteArray whole = wholePage(record, format, target);
                if (*streamed != whole) {
                    qsizetype at = 0;
                    while (
                        at < whole.size() && at < streamed->size() && whole[at] == (*streamed)[at])
                        ++at;
                    qWarning().noquote()
                        << id << "upstream" << upstream << "format" << int(format) << "target"
                        << int(target) << "differs at byte" << at
                        << "\nwhole:    " << whole.mid(std::max<qsizetype>(0, at - 60), 120)
                        << "\nstreamed: " << streamed->mid(std::max<qsizetype>(0, at - 60), 120);
                    same = false;
                }
            }
        }
    }
    return same;
}

//! Runs `statements` on the cache at `path` through a connection of its own, as a program other
//! than this one would: each must change exactly one row. Empty when they all did, else what
//! went wrong.
QString changeBehindTheBack(const QString &path, const QStringList &statements)
{
    const QString name = QStringLiteral("behind-the-back");
    QString problem;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        if (!db.open())
            problem = db.lastError().text();
        QSqlQuery query(db);
        for (const QString &statement : statements) {
            if (!problem.isEmpty())
                break;
            if (!query.exec(statement))
                problem = query.lastError().text();
            else if (query.numRowsAffected() != 1)
                problem = QStringLiteral("%1 rows changed by: %2")
                              .arg(query.numRowsAffected())
                              .arg(statement);
        }
    }
    QSqlDatabase::removeDatabase(name);
    return problem;
}

QString newUuid()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces).toLower();
}

//! The fixture page grown to `inbound` inbound observations (read on two threads), their titles
//! in several scripts, with bidi controls and characters beyond the BMP.
Record largeRecord(qsizetype inbound)
{
    Record record = fixtureRecord();
    QList<Observation> outbound, in;
    for (const Observation &o : std::as_const(record.observations))
        (o.direction == Direction::Outbound ? outbound : in).append(o);
    const QStringList odd = { QStringLiteral("Über die Größe ✓"), QStringLiteral("日本語の題名"),
        QStringLiteral("right\u202eto left"), QStringLiteral("math 𝔸𝔹 – × ﻿zero width"),
        QStringLiteral("plain ascii title"), QStringLiteral("quote \" and back\\slash"),
        // Every character a terminal's JSON spells beyond ASCII, and its neighbours, which it
        // does not, each on its own between ASCII letters (the writer tells them apart from the
        // UTF-8 bytes of such a run); the C1 controls, U+2028 and
        // U+2029, which a title cannot hold, in
        // bytesThatAreNotUtf8AreSpelledAsTheWholePageSpellsThem().
        QStringLiteral(
            "latin \u00a0 x \u00a9 arabic \u061b x \u061c x \u061d marks \u200d x \u200e x "
            "\u200f x \u2010 x \u2027 x \u202a x \u202e x \u202f isolates \u2065 x "
            "\u2066 x \u2069 x \u206a dashes \u2013\u201c\u201d emoji \U0001F600 end") };
    QList<Observation> grown = outbound;
    for (qsizetype i = 0; i < inbound; ++i) {
        Observation o = in[i % in.size()];
        o.id = newUuid();
        if (i % 3 == 0)
            o.citingTitle = odd[i % odd.size()] + QString::number(i);
        if (i % 7 == 0)
            o.events = unavailable("the source did not answer");
        grown.append(o);
    }
    record.observations = grown;
    record.stated.inbound = inbound;
    return record;
}

} // namespace

class TestPageStream : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        m_store = std::make_unique<Store>(
            m_dir.filePath(QStringLiteral("cache-%1.sqlite").arg(m_cacheCount++)));
        QVERIFY(m_store->open());
    }
    void cleanup() { m_store.reset(); }

    void samePageAsTheWholeRecord()
    {
        QVERIFY(m_store->importRecords({ fixtureRecord(), sampleRecord() }));
        QVERIFY(samePages(*m_store, fixtureRecord().arxivId));
        QVERIFY(samePages(*m_store, sampleRecord().arxivId));
    }

    void samePageWithStandingNotices()
    {
        QVERIFY(m_store->importRecords({ fixtureRecord(), sampleRecord() }));
        // The sample's first notice is about the fixture's own paper: every inbound observation
        // citing it shows the notice (through applyCorrections(), row by row).
        const auto csv
            = readRetractionCsvFile(QStringLiteral(LC_TEST_DATA_DIR "/retractions-sample.csv"));
        QVERIFY(csv);
        QVERIFY(m_store->importNotices(
            standingNotices(*csv, QStringLiteral("2026-09-01T00:00:00.000Z")).notices));
        const auto curated = m_store->loadCurated(fixtureRecord().arxivId);
        QVERIFY(curated && curated->has_value());
        QVERIFY((*curated)->shown != (*curated)->upstream); // the notices show
        QVERIFY(samePages(*m_store, fixtureRecord().arxivId));
        QVERIFY(samePages(*m_store, sampleRecord().arxivId));
    }

    void samePageOfALargeRecord()
    {
        const Record large = largeRecord(6000);
        const auto imported = m_store->importRecords({ large });
        QVERIFY2(imported, qPrintable(imported ? QString() : imported.error().message));
        qsizetype pieces = 0;
        QVERIFY(streamedPage(*m_store, large.arxivId, false, PageStream::Format::Text,
            PageStream::Target::File, &pieces));
        QVERIFY(pieces > 1); // written in pieces, not held whole
        QVERIFY(samePages(*m_store, large.arxivId));
        const auto csv
            = readRetractionCsvFile(QStringLiteral(LC_TEST_DATA_DIR "/retractions-sample.csv"));
        QVERIFY(csv);
        QVERIFY(m_store->importNotices(
            standingNotices(*csv, QStringLiteral("2026-09-01T00:00:00.000Z")).notices));
        QVERIFY(samePages(*m_store, large.arxivId));
    }

    void aRecordWithCorrectionsIsNotStreamed()
    {
        const Record record = fixtureRecord();
        QVERIFY(m_store->importRecords({ record }));
        const Observation &o = record.observations.constLast();
        QVERIFY(m_store->addCorrections({ makeEdit(FieldState {}, record.arxivId, o.id,
            CurationField::State, QStringLiteral("verified_exact"), QStringLiteral("alice"),
            QStringLiteral("2026-11-29T10:00:00.000Z")) }));
        QVERIFY(!streamedPage(
            *m_store, record.arxivId, false, PageStream::Format::Text, PageStream::Target::File));
        // The page as stored still is, the same as the whole record's upstream page.
        const auto curated = m_store->loadCurated(record.arxivId);
        QVERIFY(curated && curated->has_value());
        QVERIFY((*curated)->shown != (*curated)->upstream);
        for (const auto format : { PageStream::Format::Text, PageStream::Format::Json })
            QCOMPARE(
                *streamedPage(*m_store, record.arxivId, true, format, PageStream::Target::Terminal),
                wholePage((*curated)->upstream, format, PageStream::Target::Terminal));
    }

    void aRecordOutOfOrderIsRefusedNotMiswritten()
    {
        // validateRecord() keeps every way into the cache from storing an outbound observation
        // after an inbound one; a cache changed behind the program's back is refused by the
        // text stream (its outbound section is written by then), never written wrongly. JSON has
        // no sections: still the whole record's bytes.
        const Record record = fixtureRecord();
        QVERIFY(m_store->importRecords({ record }));
        const QString changed = changeBehindTheBack(m_store->path(),
            { QStringLiteral("UPDATE observations SET direction = 0 WHERE position = (SELECT "
                             "MAX(position) FROM observations)") });
        QVERIFY2(changed.isEmpty(), qPrintable(changed));
        const auto text = streamedPage(
            *m_store, record.arxivId, false, PageStream::Format::Text, PageStream::Target::File);
        QVERIFY(text && text->startsWith("(failed)"));
        QVERIFY(text->contains("out of order"));
        const auto curated = m_store->loadCurated(record.arxivId);
        QVERIFY(curated && curated->has_value());
        QCOMPARE(*streamedPage(*m_store, record.arxivId, false, PageStream::Format::Json,
                     PageStream::Target::File),
            wholePage((*curated)->shown, PageStream::Format::Json, PageStream::Target::File));
    }

    void bytesThatAreNotUtf8AreSpelledAsTheWholePageSpellsThem()
    {
        // Titles changed behind the program's back: into bytes that are not UTF-8, and into C1
        // controls, U+2028 and U+2029 (which no import lets into a title), among other scripts.
        // To a terminal the streamed JSON spells them as the whole record's does.
        const Record record = largeRecord(40);
        QVERIFY(m_store->importRecords({ record }));
        const QString changed = changeBehindTheBack(m_store->path(),
            { QStringLiteral("UPDATE observations SET citing_title = CAST(X'E697A5C3E8AA9EFF2078' "
                             "AS TEXT) WHERE position = (SELECT MAX(position) FROM observations)"),
                QStringLiteral(
                    "UPDATE observations SET citing_title = "
                    "CAST(X'E697A578E280A878E8AA9E78E280A978C2A978C28078C29F78C2A0' AS "
                    "TEXT) WHERE position = (SELECT MIN(position) FROM observations)") });
        QVERIFY2(changed.isEmpty(), qPrintable(changed));
        const auto curated = m_store->loadCurated(record.arxivId);
        QVERIFY(curated && curated->has_value());
        const QByteArray whole
            = wholePage((*curated)->shown, PageStream::Format::Json, PageStream::Target::Terminal);
        QVERIFY(whole.contains("\xEF\xBF\xBD")); // U+FFFD, as Qt decodes what is not UTF-8
        QCOMPARE(*streamedPage(*m_store, record.arxivId, false, PageStream::Format::Json,
                     PageStream::Target::Terminal),
            whole);
    }

    void noRecordIsNotStreamed()
    {
        QVERIFY(!streamedPage(*m_store, QStringLiteral("2101.00001"), false,
            PageStream::Format::Json, PageStream::Target::File));
    }

private:
    QTemporaryDir m_dir;
    int m_cacheCount = 0;
    std::unique_ptr<Store> m_store;
};

QTEST_GUILESS_MAIN(TestPageStream)
#include "tst_pagestream.moc"
