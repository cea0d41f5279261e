// SPDX-License-Identifier: GPL-3.0-or-later
// The observation table's fast paths (issue 8) against brute-force references on a generated
// 20,000-row record: the UTF-8 search text behind the free-text filter, the title ranks, and the
// proxy's per-generation caches for filtering and sorting, all under QAbstractItemModelTester.
#include "AnomalyHints.h"
#include "Attention.h"
#include "CuratedRecord.h"
#include "CurationLog.h"
#include "ObservationFilterProxy.h"
#include "ObservationTableModel.h"

#include <QAbstractItemModelTester>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QUuid>
#include <QtTest>

#include <algorithm>
#include <memory>
#include <numeric>

using namespace LedgerCurator;

namespace {

constexpr int kRows = 20000;

//! Words of titles: mixed case, non-Latin, characters that fold to several (ß, ﬁ), code points
//! beyond the BMP (🚀, 𝐀) and in U+E000..U+FFFF (ﬁ U+FB01, ＡＢ U+FF21), whose UTF-16 and UTF-8
//! orders differ.
const QStringList kWords = {
    QStringLiteral("Scaling"),
    QStringLiteral("sparse"),
    QStringLiteral("ATTENTION"),
    QStringLiteral("Straße"),
    QStringLiteral("ﬁne"),
    QStringLiteral("Ｆull"),
    QStringLiteral("🚀"),
    QStringLiteral("𝐀lign"),
    QStringLiteral("大規模"),
    QStringLiteral("Распределённое"),
    QStringLiteral("ΣΊΣΥΦΟΣ"),
    QStringLiteral("a"),
    QStringLiteral("Z"),
    QStringLiteral("ab"),
    QStringLiteral("\uE000x"),
    QStringLiteral("Models"),
};

QString randomTitle(QRandomGenerator &random)
{
    QString title;
    const int words = 1 + int(random.bounded(5));
    for (int w = 0; w < words; ++w) {
        if (w)
            title += random.bounded(10) == 0 ? QStringLiteral("  ") : QStringLiteral(" ");
        title += kWords[int(random.bounded(int(kWords.size())))];
    }
    return title;
}

Record generated(int rows, quint32 seed)
{
    QRandomGenerator random(seed);
    Record r;
    r.arxivId = QStringLiteral("2401.00042");
    r.title = QStringLiteral("The Record's Own Title");
    r.asOf = QStringLiteral("2026-08-05");
    QString previous;
    const int outbound = rows / 10;
    for (int n = 0; n < rows; ++n) {
        Observation o;
        o.id = QUuid::createUuidV5(QUuid(), QString::number(seed * 100000 + n))
                   .toString(QUuid::WithoutBraces);
        if (n % 11 == 0)
            o.id = o.id.toUpper(); // "as given": the filter folds it
        o.direction = n < outbound ? Direction::Outbound : Direction::Inbound;
        const QString other = (n % 9 == 1 && !previous.isEmpty()) ? previous : randomTitle(random);
        previous = other;
        o.citingTitle = o.direction == Direction::Inbound ? other : r.title;
        o.citedTitle = o.direction == Direction::Inbound ? r.title : other;
        o.state = static_cast<ResolutionState>(random.bounded(kResolutionStateCount));
        if (random.bounded(7) != 0)
            o.reference = 1 + qint64(random.bounded(40));
        o.basis
            = random.bounded(2) ? QStringLiteral("arxiv_id") : QStringLiteral("No Resolver Link");
        o.observedAt = QStringLiteral("2026-05-10T12:00:00Z");
        if (n % 13 == 0)
            o.curation.edit().identifier = QStringLiteral("10.1234/ABC.%1").arg(n);
        r.observations.append(std::move(o));
    }
    r.stated.outboundListed = r.stated.outboundTotal = r.stated.outboundDisplayed
        = r.stated.outboundDisplayedOf = outbound;
    r.stated.inbound = rows - outbound;
    return r;
}

//! The filter text as the model described it before issue 8: one case-folded string per row.
QString referenceText(const Observation &o)
{
    const QString text = o.citingTitle + u'\n' + o.citedTitle + u'\n' + o.id + u'\n'
        + o.curation->identifier + u'\n' + stateText(o.state) + u'\n' + o.basis;
    return text.toCaseFolded();
}

QStringList foldedWords(const QString &text)
{
    static const QRegularExpression whitespace(QStringLiteral("\\s+"));
    return text.toCaseFolded().split(whitespace, Qt::SkipEmptyParts);
}

//! Source rows the proxy should show, in source order.
QList<int> referenceFilter(
    const Record &r, const QString &text, unsigned stateMask, std::optional<Direction> direction)
{
    const QStringList words = foldedWords(text);
    QList<int> rows;
    for (int i = 0; i < r.observations.size(); ++i) {
        const Observation &o = r.observations[i];
        if (stateMask && !(stateMask & (1U << unsigned(o.state))))
            continue;
        if (direction && o.direction != *direction)
            continue;
        const QString haystack = referenceText(o);
        if (std::all_of(
                words.begin(), words.end(), [&](const QString &w) { return haystack.contains(w); }))
            rows.append(i);
    }
    return rows;
}

QList<int> shownSourceRows(const ObservationFilterProxy &proxy)
{
    QList<int> rows;
    for (int row = 0; row < proxy.rowCount(); ++row)
        rows.append(proxy.mapToSource(proxy.index(row, 0)).row());
    return rows;
}

} // namespace

class TstTablePerfModels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_record = generated(kRows, 5);
        m_model = std::make_unique<ObservationTableModel>();
        m_proxy = std::make_unique<ObservationFilterProxy>();
        m_proxy->setSourceModel(m_model.get());
        m_model->setCuratedRecord(applyCorrections(m_record, {}));
    }
    void cleanup()
    {
        m_proxyTester.reset();
        m_modelTester.reset();
        m_proxy.reset();
        m_model.reset();
    }

    void modelContracts()
    {
        // QAbstractItemModelTester walks every index after each change: a few changes only.
        m_modelTester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_proxyTester = std::make_unique<QAbstractItemModelTester>(
            m_proxy.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_proxy->setFilterText(QStringLiteral("scaling sparse"));
        QCOMPARE(shownSourceRows(*m_proxy),
            referenceFilter(m_record, QStringLiteral("scaling sparse"), 0, std::nullopt));
        m_proxy->sort(ObservationTableModel::CitingTitleColumn, Qt::DescendingOrder);
        m_proxy->setFilterText(QString());
        QCOMPARE(m_proxy->rowCount(), kRows);
        CuratedRecord curated = applyCorrections(m_record, {});
        const QString target = m_record.observations[kRows - 3].id;
        QVERIFY(applyMoreCorrections(curated,
            { makeEdit(FieldState {}, m_record.arxivId, target, CurationField::State,
                QStringLiteral("unresolved"), QStringLiteral("tester"),
                QStringLiteral("2026-08-06T10:00:00.000Z")) }));
        m_model->updateCuratedRecord(curated, { target });
        m_proxy->sort(-1);
        m_model->setCuratedRecord(curated);
        QCOMPARE(m_proxy->rowCount(), kRows);
    }

    void rowFactsAsTheirDefinition_data()
    {
        QTest::addColumn<int>("rows");
        // 20,000 rows: prepare() runs the hints beside the rows, then gives the hinted rows their
        // hints; 600: all on one thread. Both as the definitions say, row by row.
        QTest::newRow("two threads") << kRows;
        QTest::newRow("one thread") << 600;
    }
    void rowFactsAsTheirDefinition()
    {
        QFETCH(int, rows);
        const Record r = rows == kRows ? m_record : generated(rows, 11);
        const ObservationTableData data = ObservationTableModel::prepare(applyCorrections(r, {}));
        QCOMPARE(data.hints, anomalyHints(r));
        const auto byObservation = hintsByObservation(data.hints);
        QVERIFY(byObservation.size() > rows / 20); // repeated titles: hints on many rows
        QCOMPARE(qsizetype(data.rows.size()), r.observations.size());
        QCOMPARE(data.rowById.size(), r.observations.size());
        QVERIFY(!data.titlesRanked); // ranked on the first sort by title
        for (int i = 0; i < rows; ++i) {
            const Observation &o = r.observations[i];
            const ObservationRowInfo &row = data.rows[size_t(i)];
            const QList<qsizetype> hints = byObservation.value(o.id);
            QCOMPARE(row.hints, hints);
            QCOMPARE(row.attention, attentionReasons(o, !hints.isEmpty()));
            QCOMPARE(row.needsAttention, bool(row.attention));
            QCOMPARE(data.rowById.value(o.id, -1), i);
        }
    }

    void filterTextRoleAsBefore()
    {
        for (int row : { 0, 1, 2, 1999, 2000, 2001, 12345, kRows - 1 })
            QCOMPARE(m_model->index(row, 0).data(ObservationTableModel::FilterTextRole).toString(),
                referenceText(m_record.observations[row]));
    }

    void textFilterMatchesReference_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("one word") << QStringLiteral("scaling");
        QTest::newRow("two words") << QStringLiteral("scaling sparse");
        QTest::newRow("upper case") << QStringLiteral("SPARSE ATTENTION");
        QTest::newRow("sharp s folds to ss") << QStringLiteral("strasse");
        QTest::newRow("ligature folds") << QStringLiteral("fine");
        QTest::newRow("full width") << QStringLiteral("ｆｕｌｌ");
        QTest::newRow("beyond the BMP") << QStringLiteral("🚀 𝐀");
        QTest::newRow("final sigma") << QStringLiteral("σίσυφος");
        QTest::newRow("Japanese") << QStringLiteral("大規");
        QTest::newRow("Cyrillic upper") << QStringLiteral("РАСПРЕДЕЛЁННОЕ");
        QTest::newRow("record's own title") << QStringLiteral("record's own");
        QTest::newRow("state text") << QStringLiteral("verified exact");
        QTest::newRow("basis") << QStringLiteral("no resolver");
        QTest::newRow("identifier") << QStringLiteral("10.1234/abc.13");
        QTest::newRow("upper-case id") << m_recordIdAt(11).toUpper();
        QTest::newRow("a line break splits words") << QStringLiteral("title\nthe");
        QTest::newRow("single letter") << QStringLiteral("a");
        QTest::newRow("private use") << QStringLiteral("\uE000");
        QTest::newRow("nothing") << QStringLiteral("no-such-word-anywhere");
        QTest::newRow("replacement char (exact fallback)") << QStringLiteral("\uFFFD");
    }
    void textFilterMatchesReference()
    {
        QFETCH(QString, text);
        m_proxy->setFilterText(text);
        QCOMPARE(shownSourceRows(*m_proxy), referenceFilter(m_record, text, 0, std::nullopt));
        // With a state and a direction filter on top, and the counts of the state chips.
        const unsigned mask = (1U << int(ResolutionState::Unresolved))
            | (1U << int(ResolutionState::VerifiedFuzzy));
        m_proxy->setStates({ ResolutionState::Unresolved, ResolutionState::VerifiedFuzzy });
        m_proxy->setDirection(Direction::Inbound);
        QCOMPARE(
            shownSourceRows(*m_proxy), referenceFilter(m_record, text, mask, Direction::Inbound));
        std::array<int, kResolutionStateCount> counts {};
        for (int row : referenceFilter(m_record, text, 0, Direction::Inbound))
            ++counts[int(m_record.observations[row].state)];
        QCOMPARE(m_proxy->stateCountsIgnoringStateFilter(), counts);
        // Row by row (the model's direct search) agrees with the bulk search.
        const QStringList words = foldedWords(text);
        const std::vector<bool> bulk = m_model->rowsWithWords(words);
        for (int row = 0; row < kRows; row += 7)
            QCOMPARE(m_model->rowHasWords(row, words), bool(bulk[size_t(row)]));
    }

    void filterNarrowedAndWidened()
    {
        // Typing a word letter by letter, then deleting it: every step as the reference.
        const QString word = QStringLiteral("scaling sp");
        for (qsizetype n = 1; n <= word.size(); ++n) {
            m_proxy->setFilterText(word.left(n));
            QCOMPARE(m_proxy->rowCount(),
                referenceFilter(m_record, word.left(n), 0, std::nullopt).size());
        }
        for (qsizetype n = word.size(); n >= 0; --n) {
            m_proxy->setFilterText(word.left(n));
            QCOMPARE(shownSourceRows(*m_proxy),
                referenceFilter(m_record, word.left(n), 0, std::nullopt));
        }
    }

    void sortMatchesReference_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<bool>("descending");
        for (int column : { int(ObservationTableModel::StateColumn),
                 int(ObservationTableModel::CitingTitleColumn),
                 int(ObservationTableModel::ReferenceColumn) }) {
            QTest::addRow("column %d ascending", column) << column << false;
            QTest::addRow("column %d descending", column) << column << true;
        }
    }
    void sortMatchesReference()
    {
        QFETCH(int, column);
        QFETCH(bool, descending);
        // The reference: SortRole values as QVariant::compare orders them (titles case-folded,
        // compared as QStrings), ties in page order; descending reverses the whole order.
        auto key = [&](int row) {
            return m_model->index(row, column).data(ObservationTableModel::SortRole);
        };
        QList<int> expected(kRows);
        std::iota(expected.begin(), expected.end(), 0);
        std::vector<QVariant> keys(kRows);
        for (int row = 0; row < kRows; ++row)
            keys[size_t(row)] = key(row);
        std::stable_sort(expected.begin(), expected.end(), [&](int a, int b) {
            return QVariant::compare(keys[size_t(a)], keys[size_t(b)]) == QPartialOrdering::Less;
        });
        if (descending)
            std::reverse(expected.begin(), expected.end());
        m_proxy->sort(column, descending ? Qt::DescendingOrder : Qt::AscendingOrder);
        QCOMPARE(shownSourceRows(*m_proxy), expected);

        // Filtered while sorted: the same order, fewer rows.
        m_proxy->setFilterText(QStringLiteral("sparse"));
        const QList<int> filtered
            = referenceFilter(m_record, QStringLiteral("sparse"), 0, std::nullopt);
        QList<int> expectedFiltered;
        for (int row : std::as_const(expected)) {
            if (std::binary_search(filtered.begin(), filtered.end(), row))
                expectedFiltered.append(row);
        }
        QCOMPARE(shownSourceRows(*m_proxy), expectedFiltered);
        m_proxy->setFilterText(QString());
        QCOMPARE(shownSourceRows(*m_proxy), expected);
    }

    void correctionsKeepFilterAndSort()
    {
        // A correction changes one row (dataChanged): the proxy's caches of the previous
        // generation must not answer for it.
        m_proxy->sort(ObservationTableModel::CitingTitleColumn, Qt::AscendingOrder);
        m_proxy->setFilterText(QStringLiteral("zzzcorrected"));
        QCOMPARE(m_proxy->rowCount(), 0);
        CuratedRecord curated = applyCorrections(m_record, {});
        const QString target = m_record.observations[kRows / 2].id;
        const CorrectionEvent event = makeEdit(FieldState {}, m_record.arxivId, target,
            CurationField::Title, QStringLiteral("Aaa ZZZcorrected title"),
            QStringLiteral("tester"), QStringLiteral("2026-08-06T10:00:00.000Z"));
        QVERIFY(applyMoreCorrections(curated, { event }));
        m_model->updateCuratedRecord(curated, { target });
        QCOMPARE(m_proxy->rowCount(), 1);
        QCOMPARE(
            m_proxy->index(0, 0).data(ObservationTableModel::ObservationIdRole).toString(), target);
        m_proxy->setFilterText(QString());
        // Sorted by the new title, among all rows.
        QStringList titles;
        for (int row = 0; row < m_proxy->rowCount(); ++row)
            titles.append(m_proxy->index(row, ObservationTableModel::CitingTitleColumn)
                              .data()
                              .toString()
                              .toCaseFolded());
        QVERIFY(std::is_sorted(titles.begin(), titles.end()));
        QVERIFY(titles.contains(QStringLiteral("aaa zzzcorrected title")));
        // The search text still finds the rows as the reference does.
        m_record = curated.shown;
        m_proxy->setFilterText(QStringLiteral("zzzcorrected scaling"));
        QCOMPARE(shownSourceRows(*m_proxy).size(),
            referenceFilter(m_record, QStringLiteral("zzzcorrected scaling"), 0, std::nullopt)
                .size());
    }

    void loneSurrogateFallsBack()
    {
        // A title that is not valid UTF-16: the model compares QStrings instead of UTF-8.
        Record r = generated(600, 9);
        r.observations[500].citingTitle
            = QStringLiteral("broken ") + QChar(0xd800) + QStringLiteral(" title");
        r.observations[501].citingTitle
            = QStringLiteral("broken ") + QChar(0xfffd) + QStringLiteral(" title");
        m_record = r;
        m_model->setCuratedRecord(applyCorrections(r, {}));
        for (const QString &text : { QStringLiteral("broken"), QString(QChar(0xd800)),
                 QString(QChar(0xfffd)), QStringLiteral("scaling") }) {
            m_proxy->setFilterText(text);
            QCOMPARE(shownSourceRows(*m_proxy), referenceFilter(r, text, 0, std::nullopt));
        }
        m_proxy->setFilterText(QString());
        m_proxy->sort(ObservationTableModel::CitingTitleColumn, Qt::AscendingOrder);
        QStringList titles;
        for (int row = 0; row < m_proxy->rowCount(); ++row)
            titles.append(m_proxy->index(row, ObservationTableModel::CitingTitleColumn)
                              .data()
                              .toString()
                              .toCaseFolded());
        QVERIFY(std::is_sorted(titles.begin(), titles.end()));
    }

private:
    QString m_recordIdAt(int row) const { return generated(row + 1, 5).observations[row].id; }

    Record m_record;
    std::unique_ptr<ObservationTableModel> m_model;
    std::unique_ptr<ObservationFilterProxy> m_proxy;
    std::unique_ptr<QAbstractItemModelTester> m_modelTester;
    std::unique_ptr<QAbstractItemModelTester> m_proxyTester;
};

QTEST_GUILESS_MAIN(TstTablePerfModels)
#include "tst_tableperfmodels.moc"
