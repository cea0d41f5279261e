// SPDX-License-Identifier: GPL-3.0-or-later
// Match suggestions in the window (issue 23, item 4): the correction panel shows the candidates
// of the selected observation once a worker found them; 1-5 and Enter accept one (identifier,
// verified fuzzy and a note, one undo step) from the table or the candidate list, never while
// typing; None of them records its note; Accept Clear Matches lists exactly the clear matches
// and records them as one step; the empty states; File > Import Works List reports its bad
// lines and brings suggestions.
#include "CacheWorks.h"
#include "ClearMatchesDialog.h"
#include "CurationPanel.h"
#include "CurationSession.h"
#include "MainWindow.h"
#include "MatchSuggestions.h"
#include "ObservationTableModel.h"
#include "Screenshots.h"
#include "ServerProcess.h"
#include "SettingsKeys.h"
#include "Store.h"
#include "StoreConnection.h"
#include "SuggestionBox.h"
#include "SuggestionProvider.h"
#include "TestSupport.h"
#include "WindowFixture.h"
#include "WorksIndex.h"

#include <QAction>
#include <QComboBox>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
// Outbound references of the record, unresolved: what the index should find.
const QString kAttention = QStringLiteral("0b0b0b0b-0000-4000-8000-000000000001");
const QString kResNet = QStringLiteral("0b0b0b0b-0000-4000-8000-000000000002");
const QString kBert = QStringLiteral("0b0b0b0b-0000-4000-8000-000000000003");
const QString kUnknown = QStringLiteral("0b0b0b0b-0000-4000-8000-000000000004"); // no candidate
const QString kFewShot = QStringLiteral("0b0b0b0b-0000-4000-8000-000000000005"); // two near
const QString kVerified = QStringLiteral("0b0b0b0b-0000-4000-8000-000000000006"); // no problem
const QString kMalformed = QStringLiteral("0b0b0b0b-0000-4000-8000-000000000007"); // "1706.0376"
// An inbound observation of the fixture, unresolved: its candidate is the citing paper.
const QString kDesignCp = QStringLiteral("e919841b-30d3-4e66-a2d1-e594d06b6753");

Record recordWithReferences()
{
    Record record = fixtureRecord();
    const QList<std::tuple<QString, QString, ResolutionState>> references {
        { kAttention, QStringLiteral("Attention Is All You Need"), ResolutionState::Unresolved },
        { kResNet, QStringLiteral("Deep Residual Learning for Image Recognition"),
            ResolutionState::Unresolved },
        { kBert,
            QStringLiteral("BERT: Pre-training of Deep Bidirectional Transformers for Language "
                           "Understanding"),
            ResolutionState::MetadataMismatch },
        { kUnknown, QStringLiteral("Zyxxq Qwopp Frobnitz Blorptastic"),
            ResolutionState::Unresolved },
        { kFewShot, QStringLiteral("Language Models are Learners"), ResolutionState::Unresolved },
        { kVerified, QStringLiteral("Adam: A Method for Stochastic Optimization"),
            ResolutionState::VerifiedExact },
        { kMalformed, QStringLiteral("arXiv:1706.0376"), ResolutionState::MalformedIdentifier },
    };
    QList<Observation> outbound;
    int reference = 0;
    for (const auto &[id, title, state] : references) {
        Observation o = record.observations.first();
        o.id = id;
        o.direction = Direction::Outbound;
        o.citingTitle = record.title;
        o.citedTitle = title;
        o.reference = ++reference;
        o.state = state;
        o.basis = state == ResolutionState::VerifiedExact ? QStringLiteral("arxiv_id")
                                                          : QStringLiteral("no resolver link");
        o.events = {};
        o.events.status = EventsCheck::Status::Unavailable;
        o.events.reason = QStringLiteral("canonical work link unavailable");
        outbound.append(o);
        record.stated.outboundStates[int(state)] += 1;
    }
    record.observations = outbound + record.observations;
    record.stated.outboundListed = record.stated.outboundTotal = int(outbound.size());
    record.stated.outboundDisplayed = record.stated.outboundDisplayedOf = int(outbound.size());
    return record;
}

QList<Work> worksList()
{
    auto work = [](const char *id, const char *title, int year) {
        Work w;
        w.id = QString::fromLatin1(id);
        w.title = QString::fromUtf8(title);
        w.year = year;
        w.source = QStringLiteral("test-works.csv");
        return w;
    };
    return {
        work("1706.03762", "Attention Is All You Need", 2017),
        work("1512.03385", "Deep Residual Learning for Image Recognition", 2015),
        work("1810.04805",
            "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding",
            2018),
        work("2005.14165", "Language Models are Few-Shot Learners", 2020),
        work("2206.07682", "Language Models are Zero-Shot Reasoners", 2022),
        work("1412.6980", "Adam: A Method for Stochastic Optimization", 2014),
        work("2408.12345", "Design-CP: Context Parallelism for Design of Protein Nanoparticles",
            2024),
        work("1603.05027", "Identity Mappings in Deep Residual Networks", 2016),
        // a sibling: a second candidate for the residual paper, never its match
        work("1512.03399", "Deep Residual Learning for Image Recognition: Extended Version", 2016),
    };
}

} // namespace

class TestSuggestGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void candidatesAppearAndOneKeyAccepts();
    void enterInTheCandidateListAcceptsTheChosenOne();
    void noneOfTheseRecordsItsNote();
    void citingPaperIsShownAsSuchAndOpens();
    void malformedIdentifierGetsTheNearestValidOnes();
    void acceptClearMatchesListsExactlyThemAsOneStep();
    void emptyStates();
    void theWorksTheCacheKnowsAreFoundWithoutAList();
    void keysDoNotFireWhileTyping();
    void f8FromTheRecordListBringsTheKeysToTheTable();
    void importWorksListReportsAndSuggests();
    void worksImportedByTheCommandLineBringSuggestions();
    void worksImportCancelledGoesOnAfter();
    void theTeamsServerIsAskedWhenTheCacheHasNoClearMatch();
    void screenshots();

public Q_SLOTS:
    void openUrl(const QUrl &url) { m_opened.append(url); }

private:
    //! The record with references in the cache, the works seeded (or not), a window shown.
    bool open(bool seedWorks = true, const QList<Work> &works = worksList());
    template <typename T> T *find(const char *name) const
    {
        T *widget = m_window->findChild<T *>(QString::fromLatin1(name));
        if (!widget)
            qWarning("no widget %s", name);
        return widget;
    }
    QTableView *table() const { return find<QTableView>("observationTable"); }
    QTreeWidget *candidates() const { return find<QTreeWidget>("candidateList"); }
    QString status() const { return find<QLabel>("suggestionStatus")->text(); }
    void select(const QString &id)
    {
        if (!clickObservationRow(table(), id))
            QFAIL("observation not in the table");
    }
    QString currentId() const
    {
        return table()->currentIndex().data(ObservationTableModel::ObservationIdRole).toString();
    }
    //! The observation as the cache shows it now, read on a connection of its own.
    Observation inCache(const QString &id) const;
    //! The candidates the index gives for an observation, asked here, not through the window.
    ObservationSuggestions expected(const QString &id) const;

    std::unique_ptr<WindowFixture> m_fixture;
    MainWindow *m_window = nullptr;
    QList<QUrl> m_opened;
};

void TestSuggestGui::init()
{
    m_opened.clear();
    QDesktopServices::setUrlHandler(QStringLiteral("https"), this, "openUrl");
}

void TestSuggestGui::cleanup()
{
    QDesktopServices::unsetUrlHandler(QStringLiteral("https"));
    m_window = nullptr;
    m_fixture.reset();
}

bool TestSuggestGui::open(bool seedWorks, const QList<Work> &works)
{
    m_fixture = std::make_unique<WindowFixture>();
    if (!m_fixture->openCache({ recordWithReferences() })) {
        qWarning("%s", qPrintable(m_fixture->problem()));
        return false;
    }
    QSqlDatabase db = StoreConnection::of(m_fixture->store());
    if (auto schema = WorksIndex::ensureSchema(db); !schema) {
        qWarning("%s", qPrintable(schema.error().toString()));
        return false;
    }
    if (seedWorks) {
        WorksIndex index = cacheWorksIndex(m_fixture->store());
        if (auto seeded = index.replaceSource(QStringLiteral("test-works.csv"), works); !seeded) {
            qWarning("%s", qPrintable(seeded.error().toString()));
            return false;
        }
    }
    m_window = &m_fixture->makeWindow();
    m_window->session().setAuthor(QStringLiteral("librarian"));
    m_window->resize(1600, 1000);
    m_window->show();
    if (!QTest::qWaitForWindowExposed(m_window))
        return false;
    m_window->activateWindow();
    if (!QTest::qWaitForWindowActive(m_window))
        return false;
    return QTest::qWaitFor([this] { return table()->model()->rowCount() == 41; }, 10000);
}

Observation TestSuggestGui::inCache(const QString &id) const
{
    Store store(m_fixture->cachePath());
    if (auto opened = store.open(); !opened)
        qFatal("%s", qPrintable(opened.error().toString()));
    auto curated = store.loadCurated(kRecord);
    if (!curated || !curated.value())
        qFatal("no record");
    const Observation *o = (*curated.value()).shown.findObservation(id);
    return o ? *o : Observation {};
}

ObservationSuggestions TestSuggestGui::expected(const QString &id) const
{
    Store store(m_fixture->cachePath());
    if (auto opened = store.open(); !opened)
        qFatal("%s", qPrintable(opened.error().toString()));
    auto curated = store.loadCurated(kRecord);
    const CuratedRecord &record = *curated.value();
    const WorksIndex index = cacheWorksIndex(store);
    return suggestFor(record, *record.shown.findObservation(id), index);
}

void TestSuggestGui::candidatesAppearAndOneKeyAccepts()
{
    QVERIFY(open());
    // The attention filter on: accepting moves on to the next row needing attention.
    find<QAction>("attentionAction")->setChecked(true);
    select(kAttention);
    QTRY_VERIFY(candidates()->isVisible());
    const ObservationSuggestions want = expected(kAttention);
    QVERIFY(!want.candidates.isEmpty());
    QCOMPARE(want.candidates.first().id, QStringLiteral("1706.03762"));
    QCOMPARE(candidates()->topLevelItemCount(), want.candidates.size());
    QTreeWidgetItem *first = candidates()->topLevelItem(0);
    QVERIFY(first->text(0).startsWith(u'1'));
    QVERIFY2(first->text(2).contains(QStringLiteral("Attention Is All You Need")),
        qPrintable(first->text(2)));
    QVERIFY(first->text(2).contains(QStringLiteral("1706.03762")));
    QVERIFY(first->text(2).contains(QStringLiteral("title 100% similar")));
    QCOMPARE(first->text(1), QString::number(want.candidates.first().score, 'f', 0));
    QVERIFY(first->toolTip(2).contains(QStringLiteral("Attention Is All You Need")));
    if (want.candidates.first().match) {
        QVERIFY(first->text(0).contains(QStringLiteral("✓")));
        QVERIFY(first->text(2).contains(QStringLiteral("clear match")));
        QVERIFY(first->font(2).bold());
    }

    // 1 in the table: one step of three corrections, in the cache.
    table()->setFocus();
    QUndoStack *undo = m_window->session().undoStack();
    const int steps = undo->count();
    const QString note
        = QStringLiteral("matched to 1706.03762, score %1")
              .arg(QString::number(want.candidates.first().score, 'f',
                  want.candidates.first().score == std::floor(want.candidates.first().score) ? 0
                                                                                             : 1));
    QTest::keyClick(table(), Qt::Key_1);
    QCOMPARE(undo->count(), steps + 1);
    QCOMPARE(undo->undoText(),
        QStringLiteral("Accept 1706.03762 (score %1)")
            .arg(QString::number(want.candidates.first().score, 'f', 0)));
    Observation stored = inCache(kAttention);
    QCOMPARE(stored.curation->identifier, QStringLiteral("1706.03762"));
    QCOMPARE(stored.state, ResolutionState::VerifiedFuzzy);
    QCOMPARE(stored.curation->note, note);
    // Moved on, as Apply and Next does: the next observation needing attention.
    QVERIFY(currentId() != kAttention);
    QVERIFY(table()->currentIndex().data(ObservationTableModel::NeedsAttentionRole).toBool());
    QCOMPARE(currentId(), kResNet);

    // One Ctrl+Z takes all three back.
    QTest::keySequence(m_window, QKeySequence::Undo);
    QCOMPARE(undo->index(), steps);
    stored = inCache(kAttention);
    QCOMPARE(stored.curation->identifier, QString());
    QCOMPARE(stored.state, ResolutionState::Unresolved);
    QCOMPARE(stored.curation->note, QString());
    // And its suggestions are looked for again.
    select(kAttention);
    QTRY_VERIFY(candidates()->isVisible());
    QCOMPARE(candidates()->topLevelItemCount(), want.candidates.size());
}

void TestSuggestGui::enterInTheCandidateListAcceptsTheChosenOne()
{
    QVERIFY(open());
    select(kResNet);
    QTRY_VERIFY(candidates()->isVisible());
    const ObservationSuggestions want = expected(kResNet);
    QVERIFY(want.candidates.size() >= 2);
    // Enter in the table: the first.
    table()->setFocus();
    QTest::keyClick(table(), Qt::Key_Return);
    QCOMPARE(inCache(kResNet).curation->identifier, want.candidates.at(0).id);
    QTest::keySequence(m_window, QKeySequence::Undo);
    QCOMPARE(inCache(kResNet).curation->identifier, QString());
    // In the list, Enter accepts the one chosen there; 2 the second.
    select(kResNet);
    QTRY_VERIFY(candidates()->isVisible());
    // The chosen candidate's reasons are said whole below the list (the rows are elided to
    // the panel's width): the first's, then the second's once chosen.
    auto *details = find<QLabel>("candidateDetails");
    QVERIFY(details->isVisible());
    QVERIFY2(details->text().startsWith(QStringLiteral("1. ") + want.candidates.at(0).name),
        qPrintable(details->text()));
    QVERIFY(details->text().contains(SuggestionBox::featureText(want.candidates.at(0))));
    candidates()->setFocus();
    candidates()->setCurrentItem(candidates()->topLevelItem(1));
    QVERIFY2(details->text().startsWith(QStringLiteral("2. ") + want.candidates.at(1).name),
        qPrintable(details->text()));
    QVERIFY(details->text().contains(want.candidates.at(1).id));
    QVERIFY(details->text().contains(
        QStringLiteral("Score %1").arg(QString::number(want.candidates.at(1).score, 'f', 0))));
    QVERIFY(details->text().contains(SuggestionBox::featureText(want.candidates.at(1))));
    QVERIFY(details->width() <= candidates()->width() + 40);
    QTest::keyClick(candidates(), Qt::Key_Enter);
    QCOMPARE(inCache(kResNet).curation->identifier, want.candidates.at(1).id);
    QTest::keySequence(m_window, QKeySequence::Undo);
    select(kResNet);
    QTRY_VERIFY(candidates()->isVisible());
    candidates()->setFocus();
    QTest::keyClick(candidates(), Qt::Key_2);
    QCOMPARE(inCache(kResNet).curation->identifier, want.candidates.at(1).id);
    // A key with no candidate behind it records nothing.
    QTest::keySequence(m_window, QKeySequence::Undo);
    select(kResNet);
    QTRY_VERIFY(candidates()->isVisible());
    const int steps = m_window->session().undoStack()->count();
    if (want.candidates.size() < 5) {
        table()->setFocus();
        QTest::keyClick(table(), Qt::Key_5);
        QCOMPARE(m_window->session().undoStack()->count(), steps);
    }
}

void TestSuggestGui::noneOfTheseRecordsItsNote()
{
    QVERIFY(open());
    select(kFewShot);
    QTRY_VERIFY(candidates()->isVisible());
    const ObservationSuggestions want = expected(kFewShot);
    QVERIFY(!want.candidates.isEmpty());
    QStringList ids;
    for (const Candidate &c : want.candidates)
        ids.append(c.id);
    auto *none = find<QPushButton>("noneOfTheseButton");
    QVERIFY(none->isVisible());
    QVERIFY(none->text().contains(u'&')); // a mnemonic
    const int steps = m_window->session().undoStack()->count();
    QTest::mouseClick(none, Qt::LeftButton);
    QCOMPARE(m_window->session().undoStack()->count(), steps + 1);
    const Observation stored = inCache(kFewShot);
    QCOMPARE(stored.curation->note,
        QStringLiteral("none of the suggested works is the cited work (%1)")
            .arg(ids.join(QStringLiteral(", "))));
    QCOMPARE(stored.state, ResolutionState::Unresolved); // still to decide
    QCOMPARE(currentId(), kFewShot); // the curator gives the identifier next
    QTest::keySequence(m_window, QKeySequence::Undo);
    QCOMPARE(inCache(kFewShot).curation->note, QString());
    // The shortcut does the same.
    select(kFewShot);
    QTRY_VERIFY(candidates()->isVisible());
    auto *action = find<QAction>("noneOfTheseAction");
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    table()->setFocus();
    QTest::keySequence(m_window, action->shortcut());
    QVERIFY(inCache(kFewShot).curation->note.startsWith(QStringLiteral("none of the suggested")));
}

void TestSuggestGui::citingPaperIsShownAsSuchAndOpens()
{
    QVERIFY(open());
    select(kDesignCp);
    QTRY_VERIFY(candidates()->isVisible());
    QVERIFY2(status().startsWith(QStringLiteral("Citing paper found: “Design-CP")),
        qPrintable(status()));
    QVERIFY(status().contains(QStringLiteral("2408.12345")));
    auto *open = find<QPushButton>("openCandidateButton");
    QVERIFY(open->isVisible());
    QTest::mouseClick(open, Qt::LeftButton);
    QCOMPARE(m_opened, (QList<QUrl> { QUrl(QStringLiteral("https://arxiv.org/abs/2408.12345")) }));
    // Accepting verifies the link to this record's paper; the citing paper goes to the note.
    QTest::mouseClick(find<QPushButton>("acceptCandidateButton"), Qt::LeftButton);
    const Observation stored = inCache(kDesignCp);
    QCOMPARE(stored.state, ResolutionState::VerifiedFuzzy);
    QCOMPARE(stored.curation->identifier, kRecord);
    QVERIFY2(stored.curation->note.startsWith(QStringLiteral("citing paper matched to 2408.12345")),
        qPrintable(stored.curation->note));
}

void TestSuggestGui::malformedIdentifierGetsTheNearestValidOnes()
{
    QVERIFY(open());
    select(kMalformed);
    QTRY_VERIFY(candidates()->isVisible());
    const ObservationSuggestions want = expected(kMalformed);
    QCOMPARE(want.kind, SuggestionKind::NearestIdentifier);
    QVERIFY2(status().startsWith(QStringLiteral("Valid identifiers nearest to “1706.0376")),
        qPrintable(status()));
    QTreeWidgetItem *first = candidates()->topLevelItem(0);
    QVERIFY(first->text(2).contains(QStringLiteral("1706.03762")));
    QVERIFY2(
        first->text(2).contains(QStringLiteral("edit distance 1")), qPrintable(first->text(2)));
    table()->setFocus();
    QTest::keyClick(table(), Qt::Key_Enter);
    const Observation stored = inCache(kMalformed);
    QCOMPARE(stored.curation->identifier, QStringLiteral("1706.03762"));
    QCOMPARE(stored.state, ResolutionState::VerifiedFuzzy);
}

void TestSuggestGui::acceptClearMatchesListsExactlyThemAsOneStep()
{
    QVERIFY(open());
    auto *action = find<QAction>("clearMatchesAction");
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    // Every suggestion in first, so that the list is whole.
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->suggestions().isBusy(), 20000);
    // The clear matches, found here: outbound ones whose first candidate is a match.
    QStringList want;
    for (const QString &id : { kAttention, kResNet, kBert, kUnknown, kFewShot, kMalformed }) {
        const ObservationSuggestions s = expected(id);
        if (!s.candidates.isEmpty() && s.candidates.first().match)
            want.append(id);
    }
    QVERIFY2(want.size() >= 2, qPrintable(want.join(u' ')));
    QVERIFY(!want.contains(kUnknown));

    QTest::keySequence(m_window, action->shortcut());
    ClearMatchesDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_window->findChild<ClearMatchesDialog *>()));
    auto *list = dialog->findChild<QTreeWidget *>(QStringLiteral("clearMatchesList"));
    QCOMPARE(list->topLevelItemCount(), want.size());
    QStringList listed;
    for (int i = 0; i < list->topLevelItemCount(); ++i) {
        listed.append(list->topLevelItem(i)->text(0));
        QVERIFY(!list->topLevelItem(i)->text(1).isEmpty()); // the title looked for
        QVERIFY(!list->topLevelItem(i)->text(3).isEmpty()); // the score
    }
    for (const QString &id : std::as_const(want))
        QVERIFY2(listed.join(u' ').contains(id.left(8)), qPrintable(listed.join(u' ')));
    QVERIFY(!listed.join(u' ').contains(kDesignCp.left(8))); // inbound: never in a batch
    QVERIFY(saveScreenshot(dialog, QStringLiteral("suggestions-clear-matches.png")));

    const int steps = m_window->session().undoStack()->count();
    QTest::mouseClick(
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QCOMPARE(m_window->session().undoStack()->count(), steps + 1);
    for (const QString &id : std::as_const(want)) {
        const Observation stored = inCache(id);
        QCOMPARE(stored.state, ResolutionState::VerifiedFuzzy);
        QCOMPARE(stored.curation->identifier, expected(id).candidates.first().id);
        QVERIFY(stored.curation->note.startsWith(QStringLiteral("matched to ")));
    }
    QCOMPARE(inCache(kUnknown).state, ResolutionState::Unresolved);
    QCOMPARE(inCache(kDesignCp).state, ResolutionState::Unresolved);
    QVERIFY2(m_window->statusBar()->currentMessage().contains(
                 QStringLiteral("Accepted clear matches: %1").arg(want.size())),
        qPrintable(m_window->statusBar()->currentMessage()));
    // One Ctrl+Z takes the whole batch back.
    QTest::keySequence(m_window, QKeySequence::Undo);
    for (const QString &id : std::as_const(want)) {
        const Observation stored = inCache(id);
        QVERIFY(stored.state != ResolutionState::VerifiedFuzzy);
        QCOMPARE(stored.curation->identifier, QString());
        QCOMPARE(stored.curation->note, QString());
    }

    // Over what the table shows only: filtered to one reference, one clear match at most.
    auto *filter = find<QLineEdit>("filterEdit");
    QVERIFY(filter);
    filter->setText(QStringLiteral("Attention Is All"));
    QTRY_VERIFY(table()->model()->rowCount() >= 1);
    QTest::keySequence(m_window, action->shortcut());
    QTRY_VERIFY((dialog = m_window->findChild<ClearMatchesDialog *>()) && dialog->isVisible());
    list = dialog->findChild<QTreeWidget *>(QStringLiteral("clearMatchesList"));
    QVERIFY(list->topLevelItemCount() <= 1);
    for (int i = 0; i < list->topLevelItemCount(); ++i)
        QVERIFY(list->topLevelItem(i)->text(0).contains(kAttention.left(8)));
    dialog->reject();
}

void TestSuggestGui::emptyStates()
{
    // No works index yet.
    QVERIFY(open(false));
    select(kAttention);
    QTRY_COMPARE(status(),
        QStringLiteral("No works index yet: File > Import Works List... or "
                       "`ledger-curator works import FILE`"));
    QVERIFY(!candidates()->isVisible());
    QVERIFY(!find<QPushButton>("acceptCandidateButton")->isVisible());
    // A row without a problem shows no suggestions at all.
    select(kVerified);
    QTRY_VERIFY(!find<SuggestionBox>("suggestionBox")->isVisible());
    cleanup();

    // An index, and a title it holds nothing like.
    QVERIFY(open());
    select(kUnknown);
    QTRY_COMPARE(status(), QStringLiteral("No candidates found."));
    QVERIFY(!candidates()->isVisible());
    // While being looked for: said so, then the list.
    select(kAttention);
    QTRY_VERIFY(candidates()->isVisible());
    m_window->suggestions().setRecord(m_window->session().record(), {}, kAttention);
    QCOMPARE(status(), QStringLiteral("Looking for candidates..."));
    QVERIFY(!candidates()->isVisible());
    QTRY_VERIFY(candidates()->isVisible());
}

void TestSuggestGui::theWorksTheCacheKnowsAreFoundWithoutAList()
{
    // No list imported: an identifier a curator gives makes its cited work one the window
    // finds (the cache's own works refreshed on the worker, as `suggest` does), here as the
    // nearest valid identifier of the malformed "1706.0376".
    QVERIFY(open(false));
    auto applied = m_window->session().applyEdits(
        { FieldEdit { kAttention, CurationField::Identifier, QStringLiteral("1706.03762") } },
        QStringLiteral("identifier"));
    QVERIFY2(applied, qPrintable(applied ? QString() : applied.error().toString()));
    select(kMalformed);
    QTRY_VERIFY_WITH_TIMEOUT(candidates()->isVisible(), 10000);
    QCOMPARE(candidates()->topLevelItem(0)->text(2).section(u'\n', 1).section(
                 QStringLiteral(" · "), 0, 0),
        QStringLiteral("1706.03762"));
}

void TestSuggestGui::keysDoNotFireWhileTyping()
{
    QVERIFY(open());
    select(kAttention);
    QTRY_VERIFY(candidates()->isVisible());
    const int steps = m_window->session().undoStack()->count();
    auto *identifier = find<QLineEdit>("editor-identifier");
    identifier->setFocus();
    QTest::keyClicks(identifier, QStringLiteral("12"));
    QCOMPARE(identifier->text(), QStringLiteral("12"));
    QCOMPARE(m_window->session().undoStack()->count(), steps);
    QCOMPARE(inCache(kAttention).curation->identifier, QString());
    // Enter there applies what was typed (refused: not an identifier), never a candidate.
    QTest::keyClick(identifier, Qt::Key_Return);
    QCOMPARE(m_window->session().undoStack()->count(), steps);
    QCOMPARE(inCache(kAttention).curation->identifier, QString());
    // Nor in a choice.
    auto *state = find<QComboBox>("editor-state");
    state->setFocus();
    QTest::keyClick(state, Qt::Key_1);
    QCOMPARE(m_window->session().undoStack()->count(), steps);
    // Nor in the filter.
    auto *filter = find<QLineEdit>("filterEdit");
    filter->setFocus();
    QTest::keyClick(filter, Qt::Key_1);
    QCOMPARE(filter->text(), QStringLiteral("1"));
    QCOMPARE(m_window->session().undoStack()->count(), steps);
    QCOMPARE(inCache(kAttention).state, ResolutionState::Unresolved);
}

void TestSuggestGui::f8FromTheRecordListBringsTheKeysToTheTable()
{
    // Found by hand under Xvfb: a record chosen in the list, F8, then 1 did nothing, the
    // keyboard still in the record list. F8 now takes it to the table and its row's keys.
    QVERIFY(open());
    auto *records = find<QListView>("recordList");
    records->setFocus(Qt::OtherFocusReason);
    QTRY_VERIFY(records->hasFocus());
    auto *next = m_window->findChild<QAction *>(QStringLiteral("nextAttentionAction"));
    QVERIFY(next);
    next->trigger();
    QTRY_VERIFY(table()->hasFocus());
    QVERIFY(table()->currentIndex().isValid());
    // From the correction panel, F8 leaves the keyboard where it is.
    auto *note = m_window->findChild<QWidget *>(QStringLiteral("editor-note"));
    QVERIFY(note);
    note->setFocus(Qt::OtherFocusReason);
    QTRY_VERIFY(note->hasFocus());
    next->trigger();
    QVERIFY(note->hasFocus());
}

void TestSuggestGui::importWorksListReportsAndSuggests()
{
    QVERIFY(open(false));
    select(kAttention);
    QTRY_VERIFY(status().startsWith(QStringLiteral("No works index yet")));
    const QString path = m_fixture->filePath(QStringLiteral("works.csv"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("id,title,authors,year,doi\n"
               "1706.03762,Attention Is All You Need,\"Ashish Vaswani, Noam Shazeer\",2017,\n"
               "1512.03385,Deep Residual Learning for Image Recognition,Kaiming He,2015,\n"
               "local-1,,No Title,2020,\n"
               "1412.6980,Adam: A Method for Stochastic Optimization,Diederik Kingma,2014,\n");
    file.close();
    m_window->importWorksFile(path);
    QMessageBox *report = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(
        (report = m_window->findChild<QMessageBox *>(QStringLiteral("worksImportReport"))), 20000);
    QVERIFY2(report->text().contains(QStringLiteral("3 works of works.csv")),
        qPrintable(report->text()));
    QVERIFY2(
        report->text().contains(QStringLiteral("Lines skipped: 1")), qPrintable(report->text()));
    QVERIFY2(report->text().contains(QStringLiteral("line 4: ")), qPrintable(report->text()));
    QPointer<QMessageBox> first = report;
    report->accept();
    QTRY_VERIFY(!first);
    // The suggestions are looked for again, in the new index.
    QTRY_VERIFY_WITH_TIMEOUT(candidates()->isVisible(), 20000);
    QVERIFY(candidates()->topLevelItem(0)->text(2).contains(QStringLiteral("1706.03762")));

    // A file whose format the name does not say: said so, nothing imported.
    m_window->importWorksFile(m_fixture->filePath(QStringLiteral("works.txt")));
    QTRY_VERIFY((report = m_window->findChild<QMessageBox *>(QStringLiteral("worksImportReport"))));
    QVERIFY(report->text().contains(QStringLiteral("format is not known")));
    report->accept();
}

void TestSuggestGui::worksImportedByTheCommandLineBringSuggestions()
{
    QVERIFY(open(false));
    select(kResNet);
    QTRY_VERIFY(status().startsWith(QStringLiteral("No works index yet")));
    const QString path = m_fixture->filePath(QStringLiteral("list.csv"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("id,title,authors,year,doi\n"
               "1512.03385,Deep Residual Learning for Image Recognition,Kaiming He,2015,\n");
    file.close();
    const CliRun run = runCli({ QStringLiteral("works"), QStringLiteral("import"), path,
                                  QStringLiteral("--db"), m_fixture->cachePath() },
        m_fixture->folder());
    QVERIFY2(run.exitCode == 0, run.err.constData());
    // The window sees the cache change (as it looks every second) and the index with it.
    m_window->checkCache();
    QTRY_VERIFY_WITH_TIMEOUT(candidates()->isVisible(), 20000);
    QVERIFY(candidates()->topLevelItem(0)->text(2).contains(QStringLiteral("1512.03385")));
}

void TestSuggestGui::worksImportCancelledGoesOnAfter()
{
    QVERIFY(open(false));
    // More lines than one of the import's batches: it asks whether to go on after the first.
    const QString path = m_fixture->filePath(QStringLiteral("big.csv"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("id,title,authors,year,doi\n");
    for (int i = 0; i < 30000; ++i)
        file.write(QStringLiteral("local-%1,Residual study number %1 of deep things,,2020,\n")
                       .arg(i)
                       .toUtf8());
    file.close();
    m_window->importWorksFile(path);
    auto *progress = m_window->findChild<QProgressDialog *>(QStringLiteral("importWorksProgress"));
    QVERIFY(progress);
    QVERIFY(progress->labelText().contains(QStringLiteral("big.csv")));
    Q_EMIT progress->canceled(); // its Cancel button
    QMessageBox *report = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(
        (report = m_window->findChild<QMessageBox *>(QStringLiteral("worksImportReport"))), 20000);
    QVERIFY2(
        report->text().startsWith(QStringLiteral("Stopped after")), qPrintable(report->text()));
    QVERIFY(report->text().contains(QStringLiteral("goes on from where it stopped")));
    QPointer<QMessageBox> first = report;
    report->accept();
    QTRY_VERIFY(!first);
    // Nothing of it is searched yet.
    select(kResNet);
    QTRY_VERIFY(status().startsWith(QStringLiteral("No works index yet")));

    // Again: it goes on from there, to the end.
    m_window->importWorksFile(path);
    QTRY_VERIFY_WITH_TIMEOUT(
        (report = m_window->findChild<QMessageBox *>(QStringLiteral("worksImportReport"))), 30000);
    QVERIFY2(
        report->text().contains(QStringLiteral("Went on from line")), qPrintable(report->text()));
    QVERIFY(report->text().contains(QStringLiteral("works of big.csv are in the works index")));
    report->accept();
    // Now there is an index to look in (its works are no candidates of the residual paper: too
    // far from its title to be shown).
    QTRY_VERIFY_WITH_TIMEOUT(status() == QStringLiteral("No candidates found."), 20000);
}

void TestSuggestGui::theTeamsServerIsAskedWhenTheCacheHasNoClearMatch()
{
    // The team's ledger-server holds "Attention Is All You Need"; the cache's own index does not.
    QTemporaryDir serverDir;
    QVERIFY(serverDir.isValid());
    ServerProcess server(serverDir.filePath(QStringLiteral("ledger.db")));
    QString problem;
    QVERIFY2(!server
                  .command({ QStringLiteral("works"), QStringLiteral("import"),
                               QStringLiteral(LC_TEST_DATA_DIR "/reconcile-works.csv") },
                      &problem)
                  .isEmpty(),
        qPrintable(problem));
    QVERIFY2(server.start(&problem), qPrintable(problem));
    // the sync settings name it (no token: /reconcile is open by default)
    QSettings().setValue(SettingsKeys::kSyncServerUrl, server.url().toString());
    const auto forget = qScopeGuard([] { QSettings().remove(SettingsKeys::kSyncServerUrl); });
    QList<Work> works = worksList();
    works.removeIf([](const Work &w) { return w.id == QStringLiteral("1706.03762"); });
    QVERIFY(open(true, works));
    // the cache's own index has no clear match for it
    const ObservationSuggestions own = expected(kAttention);
    QVERIFY(own.candidates.isEmpty() || !own.candidates.first().match);
    select(kAttention);
    // a request to a server on loopback: waited for generously (a loaded machine)
    QTRY_VERIFY_WITH_TIMEOUT(candidates()->isVisible(), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(candidates()->topLevelItemCount() > 0, 60000);
    QTreeWidgetItem *first = candidates()->topLevelItem(0);
    QVERIFY2(first->text(2).contains(QStringLiteral("1706.03762")), qPrintable(first->text(2)));
    QVERIFY2(first->text(0).contains(QStringLiteral("✓")), qPrintable(first->text(0)));
    QVERIFY(server.log().contains("/reconcile"));
    auto *provider = m_window->findChild<SuggestionProvider *>();
    QVERIFY(provider);
    QCOMPARE(
        provider->suggestions(kAttention)->candidates.first().source, QStringLiteral("server"));
    // a title the cache matches clearly is not sent: its candidates are the cache's alone
    select(kResNet);
    QTRY_VERIFY_WITH_TIMEOUT(provider->suggestions(kResNet), 60000);
    const QList<Candidate> resNet = provider->suggestions(kResNet)->candidates;
    QVERIFY(resNet.first().match);
    QCOMPARE(resNet.first().id, QStringLiteral("1512.03385"));
    for (const Candidate &c : resNet)
        QVERIFY(c.source != QStringLiteral("server"));
}

void TestSuggestGui::screenshots()
{
    if (!screenshotsWanted())
        QSKIP("LC_SCREENSHOT_DIR is not set");
    QVERIFY(open());
    for (const QSize size : { QSize(1600, 1000), QSize(1280, 800) }) {
        m_window->resize(size);
        select(kResNet);
        QTRY_VERIFY(candidates()->isVisible());
        table()->setFocus();
        QTest::qWait(100);
        QVERIFY(saveScreenshot(m_window,
            QStringLiteral("suggestions-panel-%1x%2.png").arg(size.width()).arg(size.height())));
    }
    select(kDesignCp);
    QTRY_VERIFY(candidates()->isVisible());
    QTest::qWait(100);
    QVERIFY(saveScreenshot(m_window, QStringLiteral("suggestions-citing-paper.png")));
}

QTEST_MAIN(TestSuggestGui)
#include "tst_suggestgui.moc"
