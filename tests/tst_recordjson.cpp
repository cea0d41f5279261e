// SPDX-License-Identifier: GPL-3.0-or-later
#include "JsonEscape.h"
#include "JsonLineIndex.h"
#include "Record.h"
#include "RecordFixtures.h"
#include "RecordJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QRandomGenerator>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kFile = QStringLiteral("ledger.json");

Record minimalRecord()
{
    Record r = sampleRecord();
    r.title = QStringLiteral("T");
    r.measurements.clear();
    r.observations.clear();
    for (auto &facet : r.coverage) {
        facet.sources.clear();
        facet.observedAt.clear();
        facet.description.clear();
    }
    return r;
}

//! A record of \a count inbound observations, and its JSON written by hand: two-space
//! indentation, keys in the documented order, not as QJsonDocument would write them.
std::pair<Record, QByteArray> largeRecord(int count)
{
    Record r = sampleRecord();
    r.observations.clear();
    QJsonObject top = recordToJson(r);
    top.remove(QStringLiteral("observations"));
    QByteArray text = QJsonDocument(top).toJson(QJsonDocument::Compact);
    text.chop(1); // the closing brace
    text += ",\n\"observations\": [\n";

    r.observations.reserve(count);
    for (int i = 0; i < count; ++i) {
        Observation o;
        o.id = QStringLiteral("00000000-0000-4000-8000-%1").arg(i, 12, 10, QLatin1Char('0'));
        o.direction = Direction::Inbound;
        o.citingTitle = QStringLiteral("Citing paper %1: Обучение \"моделей\"").arg(i);
        o.citedTitle = QStringLiteral("Efficient Large-Scale Language Model Training");
        if (i % 3)
            o.reference = i;
        o.state = kAllResolutionStates[i % kResolutionStateCount];
        o.basis = QStringLiteral("arxiv_id");
        o.observedAt = QStringLiteral("2026-05-24T12:14:26.541851Z");
        o.events = i % 2 ? noneFound() : unavailable("canonical work link unavailable");
        r.observations.append(o);

        text += "  {\n    \"id\": \"" + o.id.toUtf8() + "\",\n    \"direction\": \"inbound\",\n"
            + "    \"citing_title\": \"Citing paper " + QByteArray::number(i) + ": "
            + QStringLiteral("Обучение").toUtf8() + " \\\"" + QStringLiteral("моделей").toUtf8()
            + "\\\"\",\n    \"cited_title\": \"Efficient Large-Scale Language Model Training\",\n"
            + "    \"reference\": " + (o.reference ? QByteArray::number(*o.reference) : "null")
            + ",\n    \"state\": \"" + stateKey(o.state).toUtf8()
            + "\",\n    \"basis\": \"arxiv_id\",\n"
            + "    \"observed_at\": \"2026-05-24T12:14:26.541851Z\",\n    \"events_check\": "
            + (i % 2 ? "{\"status\": \"none_found\", \"as_of\": "
                       "\"2026-08-05T06:32:48.257954+00:00\"}"
                     : "{\"status\": \"unavailable\", \"reason\": \"canonical work link "
                       "unavailable\"}")
            + (i + 1 < count ? "\n  },\n" : "\n  }\n");
    }
    text += "]\n}\n";
    return { r, text };
}

QByteArray pretty(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Indented);
}

//! A copy of \a node with the value at \a path ("observations/3/reference") set to \a value,
//! or removed when \a value is undefined.
QJsonValue changed(const QJsonValue &node, QStringView path, const QJsonValue &value)
{
    if (path.isEmpty())
        return value;
    const qsizetype slash = path.indexOf(u'/');
    const QString head = (slash < 0 ? path : path.first(slash)).toString();
    const QStringView rest = slash < 0 ? QStringView() : path.sliced(slash + 1);
    const bool remove = rest.isEmpty() && value.isUndefined();
    if (node.isArray()) {
        QJsonArray array = node.toArray();
        const int i = head.toInt();
        if (remove)
            array.removeAt(i);
        else
            array[i] = changed(array.at(i), rest, value);
        return array;
    }
    QJsonObject object = node.toObject();
    if (remove)
        object.remove(head);
    else
        object[head] = changed(object.value(head), rest, value);
    return object;
}

QByteArray sampleWith(const char *path, const QJsonValue &value)
{
    return pretty(
        changed(recordToJson(sampleRecord()), QString::fromLatin1(path), value).toObject());
}

QByteArray sampleWithout(const char *path)
{
    return sampleWith(path, QJsonValue(QJsonValue::Undefined));
}

//! The 1-based line of the \a n-th (0-based) occurrence of \a marker; -1 when there is none.
//! With n < 0, the marker must occur exactly once.
int lineOf(const QByteArray &text, const QByteArray &marker, int n = -1)
{
    qsizetype at = -1;
    for (int i = 0; i <= std::max(n, 0); ++i) {
        at = text.indexOf(marker, at + 1);
        if (at < 0)
            return -1;
    }
    if (n < 0 && text.indexOf(marker, at + 1) >= 0)
        return -1;
    return 1 + static_cast<int>(text.left(at).count('\n'));
}

//! The line of the object of observation \a i of sampleRecord() in \a text: the line before its
//! first member, "basis" (members are sorted).
int observationLine(const QByteArray &text, int i)
{
    static const char *const kBases[] = { "arxiv_id", "local_arxiv", "no resolver link", "doi",
        "title_match", "crossref", "openalex" };
    const int basis = lineOf(text, QByteArray("\"basis\": \"") + kBases[i] + '"');
    return basis < 0 ? -1 : basis - 1;
}

} // namespace

class TestRecordJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sampleIsValid();
    void roundTrip_data();
    void roundTrip();
    void writtenForm();
    void readAcceptsVariants();
    void readIgnoresUnknownKeys();
    void badInput_data();
    void badInput();
    void truncated_data();
    void truncated();
    void exactMessage();
    void recordFromJsonWithoutIndex();
    void largeRecord();
    void largeWrittenAsTheDocument_data();
    void largeWrittenAsTheDocument();
    void escapesAsQtDoes();
};

void TestRecordJson::sampleIsValid()
{
    QCOMPARE(validateRecord(sampleRecord()), QString());
    QCOMPARE(validateRecord(minimalRecord()), QString());
    QSet<ResolutionState> states;
    QSet<EventKind> kinds;
    for (const auto &o : sampleRecord().observations) {
        states.insert(o.state);
        for (const auto &e : o.events.events)
            kinds.insert(e.kind);
    }
    QCOMPARE(states.size(), kResolutionStateCount);
    QCOMPARE(kinds.size(), 5);
}

void TestRecordJson::roundTrip_data()
{
    QTest::addColumn<QString>("which");
    QTest::newRow("sample") << QStringLiteral("sample");
    QTest::newRow("minimal") << QStringLiteral("minimal");
    QTest::newRow("outbound only") << QStringLiteral("outbound");
    QTest::newRow("inbound only") << QStringLiteral("inbound");
    QTest::newRow("arabic title") << QStringLiteral("arabic");
}

void TestRecordJson::roundTrip()
{
    QFETCH(QString, which);
    Record record = which == u"minimal" ? minimalRecord() : sampleRecord();
    if (which == u"outbound")
        record.observations = record.observations.first(3);
    if (which == u"inbound")
        record.observations = record.observations.sliced(3);
    if (which == u"arabic")
        record.title = QStringLiteral("تدريب النماذج اللغوية الكبيرة — 🚀 & <b>");
    QCOMPARE(validateRecord(record), QString());

    const QByteArray written = writeRecordJson(record);
    const auto read = readRecordJson(written, kFile);
    QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().toString()));
    QVERIFY(*read == record);
    QCOMPARE(read->observations.size(), record.observations.size());
    for (qsizetype i = 0; i < record.observations.size(); ++i) {
        QCOMPARE(read->observations[i].citedTitle, record.observations[i].citedTitle);
        QVERIFY(read->observations[i] == record.observations[i]);
    }
    QCOMPARE(writeRecordJson(*read), written);
    QCOMPARE(writeRecordJson(record), written); // deterministic
}

void TestRecordJson::writtenForm()
{
    const QByteArray text = writeRecordJson(sampleRecord());
    QVERIFY(text.startsWith("{\n    \"arxiv_id\": \"2104.04473\",\n"));
    QVERIFY(text.endsWith("}\n"));
    QVERIFY(text.contains("\n    \"schema\": \"pith.paper-citation-record.v1\",\n"));
    // Absent reference: null, not left out.
    QCOMPARE(text.count("\"reference\": null"), 2);
    QVERIFY(text.contains("\"reference\": 1234567890123"));
    // Empty observed_at of facets and measurements, and empty notices, are left out.
    QCOMPARE(text.count("\"observed_at\""), 2 + 1 + 7);
    QCOMPARE(text.count("\"notice\""), 3);
    // Strings are written as they are, UTF-8, with only JSON's own escapes.
    QVERIFY(text.contains("\"Tags <b>bold</b> & \\\"quoted\\\" & 'single'\""));
    QVERIFY(text.contains("\"Back\\\\slash C:\\\\path\\\\ and a/slash\""));
    QVERIFY(text.contains(QStringLiteral("大规模语言模型的高效训练").toUtf8()));
    QVERIFY(text.contains(QStringLiteral("🚀 Scaling laws").toUtf8()));
    // Keys and values as the format spells them.
    for (const char *key : { "\"stated_counts\": {", "\"outbound_displayed_of\": 8",
             "\"outbound_states\": {", "\"metadata_mismatch\": 0", "\"external_measurements\": [",
             "\"events_check\": {", "\"status\": \"none_found\"", "\"status\": \"unavailable\"",
             "\"status\": \"found\"", "\"kind\": \"expression_of_concern\"",
             "\"facet\": \"external_citation_measurements\"", "\"state\": \"malformed_identifier\"",
             "\"direction\": \"inbound\"", "\"version\": 5", "\"as_of\": \"2026-08-05\"" })
        QVERIFY2(text.contains(key), key);
    QCOMPARE(recordToJson(sampleRecord()).keys(),
        QStringList({ QStringLiteral("arxiv_id"), QStringLiteral("as_of"),
            QStringLiteral("coverage"), QStringLiteral("external_measurements"),
            QStringLiteral("observations"), QStringLiteral("schema"),
            QStringLiteral("stated_counts"), QStringLiteral("title"), QStringLiteral("version") }));
}

void TestRecordJson::readAcceptsVariants()
{
    QJsonValue json = recordToJson(sampleRecord());
    json = changed(json, u"arxiv_id", QStringLiteral("arXiv:2104.04473"));
    json = changed(json, u"observations/0/state", QStringLiteral("verified exact"));
    json = changed(json, u"observations/3/state", QStringLiteral("parse uncertain"));
    json
        = changed(json, u"observations/2/events_check/events/0/kind", QStringLiteral("RETRACTION"));
    json = changed(json, u"observations/3/events_check/events/0/kind",
        QStringLiteral("Expression of concern"));
    json = changed(json, u"coverage/0/facet", QStringLiteral("reference resolution"));
    json = changed(json, u"coverage/0/observed_at", QJsonValue(QJsonValue::Null));
    json = changed(json, u"observations/2/reference", QJsonValue(QJsonValue::Undefined));
    json = changed(json, u"observations/3/reference", 43.0);
    json = changed(json, u"observations/0/events_check/events", QJsonArray());
    json = changed(json, u"observations/4/events_check/events", QJsonValue(QJsonValue::Null));
    QByteArray text = pretty(json.toObject());
    text.replace("\"version\": 5", "\"version\": 5.0");
    text.replace("\"inbound\": 4,", "\"inbound\": 4e0,");
    text.prepend("\xEF\xBB\xBF");

    const auto read = readRecordJson(text, kFile);
    QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().toString()));
    QVERIFY(*read == sampleRecord());
    QCOMPARE(writeRecordJson(*read), writeRecordJson(sampleRecord()));

    // A compact document reads the same.
    const auto compact = readRecordJson(
        QJsonDocument(recordToJson(sampleRecord())).toJson(QJsonDocument::Compact), kFile);
    QVERIFY(compact.ok());
    QVERIFY(*compact == sampleRecord());
}

void TestRecordJson::readIgnoresUnknownKeys()
{
    QJsonValue json = recordToJson(sampleRecord());
    json = changed(json, u"generator", QStringLiteral("pith 2.1"));
    json = changed(json, u"stated_counts/outbound_states/retracted", 3);
    json = changed(json, u"coverage/1/weight", QJsonArray { 1, 2 });
    json = changed(json, u"external_measurements/0/unit", QStringLiteral("citations"));
    json = changed(json, u"observations/3/confidence", 0.5);
    json = changed(json, u"observations/3/events_check/checked_by", QJsonObject());
    json = changed(json, u"observations/3/events_check/events/1/url", QStringLiteral("x"));
    json = changed(json, u"observations/1/events_check/as_of", QStringLiteral("ignored"));
    const auto read = readRecordJson(pretty(json.toObject()), kFile);
    QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().toString()));
    QVERIFY(*read == sampleRecord());
}

void TestRecordJson::badInput_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("line");
    QTest::addColumn<QStringList>("words");
    const auto words = [](std::initializer_list<const char *> list) {
        QStringList out;
        for (const char *w : list)
            out.append(QString::fromUtf8(w));
        return out;
    };
    const QByteArray good = writeRecordJson(sampleRecord());
    const int lastLine = static_cast<int>(good.count('\n'));
    QByteArray t;

    // Not JSON, or not an object.
    QTest::newRow("empty") << QByteArray() << 1 << words({ "empty" });
    QTest::newRow("blank") << QByteArray(" \n\t\r\n") << 1 << words({ "empty" });
    QTest::newRow("binary garbage")
        << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) << 1 << words({ "not valid JSON" });
    QTest::newRow("garbage after the document")
        << good + "\n\nx" << lastLine + 3 << words({ "not valid JSON", "garbage" });
    QTest::newRow("top-level array")
        << QByteArray("[\n  {}\n]\n") << 1 << words({ "JSON object", "top level", "an array" });
    QTest::newRow("top-level array, third line")
        << QByteArray("\n\n[1]") << 3 << words({ "JSON object", "top level" });
    QTest::newRow("top-level number") << QByteArray("42") << 1 << words({ "not valid JSON" });
    QTest::newRow("unquoted key") << QByteArray("{\n  \"schema\": 1,\n  title: 2\n}") << 3
                                  << words({ "not valid JSON" });

    // The record's own fields.
    t = sampleWith("schema", QStringLiteral("pith.paper-citation-record.v2"));
    QTest::newRow("wrong schema") << t << lineOf(t, "\"schema\": \"pith.paper-citation-record.v2\"")
                                  << words({ "schema", "\"pith.paper-citation-record.v1\"",
                                         "the string \"pith.paper-citation-record.v2\"" });
    t = sampleWithout("schema");
    QTest::newRow("missing schema") << t << 1 << words({ "schema", "key is missing" });
    t = sampleWithout("title");
    QTest::newRow("missing title")
        << t << 1 << words({ "title: expected a string", "nothing (the key is missing)" });
    t = sampleWith("title", 7);
    QTest::newRow("title a number")
        << t << lineOf(t, "\"title\": 7") << words({ "title", "a string", "the number 7" });
    t = sampleWith("title", QStringLiteral("two\nlines"));
    QTest::newRow("title on two lines")
        << t << lineOf(t, "\"title\": \"two\\nlines\"") << words({ "title", "one non-empty line" });
    t = sampleWith("arxiv_id", QStringLiteral("2104.04473v5"));
    QTest::newRow("arxiv id with version") << t << lineOf(t, "\"arxiv_id\": \"2104.04473v5\"")
                                           << words({ "arxiv_id", "without its version" });
    t = sampleWith("arxiv_id", QStringLiteral("arXiv:"));
    QTest::newRow("arxiv id empty")
        << t << lineOf(t, "\"arxiv_id\": \"arXiv:\"") << words({ "arxiv_id", "an arXiv id" });
    t = sampleWith("as_of", QStringLiteral("2026-02-30"));
    QTest::newRow("invalid as_of date") << t << lineOf(t, "\"as_of\": \"2026-02-30\"")
                                        << words({ "as_of", "YYYY-MM-DD", "\"2026-02-30\"" });
    t = sampleWith("as_of", QStringLiteral("2026-08-05T00:00:00Z"));
    QTest::newRow("as_of a timestamp") << t << lineOf(t, "\"as_of\": \"2026-08-05T00:00:00Z\"")
                                       << words({ "as_of", "YYYY-MM-DD" });
    t = sampleWith("as_of", QStringLiteral("2026/08/05"));
    QTest::newRow("as_of with slashes")
        << t << lineOf(t, "\"as_of\": \"2026/08/05\"") << words({ "as_of", "YYYY-MM-DD" });
    t = sampleWith("as_of", QStringLiteral("-026-08-05"));
    QTest::newRow("as_of negative year")
        << t << lineOf(t, "\"as_of\": \"-026-08-05\"") << words({ "as_of", "YYYY-MM-DD" });
    t = sampleWith("as_of", QStringLiteral("2026-8-5"));
    QTest::newRow("as_of short") << t << lineOf(t, "\"as_of\": \"2026-8-5\"")
                                 << words({ "as_of", "YYYY-MM-DD" });
    t = sampleWith("version", 1.5);
    QTest::newRow("version 1.5") << t << lineOf(t, "\"version\": 1.5")
                                 << words({ "version", "whole number", "the number 1.5" });
    t = sampleWith("version", QStringLiteral("5"));
    QTest::newRow("version a string") << t << lineOf(t, "\"version\": \"5\"")
                                      << words({ "version", "whole number", "the string \"5\"" });
    t = sampleWith("version", 0);
    QTest::newRow("version 0") << t << lineOf(t, "\"version\": 0")
                               << words({ "version", "from 1", "the number 0" });
    t = sampleWith("version", 1e12);
    QTest::newRow("version too large")
        << t << lineOf(t, "\"version\": 1000000000000") << words({ "version", "from 1" });

    // Stated counts.
    t = sampleWith("stated_counts/inbound", true);
    QTest::newRow("count a boolean") << t << lineOf(t, "\"inbound\": true")
                                     << words({ "stated_counts.inbound", "the value true" });
    t = sampleWith("stated_counts/outbound_states/verified_fuzzy", -2);
    QTest::newRow("state count negative")
        << t << lineOf(t, "\"verified_fuzzy\": -2")
        << words({ "stated_counts.outbound_states.verified_fuzzy", "0 or more", "-2" });
    t = sampleWithout("stated_counts/outbound_states/parse_uncertain");
    QTest::newRow("state count missing")
        << t << lineOf(t, "\"outbound_states\": {")
        << words({ "stated_counts.outbound_states.parse_uncertain", "missing" });
    t = sampleWithout("stated_counts");
    QTest::newRow("stated counts missing") << t << 1 << words({ "stated_counts", "an object" });

    // Coverage and measurements.
    t = sampleWith("coverage", QJsonObject());
    QTest::newRow("coverage an object")
        << t << lineOf(t, "\"coverage\": {") << words({ "coverage", "an array", "an object" });
    t = sampleWithout("coverage/3");
    QTest::newRow("coverage of three facets")
        << t << lineOf(t, "\"coverage\": [")
        << words({ "coverage", "4 facets", "an array of 3 elements" });
    t = sampleWith("coverage/1/facet", QStringLiteral("reach"));
    QTest::newRow("facet unknown")
        << t << lineOf(t, "\"facet\": \"reach\"")
        << words({ "coverage[1].facet", "standing_notices", "\"reach\"" });
    t = sampleWith("coverage/1/facet", QStringLiteral("reference resolution"));
    QTest::newRow("facet out of order")
        << t << lineOf(t, "\"facet\": \"reference resolution\"")
        << words({ "coverage[1].facet", "\"standing_notices\"", "fixed order" });
    t = sampleWith("coverage/2/sources/0", 3);
    QTest::newRow("facet source a number") << t << lineOf(t, "\"sources\": [", 2) + 1
                                           << words({ "coverage[2].sources[0]", "a string" });
    t = sampleWith("coverage/2/observed_at", false);
    QTest::newRow("facet observed_at a boolean")
        << t << lineOf(t, "\"observed_at\": false") << words({ "coverage[2].observed_at" });
    t = sampleWith("external_measurements/1/value", 2.5);
    QTest::newRow("measurement 2.5")
        << t << lineOf(t, "\"value\": 2.5") << words({ "external_measurements[1].value", "2.5" });

    // Observations.
    t = sampleWith("observations", QJsonObject());
    QTest::newRow("observations not an array")
        << t << lineOf(t, "\"observations\": {")
        << words({ "observations: expected an array", "an object" });
    t = sampleWith("observations/2", QStringLiteral("not-an-observation"));
    QTest::newRow("observation a string")
        << t << lineOf(t, "\"not-an-observation\"")
        << words({ "observations[2]", "an object", "the string \"not-an-observation\"" });
    t = sampleWithout("observations/2/citing_title");
    QTest::newRow("citing title missing")
        << t << observationLine(t, 2) << words({ "observations[2].citing_title", "missing" });
    t = sampleWithout("observations/6/observed_at");
    QTest::newRow("observed_at missing")
        << t << observationLine(t, 6) << words({ "observations[6].observed_at", "missing" });
    t = sampleWith("observations/3/reference", QStringLiteral("12a"));
    QTest::newRow("reference a string")
        << t << lineOf(t, "\"reference\": \"12a\"")
        << words({ "observations[3].reference", "a whole number or null", "the string \"12a\"" });
    t = sampleWith("observations/3/reference", -43);
    QTest::newRow("reference negative")
        << t << lineOf(t, "\"reference\": -43")
        << words({ "observations[3].reference", "0 or more", "the number -43" });
    t = sampleWith("observations/3/reference", 4.5);
    QTest::newRow("reference 4.5") << t << lineOf(t, "\"reference\": 4.5")
                                   << words({ "observations[3].reference", "the number 4.5" });
    t = sampleWith("observations/3/reference", QJsonArray());
    QTest::newRow("reference an array") << t << lineOf(t, "\"reference\": [")
                                        << words({ "observations[3].reference", "an empty array" });
    t = sampleWith("observations/3/state", QStringLiteral("maybe"));
    QTest::newRow("state unknown") << t << lineOf(t, "\"state\": \"maybe\"")
                                   << words({ "observations[3].state", "\"verified_exact\"",
                                          "\"metadata_mismatch\"", "the string \"maybe\"" });
    t = sampleWith("observations/3/state", 3);
    QTest::newRow("state a number")
        << t << lineOf(t, "\"state\": 3") << words({ "observations[3].state", "the number 3" });
    t = sampleWith("observations/4/direction", QStringLiteral("sideways"));
    QTest::newRow("direction unknown")
        << t << lineOf(t, "\"direction\": \"sideways\"")
        << words({ "observations[4].direction", "\"outbound\" or \"inbound\"", "\"sideways\"" });
    t = sampleWith("observations/0/id", QStringLiteral("A4D62A99-E85B-4E0D-86D5-17278D726FF0"));
    QTest::newRow("uuid upper case")
        << t << lineOf(t, "\"id\": \"A4D62A99-E85B-4E0D-86D5-17278D726FF0\"")
        << words({ "observations[0].id", "lower-case UUID" });
    t = sampleWith("observations/1/id", QStringLiteral("obs-1"));
    QTest::newRow("uuid malformed") << t << lineOf(t, "\"id\": \"obs-1\"")
                                    << words({ "observations[1].id", "UUID", "\"obs-1\"" });
    t = sampleWith("observations/5/id", QStringLiteral("a4d62a99-e85b-4e0d-86d5-17278d726ff4"));
    QTest::newRow("uuid twice") << t
                                << lineOf(t, "\"id\": \"a4d62a99-e85b-4e0d-86d5-17278d726ff4\"", 1)
                                << words({ "observation 6", "appears twice" });
    t = sampleWith("observations/5/direction", QStringLiteral("outbound"));
    QTest::newRow("outbound after inbound") << t << lineOf(t, "\"direction\": \"outbound\"", 3)
                                            << words({ "observation 6", "before inbound" });
    t = sampleWith("observations/4/citing_title", QStringLiteral("  "));
    QTest::newRow("citing title blank")
        << t << lineOf(t, "\"citing_title\": \"  \"") << words({ "observation 5", "citing title" });
    t = sampleWith("observations/4/basis", QStringLiteral("doi, arxiv_id"));
    QTest::newRow("basis with a comma")
        << t << lineOf(t, "\"basis\": \"doi, arxiv_id\"") << words({ "observation 5", "basis" });

    // Events checks.
    t = sampleWith("observations/1/events_check/status", QStringLiteral("perhaps"));
    QTest::newRow("events_check status unknown")
        << t << lineOf(t, "\"status\": \"perhaps\"")
        << words({ "observations[1].events_check.status", "\"none_found\"", "\"perhaps\"" });
    t = sampleWith("observations/1/events_check", QJsonValue(QJsonValue::Null));
    QTest::newRow("events_check null")
        << t << lineOf(t, "\"events_check\": null")
        << words({ "observations[1].events_check", "an object", "null" });
    t = sampleWithout("observations/0/events_check/as_of");
    QTest::newRow("none_found without as_of")
        << t << lineOf(t, "\"events_check\": {", 0)
        << words({ "observations[0].events_check.as_of", "missing" });
    t = sampleWithout("observations/5/events_check/reason");
    QTest::newRow("unavailable without reason")
        << t << lineOf(t, "\"events_check\": {", 5)
        << words({ "observations[5].events_check.reason", "missing" });
    t = sampleWith("observations/2/events_check/events", QJsonArray());
    QTest::newRow("found without events")
        << t << lineOf(t, "\"events\": [", 0)
        << words({ "observations[2].events_check.events", "at least one event", "an empty array" });
    t = sampleWith("observations/0/events_check/events",
        QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("retraction") } } });
    QTest::newRow("events under none_found")
        << t << lineOf(t, "\"events\": [", 0)
        << words({ "observations[0].events_check.events", "no events", "\"none_found\"",
               "an array of 1 element" });
    t = sampleWith("observations/2/events_check/events/1/kind", QStringLiteral("erratum"));
    QTest::newRow("event kind unknown") << t << lineOf(t, "\"kind\": \"erratum\"")
                                        << words({ "observations[2].events_check.events[1].kind",
                                               "\"withdrawal\"", "\"erratum\"" });
    t = sampleWith("observations/3/events_check/events/2/notice", 5);
    QTest::newRow("event notice a number")
        << t << lineOf(t, "\"notice\": 5")
        << words({ "observations[3].events_check.events[2].notice", "a string" });
    t = sampleWith("observations/3/events_check/events/2/date", QStringLiteral(""));
    QTest::newRow("event date empty") << t << lineOf(t, "\"events_check\": {", 3)
                                      << words({ "observation 4", "an event needs a date" });
}

void TestRecordJson::badInput()
{
    QFETCH(QByteArray, json);
    QFETCH(int, line);
    QFETCH(QStringList, words);
    QVERIFY2(line > 0, "the test's marker was not found exactly once");

    const auto read = readRecordJson(json, kFile);
    QVERIFY(!read.ok());
    const Error &error = read.error();
    QCOMPARE(error.kind, Error::Kind::BadInput);
    QCOMPARE(error.file, kFile);
    QCOMPARE(error.line, line);
    for (const QString &word : words)
        QVERIFY2(error.message.contains(word), qPrintable(error.message + u" lacks " + word));
    QVERIFY(error.toString().startsWith(kFile + u':' + QString::number(line) + u": "));
}

void TestRecordJson::truncated_data()
{
    QTest::addColumn<qsizetype>("length");
    const QByteArray good = writeRecordJson(sampleRecord());
    for (const qsizetype length : { qsizetype(1), qsizetype(2), qsizetype(17), qsizetype(100),
             good.size() / 4, good.size() / 3, good.size() / 2, good.size() * 2 / 3,
             good.size() - 40, good.size() - 2 })
        QTest::addRow("%lld of %lld bytes", qlonglong(length), qlonglong(good.size())) << length;
    // Inside a string, inside an escape, inside a number, inside a literal.
    QTest::newRow("inside a string") << good.indexOf("Efficient") + 4;
    QTest::newRow("inside an escape") << good.indexOf("\\\"quoted") + 1;
    QTest::newRow("inside a number") << good.indexOf("1234567890123") + 5;
    QTest::newRow("inside a literal") << good.indexOf("null") + 2;
    QTest::newRow("inside a UTF-8 sequence") << good.indexOf(QStringLiteral("大").toUtf8()) + 1;
}

void TestRecordJson::truncated()
{
    QFETCH(qsizetype, length);
    const QByteArray cut = writeRecordJson(sampleRecord()).left(length);
    const auto read = readRecordJson(cut, kFile);
    QVERIFY(!read.ok());
    QCOMPARE(read.error().kind, Error::Kind::BadInput);
    QVERIFY2(
        read.error().message.startsWith(u"not valid JSON: "), qPrintable(read.error().message));
    // The document breaks off on its last line; that is where the error is.
    QCOMPARE(read.error().line, static_cast<int>(cut.count('\n')) + 1);
}

void TestRecordJson::exactMessage()
{
    const QByteArray text = sampleWith("observations/3/reference", QStringLiteral("12a"));
    const auto read = readRecordJson(text, kFile);
    QVERIFY(!read.ok());
    const int line = lineOf(text, "\"reference\": \"12a\"");
    QCOMPARE(read.error().toString(),
        QStringLiteral("ledger.json:%1: observations[3].reference: expected a whole number "
                       "or null, found the string \"12a\"")
            .arg(line));

    const auto array = readRecordJson("[]", kFile);
    QVERIFY(!array.ok());
    QCOMPARE(array.error().toString(),
        QStringLiteral("ledger.json:1: expected a JSON object at the top level, found an array"));

    const auto broken = readRecordJson(
        "{\n  \"schema\": \"pith.paper-citation-record.v1\",\n  \"title\": \"x", kFile);
    QVERIFY(!broken.ok());
    QCOMPARE(broken.error().toString(),
        QStringLiteral("ledger.json:3: not valid JSON: unterminated string"));

    // Long strings are shortened in messages.
    const QString longId(200, QLatin1Char('x'));
    const auto longRead = readRecordJson(sampleWith("observations/0/id", longId), kFile);
    QVERIFY(!longRead.ok());
    QVERIFY(longRead.error().message.size() < 200);
    QVERIFY(
        longRead.error().message.endsWith(QString(60, QLatin1Char('x')) + QChar(0x2026) + u'"'));
}

void TestRecordJson::recordFromJsonWithoutIndex()
{
    const QJsonObject good = recordToJson(sampleRecord());
    const auto read = recordFromJson(good, kFile);
    QVERIFY(read.ok());
    QVERIFY(*read == sampleRecord());

    const QJsonObject bad
        = changed(good, u"observations/3/reference", QStringLiteral("12a")).toObject();
    const auto failed = recordFromJson(bad, kFile);
    QVERIFY(!failed.ok());
    QCOMPARE(failed.error().line, 0);
    QCOMPARE(failed.error().toString(),
        QStringLiteral("ledger.json: observations[3].reference: expected a whole number or "
                       "null, found the string \"12a\""));

    const QByteArray text = pretty(bad);
    const JsonLineIndex index(text);
    const auto located = recordFromJson(bad, kFile, &index);
    QVERIFY(!located.ok());
    QCOMPARE(located.error().line, lineOf(text, "\"reference\": \"12a\""));
}

void TestRecordJson::largeRecord()
{
    constexpr int kCount = 200000;
    const auto [record, text] = ::largeRecord(kCount);
    // Not timed: reading's figures are bench/'s ("readRecordJson (import's parse)").
    const auto read = readRecordJson(text, kFile);
    QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().toString()));
    QCOMPARE(read->observations.size(), kCount);
    QVERIFY(*read == record);

    // An error in the last observation is still reported at its line.
    QByteArray bad = text;
    const QByteArray state = "\"state\": \"" + stateKey(record.observations.last().state).toUtf8();
    const qsizetype at = bad.lastIndexOf(state);
    bad.insert(at + state.size(), "ly");
    const auto failed = readRecordJson(bad, kFile);
    QVERIFY(!failed.ok());
    QCOMPARE(failed.error().line, 1 + static_cast<int>(bad.left(at).count('\n')));
    QVERIFY(failed.error().message.startsWith(
        QStringLiteral("observations[%1].state:").arg(kCount - 1)));
}

void TestRecordJson::largeWrittenAsTheDocument_data()
{
    // From 4 blocks of 1,024 (3,073 observations) up the observations are written on two threads,
    // the caller taking the even blocks and a helper the odd ones: an odd and an even number of
    // blocks, a last block full or not, and below the threshold.
    QTest::addColumn<int>("count");
    for (int count : { 1, 3 * 1024 + 5, 4 * 1024 - 1, 4 * 1024, 4 * 1024 + 1, 5 * 1024,
             6 * 1024 + 700, 9 * 1024 + 3 })
        QTest::addRow("%d observations", count) << count;
}

void TestRecordJson::largeWrittenAsTheDocument()
{
    QFETCH(int, count);
    // The sample's observations over and over (every feature: curations, found events, non-Latin
    // and escaped titles), each with an id and a title of its own.
    const Record sample = sampleRecord();
    Record record = sample;
    record.observations.clear();
    for (int i = 0; i < count; ++i) {
        Observation o = sample.observations[i % sample.observations.size()];
        o.id = QStringLiteral("00000000-0000-4000-8000-%1").arg(i, 12, 10, QLatin1Char('0'));
        (o.direction == Direction::Inbound ? o.citingTitle : o.citedTitle)
            += QStringLiteral(" №%1 \"").arg(i);
        record.observations.append(std::move(o));
    }
    const QByteArray expected = pretty(recordToJson(record));
    const QByteArray written = writeRecordJson(record);
    if (written != expected) {
        qsizetype at = 0;
        while (at < written.size() && at < expected.size() && written[at] == expected[at])
            ++at;
        QFAIL(qPrintable(QStringLiteral("differs at byte %1: %2 instead of %3")
                             .arg(at)
                             .arg(QString::fromUtf8(written.mid(at - 40, 80)),
                                 QString::fromUtf8(expected.mid(at - 40, 80)))));
    }
    for (const qsizetype chunk : { qsizetype(1), qsizetype(4096), qsizetype(1) << 20 }) {
        QByteArray pieces;
        int calls = 0;
        writeRecordJson(
            record,
            [&](QByteArrayView bytes) {
                pieces += bytes;
                ++calls;
            },
            chunk);
        QCOMPARE(pieces, expected);
        if (chunk == 1)
            QVERIFY(calls > count
                    / 2); // handed on as written (a helper's block at once), not held to the end
    }
}

void TestRecordJson::escapesAsQtDoes()
{
    // Random mixes of plain ASCII runs (long enough for the eight-at-a-time path), the characters
    // JSON escapes, 2- and 3-byte characters, surrogate pairs and lone surrogates, at every
    // offset: escaped as QJsonDocument escapes them, into a QByteArray and a std::string alike.
    QRandomGenerator random(20261130);
    const char16_t special[] = { u'"', u'\\', 0x0, 0x8, 0x9, 0xa, 0xc, 0xd, 0x1f, 0x7f, 0x80, 0x7ff,
        0x800, 0xfffd, 0xffff, 0xd83d, 0xde80, 0xdbff, 0xdc00 };
    for (int round = 0; round < 5000; ++round) {
        QString text;
        const int parts = random.bounded(1, 8);
        for (int p = 0; p < parts; ++p) {
            switch (random.bounded(5)) {
            case 0:
            case 1:
                for (int k = random.bounded(1, 40); k > 0; --k)
                    text += QChar(char16_t(random.bounded(0x20, 0x7f)));
                break;
            case 2:
                text += QChar(special[random.bounded(int(std::size(special)))]);
                break;
            case 3:
                text += QChar(char16_t(random.bounded(0x80, 0xd800)));
                break;
            default:
                text += QStringLiteral("\U0001F680");
            }
        }
        for (qsizetype from = 0; from < text.size(); ++from) {
            const QStringView part = QStringView(text).sliced(from);
            QByteArray expected
                = QJsonDocument(QJsonArray { part.toString() }).toJson(QJsonDocument::Compact);
            expected = expected.sliced(2, expected.size() - 4); // ["…"]
            QByteArray bytes("x");
            JsonEscape::appendEscaped(bytes, part);
            std::string string("x");
            JsonEscape::appendEscaped(string, part);
            QCOMPARE(bytes, "x" + expected);
            QCOMPARE(QByteArray::fromStdString(string), "x" + expected);
        }
    }
    // Longer than the escaper's own buffer.
    const QString longText
        = QString(3000, u'a') + QStringLiteral("\"\n") + QString(700, QChar(0x4e2d));
    QByteArray expected = QJsonDocument(QJsonArray { longText }).toJson(QJsonDocument::Compact);
    QByteArray bytes;
    JsonEscape::appendEscaped(bytes, longText);
    QCOMPARE(bytes, expected.sliced(2, expected.size() - 4));
}

QTEST_GUILESS_MAIN(TestRecordJson)
#include "tst_recordjson.moc"
