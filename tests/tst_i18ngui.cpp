// SPDX-License-Identifier: GPL-3.0-or-later
// The interface in German and in French (as under LANG=de_DE.UTF-8 / fr_FR.UTF-8): with the
// translations the app embeds (:/i18n, lc_translations) and Qt's own, the main window on the
// demo's record (the fixture page) with a retraction notice, every menu, every dialog and window
// the menus open, the correction panel (one and several observations, a history), the empty
// cache. Every text a person sees (titles, labels, buttons, actions, menus, tooltips,
// placeholders, combo box items, tab texts, item view headers, the interface's own cell texts, the
// status bar) is walked; a text that is the English source of a translated message, or that holds
// common English interface words, is reported with its widget. Data (titles, identifiers, paths,
// the page preview) is left out.
#include "CurationSession.h"
#include "InterfaceTranslators.h"
#include "MainWindow.h"
#include "NoticeReviewModel.h"
#include "Notices.h"
#include "ObservationTableModel.h"
#include "RetractionCsv.h"
#include "Screenshots.h"
#include "Store.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QTreeWidget>
#include <QXmlStreamReader>
#include <QtTest>

#include <memory>

using namespace LedgerCurator;

namespace {

const QByteArray kCsv
    = "Record ID,Title,Journal,Publisher,Author,URLS,ArticleType,RetractionDate,RetractionDOI,"
      "RetractionPubMedID,OriginalPaperDate,OriginalPaperDOI,OriginalPaperPubMedID,"
      "RetractionNature,Reason,Paywalled,Notes\n"
      "51234,\"Efficient Large-Scale Language Model Training, on GPU Clusters\",arXiv,Cornell,"
      "D. Narayanan,,Research Article,3/1/2024 0:00,10.1234/retract.2104,0,4/9/2021 0:00,"
      "10.48550/ARXIV.2104.04473,0,Retraction,+Duplication of Article;+Error in Data;,No,\n";

// Common English interface words, matched as whole words. A word that is also good German or
// French (and used so in the translation) is allowed for that language below.
const char *const kEnglishWords[] = {
    "the",
    "The",
    "and",
    "of",
    "to",
    "is",
    "are",
    "with",
    "for",
    "from",
    "by",
    "not",
    "all",
    "this",
    "This",
    "Show",
    "show",
    "shown",
    "Record",
    "Records",
    "record",
    "records",
    "Observation",
    "Observations",
    "observation",
    "observations",
    "Sync",
    "sync",
    "Syncing",
    "Import",
    "Export",
    "File",
    "Edit",
    "View",
    "Help",
    "Settings",
    "Undo",
    "Redo",
    "Apply",
    "Cancel",
    "Close",
    "Filter",
    "Search",
    "Notice",
    "Notices",
    "notice",
    "notices",
    "need attention",
    "Needs",
    "needs",
    "upstream",
    "Unresolved",
    "unresolved",
    "Verified",
    "verified",
    "exact",
    "fuzzy",
    "uncertain",
    "malformed",
    "mismatch",
    "Review",
    "review",
    "reviewed",
    "unreviewed",
    "Correct",
    "correct",
    "Correction",
    "Corrections",
    "correction",
    "corrections",
    "corrected",
    "waiting",
    "Never",
    "synced",
    "Page",
    "page",
    "Preview",
    "preview",
    "Next",
    "Previous",
    "Table",
    "History",
    "When",
    "Who",
    "Field",
    "From",
    "To",
    "State",
    "state",
    "Basis",
    "Citing",
    "citing",
    "title",
    "Title",
    "Reference",
    "reference",
    "Note",
    "note",
    "Duplicate",
    "duplicate",
    "Excluded",
    "excluded",
    "exclude",
    "Hints",
    "hint",
    "hints",
    "Direction",
    "Inbound",
    "Outbound",
    "inbound",
    "outbound",
    "found",
    "unavailable",
    "Retracted",
    "retracted",
    "Retraction",
    "conflict",
    "Loading",
    "selected",
    "Select",
    "resolved",
    "Server",
    "server",
    "Token",
    "token",
    "Language",
    "About",
    "Quit",
    "Version",
    "License",
    "Licensed",
    "Kind",
    "kind",
    "Status",
    "status",
    "Cache",
    "Homepage",
    "Built",
    "running",
    "General",
    "Layout",
    "Reset",
    "Window",
    "window",
    "Cited",
    "cited",
    "cites",
    "work",
    "Work",
    "Interval",
    "minutes",
    "Automatic",
    "Keyring",
    "keyring",
    "Connection",
    "Clear",
    "Go",
    "Only",
    "Both",
    "directions",
    "acknowledged",
    "dismissed",
    "escalated",
    "mixed",
    "none",
    "Attention",
    "attention",
    "Anomaly",
    "anomaly",
};

QStringList allowedWords(const QString &language)
{
    if (language == u"de")
        return { QStringLiteral("Filter"), QStringLiteral("Import"), QStringLiteral("Export"),
            QStringLiteral("Basis"), QStringLiteral("Version"), QStringLiteral("Server"),
            QStringLiteral("Token"), QStringLiteral("Status"), QStringLiteral("Cache"),
            QStringLiteral("Layout") };
    if (language == u"fr")
        return { QStringLiteral("Observation"), QStringLiteral("Observations"),
            QStringLiteral("observation"), QStringLiteral("observations"), QStringLiteral("Notice"),
            QStringLiteral("Notices"), QStringLiteral("notice"), QStringLiteral("notices"),
            QStringLiteral("Correction"), QStringLiteral("Corrections"),
            QStringLiteral("correction"), QStringLiteral("corrections"),
            QStringLiteral("Direction"), QStringLiteral("Version"), QStringLiteral("Page"),
            QStringLiteral("page"), QStringLiteral("Table"), QStringLiteral("Note"),
            QStringLiteral("note"), QStringLiteral("Cache"), QStringLiteral("exact"),
            QStringLiteral("Attention"), QStringLiteral("attention"), QStringLiteral("Status"),
            QStringLiteral("minutes") };
    return {};
}

//! English source → translation of every message of a .ts file whose translation differs
//! (or is missing): shown as it is, the source is English left in the interface.
QHash<QString, QString> translatedSources(const QString &path)
{
    QHash<QString, QString> sources;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return sources;
    QXmlStreamReader xml(&file);
    QString source;
    bool numerus = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == u"message") {
            numerus = xml.attributes().value(QStringLiteral("numerus")) == u"yes";
        } else if (xml.name() == u"source") {
            source = xml.readElementText();
        } else if ((xml.name() == u"translation" && !numerus) || xml.name() == u"numerusform") {
            const QString translation = xml.readElementText();
            // An empty (unfinished) translation shows the source: it counts as differing.
            if (translation != source && !source.contains(u'%'))
                sources.insert(source, translation);
        }
    }
    return sources;
}

QString withoutMnemonics(QString text)
{
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(u'&');
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return text;
}

QString plain(const QString &text)
{
    return Qt::mightBeRichText(text) ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
}

QString pathOf(const QObject *object)
{
    QStringList parts;
    for (const QObject *o = object; o; o = o->parent()) {
        const QString name = o->objectName();
        parts.prepend(QString::fromLatin1(o->metaObject()->className())
            + (name.isEmpty() ? QString() : u'#' + name));
    }
    return parts.join(QStringLiteral(" > "));
}

} // namespace

class TestI18nGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void noEnglishLeft_data();
    void noEnglishLeft();
    void englishPlurals_data();
    void englishPlurals();

private:
    void setLanguage(const QString &language);
    void check(const QObject *where, const QString &what, const QString &text);
    void walk(QWidget *root);
    void walkModel(const QObject *where, const QAbstractItemModel *model, const QList<int> &columns,
        bool firstLineIsData = false);
    void walkMenu(const QMenu *menu);
    void checkMnemonics(const QObject *where, const QList<QAction *> &actions);
    void closeModal();
    void walkNewWindows(QWidget *main);
    void addData(const QString &text);

    QString m_language;
    std::unique_ptr<InterfaceTranslators> m_translators;
    QHash<QString, QString> m_sources;
    QRegularExpression m_words;
    QStringList m_data;
    QStringList m_problems;
    QSet<QString> m_seen;
    int m_checked = 0;
};

void TestI18nGui::initTestCase()
{
    QVERIFY(QStandardPaths::isTestModeEnabled());
    QVERIFY2(QFile::exists(QStringLiteral(":/i18n/ledger-curator_de.qm")),
        "the .qm files are not embedded");
    QVERIFY(QFile::exists(QStringLiteral(":/i18n/ledger-curator_fr.qm")));
}

void TestI18nGui::cleanup()
{
    m_translators.reset();
    QLocale::setDefault(QLocale::c());
}

void TestI18nGui::setLanguage(const QString &language)
{
    m_language = language;
    const QLocale locale = language == u"de" ? QLocale(QLocale::German, QLocale::Germany)
                                             : QLocale(QLocale::French, QLocale::France);
    QLocale::setDefault(locale);
    // As main.cpp does: the English plurals, Qt's own strings, then the app's.
    m_translators = std::make_unique<InterfaceTranslators>();
    QVERIFY(m_translators->install(locale));
    QVERIFY(QCoreApplication::translate("SyncStatus", "%Ln notice(s)", nullptr, 2)
        != QStringLiteral("2 notices"));
    m_sources = translatedSources(QStringLiteral(LC_SOURCE_DIR "/translations/ledger-curator_")
        + language + QStringLiteral(".ts"));
    QVERIFY(m_sources.size() > 100);
    QStringList words;
    const QStringList allowed = allowedWords(language);
    for (const char *word : kEnglishWords) {
        const QString w = QString::fromUtf8(word);
        if (!allowed.contains(w))
            words.append(QRegularExpression::escape(w));
    }
    m_words = QRegularExpression(QStringLiteral("(?<![\\p{L}\\p{N}_-])(") + words.join(u'|')
        + QStringLiteral(")(?![\\p{L}\\p{N}_-])"));
    QVERIFY(m_words.isValid());
}

void TestI18nGui::addData(const QString &text)
{
    if (text.size() >= 2 && !m_data.contains(text))
        m_data.append(text);
}

void TestI18nGui::check(const QObject *where, const QString &what, const QString &raw)
{
    QString text = plain(raw).trimmed();
    if (text.isEmpty())
        return;
    ++m_checked;
    const QString key = pathOf(where) + u'|' + what + u'|' + text;
    if (m_seen.contains(key))
        return;
    m_seen.insert(key);
    QString problem;
    if (m_sources.contains(text) || m_sources.contains(withoutMnemonics(text))) {
        problem = QStringLiteral("untranslated");
    } else {
        // Data is left out: titles, identifiers, paths and the like.
        QString rest = withoutMnemonics(text);
        for (const QString &data : std::as_const(m_data))
            rest.replace(data, QStringLiteral(" "));
        static const QRegularExpression paths(QStringLiteral("/\\S+")); // file paths, URLs
        rest.replace(paths, QStringLiteral(" "));
        const auto match = m_words.match(rest);
        if (match.hasMatch())
            problem = QStringLiteral("English word \"%1\"").arg(match.captured(1));
    }
    if (!problem.isEmpty())
        m_problems.append(QStringLiteral("[%1] %2: %3 of %4: \"%5\"")
                              .arg(m_language, problem, what, pathOf(where), text));
}

void TestI18nGui::walkModel(const QObject *where, const QAbstractItemModel *model,
    const QList<int> &columns, bool firstLineIsData)
{
    if (!model)
        return;
    for (int c = 0; c < model->columnCount(); ++c) {
        check(where, QStringLiteral("header %1").arg(c),
            model->headerData(c, Qt::Horizontal).toString());
        check(where, QStringLiteral("header tooltip %1").arg(c),
            model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString());
    }
    // The interface's own cell texts (states, marks, counts), not the data.
    std::function<void(const QModelIndex &)> rows = [&](const QModelIndex &parent) {
        for (int r = 0; r < model->rowCount(parent); ++r) {
            for (int c : columns) {
                QString text = model->index(r, c, parent).data().toString();
                if (firstLineIsData)
                    text = text.section(u'\n', 1);
                check(where, QStringLiteral("cell column %1").arg(c), text);
            }
            if (model->hasChildren(model->index(r, 0, parent)))
                rows(model->index(r, 0, parent));
        }
    };
    rows(QModelIndex());
}

void TestI18nGui::checkMnemonics(const QObject *where, const QList<QAction *> &actions)
{
    // Within a menu (or the menu bar) no two entries share a mnemonic, as in English.
    QHash<QChar, QString> taken;
    for (const QAction *action : actions) {
        const QString text = action->text();
        const qsizetype amp
            = QString(text).replace(QStringLiteral("&&"), QStringLiteral("__")).indexOf(u'&');
        if (amp < 0 || amp + 1 >= text.size() || !action->isVisible())
            continue;
        const QChar key = text[amp + 1].toCaseFolded();
        const QString seen = QStringLiteral("mnemonic|") + pathOf(where) + u'|' + text;
        if (taken.contains(key) && !m_seen.contains(seen))
            m_problems.append(QStringLiteral("[%1] mnemonic %2 of \"%3\" and \"%4\" in %5")
                                  .arg(m_language, QString(key), taken[key], text, pathOf(where)));
        if (taken.contains(key))
            m_seen.insert(seen);
        taken.insert(key, text);
    }
}

void TestI18nGui::walkMenu(const QMenu *menu)
{
    check(menu, QStringLiteral("menu title"), menu->title());
    checkMnemonics(menu, menu->actions());
    for (const QAction *action : menu->actions()) {
        check(menu, QStringLiteral("action text"), action->text());
        check(menu, QStringLiteral("action tooltip"), action->toolTip());
        check(menu, QStringLiteral("action status tip"), action->statusTip());
        if (action->menu())
            walkMenu(action->menu());
    }
}

void TestI18nGui::walk(QWidget *root)
{
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *w : std::as_const(widgets)) {
        if (w->isWindow())
            check(w, QStringLiteral("window title"), w->windowTitle());
        check(w, QStringLiteral("tooltip"), w->toolTip());
        check(w, QStringLiteral("status tip"), w->statusTip());
        check(w, QStringLiteral("what's this"), w->whatsThis());
        check(w, QStringLiteral("accessible name"), w->accessibleName());
        check(w, QStringLiteral("accessible description"), w->accessibleDescription());
        for (const QAction *action : w->actions()) {
            check(w, QStringLiteral("action text"), action->text());
            check(w, QStringLiteral("action tooltip"), action->toolTip());
            check(w, QStringLiteral("action status tip"), action->statusTip());
        }
        if (auto *label = qobject_cast<QLabel *>(w))
            check(w, QStringLiteral("label"), label->text());
        if (auto *button = qobject_cast<QAbstractButton *>(w))
            check(w, QStringLiteral("button"), button->text());
        if (auto *box = qobject_cast<QGroupBox *>(w))
            check(w, QStringLiteral("group title"), box->title());
        if (auto *tabs = qobject_cast<QTabBar *>(w)) {
            for (int i = 0; i < tabs->count(); ++i) {
                check(w, QStringLiteral("tab"), tabs->tabText(i));
                check(w, QStringLiteral("tab tooltip"), tabs->tabToolTip(i));
            }
        }
        if (auto *combo = qobject_cast<QComboBox *>(w); combo && !combo->isEditable()) {
            // Editable combo boxes hold data values (a basis as the page writes it).
            for (int i = 0; i < combo->count(); ++i)
                check(w, QStringLiteral("combo item"), combo->itemText(i));
        }
        if (auto *edit = qobject_cast<QLineEdit *>(w))
            check(w, QStringLiteral("placeholder"), edit->placeholderText());
        if (auto *spin = qobject_cast<QAbstractSpinBox *>(w))
            check(w, QStringLiteral("special value"), spin->specialValueText());
        if (auto *menu = qobject_cast<QMenu *>(w))
            walkMenu(menu);
        if (auto *window = qobject_cast<QMainWindow *>(w))
            check(w, QStringLiteral("status bar"), window->statusBar()->currentMessage());
        if (auto *view = qobject_cast<QAbstractItemView *>(w)) {
            const QString name = view->objectName();
            if (name == u"observationTable") {
                walkModel(view, view->model(),
                    { ObservationTableModel::StateColumn, ObservationTableModel::NoticesColumn,
                        ObservationTableModel::MarksColumn, ObservationTableModel::HintsColumn,
                        ObservationTableModel::DirectionColumn });
            } else if (name == u"recordList") {
                walkModel(view, view->model(), { 0 }, true); // the first line is the title
            } else if (qobject_cast<QTreeWidget *>(view)
                || (view->model() && view->model()->columnCount() > 1)) {
                // The notice review tree, the history: every column, the data taken out.
                QList<int> columns;
                for (int c = 0; view->model() && c < view->model()->columnCount(); ++c)
                    columns.append(c);
                walkModel(view, view->model(), columns);
            } else {
                walkModel(view, view->model(), {});
            }
        }
    }
}

void TestI18nGui::closeModal()
{
    QWidget *modal = QApplication::activeModalWidget();
    if (!modal)
        return;
    walk(modal);
    if (auto *dialog = qobject_cast<QDialog *>(modal))
        dialog->done(QDialog::Rejected);
    else
        modal->close();
}

void TestI18nGui::walkNewWindows(QWidget *main)
{
    QTest::qWait(150);
    for (QWidget *top : QApplication::topLevelWidgets()) {
        if (top == main || !top->isVisible() || qobject_cast<QMenu *>(top))
            continue;
        walk(top);
        top->close();
    }
    walk(main);
}

void TestI18nGui::englishPlurals_data()
{
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<QString>("one");
    QTest::addColumn<QString>("two");
    QTest::addColumn<QString>("rejected");
    const QString english = QStringLiteral(
        "1 notice imported by alice failed the signature check and was not applied; this cache "
        "keeps the version it held. It is kept aside in the cache for inspection.");
    QTest::newRow("English") << QLocale(QLocale::English, QLocale::UnitedStates)
                             << QStringLiteral("1 notice") << QStringLiteral("2 notices")
                             << english;
    // LANG=C: no language of ours, English plurals all the same.
    QTest::newRow("C") << QLocale::c() << QStringLiteral("1 notice") << QStringLiteral("2 notices")
                       << english;
    // The language's own forms come first; the English ones stay underneath.
    QTest::newRow("German") << QLocale(QLocale::German, QLocale::Germany)
                            << QStringLiteral("1 Mitteilung") << QStringLiteral("2 Mitteilungen")
                            << QString();
}

void TestI18nGui::englishPlurals()
{
    // The sources say "%Ln notice(s)"; the app installs English plurals under every language
    // (InterfaceTranslators, as main.cpp does), so a curator reads "1 notice", not "1 notice(s)".
    QFETCH(QLocale, locale);
    QFETCH(QString, one);
    QFETCH(QString, two);
    QFETCH(QString, rejected);
    QVERIFY(QFile::exists(QStringLiteral(":/i18n/ledger-curator_en.qm")));
    QLocale::setDefault(locale);
    m_translators = std::make_unique<InterfaceTranslators>();
    QVERIFY(m_translators->install(locale));
    const char *context = "LedgerCurator::SyncStatus";
    QCOMPARE(QCoreApplication::translate(context, "%Ln notice(s)", nullptr, 1), one);
    QCOMPARE(QCoreApplication::translate(context, "%Ln notice(s)", nullptr, 2), two);
    if (!rejected.isEmpty()) {
        QCOMPARE(QCoreApplication::translate(context,
                     "%Ln notice(s) imported by %1 failed the signature check and were not "
                     "applied; this cache keeps the version it held. They are kept aside in the "
                     "cache for inspection.",
                     nullptr, 1)
                     .arg(QStringLiteral("alice")),
            rejected);
    }
    // Every plural of the sources reads without "(s)" in English, for one and for many.
    if (locale.language() != QLocale::German) {
        QFile file(QStringLiteral(LC_SOURCE_DIR "/translations/ledger-curator_en.ts"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        QByteArray context, source, comment;
        QStringList problems;
        int checked = 0;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && xml.name() == u"name")
                context = xml.readElementText().toUtf8();
            else if (xml.isStartElement() && xml.name() == u"source")
                source = xml.readElementText().toUtf8();
            else if (xml.isStartElement() && xml.name() == u"comment")
                comment = xml.readElementText().toUtf8();
            if (!xml.isEndElement() || xml.name() != u"message")
                continue;
            ++checked;
            for (const int n : { 1, 3 }) {
                const QString text = QCoreApplication::translate(context.constData(),
                    source.constData(), comment.isEmpty() ? nullptr : comment.constData(), n);
                if (text.contains(QStringLiteral("(s)")))
                    problems.append(QStringLiteral("%1 (n=%2)").arg(text).arg(n));
            }
            comment.clear();
        }
        QVERIFY(checked > 50);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }
}

void TestI18nGui::noEnglishLeft_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("de") << QStringLiteral("de");
    QTest::newRow("fr") << QStringLiteral("fr");
}

void TestI18nGui::noEnglishLeft()
{
    QFETCH(QString, language);
    setLanguage(language);
    if (QTest::currentTestFailed())
        return;
    m_problems.clear();
    m_seen.clear();
    m_checked = 0;

    TestSupport::WindowFixture seeded; // the fixture page, as the app's demo shows it
    QVERIFY2(seeded.openCache(), qPrintable(seeded.problem()));
    Store &store = seeded.store();
    auto csv = parseRetractionCsv(kCsv, QStringLiteral("rw.csv"));
    QVERIFY(csv.ok());
    QVERIFY(store
                .importNotices(
                    standingNotices(*csv, QStringLiteral("2026-11-29T12:00:00.000Z")).notices)
                .ok());

    // A modal dialog (the page cap, a message box) is walked and closed as soon as it shows.
    QTimer modalCloser;
    connect(&modalCloser, &QTimer::timeout, this, &TestI18nGui::closeModal);
    modalCloser.start(50);

    {
        MainWindow window(store);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
        QVERIFY(table);
        QTRY_COMPARE(table->model()->rowCount(), 34);
        QTRY_VERIFY(window.session().hasRecord());

        // Data: the record, its observations, the notice, paths and names.
        const Record &record = window.session().record().shown;
        QStringList data { record.title, record.arxivId, record.asOf, store.path(), seeded.folder(),
            QDir::homePath(), QSettings().fileName(), QStringLiteral("ledger-server token add"),
            QStringLiteral("ledger-server"), QStringLiteral("Ledger Curator"),
            QStringLiteral("ledger-curator"),
            QStringLiteral("Efficient Large-Scale Language Model Training, on GPU Clusters"),
            QStringLiteral("+Duplication of Article;+Error in Data;"),
            QStringLiteral("Duplication of Article"), QStringLiteral("Error in Data"),
            QString::fromLocal8Bit(qgetenv("USER")), QStringLiteral("librarian") };
        for (const Observation &o : record.observations) {
            data << o.citingTitle << o.citedTitle << o.id << o.curation->identifier << o.basis;
            for (const SourceEvent &e : o.events.events)
                data << e.notice << e.detail << e.source;
        }
        // A notice's identity as its source names it (its origin, shown translated around the
        // database's name: "Fiche Retraction Watch 51234"), and a nature in the source's own
        // words where they are more than the kind's name.
        const auto notices = store.notices();
        QVERIFY(notices);
        data << QStringLiteral("Retraction Watch");
        for (const StandingNotice &n : *notices) {
            data << n.origin << n.title << n.journal << n.urls << n.ref();
            if (natureDisplayText(n.event) == n.event.nature)
                data << n.event.nature;
        }
        std::sort(data.begin(), data.end(),
            [](const QString &a, const QString &b) { return a.size() > b.size(); });
        m_data.clear();
        for (const QString &d : std::as_const(data))
            addData(d);

        // One observation: the correction panel with a correction in its history.
        table->selectRow(0);
        QTest::qWait(100);
        auto *state = window.findChild<QComboBox *>(QStringLiteral("editor-state"));
        QVERIFY(state);
        state->setCurrentIndex(state->currentIndex() == 0 ? 1 : 0);
        window.findChild<QAction *>(QStringLiteral("applyAction"))->trigger();
        QTest::qWait(300);
        walk(&window);
        QVERIFY(TestSupport::saveScreenshot(
            &window, QStringLiteral("ledger-curator-") + language + QStringLiteral(".png")));

        // Every action of every menu: the dialogs and windows they open are walked, then closed.
        // Left out: file dialogs (Qt's own), quitting, and Qt's About box.
        const QStringList skipped { QStringLiteral("importAction"),
            QStringLiteral("exportPdfAction"), QStringLiteral("exportObservationsCsvAction"),
            QStringLiteral("exportCorrectionsAction"), QStringLiteral("importNoticesAction"),
            QStringLiteral("importWorksAction"), QStringLiteral("aboutQtAction"),
            QStringLiteral("quitAction") };
        QList<QAction *> actions;
        checkMnemonics(window.menuBar(), window.menuBar()->actions());
        for (const QMenu *menu : window.menuBar()->findChildren<QMenu *>()) {
            walkMenu(menu);
            for (QAction *action : menu->actions()) {
                if (!action->menu() && !action->isSeparator() && !actions.contains(action))
                    actions.append(action);
            }
        }
        for (QMenu *menu : window.findChildren<QMenu *>()) {
            for (QAction *action : menu->actions()) {
                if (!action->menu() && !action->isSeparator() && !actions.contains(action))
                    actions.append(action);
            }
        }
        int triggered = 0;
        for (QAction *action : std::as_const(actions)) {
            if (skipped.contains(action->objectName()) || action->shortcut() == QKeySequence::Quit
                || action->text()
                    == QCoreApplication::translate("LedgerCurator::MainWindow", "&Quit")
                || !action->isEnabled())
                continue;
            action->trigger();
            ++triggered;
            walkNewWindows(&window);
        }
        QVERIFY2(triggered >= 10, qPrintable(QString::number(triggered)));

        // Several observations: the panel that sets them all.
        table->selectionModel()->select(
            QItemSelection(table->model()->index(0, 0), table->model()->index(3, 0)),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QTest::qWait(100);
        walk(&window);
    }
    {
        // An empty cache (the demo already seeded once): the empty state.
        Store empty(seeded.filePath(QStringLiteral("empty.sqlite")));
        QVERIFY(empty.open().ok());
        QVERIFY(empty.setMeta(QStringLiteral("demo_seeded"), QStringLiteral("1")).ok());
        MainWindow window(empty);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::qWait(200);
        walk(&window);
    }
    modalCloser.stop();
    qInfo("%s: %d texts checked", qPrintable(language), m_checked);
    QVERIFY(m_checked > 300);
    QVERIFY2(m_problems.isEmpty(),
        qPrintable(QStringLiteral("%1 English text(s):\n").arg(m_problems.size())
            + m_problems.join(u'\n')));
}

int main(int argc, char *argv[])
{
    QTemporaryDir home;
    if (!home.isValid())
        return 1;
    TestSupport::isolateDesktop(home.path());
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tst_i18ngui"));
    TestI18nGui test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_i18ngui.moc"
