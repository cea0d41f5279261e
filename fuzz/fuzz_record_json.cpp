// SPDX-License-Identifier: GPL-3.0-or-later
// Record JSON through both readers: the direct one (readRecordJson) and the QJsonDocument path
// (readRecordJsonThroughDocument). Both must give the same record (null and empty strings
// alike) or the same message at the same line, as tests/tst_recordjsonreader.cpp compares them;
// a record read must be valid, and what writeRecordJson writes of it must be QJsonDocument's bytes
// and read back as the same record.

#include "FuzzSupport.h"
#include "RecordJson.h"

#include <QJsonDocument>

using namespace LedgerCurator;

namespace {

//! Every string of the record, in a fixed order, with whether it is null.
QString strings(const Record &r)
{
    QList<QString> all { r.schema, r.arxivId, r.title, r.asOf };
    for (const CoverageFacet &f : r.coverage)
        all << f.description << f.observedAt << f.sources;
    for (const ExternalMeasurement &m : r.measurements)
        all << m.source << m.observedAt;
    for (const Observation &o : r.observations) {
        all << o.id << o.citingTitle << o.citedTitle << o.basis << o.observedAt << o.events.asOf
            << o.events.reason;
        for (const SourceEvent &e : o.events.events)
            all << e.date << e.source << e.notice << e.detail;
        const CurationInfo &c = *o.curation;
        all << c.mark << c.identifier << c.note << c.duplicateOf << c.review << c.reviewNote
            << c.conflicts;
    }
    QString out;
    for (const QString &s : std::as_const(all))
        out += (s.isNull() ? QStringLiteral("(null)") : u'"' + s + u'"') + u'\n';
    return out;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::quietMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray text = Fuzz::bytesOf(data, size);
    const QString file = QStringLiteral("record.json");
    const Result<Record> direct = readRecordJson(text, file);
    const Result<Record> document = readRecordJsonThroughDocument(text, file);
    LC_FUZZ_CHECK(direct.ok() == document.ok(),
        direct.ok()
            ? QStringLiteral("only the document path refuses: ") + document.error().toString()
            : QStringLiteral("only the direct reader refuses: ") + direct.error().toString());
    if (!document) {
        const Error &a = direct.error();
        const Error &b = document.error();
        LC_FUZZ_CHECK(
            a.message == b.message && a.line == b.line && a.file == b.file && a.kind == b.kind,
            QStringLiteral("direct: %1\ndocument: %2").arg(a.toString(), b.toString()));
        LC_FUZZ_CHECK(!b.message.isEmpty() && b.kind == Error::Kind::BadInput, b.toString());
        return 0;
    }
    LC_FUZZ_CHECK(*direct == *document, QStringLiteral("the readers read different records"));
    const QString a = strings(*direct);
    const QString b = strings(*document);
    LC_FUZZ_CHECK(a == b, QStringLiteral("direct:\n%1\ndocument:\n%2").arg(a, b));
    const QString invalid = validateRecord(*direct);
    LC_FUZZ_CHECK(invalid.isEmpty(), invalid);

    const QByteArray written = writeRecordJson(*direct);
    LC_FUZZ_CHECK(written == QJsonDocument(recordToJson(*direct)).toJson(QJsonDocument::Indented),
        QStringLiteral("writeRecordJson differs from QJsonDocument:\n")
            + QString::fromUtf8(written));
    const Result<Record> again = readRecordJson(written, file);
    LC_FUZZ_CHECK(again.ok(), again.error().toString() + u'\n' + QString::fromUtf8(written));
    LC_FUZZ_CHECK(*again == *direct,
        QStringLiteral("written record reads back otherwise:\n") + QString::fromUtf8(written));
    return 0;
}
