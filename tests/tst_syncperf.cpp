// SPDX-License-Identifier: GPL-3.0-or-later
// The sync's fast paths (issue 8) write and read what the QJsonDocument forms did.
#include "EventJson.h"

#include <QJsonDocument>
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

QTEST_GUILESS_MAIN(TestSyncPerf)
#include "tst_syncperf.moc"
