// SPDX-License-Identifier: GPL-3.0-or-later
// The sync's fast paths (issue 8) write and read what the QJsonDocument forms did.
#include "EventJson.h"

#include <QJsonDocument>
#include <QRandomGenerator>
#include <QtTest>

using namespace LedgerCurator;

namespace {

CorrectionEvent makeEvent(int n)
{
    CorrectionEvent e;
    e.id = QStringLiteral("a4d62a99-e85b-4e0d-86d5-17278d72%1").arg(n, 4, 10, QLatin1Char('0'));
    e.record = QStringLiteral("2104.04473");
    e.observation = QStringLiteral("b4d62a99-e85b-4e0d-86d5-17278d726ff0");
    e.field = CurationField::Note;
    e.value = QStringLiteral("checked %1").arg(n);
    e.author = QStringLiteral("curator");
    e.createdAt = QStringLiteral("2026-11-29T17:00:00.000Z");
    return e;
}

QByteArray throughDocument(const QList<CorrectionEvent> &events)
{
    return QJsonDocument(QJsonObject { { QStringLiteral("events"), correctionsToJson(events) } })
        .toJson(QJsonDocument::Compact);
}

QByteArray direct(const QList<CorrectionEvent> &events)
{
    QByteArray out = "{\"events\":";
    appendCorrectionsJson(out, events);
    return out + '}';
}

} // namespace

class TestSyncPerf : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eventsJson_data();
    void eventsJson();
    void eventsJsonReadBack();
    void eventPageReaderReadsAsTheDocumentDoes();
};

void TestSyncPerf::eventsJson_data()
{
    QTest::addColumn<QList<CorrectionEvent>>("events");
    QTest::newRow("none") << QList<CorrectionEvent> {};
    QTest::newRow("one") << QList<CorrectionEvent> { makeEvent(1) };
    QList<CorrectionEvent> varied;
    const QStringList texts = { QStringLiteral("quote \" backslash \\ slash /"),
        QStringLiteral("controls \b\f\n\r\t \u0001 \u001f \u007f"),
        QStringLiteral("Обучение 大规模 é"), QStringLiteral("emoji 🚀 👩‍🔬"),
        QString(QChar(0xd800)) + QStringLiteral(" lone high"),
        QStringLiteral("lone low ") + QChar(0xdc00), QString(QChar(0xdbff)) + QChar(0xdfff),
        QStringLiteral("\uffff\ufffe\ufdd0"), QString(), QStringLiteral("") };
    for (int i = 0; i < texts.size(); ++i) {
        CorrectionEvent e = makeEvent(i);
        e.author = texts[i];
        e.value = i % 3 ? std::optional<QString>(texts[(i + 1) % texts.size()]) : std::nullopt;
        e.field = i % 2 ? CurationField::Note : CurationField::Title;
        if (i % 2)
            e.seq = qint64(i) * 1000000007;
        if (i % 3 == 1)
            e.parents = { makeEvent(100 + i).id, makeEvent(200 + i).id };
        varied.append(e);
    }
    QTest::newRow("varied") << varied;
}

void TestSyncPerf::eventsJson()
{
    QFETCH(QList<CorrectionEvent>, events);
    QCOMPARE(direct(events), throughDocument(events));
}

void TestSyncPerf::eventsJsonReadBack()
{
    // A page as the server writes it reads back into the same events.
    QList<CorrectionEvent> events;
    for (int i = 1; i <= 50; ++i) {
        CorrectionEvent e = makeEvent(i);
        e.seq = i;
        if (i % 5 == 0)
            e.value.reset();
        if (i > 1)
            e.parents = { makeEvent(i - 1).id };
        events.append(e);
    }
    const QJsonDocument document = QJsonDocument::fromJson(direct(events));
    const auto read = correctionsFromJson(
        document.object().value(QStringLiteral("events")), QStringLiteral("events"));
    QVERIFY2(read, qPrintable(read ? QString() : read.error().toString()));
    QCOMPARE(read->size(), events.size());
    for (qsizetype i = 0; i < events.size(); ++i)
        QVERIFY(read->at(i) == events.at(i));
}

namespace {

//! A page as the server writes it (LedgerApi: appendCorrectionsJson and the page's members).
QByteArray serverPage(
    const QList<CorrectionEvent> &events, qint64 lastSeq, qint64 latestSeq, bool more)
{
    QByteArray out = "{\"events\":";
    appendCorrectionsJson(out, events);
    return out + ",\"last_seq\":" + QByteArray::number(lastSeq) + ",\"latest_seq\":"
        + QByteArray::number(latestSeq) + ",\"more\":" + (more ? "true" : "false") + '}';
}

//! The same outcome: the same page, or the same message.
QString outcome(const Result<EventPageJson> &page)
{
    if (!page)
        return QStringLiteral("error: ") + page.error().message;
    QString text
        = QStringLiteral("%1 %2 %3 |").arg(page->lastSeq).arg(page->latestSeq).arg(page->more);
    for (const CorrectionEvent &e : page->events)
        text += QString::fromUtf8(QJsonDocument(correctionToJson(e)).toJson(QJsonDocument::Compact))
            + u'|';
    return text;
}

} // namespace

void TestSyncPerf::eventPageReaderReadsAsTheDocumentDoes()
{
    QList<CorrectionEvent> events;
    for (int i = 1; i <= 40; ++i) {
        CorrectionEvent e = makeEvent(i);
        e.seq = 1000 + i;
        e.field = i % 4 == 0 ? CurationField::State : CurationField::Note;
        e.value = e.field == CurationField::State ? QStringLiteral("verified_exact")
                                                  : QStringLiteral("checked %1").arg(i);
        if (i % 7 == 0)
            e.value.reset();
        if (i > 1 && i % 3)
            e.parents = { makeEvent(i - 1).id };
        events.append(e);
    }
    // A page as the server writes it is read directly, into the events it was made of.
    const QByteArray plain = serverPage(events, 1040, 5000, true);
    const auto direct = readEventPageJsonDirectly(plain);
    QVERIFY(direct);
    QCOMPARE(direct->events.size(), events.size());
    for (qsizetype i = 0; i < events.size(); ++i)
        QVERIFY(direct->events.at(i) == events.at(i));
    QCOMPARE(direct->lastSeq, 1040);
    QCOMPARE(direct->latestSeq, 5000);
    QVERIFY(direct->more);
    QCOMPARE(outcome(*direct), outcome(readEventPageJsonThroughDocument(plain)));
    QVERIFY(readEventPageJsonDirectly(serverPage({}, 7, 7, false)));

    // Whatever the text, both paths come out the same; the direct one takes only what it is sure
    // of.
    qsizetype directlyRead = 0;
    auto same = [&](const QByteArray &text, const char *what) {
        const auto through = readEventPageJsonThroughDocument(text);
        const auto read = readEventPageJson(text);
        if (outcome(read) != outcome(through))
            return QStringLiteral("%1: %2\n  direct: %3\n  document: %4")
                .arg(QLatin1String(what), QString::fromUtf8(text.left(300)), outcome(read),
                    outcome(through));
        if (const auto alone = readEventPageJsonDirectly(text)) {
            ++directlyRead;
            if (!through || outcome(*alone) != outcome(through))
                return QStringLiteral("%1: the direct reader took what the document path %2: %3")
                    .arg(QLatin1String(what),
                        through ? QStringLiteral("reads otherwise") : through.error().message,
                        QString::fromUtf8(text.left(300)));
        }
        return QString();
    };
    const QByteArray small = serverPage(events.mid(0, 3), 1003, 1003, false);
    const QList<std::pair<QByteArray, QByteArray>> edits = {
        { "\"more\":false", "\"more\":0" },
        { "\"last_seq\":1003", "\"last_seq\":01003" },
        { "\"last_seq\":1003", "\"last_seq\":-1003" },
        { "\"last_seq\":1003", "\"last_seq\":1003.0" },
        { "\"last_seq\":1003", "\"last_seq\":1.003e3" },
        { "\"last_seq\":1003", "\"last_seq\":1234567890123456" },
        { "\"last_seq\":1003", "\"last_seq\":\"1003\"" },
        { "\"latest_seq\":1003,", "" },
        { "\"more\":false", "\"more\":false,\"more\":true" },
        { "\"more\":false", "\"more\":false,\"extra\":1" },
        { "{\"events\":", "{ \"events\" :\n\t" },
        { "\"seq\":1001", "\"seq\":0" },
        { "\"seq\":1001", "\"seq\":null" },
        { "\"seq\":1001", "\"seq\":1001.5" },
        { "\"seq\":1001", "\"seq\":true" },
        { ",\"seq\":1001", "" },
        { "\"value\":\"checked 1\"", "\"value\":null" },
        { "\"value\":\"checked 1\"", "\"value\":7" },
        { ",\"value\":\"checked 1\"", "" },
        { "\"value\":\"checked 1\"", "\"value\":\"caf\\u00e9\"" },
        { "\"value\":\"checked 1\"", "\"value\":\"caf\xc3\xa9\"" },
        { "\"value\":\"checked 1\"", "\"value\":\"a \\\"quoted\\\" note\"" },
        { "\"value\":\"checked 1\"", "\"value\":\"bad \xff byte\"" },
        { "\"value\":\"checked 1\"", "\"value\":\"\"" },
        { "\"author\":\"curator\"", "\"author\":\"\"" },
        { "\"author\":\"curator\"", "\"author\":\"two\\nlines\"" },
        { "\"field\":\"note\"", "\"field\":\"colour\"" },
        { "\"record\":\"2104.04473\"", "\"record\":\"2104.04473v2\"" },
        { "\"parents\":[]", "\"parents\":[\"not-a-uuid\"]" },
        { "\"parents\":[]", "\"parents\":[1]" },
        { "\"parents\":[]", "\"parents\":{}" },
        { "\"created_at\":\"2026-11-29T17:00:00.000Z\"", "\"created_at\":\"yesterday\"" },
        { "\"id\":\"a4d62a99", "\"id\":\"A4D62A99" },
        { "\"events\":[", "\"events\":[{}," },
        { "\"events\":[", "\"events\":[null," },
        { "}]", "},]" },
        { "}", "} " },
        { "{\"events\"", "[{\"events\"" },
    };
    for (const auto &[from, to] : edits) {
        QByteArray text = small;
        QVERIFY2(text.contains(from), from.constData());
        text.replace(text.indexOf(from), from.size(), to);
        const QByteArray what = from + " -> " + to;
        const QString problem = same(text, what.constData());
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
    for (qsizetype cut = 0; cut < small.size(); ++cut) {
        const QString problem = same(small.left(cut), "truncated");
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
    QRandomGenerator random(20261130);
    const QByteArray alphabet = "{}[]\",:0123456789-.eE \\ntrufalsnul\xc3\xff";
    for (int n = 0; n < 4000; ++n) {
        QByteArray text = small;
        const int changes = 1 + int(random.bounded(3));
        for (int c = 0; c < changes; ++c)
            text[random.bounded(int(text.size()))]
                = alphabet.at(random.bounded(int(alphabet.size())));
        const QString problem = same(text, "damaged");
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
    // The direct reader did take part: the plain and lightly damaged pages it is sure of.
    QVERIFY2(directlyRead > 5, qPrintable(QString::number(directlyRead)));
}

QTEST_GUILESS_MAIN(TestSyncPerf)
#include "tst_syncperf.moc"
