// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLocale>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QWidget>

class QListWidget;
class QTextBrowser;

namespace LedgerCurator {

//! The user manual (Help > User Manual, F1), built into the app from docs/manual/: one Markdown
//! file per section and language (docs/manual/README.md). Its sections, in the order its table of
//! contents shows them: "index", "import", "attention", "correct", "notices", "duplicates",
//! "suggestions", "preview", "sync", "settings", "keyboard".
namespace Manual {

QStringList sections();
//! "de" or "fr" for a German or French interface, else "en": the manual's language.
QString language(const QLocale &locale = QLocale());
//! The resource of a section in a language: ":/manual/de/sync.md".
QString sectionPath(const QString &section, const QString &language);
//! The section's title: the text of its file's first "# " heading.
QString sectionTitle(const QString &section, const QString &language);
//! The section for where the focus is: the "manualSection" property of the widget or of the
//! first of its parents that has one; "index" when none does.
QString sectionFor(const QWidget *widget);
//! Marks `widget` (and what it holds) as explained by `section` of the manual.
void setSection(QWidget *widget, const QString &section);
//! Escape and Ctrl+W (the platform's Close key) close `window`, a secondary window.
void closeWithKeys(QWidget *window);

} // namespace Manual

//! The manual's window: the sections listed on the side, the section read on the right, its
//! links followed. Titled "Ledger Curator Manual"; Escape or Ctrl+W closes it.
class ManualWindow final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ManualWindow)

public:
    explicit ManualWindow(QWidget *parent = nullptr, const QString &language = Manual::language());

    void showSection(const QString &section);
    //! The section shown ("correct").
    QString section() const { return m_section; }

private:
    void sourceChanged(const QUrl &source);

    QString m_language;
    QString m_section;
    QListWidget *m_contents = nullptr;
    QTextBrowser *m_text = nullptr;
};

//! F1 anywhere in the application (dialogs included, modal or not) opens the manual at the
//! section for where the focus is; the Help menu's User Manual action opens it the same way.
//! One window is reused while it can be reached; under a modal dialog the window is that
//! dialog's own, so it is not blocked.
class ManualHelp final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ManualHelp)

public:
    explicit ManualHelp(QWidget *mainWindow);
    ~ManualHelp() override;

    //! Opens (or raises) the manual at `section`; the window shown.
    ManualWindow *open(const QString &section);
    //! Opens the manual at the section for the widget that has the focus.
    ManualWindow *openForFocus();
    ManualWindow *window() const { return m_window; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *m_mainWindow = nullptr;
    QPointer<ManualWindow> m_window;
};

} // namespace LedgerCurator
