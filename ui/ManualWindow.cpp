// SPDX-License-Identifier: GPL-3.0-or-later
#include "ManualWindow.h"

#include <QAccessible>
#include <QApplication>
#include <QFile>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QListWidget>
#include <QScreen>
#include <QShortcut>
#include <QSplitter>
#include <QTextBrowser>
#include <QUrl>

namespace LedgerCurator {

namespace {

const char kSectionProperty[] = "manualSection";

} // namespace

namespace Manual {

QStringList sections()
{
    return { QStringLiteral("index"), QStringLiteral("import"), QStringLiteral("attention"),
        QStringLiteral("correct"), QStringLiteral("notices"), QStringLiteral("duplicates"),
        QStringLiteral("suggestions"), QStringLiteral("preview"), QStringLiteral("sync"),
        QStringLiteral("settings"), QStringLiteral("keyboard") };
}

QString language(const QLocale &locale)
{
    switch (locale.language()) {
    case QLocale::German:
        return QStringLiteral("de");
    case QLocale::French:
        return QStringLiteral("fr");
    default:
        return QStringLiteral("en");
    }
}

QString sectionPath(const QString &section, const QString &language)
{
    return QStringLiteral(":/manual/%1/%2.md").arg(language, section);
}

QString sectionTitle(const QString &section, const QString &language)
{
    QFile file(sectionPath(section, language));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return section;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.startsWith(QStringLiteral("# ")))
            return line.mid(2).trimmed();
    }
    return section;
}

QString sectionFor(const QWidget *widget)
{
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        const QVariant section = w->property(kSectionProperty);
        if (section.isValid() && !section.toString().isEmpty())
            return section.toString();
    }
    return QStringLiteral("index");
}

void setSection(QWidget *widget, const QString &section)
{
    Q_ASSERT(sections().contains(section));
    widget->setProperty(kSectionProperty, section);
}

void closeWithKeys(QWidget *window)
{
    for (const QKeySequence &keys :
        QKeySequence::keyBindings(QKeySequence::Close) + QList { QKeySequence(Qt::Key_Escape) }) {
        auto *shortcut = new QShortcut(keys, window);
        shortcut->setContext(Qt::WindowShortcut);
        QObject::connect(shortcut, &QShortcut::activated, window, &QWidget::close);
    }
}

} // namespace Manual

ManualWindow::ManualWindow(QWidget *parent, const QString &language)
    : QWidget(parent, Qt::Window)
    , m_language(language)
{
    setObjectName(QStringLiteral("manualWindow"));
    setWindowTitle(tr("Ledger Curator Manual"));

    m_contents = new QListWidget;
    m_contents->setObjectName(QStringLiteral("manualContents"));
    m_contents->setAccessibleName(tr("Contents"));
    for (const QString &section : Manual::sections()) {
        auto *item = new QListWidgetItem(Manual::sectionTitle(section, m_language));
        item->setData(Qt::UserRole, section);
        m_contents->addItem(item);
    }
    m_contents->setMinimumWidth(fontMetrics().averageCharWidth() * 14);

    m_text = new QTextBrowser;
    m_text->setObjectName(QStringLiteral("manualText"));
    m_text->setOpenExternalLinks(true);
    m_text->setAccessibleName(tr("Manual text"));

    auto *splitter = new QSplitter(Qt::Horizontal);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(m_contents);
    splitter->addWidget(m_text);
    splitter->setStretchFactor(1, 1);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    setFocusProxy(m_text);

    connect(m_contents, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0)
            showSection(m_contents->item(row)->data(Qt::UserRole).toString());
    });
    connect(m_text, &QTextBrowser::sourceChanged, this, &ManualWindow::sourceChanged);
    Manual::closeWithKeys(this);

    // Sized from the font (the contents about 28 characters wide, the text about 90; 45 lines),
    // never past the screen.
    const int character = fontMetrics().averageCharWidth();
    splitter->setSizes({ character * 28, character * 90 });
    QSize size(character * 120, fontMetrics().lineSpacing() * 45);
    if (const QScreen *screen = parent ? parent->screen() : QApplication::primaryScreen())
        size = size.boundedTo(screen->availableSize() * 0.9);
    resize(size);
}

void ManualWindow::showSection(const QString &section)
{
    const QString key = Manual::sections().contains(section) ? section : QStringLiteral("index");
    if (key == m_section && !m_text->source().isEmpty())
        return;
    m_text->setSource(QUrl(QStringLiteral("qrc") + Manual::sectionPath(key, m_language)),
        QTextDocument::MarkdownResource);
}

void ManualWindow::sourceChanged(const QUrl &source)
{
    QString name = source.fileName();
    name.chop(3); // ".md"
    if (!Manual::sections().contains(name))
        return;
    m_section = name;
    const int row = int(Manual::sections().indexOf(name));
    if (m_contents->currentRow() != row) {
        const QSignalBlocker blocker(m_contents);
        m_contents->setCurrentRow(row);
    }
    m_text->setAccessibleDescription(Manual::sectionTitle(name, m_language));
}

ManualHelp::ManualHelp(QWidget *mainWindow)
    : QObject(mainWindow)
    , m_mainWindow(mainWindow)
{
    qApp->installEventFilter(this);
}

ManualHelp::~ManualHelp()
{
    qApp->removeEventFilter(this);
}

ManualWindow *ManualHelp::open(const QString &section)
{
    // Under a modal dialog only that dialog's windows take input: the manual becomes its own.
    QWidget *owner = QApplication::activeModalWidget();
    if (!owner)
        owner = m_mainWindow;
    if (!m_window || m_window->parentWidget() != owner) {
        m_window = new ManualWindow(owner);
        m_window->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_window->showSection(section);
    m_window->show();
    m_window->raise();
    m_window->activateWindow();
    return m_window;
}

ManualWindow *ManualHelp::openForFocus()
{
    const QWidget *focus = QApplication::focusWidget();
    if (!focus)
        focus = QApplication::activeWindow();
    return open(Manual::sectionFor(focus));
}

bool ManualHelp::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress)
        return QObject::eventFilter(watched, event);
    const auto *key = static_cast<QKeyEvent *>(event);
    if (key->key() != Qt::Key_F1 || key->modifiers() != Qt::NoModifier)
        return QObject::eventFilter(watched, event);
    // F1 is taken before any shortcut or widget sees it, in every window of the application.
    event->accept();
    if (event->type() == QEvent::KeyPress && !key->isAutoRepeat()) {
        const QWidget *focus = QApplication::focusWidget();
        if (!(m_window && focus && m_window->isAncestorOf(focus)))
            openForFocus();
    }
    return true;
}

} // namespace LedgerCurator
