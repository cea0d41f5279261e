// SPDX-License-Identifier: GPL-3.0-or-later
#include "SuggestionBox.h"

#include "DisplayText.h"
#include "Identifier.h"
#include "ThemeText.h"

#include <QDesktopServices>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace LedgerCurator {

namespace {

constexpr int kMaxShown = 5; // keys 1 to 5
constexpr double kWeakScore = 50; // shown greyed below this

QString scoreText(double score)
{
    return QString::number(score, 'f', 0);
}

//! Up to four words, then how many more: "large, scale, training +2".
QString someWords(const QStringList &words)
{
    QStringList shown = words.mid(0, 4);
    QString text = DisplayText::forTerminal(shown.join(QStringLiteral(", ")));
    if (words.size() > shown.size())
        text += SuggestionBox::tr(" +%1", "more words").arg(words.size() - shown.size());
    return text;
}

} // namespace

SuggestionBox::SuggestionBox(QWidget *parent)
    : QGroupBox(tr("Suggested works"), parent)
{
    setObjectName(QStringLiteral("suggestionBox"));
    auto *layout = new QVBoxLayout(this);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("suggestionStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);

    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("candidateList"));
    m_list->setAccessibleName(tr("Candidates"));
    m_list->setAccessibleDescription(tr("Keys 1 to 5 accept that candidate, Enter the one chosen"));
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(false);
    m_list->setWordWrap(false);
    m_list->setTextElideMode(Qt::ElideRight);
    m_list->setHeaderLabels({ tr("#"), tr("Score"), tr("Work") });
    m_list->header()->setStretchLastSection(true);
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->installEventFilter(this);
    layout->addWidget(m_list);
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem *item) {
        Q_EMIT acceptRequested(m_list->indexOfTopLevelItem(item));
    });
    connect(m_list, &QTreeWidget::currentItemChanged, this, &SuggestionBox::updateButtons);
    connect(m_list, &QTreeWidget::currentItemChanged, this, &SuggestionBox::updateDetails);

    // The rows are elided to the panel's width; what makes the chosen candidate right or wrong
    // is said here whole, wrapped, so that nobody accepts a score without its reasons.
    m_details = new QLabel(this);
    m_details->setObjectName(QStringLiteral("candidateDetails"));
    m_details->setTextFormat(Qt::PlainText);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setAccessibleName(tr("Chosen candidate"));
    layout->addWidget(m_details);

    auto *buttons = new QHBoxLayout;
    m_accept = new QPushButton(tr("Accept"), this);
    m_accept->setObjectName(QStringLiteral("acceptCandidateButton"));
    m_accept->setToolTip(tr("Record the chosen candidate's identifier, the state verified fuzzy "
                            "and a note saying so, as one step (Ctrl+Z takes it back), then go "
                            "to the next observation needing attention. In the table or this "
                            "list, 1 to 5 accept that candidate and Enter the first."));
    m_open = new QPushButton(tr("O&pen"), this);
    m_open->setObjectName(QStringLiteral("openCandidateButton"));
    m_none = new QPushButton(tr("None of the&m"), this);
    m_none->setObjectName(QStringLiteral("noneOfTheseButton"));
    m_none->setToolTip(tr("None of these candidates is the work: record that in the note "
                          "(Ctrl+Shift+X), then give the identifier yourself."));
    buttons->addWidget(m_accept);
    buttons->addWidget(m_open);
    buttons->addWidget(m_none);
    buttons->addStretch();
    layout->addLayout(buttons);
    connect(
        m_accept, &QPushButton::clicked, this, [this] { Q_EMIT acceptRequested(currentIndex()); });
    connect(m_none, &QPushButton::clicked, this, &SuggestionBox::noneRequested);
    connect(m_open, &QPushButton::clicked, this, [this] {
        const int index = currentIndex();
        if (index < 0 || index >= m_suggestions.candidates.size())
            return;
        const QUrl url = candidateUrl(m_suggestions.candidates.at(index).id);
        if (url.isValid())
            QDesktopServices::openUrl(url);
    });
    showLooking();
}

SuggestionBox::~SuggestionBox() = default;

void SuggestionBox::clearList()
{
    m_suggestions = {};
    m_ready = false;
    m_list->clear();
    m_list->hide();
    m_details->clear();
    m_details->hide();
}

void SuggestionBox::updateDetails()
{
    const int index = m_list->indexOfTopLevelItem(m_list->currentItem());
    if (!hasCandidates() || index < 0 || index >= m_suggestions.candidates.size()) {
        m_details->clear();
        m_details->hide();
        return;
    }
    const Candidate &c = m_suggestions.candidates.at(index);
    QStringList lines;
    lines.append(tr("%1. %2", "a candidate's number and title")
                     .arg(index + 1)
                     .arg(DisplayText::forTerminal(c.name)));
    QStringList about { c.id };
    if (!c.authors.isEmpty())
        about.append(DisplayText::forTerminal(c.authors));
    if (c.year)
        about.append(QString::number(*c.year));
    lines.append(about.join(QStringLiteral(" · ")));
    QString why = tr("Score %1", "a candidate's score, 0 to 100").arg(scoreText(c.score));
    if (c.match)
        why += tr(", a clear match", "after the score");
    if (const QString features = featureText(c); !features.isEmpty())
        why += QStringLiteral(": ") + features;
    lines.append(why);
    m_details->setText(lines.join(u'\n'));
    m_details->show();
}

void SuggestionBox::showLooking()
{
    clearList();
    m_status->setText(tr("Looking for candidates..."));
    setTextTone(m_status, TextTone::Muted);
    updateButtons();
}

void SuggestionBox::showMessage(const QString &text, bool canSayNone)
{
    clearList();
    m_ready = canSayNone;
    m_status->setText(text);
    setTextTone(m_status, TextTone::Muted);
    updateButtons();
}

void SuggestionBox::showSuggestions(const ObservationSuggestions &suggestions)
{
    clearList();
    m_suggestions = suggestions;
    m_suggestions.candidates = suggestions.candidates.mid(0, kMaxShown);
    m_ready = true;
    const QList<Candidate> &candidates = m_suggestions.candidates;
    if (!suggestions.error.isEmpty()) {
        m_status->setText(tr("Suggestions unavailable: %1").arg(suggestions.error));
        setTextTone(m_status, TextTone::Error);
        m_ready = false;
        updateButtons();
        return;
    }
    setTextTone(m_status, TextTone::Normal);
    if (candidates.isEmpty()) {
        m_status->setText(tr("No candidates found."));
        setTextTone(m_status, TextTone::Muted);
        updateButtons();
        return;
    }
    const Candidate &first = candidates.first();
    switch (suggestions.kind) {
    case SuggestionKind::CitingPaper:
        m_status->setText(tr("Citing paper found: “%1” (%2). Open it to check the reference, "
                             "then accept: the link to this record's paper is verified and the "
                             "citing paper's id goes to the note.")
                              .arg(DisplayText::forTerminal(first.name), first.id));
        break;
    case SuggestionKind::NearestIdentifier:
        m_status->setText(tr("Valid identifiers nearest to “%1”:")
                              .arg(DisplayText::forTerminal(suggestions.query.title)));
        break;
    case SuggestionKind::CitedWork:
        m_status->setText(first.match
                ? tr("A clear match for the cited title (✓); 1 or Enter accepts it.")
                : tr("Works whose titles are near the cited title; none is a clear match."));
        break;
    }
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        const Candidate &c = candidates.at(i);
        const QString title = DisplayText::forTerminal(c.name);
        QString details = c.id;
        if (c.match)
            details += suggestions.kind == SuggestionKind::CitingPaper
                ? tr(" · the citing paper", "after the candidate's id")
                : tr(" · clear match", "after the candidate's id");
        if (const QString features = featureText(c); !features.isEmpty())
            details += QStringLiteral(" · ") + features;
        auto *item = new QTreeWidgetItem(m_list);
        item->setText(0,
            c.match ? tr("%1 ✓", "a candidate's number, a clear match").arg(i + 1)
                    : QString::number(i + 1));
        item->setText(1, scoreText(c.score));
        // Two lines, each elided to the column by the view (the tooltip holds them whole).
        item->setText(2, title + QLatin1Char('\n') + details);
        item->setData(2, Qt::AccessibleTextRole, QString(title + QStringLiteral(". ") + details));
        QStringList tip { title, c.id };
        if (!c.authors.isEmpty())
            tip.append(DisplayText::forTerminal(c.authors));
        if (c.year)
            tip.append(QString::number(*c.year));
        tip.append(details);
        const QString tooltip = tip.join(u'\n');
        for (int column = 0; column < 3; ++column)
            item->setToolTip(column, tooltip);
        item->setTextAlignment(0, Qt::AlignTop | Qt::AlignLeft);
        item->setTextAlignment(1, Qt::AlignTop | Qt::AlignRight);
        if (c.score < kWeakScore) {
            // A weak candidate is shown, greyed: it shares words, little more.
            const QColor muted = toneColor(TextTone::Muted, m_list->palette());
            for (int column = 0; column < 3; ++column)
                item->setForeground(column, muted);
        }
        if (c.match) {
            QFont bold = m_list->font();
            bold.setBold(true);
            for (int column = 0; column < 3; ++column)
                item->setFont(column, bold);
            item->setToolTip(0, tr("A clear match: its score is high and well above the next."));
        }
    }
    m_list->setCurrentItem(m_list->topLevelItem(0));
    m_list->show();
    // As tall as its rows: the panel scrolls, not the list.
    int height = m_list->header()->sizeHint().height() + 2 * m_list->frameWidth();
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        height += m_list->visualItemRect(m_list->topLevelItem(i)).height();
    if (height <= m_list->header()->sizeHint().height() + 2 * m_list->frameWidth())
        height += int(candidates.size()) * (2 * m_list->fontMetrics().lineSpacing() + 6);
    m_list->setFixedHeight(height + 2);
    updateButtons();
    updateDetails();
}

int SuggestionBox::currentIndex() const
{
    const int index = m_list->indexOfTopLevelItem(m_list->currentItem());
    return index < 0 ? 0 : index;
}

void SuggestionBox::updateButtons()
{
    const bool any = hasCandidates();
    m_accept->setVisible(any);
    m_accept->setEnabled(any);
    m_none->setVisible(m_ready);
    m_none->setEnabled(m_ready);
    const int index = currentIndex();
    const bool openable = any && index < m_suggestions.candidates.size()
        && candidateUrl(m_suggestions.candidates.at(index).id).isValid();
    m_open->setVisible(openable);
    if (openable) {
        m_open->setText(m_suggestions.kind == SuggestionKind::CitingPaper ? tr("O&pen Citing Paper")
                                                                          : tr("O&pen"));
        m_open->setToolTip(
            tr("Open %1 in the web browser")
                .arg(candidateUrl(m_suggestions.candidates.at(index).id).toDisplayString()));
    }
}

int SuggestionBox::candidateForKey(const QKeyEvent *event, bool inList) const
{
    if (!hasCandidates())
        return -1;
    if (event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return -1;
    const int key = event->key();
    if (key == Qt::Key_Return || key == Qt::Key_Enter)
        return inList ? currentIndex() : 0;
    // By the character typed, so that a layout giving digits with Shift (AZERTY) works too.
    const QString text = event->text();
    if (text.size() == 1 && text.at(0) >= u'1' && text.at(0) <= u'5') {
        const int index = text.at(0).digitValue() - 1;
        return index < m_suggestions.candidates.size() ? index : -1;
    }
    return -1;
}

bool SuggestionBox::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_list && event->type() == QEvent::KeyPress) {
        const int index = candidateForKey(static_cast<QKeyEvent *>(event), true);
        if (index >= 0) {
            Q_EMIT acceptRequested(index);
            return true;
        }
    }
    return QGroupBox::eventFilter(watched, event);
}

QUrl SuggestionBox::candidateUrl(const QString &id)
{
    const IdentifierCheck check = parseIdentifier(id);
    if (!check.ok())
        return {};
    if (check.identifier->kind == Identifier::Kind::Doi)
        return QUrl(QStringLiteral("https://doi.org/") + check.identifier->canonical);
    return QUrl(QStringLiteral("https://arxiv.org/abs/") + check.identifier->canonical);
}

QString SuggestionBox::featureText(const Candidate &c)
{
    QStringList parts;
    if (const QVariant similarity = c.feature(QString::fromLatin1(kFeatureTitleSimilarity));
        similarity.isValid())
        parts.append(tr("title %1% similar").arg(qRound(similarity.toDouble())));
    if (const QVariant distance = c.feature(QString::fromLatin1(kFeatureIdDistance));
        distance.isValid())
        parts.append(tr("edit distance %1 from the identifier given").arg(distance.toInt()));
    if (!c.missingWords.isEmpty())
        parts.append(tr("missing: %1").arg(someWords(c.missingWords)));
    if (!c.extraWords.isEmpty())
        parts.append(tr("extra: %1").arg(someWords(c.extraWords)));
    if (const QVariant year = c.feature(QString::fromLatin1(kFeatureYearMatch)); year.isValid()) {
        const QString when = c.year ? QString::number(*c.year) : QString();
        parts.append(year.toBool() ? tr("year %1 matches").arg(when).simplified()
                                   : tr("year %1 differs").arg(when).simplified());
    }
    if (const QVariant authors = c.feature(QString::fromLatin1(kFeatureAuthorsMatch));
        authors.isValid()) {
        const double share = authors.toDouble();
        parts.append(share >= 0.999 ? tr("authors match")
                : share <= 0.001    ? tr("authors differ")
                                    : tr("authors %1% match").arg(qRound(share * 100)));
    }
    return parts.join(QStringLiteral(" · "));
}

} // namespace LedgerCurator
