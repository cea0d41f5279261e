// SPDX-License-Identifier: GPL-3.0-or-later
#include "WindowSettings.h"

#include "ObservationTableModel.h"
#include "RecordView.h"
#include "SettingsKeys.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHeaderView>
#include <QLineEdit>
#include <QMainWindow>
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

WindowSettings::WindowSettings(const Widgets &widgets, QObject *parent)
    : QObject(parent)
    , m_widgets(widgets)
{
}

QString WindowSettings::restore()
{
    QMainWindow *window = m_widgets.window;
    // The defaults, for "Reset window layout".
    m_defaultSize = window->size();
    m_defaultWindowState = window->saveState();
    m_defaultHeaderState = m_widgets.table->horizontalHeader()->saveState();
    m_defaultSplitterSizes.clear();
    // Sizes before the first show are not yet the ones set: the splitters keep theirs in a
    // property.
    for (QSplitter *splitter : window->findChildren<QSplitter *>()) {
        const QList<int> sizes = splitter->property("defaultSizes").value<QList<int>>();
        if (!splitter->objectName().isEmpty() && !sizes.isEmpty())
            m_defaultSplitterSizes.insert(splitter->objectName(), sizes);
    }

    const QSettings settings;
    if (const QByteArray geometry = readBytes(settings, SettingsKeys::kWindowGeometry);
        !geometry.isEmpty())
        window->restoreGeometry(geometry);
    if (const QByteArray state = readBytes(settings, SettingsKeys::kWindowState); !state.isEmpty())
        window->restoreState(state);
    m_pendingSplitterStates.clear();
    for (QSplitter *splitter : window->findChildren<QSplitter *>()) {
        const QByteArray state
            = readBytes(settings, SettingsKeys::kSplitterPrefix + splitter->objectName());
        if (!splitter->objectName().isEmpty() && !state.isEmpty())
            m_pendingSplitterStates.insert(splitter->objectName(), state);
    }
    // A state that does not read leaves the header as it is (QHeaderView checks it whole first).
    QHeaderView *header = m_widgets.table->horizontalHeader();
    const QByteArray headerState = readBytes(settings, SettingsKeys::kTableHeader);
    if (!headerState.isEmpty()
        && settings.value(SettingsKeys::kTableColumns).toInt() == header->count()
        && header->restoreState(headerState)) {
        header->setProperty(RecordView::kArrangedByUser, true);
        // The state and citing title columns are always shown (the header's menu cannot show them).
        for (int column : { int(ObservationTableModel::StateColumn),
                 int(ObservationTableModel::CitingTitleColumn) })
            header->showSection(column);
    }
    m_widgets.sideTabs->setCurrentWidget(
        settings.value(SettingsKeys::kSideTab).toString() == kSideTabPreview
            ? m_widgets.previewTab
            : m_widgets.correctTab);

    // The filters.
    if (const QString text = settings.value(SettingsKeys::kFilterText).toString();
        text.size() <= kMaxFilterLength)
        m_widgets.filter->setText(text);
    for (const QString &key : settings.value(SettingsKeys::kFilterStates).toStringList()) {
        if (const auto state = parseState(key))
            m_widgets.chips[int(*state)]->setChecked(true);
    }
    const int direction
        = kDirections.indexOf(settings.value(SettingsKeys::kFilterDirection).toString());
    m_widgets.direction->setCurrentIndex(std::max(direction, 0));
    m_widgets.attentionOnly->setChecked(readBool(
        settings, SettingsKeys::kFilterNeedsAttention, SettingsKeys::kDefaultFilterNeedsAttention));
    m_widgets.curatedOnly->setChecked(
        readBool(settings, SettingsKeys::kFilterCorrected, SettingsKeys::kDefaultFilterCorrected));

    // The record.
    if (readBool(
            settings, SettingsKeys::kRestoreLastRecord, SettingsKeys::kDefaultRestoreLastRecord))
        return settings.value(SettingsKeys::kLastRecord).toString().trimmed();
    return {};
}

void WindowSettings::save(const QString &record)
{
    QMainWindow *window = m_widgets.window;
    QSettings settings;
    settings.setValue(SettingsKeys::kWindowGeometry, window->saveGeometry());
    settings.setValue(SettingsKeys::kWindowState, window->saveState());
    for (QSplitter *splitter : window->findChildren<QSplitter *>()) {
        if (!splitter->objectName().isEmpty())
            settings.setValue(
                SettingsKeys::kSplitterPrefix + splitter->objectName(), splitter->saveState());
    }
    QHeaderView *header = m_widgets.table->horizontalHeader();
    // Kept once the user arranged the columns; until then they fit each record's data.
    if (header->property(RecordView::kArrangedByUser).toBool()) {
        settings.setValue(SettingsKeys::kTableHeader, header->saveState());
        settings.setValue(SettingsKeys::kTableColumns, header->count());
    } else {
        settings.remove(SettingsKeys::kTableHeader);
        settings.remove(SettingsKeys::kTableColumns);
    }
    settings.setValue(SettingsKeys::kSideTab,
        m_widgets.sideTabs->currentWidget() == m_widgets.previewTab ? kSideTabPreview
                                                                    : kSideTabCorrect);

    settings.setValue(SettingsKeys::kFilterText, m_widgets.filter->text());
    QStringList states;
    for (ResolutionState state : kAllResolutionStates) {
        if (m_widgets.chips[int(state)]->isChecked())
            states.append(stateKey(state));
    }
    settings.setValue(SettingsKeys::kFilterStates, states);
    settings.setValue(SettingsKeys::kFilterDirection,
        kDirections.value(m_widgets.direction->currentIndex(), kDirections[0]));
    settings.setValue(SettingsKeys::kFilterNeedsAttention, m_widgets.attentionOnly->isChecked());
    settings.setValue(SettingsKeys::kFilterCorrected, m_widgets.curatedOnly->isChecked());

    if (record.isEmpty())
        settings.remove(SettingsKeys::kLastRecord);
    else
        settings.setValue(SettingsKeys::kLastRecord, record);
    settings.sync();
}

void WindowSettings::saveAsChanged(std::function<QString()> record)
{
    m_record = std::move(record);
    m_saveTimer.setSingleShot(true);
    m_saveTimer.setInterval(kSaveDelayMs);
    connect(&m_saveTimer, &QTimer::timeout, this, &WindowSettings::saveNow);
    const auto changed = [this] { noteChanged(); };
    m_widgets.window->installEventFilter(this);
    for (QSplitter *splitter : m_widgets.window->findChildren<QSplitter *>())
        connect(splitter, &QSplitter::splitterMoved, this, changed);
    QHeaderView *header = m_widgets.table->horizontalHeader();
    connect(header, &QHeaderView::sectionResized, this, changed);
    connect(header, &QHeaderView::sectionMoved, this, changed);
    connect(header, &QHeaderView::sortIndicatorChanged, this, changed);
    connect(m_widgets.sideTabs, &QTabWidget::currentChanged, this, changed);
    connect(m_widgets.filter, &QLineEdit::textChanged, this, changed);
    for (QToolButton *chip : m_widgets.chips)
        connect(chip, &QToolButton::toggled, this, changed);
    connect(m_widgets.direction, &QComboBox::currentIndexChanged, this, changed);
    connect(m_widgets.attentionOnly, &QCheckBox::toggled, this, changed);
    connect(m_widgets.curatedOnly, &QCheckBox::toggled, this, changed);
}

void WindowSettings::noteChanged()
{
    if (m_record)
        m_saveTimer.start();
}

bool WindowSettings::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_widgets.window) {
        switch (event->type()) {
        case QEvent::Resize:
        case QEvent::Move:
        case QEvent::WindowStateChange:
            noteChanged();
            break;
        default:
            break;
        }
    }
    return QObject::eventFilter(watched, event);
}

void WindowSettings::saveNow()
{
    // Until the window is shown at its restored size, the panes hold no sizes of the user's:
    // saved then, they would replace the ones restoreSplitters() is about to put back.
    if (!m_splittersRestored)
        return;
    save(m_record());
}

void WindowSettings::resetLayout()
{
    QMainWindow *window = m_widgets.window;
    if (window->isMaximized() || window->isFullScreen())
        window->showNormal();
    window->resize(m_defaultSize);
    window->restoreState(m_defaultWindowState);
    for (QSplitter *splitter : window->findChildren<QSplitter *>()) {
        if (m_defaultSplitterSizes.contains(splitter->objectName()))
            splitter->setSizes(m_defaultSplitterSizes.value(splitter->objectName()));
    }
    m_widgets.table->horizontalHeader()->restoreState(m_defaultHeaderState);
    m_widgets.table->horizontalHeader()->setProperty(RecordView::kArrangedByUser, false);
}

void WindowSettings::restoreSplitters()
{
    for (QSplitter *splitter : m_widgets.window->findChildren<QSplitter *>()) {
        if (const QByteArray state = m_pendingSplitterStates.take(splitter->objectName());
            !state.isEmpty())
            splitter->restoreState(state);
    }
    m_pendingSplitterStates.clear();
    m_splittersRestored = true;
    noteChanged(); // what changed before the window was shown is saved now
}

} // namespace LedgerCurator
