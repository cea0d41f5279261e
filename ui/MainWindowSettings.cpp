// SPDX-License-Identifier: GPL-3.0-or-later
// The settings part of the main window: the layout, the filters and the shown record are written
// to QSettings when the window closes and read back when it is made (docs/settings.md), the
// Settings and About dialogs, and the files named on the command line.
#include "MainWindow.h"

#include "AboutDialog.h"
#include "CurationPanel.h"
#include "CurationSession.h"
#include "ObservationTableModel.h"
#include "PreviewPane.h"
#include "SettingsDialog.h"
#include "SettingsKeys.h"
#include "Store.h"

#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>

#include <algorithm>

namespace LedgerCurator {

namespace {

const QString kSideTabCorrect = QStringLiteral("correct");
const QString kSideTabPreview = QStringLiteral("preview");
const QStringList kDirections
    = { QStringLiteral("both"), QStringLiteral("inbound"), QStringLiteral("outbound") };
// A filter longer than this was not typed by a person: it is ignored.
constexpr qsizetype kMaxFilterLength = 1000;

//! A stored bool, or `fallback` when the value is no bool (a settings file edited by hand).
bool readBool(const QSettings &settings, const QString &key, bool fallback)
{
    const QVariant value = settings.value(key);
    if (!value.isValid())
        return fallback;
    if (value.typeId() == QMetaType::Bool)
        return value.toBool();
    const QString text = value.toString().trimmed().toLower();
    if (text == u"true" || text == u"1")
        return true;
    if (text == u"false" || text == u"0")
        return false;
    return fallback;
}

//! A stored byte array (window and header states), or nothing for any other type.
QByteArray readBytes(const QSettings &settings, const QString &key)
{
    const QVariant value = settings.value(key);
    return value.typeId() == QMetaType::QByteArray ? value.toByteArray() : QByteArray();
}

} // namespace

void MainWindow::restoreSettings()
{
    // The defaults, for "Reset window layout".
    m_defaultSize = size();
    m_defaultWindowState = saveState();
    m_defaultHeaderState = m_table->horizontalHeader()->saveState();
    m_defaultSplitterSizes.clear();
    // Sizes before the first show are not yet the ones set: the splitters keep theirs in a
    // property.
    for (QSplitter *splitter : findChildren<QSplitter *>()) {
        const QList<int> sizes = splitter->property("defaultSizes").value<QList<int>>();
        if (!splitter->objectName().isEmpty() && !sizes.isEmpty())
            m_defaultSplitterSizes.insert(splitter->objectName(), sizes);
    }

    // Every value is checked: a damaged or hand-edited settings file is ignored, value by value.
    const QSettings settings;
    if (const QByteArray geometry = readBytes(settings, SettingsKeys::kWindowGeometry);
        !geometry.isEmpty())
        restoreGeometry(geometry);
    if (const QByteArray state = readBytes(settings, SettingsKeys::kWindowState); !state.isEmpty())
        restoreState(state);
    // The splitters take their sizes once the window is shown at its restored size (showEvent()):
    // sizes set before would be spread again over the first resize.
    m_pendingSplitterStates.clear();
    for (QSplitter *splitter : findChildren<QSplitter *>()) {
        const QByteArray state
            = readBytes(settings, SettingsKeys::kSplitterPrefix + splitter->objectName());
        if (!splitter->objectName().isEmpty() && !state.isEmpty())
            m_pendingSplitterStates.insert(splitter->objectName(), state);
    }
    // A state that does not read leaves the header as it is (QHeaderView checks it whole first).
    QHeaderView *header = m_table->horizontalHeader();
    const QByteArray headerState = readBytes(settings, SettingsKeys::kTableHeader);
    if (!headerState.isEmpty()
        && settings.value(SettingsKeys::kTableColumns).toInt() == header->count()
        && header->restoreState(headerState)) {
        // The state and citing title columns are always shown (the header's menu cannot show them).
        for (int column : { int(ObservationTableModel::StateColumn),
                 int(ObservationTableModel::CitingTitleColumn) })
            header->showSection(column);
    }
    m_sideTabs->setCurrentWidget(
        settings.value(SettingsKeys::kSideTab).toString() == kSideTabPreview
            ? static_cast<QWidget *>(m_preview)
            : static_cast<QWidget *>(m_panel));

    // The filters.
    if (const QString text = settings.value(SettingsKeys::kFilterText).toString();
        text.size() <= kMaxFilterLength)
        m_filter->setText(text);
    for (const QString &key : settings.value(SettingsKeys::kFilterStates).toStringList()) {
        if (const auto state = parseState(key))
            m_chips[int(*state)]->setChecked(true);
    }
    const int direction
        = kDirections.indexOf(settings.value(SettingsKeys::kFilterDirection).toString());
    m_direction->setCurrentIndex(std::max(direction, 0));
    m_attentionOnly->setChecked(readBool(settings, SettingsKeys::kFilterNeedsAttention, false));
    m_curatedOnly->setChecked(readBool(settings, SettingsKeys::kFilterCorrected, false));

    // The record: reloadRecords() shows it when the cache still holds it, else the first one.
    if (readBool(settings, SettingsKeys::kRestoreLastRecord, true))
        m_startRecord = settings.value(SettingsKeys::kLastRecord).toString().trimmed();
}

void MainWindow::saveSettings()
{
    QSettings settings;
    settings.setValue(SettingsKeys::kWindowGeometry, saveGeometry());
    settings.setValue(SettingsKeys::kWindowState, saveState());
    for (QSplitter *splitter : findChildren<QSplitter *>()) {
        if (!splitter->objectName().isEmpty())
            settings.setValue(
                SettingsKeys::kSplitterPrefix + splitter->objectName(), splitter->saveState());
    }
    QHeaderView *header = m_table->horizontalHeader();
    settings.setValue(SettingsKeys::kTableHeader, header->saveState());
    settings.setValue(SettingsKeys::kTableColumns, header->count());
    settings.setValue(SettingsKeys::kSideTab,
        m_sideTabs->currentWidget() == m_preview ? kSideTabPreview : kSideTabCorrect);

    settings.setValue(SettingsKeys::kFilterText, m_filter->text());
    QStringList states;
    for (ResolutionState state : kAllResolutionStates) {
        if (m_chips[int(state)]->isChecked())
            states.append(stateKey(state));
    }
    settings.setValue(SettingsKeys::kFilterStates, states);
    settings.setValue(SettingsKeys::kFilterDirection,
        kDirections.value(m_direction->currentIndex(), kDirections[0]));
    settings.setValue(SettingsKeys::kFilterNeedsAttention, m_attentionOnly->isChecked());
    settings.setValue(SettingsKeys::kFilterCorrected, m_curatedOnly->isChecked());

    // The record being loaded counts: it is the one the user chose last.
    const QString record = !m_requestedRecord.isEmpty() ? m_requestedRecord
        : m_session->hasRecord()                        ? m_session->record().upstream.arxivId
                                                        : QString();
    if (record.isEmpty())
        settings.remove(SettingsKeys::kLastRecord);
    else
        settings.setValue(SettingsKeys::kLastRecord, record);
    settings.sync();
}

void MainWindow::resetLayout()
{
    if (isMaximized() || isFullScreen())
        showNormal();
    resize(m_defaultSize);
    restoreState(m_defaultWindowState);
    for (QSplitter *splitter : findChildren<QSplitter *>()) {
        if (m_defaultSplitterSizes.contains(splitter->objectName()))
            splitter->setSizes(m_defaultSplitterSizes.value(splitter->objectName()));
    }
    m_table->horizontalHeader()->restoreState(m_defaultHeaderState);
    // As after every load (showRecordLoaded()), the state column fits its badges.
    if (m_session->hasRecord())
        m_table->resizeColumnToContents(ObservationTableModel::StateColumn);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    // The window is laid out at its restored size by now: the splitters take their saved sizes.
    for (QSplitter *splitter : findChildren<QSplitter *>()) {
        if (const QByteArray state = m_pendingSplitterStates.take(splitter->objectName());
            !state.isEmpty())
            splitter->restoreState(state);
    }
    m_pendingSplitterStates.clear();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::openFiles(const QStringList &files)
{
    if (files.isEmpty())
        return;
    m_showFirstImported = true;
    importFiles(files);
}

void MainWindow::showSettingsDialog()
{
    auto *dialog = new SettingsDialog(m_sync, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    connect(dialog, &SettingsDialog::resetLayoutRequested, this, &MainWindow::resetLayout);
    connect(dialog, &SettingsDialog::settingsApplied, this, [this](qint64 cap) {
        if (cap != m_preview->inboundCap())
            m_preview->setInboundCap(cap);
    });
    dialog->open();
}

void MainWindow::showAboutDialog()
{
    auto *dialog = new AboutDialog(m_store.path(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->open();
}

} // namespace LedgerCurator
