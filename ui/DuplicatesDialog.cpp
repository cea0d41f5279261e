// SPDX-License-Identifier: GPL-3.0-or-later
#include "DuplicatesDialog.h"
#include "ManualWindow.h"

#include "AnomalyHints.h"
#include "CurationSession.h"
#include "CuratorIdentityDialog.h"
#include "DuplicateMerge.h"
#include "ThemeText.h"

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace LedgerCurator {

namespace {

//! The background of a value that differs from the first observation's: pale yellow on a light
//! palette, dark amber on a dark one (the text keeps the palette's colour, contrast above 7:1).
//! Never alone: the row's name says "≠" and the values are bold.
QColor differenceBackground(const QPalette &palette)
{
    return isDarkPalette(palette) ? QColor(0x5a, 0x4a, 0x00) : QColor(0xff, 0xf0, 0xb3);
}

//! How the dialog names an observation in its texts: "ref. 4 (1a2b3c4d)".
QString shortName(const Observation &o)
{
    const QString uuid = o.id.left(8);
    return o.reference
        ? DuplicatesDialog::tr("ref. %1 (%2)").arg(QString::number(*o.reference), uuid)
        : uuid;
}

} // namespace

DuplicatesDialog::DuplicatesDialog(
    CurationSession &session, const QStringList &observations, QWidget *parent)
    : QDialog(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("duplicatesDialog"));
    Manual::setSection(this, QStringLiteral("duplicates"));
    setWindowTitle(tr("Compare Observations"));
    const Record &shown = m_session.record().shown;
    for (const QString &id : observations) {
        if (shown.findObservation(id) && !m_observations.contains(id))
            m_observations.append(id);
    }

    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(
        tr("%Ln observations side by side. Fields that differ are marked ≠ and highlighted. "
           "Choose the one to keep and mark the others as its duplicates, or record that they "
           "are different observations.",
            nullptr, int(m_observations.size())),
        this);
    intro->setObjectName(QStringLiteral("duplicatesIntro"));
    intro->setWordWrap(true);
    layout->addWidget(intro);

    // The repeated citing paper hint about them, when there is one.
    QString hintText;
    if (!m_observations.isEmpty()) {
        for (const AnomalyHint &hint : anomalyHints(shown)) {
            if (hint.kind == AnomalyHint::Kind::RepeatedCitingPaper
                && hint.observations.contains(m_observations.first())) {
                hintText = hint.dismissed ? tr("Hint (told apart before): %1").arg(hint.message)
                                          : tr("Hint: %1").arg(hint.message);
                // These Are Different dismisses the hint once all of its observations are so
                // marked: say when some are not among these.
                const qsizetype others
                    = std::count_if(hint.observations.cbegin(), hint.observations.cend(),
                        [this](const QString &id) { return !m_observations.contains(id); });
                if (others > 0)
                    hintText += u' '
                        + tr("%Ln more of its observations are not compared here.", nullptr,
                            int(others));
                break;
            }
        }
    }
    auto *hint = new QLabel(hintText, this);
    hint->setObjectName(QStringLiteral("duplicatesHint"));
    hint->setTextFormat(Qt::PlainText);
    hint->setWordWrap(true);
    hint->setVisible(!hintText.isEmpty());
    layout->addWidget(hint);

    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("duplicatesTable"));
    m_table->setAccessibleName(tr("Observations compared field by field"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setWordWrap(true);
    m_table->setTabKeyNavigation(false);
    m_table->setStyleSheet(QStringLiteral("QTableWidget::item { padding: 3px 6px; }"));
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    // Long titles wrap: the rows fit their text at the columns' widths, whenever these change
    // (the stretched columns take their widths once the table is laid out).
    connect(m_table->horizontalHeader(), &QHeaderView::geometriesChanged, this,
        [this] { QTimer::singleShot(0, m_table, &QTableView::resizeRowsToContents); });
    m_keep = new QButtonGroup(this);
    fillTable();
    layout->addWidget(m_table, 1);

    m_outcome = new QLabel(this);
    m_outcome->setObjectName(QStringLiteral("duplicatesOutcome"));
    m_outcome->setWordWrap(true);
    m_outcome->setTextFormat(Qt::PlainText);
    layout->addWidget(m_outcome);
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("duplicatesMessage"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    setTextTone(m_message, TextTone::Error);
    m_message->hide();
    layout->addWidget(m_message);

    auto *buttons = new QDialogButtonBox(this);
    m_markButton = buttons->addButton(tr("Mark as &Duplicates"), QDialogButtonBox::AcceptRole);
    m_markButton->setObjectName(QStringLiteral("markDuplicatesButton"));
    m_markButton->setToolTip(
        tr("Record every other observation as a duplicate of the kept one (one step, undone "
           "with Ctrl+Z)"));
    m_differentButton
        = buttons->addButton(tr("&These Are Different"), QDialogButtonBox::ActionRole);
    m_differentButton->setObjectName(QStringLiteral("theseAreDifferentButton"));
    m_differentButton->setToolTip(
        tr("Record that these are different observations: their repeated citing paper hint is "
           "dismissed"));
    QPushButton *cancel = buttons->addButton(QDialogButtonBox::Cancel);
    cancel->setObjectName(QStringLiteral("duplicatesCancelButton"));
    layout->addWidget(buttons);
    // The buttons record (or not) themselves: accept() follows a step recorded.
    connect(m_markButton, &QPushButton::clicked, this, &DuplicatesDialog::markAsDuplicates);
    connect(m_differentButton, &QPushButton::clicked, this, &DuplicatesDialog::markAsDifferent);
    connect(cancel, &QPushButton::clicked, this, &QDialog::reject);
    m_markButton->setDefault(true);
    m_markButton->setEnabled(m_observations.size() >= 2);
    m_differentButton->setEnabled(m_observations.size() >= 2);

    // Another record shown (or the cache read again) takes the observations away.
    connect(&m_session, &CurationSession::recordLoaded, this, &QDialog::reject);

    setKept(defaultKeptObservation(shown, m_observations));
    followPalette(this, [this] { applyColours(); });
    // At most the 1280x800 screen it must read well on: two observations take about 900 pixels.
    resize(std::min(1240, 260 + 330 * int(m_observations.size())), 500);
}

DuplicatesDialog::~DuplicatesDialog() = default;

void DuplicatesDialog::resizeEvent(QResizeEvent *event)
{
    QDialog::resizeEvent(event);
    QTimer::singleShot(0, m_table, &QTableView::resizeRowsToContents);
}

void DuplicatesDialog::fillTable()
{
    const Record &shown = m_session.record().shown;
    const QList<CompareRow> rows = compareObservations(shown, m_observations);
    const int columns = int(m_observations.size());
    m_table->setColumnCount(columns);
    m_table->setRowCount(1 + int(rows.size()));
    QStringList rowNames { tr("Keep") };
    for (int row = 0; row < rows.size(); ++row) {
        const CompareRow &compared = rows.at(row);
        const QString name = compareFieldName(compared.field);
        rowNames.append(compared.differs ? QStringLiteral("≠ ") + name : name);
        if (compared.differs)
            m_differingRows.append(row + 1);
        for (int column = 0; column < columns && column < compared.values.size(); ++column) {
            const QString value = compared.values.at(column);
            auto *item = new QTableWidgetItem(value.isEmpty() ? tr("(none)") : value);
            if (value.isEmpty())
                m_emptyCells.append({ row + 1, column });
            item->setToolTip(value);
            item->setTextAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            if (compared.differs) {
                QFont font = item->font();
                font.setBold(true);
                item->setFont(font);
                item->setData(Qt::AccessibleDescriptionRole, tr("differs"));
            }
            m_table->setItem(row + 1, column, item);
        }
    }
    m_table->setVerticalHeaderLabels(rowNames);
    for (int column = 0; column < columns; ++column) {
        const QString id = m_observations.at(column);
        auto *cell = new QWidget(m_table);
        auto *cellLayout = new QHBoxLayout(cell);
        cellLayout->setContentsMargins(6, 2, 6, 2);
        auto *radio = new QRadioButton(tr("Keep this one"), cell);
        radio->setObjectName(QStringLiteral("keep-") + id);
        radio->setAccessibleName(tr("Keep observation %1").arg(column + 1));
        cellLayout->addWidget(radio);
        cellLayout->addStretch();
        m_keep->addButton(radio, column);
        m_table->setCellWidget(0, column, cell);
        m_table->setHorizontalHeaderItem(column, new QTableWidgetItem);
    }
    connect(m_keep, &QButtonGroup::idToggled, this, [this](int, bool on) {
        if (on)
            updateKept();
    });
    m_table->resizeRowsToContents();
}

void DuplicatesDialog::applyColours()
{
    const QColor muted = toneColor(TextTone::Muted, palette());
    for (const auto &[row, column] : std::as_const(m_emptyCells)) {
        if (QTableWidgetItem *item = m_table->item(row, column))
            item->setForeground(muted);
    }
    const QColor background = differenceBackground(palette());
    for (int row : std::as_const(m_differingRows)) {
        for (int column = 0; column < m_table->columnCount(); ++column) {
            if (QTableWidgetItem *item = m_table->item(row, column))
                item->setBackground(background);
        }
    }
}

QString DuplicatesDialog::kept() const
{
    const int column = m_keep->checkedId();
    return column >= 0 && column < m_observations.size() ? m_observations.at(column) : QString();
}

void DuplicatesDialog::setKept(const QString &observation)
{
    const int column = int(m_observations.indexOf(observation));
    if (QAbstractButton *button = m_keep->button(column < 0 ? 0 : column))
        button->setChecked(true);
    updateKept();
}

void DuplicatesDialog::updateKept()
{
    const Record &shown = m_session.record().shown;
    const QString keptId = kept();
    for (int column = 0; column < m_observations.size(); ++column) {
        const Observation *o = shown.findObservation(m_observations.at(column));
        const QString role = m_observations.at(column) == keptId
            ? tr("kept", "the observation kept of duplicates")
            : tr("duplicate", "an observation marked a duplicate of the kept one");
        if (QTableWidgetItem *header = m_table->horizontalHeaderItem(column))
            header->setText(tr("Observation %1 · %2\n%3")
                                .arg(QString::number(column + 1), role,
                                    o ? shortName(*o) : m_observations.at(column)));
    }
    const Observation *o = shown.findObservation(keptId);
    const int others = int(m_observations.size()) - 1;
    m_outcome->setText(!o ? QString()
            : others == 1
            ? tr("Mark as Duplicates keeps %1 and marks the other observation its duplicate.")
                  .arg(shortName(*o))
            : tr("Mark as Duplicates keeps %1 and marks the %Ln others its duplicates.", nullptr,
                others)
                  .arg(shortName(*o)));
}

bool DuplicatesDialog::record(const QList<FieldEdit> &edits, const QString &description)
{
    if (!ensureCuratorIdentity(m_session, this)) {
        m_message->setText(notRecordedWithoutName());
        m_message->show();
        return false;
    }
    auto result = m_session.applyEdits(edits, description);
    if (!result) {
        m_message->setText(result.error().toString());
        m_message->show();
        return false;
    }
    if (!*result) {
        m_message->setText(tr("Nothing to record: the observations already are so marked."));
        m_message->show();
        return false;
    }
    Q_EMIT recorded(description);
    accept();
    return true;
}

bool DuplicatesDialog::markAsDuplicates()
{
    const Record &shown = m_session.record().shown;
    const QString keptId = kept();
    const Observation *o = shown.findObservation(keptId);
    if (!o)
        return false;
    const QList<FieldEdit> edits = duplicateEdits(shown, m_observations, keptId);
    int marked = 0;
    for (const FieldEdit &edit : edits)
        marked += edit.value.has_value() ? 1 : 0;
    const QString description = marked == 1
        ? tr("Mark 1 observation as a duplicate of %1").arg(shortName(*o))
        : tr("Mark %Ln observations as duplicates of %1", nullptr, marked).arg(shortName(*o));
    return record(edits, description);
}

bool DuplicatesDialog::markAsDifferent()
{
    const QList<FieldEdit> edits = differentEdits(m_session.record().shown, m_observations);
    return record(
        edits, tr("Mark %Ln observations as different", nullptr, int(m_observations.size())));
}

} // namespace LedgerCurator
