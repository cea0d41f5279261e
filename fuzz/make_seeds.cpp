// SPDX-License-Identifier: GPL-3.0-or-later
// Writes the seed corpora of the fuzz targets from tests/data with the app's own readers and
// writers: `lc_fuzz_seeds OUTDIR` fills OUTDIR/NAME/ for every target. The seeds kept in
// fuzz/corpus/ were written by it; run it again when a format changes.

#include "EventJson.h"
#include "LedgerText.h"
#include "RecordJson.h"

#include <QDir>
#include <QFile>

#include <cstdio>

using namespace LedgerCurator;

namespace {

QString outDir;

void write(const QString &target, const QString &name, const QByteArray &bytes)
{
    QDir().mkpath(outDir + u'/' + target);
    QFile file(outDir + u'/' + target + u'/' + name);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(file.fileName()));
        std::exit(1);
    }
}

QByteArray readData(const char *name)
{
    QFile file(QStringLiteral(LC_TEST_DATA_DIR "/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "cannot read %s\n", qPrintable(file.fileName()));
        std::exit(1);
    }
    return file.readAll();
}

//! The page with only its first `count` observations, made to show every kind of block:
//! an outbound one with a reference, found events with notices and details, unavailable events,
//! a curation mark.
Record smallRecord(const Record &page, qsizetype count)
{
    Record r = page;
    r.observations = page.observations.mid(0, count);
    for (qsizetype i = 0; i < r.observations.size(); ++i) {
        Observation &o = r.observations[i];
        o.state = kAllResolutionStates[i % kResolutionStateCount];
        if (i == 0) {
            o.direction = Direction::Outbound;
            o.reference = 12;
        }
        if (i == 1) {
            o.events.status = EventsCheck::Status::Found;
            o.events.events = { SourceEvent { EventKind::Retraction, QStringLiteral("2024-03-01"),
                                    QStringLiteral("retraction_status_cache"),
                                    QStringLiteral("10.1234/retract.2104"),
                                    QStringLiteral("Duplication of Article") },
                SourceEvent { EventKind::Correction, QStringLiteral("2024-04-02"),
                    QStringLiteral("scholarly_work_events"), QString(), QString() } };
        }
        if (i == 2) {
            o.events.status = EventsCheck::Status::Unavailable;
            o.events.asOf.clear();
            o.events.reason = QStringLiteral("the source did not answer");
        }
    }
    return r;
}

CorrectionEvent event(int i, CurationField field, std::optional<QString> value)
{
    CorrectionEvent e;
    e.id = QStringLiteral("00000000-0000-4000-8000-%1").arg(i, 12, 10, QLatin1Char('0'));
    e.record = QStringLiteral("2104.04473");
    e.observation = QStringLiteral("a4d62a99-e85b-4e0d-86d5-17278d726ffe");
    e.field = field;
    e.value = std::move(value);
    e.author = QStringLiteral("ada");
    e.createdAt = QStringLiteral("2026-08-05T10:00:%1.000Z").arg(i % 60, 2, 10, QLatin1Char('0'));
    e.seq = 100 + i;
    if (i > 1)
        e.parents
            = { QStringLiteral("00000000-0000-4000-8000-%1").arg(i - 1, 12, 10, QLatin1Char('0')) };
    return e;
}

QByteArray eventPage(const QList<CorrectionEvent> &events, qint64 lastSeq, qint64 latestSeq)
{
    QByteArray out = "{\"events\":";
    appendCorrectionsJson(out, events);
    return out + ",\"last_seq\":" + QByteArray::number(lastSeq)
        + ",\"latest_seq\":" + QByteArray::number(latestSeq)
        + ",\"more\":" + (lastSeq < latestSeq ? "true" : "false") + '}';
}

QByteArray request(const QByteArray &line, const QByteArray &token, const QByteArray &body = {},
    const QByteArray &extra = {})
{
    QByteArray out = line + " HTTP/1.1\r\nHost: localhost\r\n";
    if (!token.isEmpty())
        out += "Authorization: Bearer " + token + "\r\n";
    if (!body.isEmpty())
        out += "Content-Type: application/json\r\nContent-Length: "
            + QByteArray::number(body.size()) + "\r\n";
    return out + extra + "\r\n" + body;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: lc_fuzz_seeds OUTDIR\n");
        return 2;
    }
    outDir = QString::fromLocal8Bit(argv[1]);
    const QByteArray pageText = readData("ledger-2104.04473.txt");
    const auto page = parseLedgerText(pageText, QStringLiteral("ledger-2104.04473.txt"));
    if (!page) {
        std::fprintf(stderr, "%s\n", qPrintable(page.error().toString()));
        return 1;
    }
    const Record small = smallRecord(page->record, 4);
    Record none = page->record;
    none.observations.clear();
    Record curated = smallRecord(page->record, 2);
    curated.observations[1].curation.edit().note = QStringLiteral("checked against the PDF");
    curated.observations[1].curation.edit().review = QStringLiteral("acknowledged");
    curated.observations[1].curation.edit().conflicts = { QStringLiteral("state") };

    write(QStringLiteral("ledger_text"), QStringLiteral("page-2104.04473.txt"), pageText);
    write(QStringLiteral("ledger_text"), QStringLiteral("page-small.txt"),
        renderLedgerText(small).toUtf8());
    write(QStringLiteral("ledger_text"), QStringLiteral("page-none.txt"),
        renderLedgerText(none).toUtf8());

    write(
        QStringLiteral("record_json"), QStringLiteral("record-small.json"), writeRecordJson(small));
    write(QStringLiteral("record_json"), QStringLiteral("record-none.json"), writeRecordJson(none));
    write(QStringLiteral("record_json"), QStringLiteral("record-curated.json"),
        writeRecordJson(curated));
    write(QStringLiteral("record_json"), QStringLiteral("record-2104.04473.json"),
        writeRecordJson(page->record));

    const QList<CorrectionEvent> events
        = { event(1, CurationField::State, QStringLiteral("verified_exact")),
              event(2, CurationField::Note, QStringLiteral("checked \"twice\" \u00e9")),
              event(3, CurationField::Note, std::nullopt),
              event(4, CurationField::Reference, QStringLiteral("12")),
              event(5, CurationField::Excluded, QStringLiteral("yes")),
              event(6, CurationField::DuplicateOf,
                  QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2")),
              event(7, CurationField::Review, QStringLiteral("acknowledged")),
              event(8, CurationField::Identifier, QStringLiteral("arXiv:2104.04473")) };
    write(QStringLiteral("event_page"), QStringLiteral("page-events.json"),
        eventPage(events, 108, 108));
    write(QStringLiteral("event_page"), QStringLiteral("page-more.json"),
        eventPage(events.mid(0, 2), 102, 5000));
    write(QStringLiteral("event_page"), QStringLiteral("page-empty.json"), eventPage({}, 7, 7));
    write(QStringLiteral("event_page"), QStringLiteral("page-indented.json"),
        "{\n  \"more\": false,\n  \"latest_seq\": 101,\n  \"last_seq\": 101,\n  \"events\": "
            + eventPage(events.mid(0, 1), 101, 101)
                  .mid(10, eventPage(events.mid(0, 1), 101, 101).indexOf(",\"last_seq\"") - 10)
            + "\n}\n");

    const QByteArray csv = readData("retractions-sample.csv");
    write(QStringLiteral("retraction_csv"), QStringLiteral("retractions-sample.csv"), csv);
    const qsizetype firstRow = csv.indexOf('\n') + 1;
    write(QStringLiteral("retraction_csv"), QStringLiteral("one-row.csv"),
        csv.left(csv.indexOf('\n', firstRow) + 1));
    write(QStringLiteral("retraction_csv"), QStringLiteral("quoted.csv"),
        csv.left(firstRow).replace('\n', "\r\n")
            + "1,\"A \"\"quoted\"\"\r\ntitle\",S,I,J,P,C,A,https://x.example,Preprint;,12/31/2023,"
              "doi:10.1/X,0,1/1/2020 0:00,https://doi.org/10.48550/arXiv.2104.04473,0,Expression "
              "of concern,"
              "+Error in Data;,No,\"note, with comma\"\r\n");

    const QByteArray recordBody = writeRecordJson(small);
    const QByteArray postBody = "{\"events\":" + [&] {
        QByteArray out;
        appendCorrectionsJson(out, events.mid(0, 3));
        return out;
    }() + '}';
    const QString server = QStringLiteral("server_request");
    write(server, QStringLiteral("health.http"), request("GET /v1/health", {}));
    write(server, QStringLiteral("records.http"),
        request("GET /v1/records", "@reader@", {}, "If-None-Match: W/\"abc\", *\r\n"));
    write(server, QStringLiteral("record-get.http"),
        request(
            "GET /v1/records/arXiv%3A2104.04473v5", "@reader@", {}, "If-None-Match: \"0123\"\r\n"));
    write(server, QStringLiteral("record-put.http"),
        request("PUT /v1/records/2104.04473", "@admin@", recordBody));
    write(server, QStringLiteral("events-get.http"),
        request("GET /v1/events?after=0&limit=10", "@reader@"));
    write(server, QStringLiteral("events-post.http"),
        request("POST /v1/events", "@curator@", postBody));
    write(server, QStringLiteral("events-forbidden.http"),
        request("POST /v1/events", "@reader@", postBody));
    write(server, QStringLiteral("wrong-method.http"), request("DELETE /v1/events", "@admin@"));
    write(server, QStringLiteral("chunked.http"),
        "POST /v1/events HTTP/1.1\r\nAuthorization: Bearer @curator@\r\nContent-Type: "
        "application/json; charset=utf-8\r\n"
        "Transfer-Encoding: chunked\r\n\r\n"
            + postBody);
    return 0;
}
