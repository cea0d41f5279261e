// SPDX-License-Identifier: GPL-3.0-or-later
#include "PreviewPane.h"

#include "BackgroundJob.h"
#include "PageHtml.h"
#include "PreviewImport.h"
#include "SettingsKeys.h"
#include "StateStyle.h"
#include "ThemeText.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QDesktopServices>
#include <QInputDialog>
#include <QScrollBar>
#include <QSettings>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

#include <atomic>
#include <memory>

namespace LedgerCurator {

namespace {

//! A text browser that never loads a resource: the page inlines its stylesheet and has no images,
//! so anything it would ask for came from data.
class PageBrowser final : public QTextBrowser
{
public:
    using QTextBrowser::QTextBrowser;
    QVariant loadResource(int, const QUrl &) override { return {}; }
};

constexpr qreal kDocumentMargin = 16; // room around the page, as on paper

//! The page's colours on a dark or high-contrast palette, after page.css (which is the white
//! paper of the PDF). Each rule has the selector of the page.css rule it overrides (element and
//! class: the same specificity), so that coming later is what makes it win: the palette's view
//! colours, the state badges as the table draws them, every text at least 4.5:1 on what it sits on.
//! Empty on a light palette.
QString paletteStylesheet(const QPalette &palette)
{
    if (!isDarkPalette(palette) && !isHighContrastPalette(palette))
        return {};
    const QString base = palette.color(QPalette::Base).name();
    const QString raised = palette.color(QPalette::AlternateBase).name();
    const QString text = palette.color(QPalette::Text).name();
    const QString muted = toneColor(TextTone::Muted, palette).name();
    const QString error = toneColor(TextTone::Error, palette).name();
    const QString link = readableOn(palette.color(QPalette::Link), textBackgrounds(palette)).name();
    QString css = QStringLiteral(
        "body { color: %1; background-color: %2; }\n"
        "a { color: %3; }\n"
        "h1.title, h2, p.titles { color: %1; }\n"
        "p.kicker, p.disclaimer, p.schema, p.source, span.label, p.events-head { color: %4; }\n"
        "p.obs-head, p.cap { background-color: %5; color: %1; }\n"
        "span.found { color: %6; }\n"
        "span.flag { background-color: %5; color: %1; }\n"
        "p.note-curated, p.note-conflict, p.note-hint, p.note-retracted, p.note-review "
        "{ background-color: %5; color: %1; }\n")
                      .arg(text, base, link, muted, raised, error);
    for (ResolutionState state : kAllResolutionStates) {
        css += QStringLiteral("span.state-%1 { background-color: %2; color: %3; }\n")
                   .arg(stateKey(state), stateColor(state, palette).name(),
                       stateTextColor(state, palette).name());
    }
    return css;
}

} // namespace

PreviewPane::PreviewPane(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("previewPane"));
    m_browser = new PageBrowser(this);
    m_browser->setObjectName(QStringLiteral("previewBrowser"));
    m_browser->setOpenExternalLinks(false);
    m_browser->setOpenLinks(false);
    m_browser->setAccessibleName(tr("Rendered page"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_browser);
    connect(m_browser, &QTextBrowser::anchorClicked, this, &PreviewPane::onAnchorClicked);

    bool ok = false;
    const qlonglong cap = QSettings()
                              .value(SettingsKeys::kInboundCap, SettingsKeys::kDefaultInboundCap)
                              .toLongLong(&ok);
    m_inboundCap = ok && cap >= 0 ? qsizetype(cap) : SettingsKeys::kDefaultInboundCap;
    // The page follows the palette: white paper on a light one, the palette's colours on a dark
    // or high-contrast one (the PDF stays on white paper).
    const QString pageCss = loadPageStylesheet() + paneStylesheet();
    followPalette(this, [this, pageCss] {
        const QPalette palette = QApplication::palette(m_browser);
        const QString css = pageCss + paletteStylesheet(palette);
        if (css == m_css)
            return;
        m_css = css;
        if (m_hasRecord)
            render(true);
    });
}

PreviewPane::~PreviewPane()
{
    // A build still running is stopped, waited for, and its document deleted (it is this pane's).
    ++m_generation;
    cancelBuilds();
    const QList<BackgroundJob *> builds = m_builds; // each leaves the list when it is done
    for (BackgroundJob *build : builds)
        build->waitForFinished();
}

void PreviewPane::setRecord(
    const Record &shown, std::optional<QList<AnomalyHint>> hints, QList<OwnPaperNotice> ownNotices)
{
    const bool same = m_hasRecord && m_record.arxivId == shown.arxivId;
    m_record = shown;
    m_hints = std::move(hints);
    m_ownNotices = std::move(ownNotices);
    m_hasRecord = true;
    render(same);
}

void PreviewPane::clear()
{
    ++m_generation; // a build still running is stopped, and dropped when it ends
    cancelBuilds();
    m_building = false;
    m_pendingObservation.clear();
    m_record = Record {};
    m_hints.reset();
    m_ownNotices.clear();
    m_hasRecord = false;
    m_shownPage.reset();
    m_buildingPage.reset();
    m_headingBlocks.clear();
    m_browser->clear();
}

bool PreviewPane::scrollToObservation(const QString &uuid)
{
    if (isBuilding()) {
        m_pendingObservation = uuid; // scrolled to when the page is in
        return true;
    }
    QTextDocument *document = m_browser->document();
    if (m_headingBlocks.isEmpty()) {
        // Each observation opens with the paragraph "Observation UUID · direction" (the space
        // may come out of the HTML import as a no-break space).
        static const QString heading = QStringLiteral("Observation");
        constexpr qsizetype uuidLength = 36;
        for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
            const QString text = block.text();
            if (text.size() >= heading.size() + 1 + uuidLength && text.startsWith(heading)
                && text.at(heading.size()).isSpace())
                m_headingBlocks.insert(
                    text.mid(heading.size() + 1, uuidLength), block.blockNumber());
        }
    }
    const auto found = m_headingBlocks.constFind(uuid);
    if (found == m_headingBlocks.constEnd())
        return false;
    // As QTextBrowser::scrollToAnchor does: the block at the top of the view (laid out that far).
    const QTextBlock block = document->findBlockByNumber(*found);
    const QRectF rect = document->documentLayout()->blockBoundingRect(block);
    scrollTo(int(rect.top()));
    return true;
}

void PreviewPane::scrollTo(int y)
{
    // The layout is lazy: a large page is laid out in steps from a timer, and the browser's
    // scroll range follows the steps. Lay it out only down to y (hitTest() does) and widen the
    // range that far; the browser keeps widening it as the layout goes on.
    QAbstractTextDocumentLayout *layout = m_browser->document()->documentLayout();
    layout->hitTest(QPointF(0, y + m_browser->viewport()->height()), Qt::FuzzyHit);
    QScrollBar *bar = m_browser->verticalScrollBar();
    if (bar->maximum() < y)
        bar->setMaximum(y);
    bar->setValue(y);
}

void PreviewPane::setInboundCap(qsizetype cap)
{
    cap = std::max<qsizetype>(cap, 0);
    if (cap == m_inboundCap)
        return;
    m_inboundCap = cap;
    if (m_hasRecord)
        render(true);
}

void PreviewPane::chooseInboundCap(QWidget *parent)
{
    bool ok = false;
    const int cap = QInputDialog::getInt(parent, tr("Preview Page Cap"),
        tr("Inbound observations itemized in the preview (0 for all; "
           "the PDF export always holds all of them):"),
        int(m_inboundCap), 0, 10000000, 100, &ok);
    if (!ok)
        return;
    QSettings().setValue(SettingsKeys::kInboundCap, cap);
    setInboundCap(cap);
}

bool PreviewPane::opensExternally(const QUrl &url)
{
    const QString scheme = url.scheme().toLower();
    return url.isValid() && (scheme == u"https" || scheme == u"http") && !url.host().isEmpty();
}

QString PreviewPane::paneStylesheet()
{
    // An observation's heading wraps, at its spaces first (and its UUID at a hyphen only where the
    // pane is narrower than the heading's first word and the UUID): page.css keeps it on one line,
    // which the PDF's and the HTML file's width allow but the pane's does not (the whole page
    // then scrolled sideways to show the ends of the headings).
    return QStringLiteral("p.obs-head { white-space: normal; }\n");
}

qsizetype PreviewPane::itemizedOf(const Record &shown) const
{
    qsizetype itemized = 0;
    qsizetype inbound = 0;
    for (const Observation &o : shown.observations)
        ++(o.direction == Direction::Inbound ? inbound : itemized);
    return itemized + (m_inboundCap > 0 ? std::min(inbound, m_inboundCap) : inbound);
}

bool PreviewPane::buildsInBackground(const Record &shown) const
{
    return itemizedOf(shown) >= asyncThreshold();
}

void PreviewPane::cancelBuilds()
{
    for (BackgroundJob *build : std::as_const(m_builds))
        build->cancel();
}

void PreviewPane::render(bool keepScroll)
{
    ++m_generation;
    cancelBuilds(); // their pages are no longer wanted: the cores go to this one
    m_pendingObservation.clear();
    QScrollBar *bar = m_browser->verticalScrollBar();
    const int position = keepScroll ? bar->value() : 0;
    const HtmlOptions options = pageOptions();
    const qsizetype itemized = itemizedOf(m_record);

    if (itemized < asyncThreshold()) {
        m_building = false;
        m_buildingPage.reset();
        m_shownPage = Page { m_record, options };
        m_headingBlocks.clear();
        m_browser->setHtml(renderPageHtml(m_record, options));
        m_browser->document()->setDocumentMargin(kDocumentMargin);
        if (keepScroll)
            scrollTo(position);
        Q_EMIT previewShown(m_record.arxivId);
        return;
    }

    // A large page: the HTML is written and imported into a document on a worker thread, and
    // the document is handed to the browser when done. Meanwhile the same record's page stays
    // (after a correction, say); another record's is replaced by a note.
    m_pendingScroll = position;
    m_buildingPage = Page { m_record, options };
    if (!keepScroll) {
        m_shownPage.reset();
        m_headingBlocks.clear();
        m_browser->setPlainText(
            tr("Preparing the page preview of %L1 observations…").arg(itemized));
    }
    const quint64 generation = m_generation;
    m_building = true;
    // The second core is taken by this thread until it is back in its event loop (the record's
    // table is shown right after this, on a record's first render): the import parses on one
    // thread until then, on two after.
    auto secondCoreFree = std::make_shared<std::atomic<bool>>(false);
    QTimer::singleShot(0, this, [secondCoreFree] { secondCoreFree->store(true); });
    BackgroundJob *build = BackgroundJob::start<Built>(
        this, {},
        [record = m_record, options, font = m_browser->document()->defaultFont(), secondCoreFree](
            auto &worker) {
            Built built;
            auto *document = new PageDocument;
            document->setUndoRedoEnabled(false);
            document->setDefaultFont(font);
            built.import = importPageInPieces(*document, record, options, *secondCoreFree,
                [&worker] { return worker.isCancelled(); });
            if (!built.import.complete) {
                delete document; // a newer page was asked for (render(), clear())
                return built;
            }
            document->setDocumentMargin(kDocumentMargin);
            worker.handHome(document); // the GUI thread's once delivered
            built.document = document;
            return built;
        },
        [this, generation](const Built &built) { documentBuilt(built, generation); });
    m_builds.append(build);
    connect(build, &BackgroundJob::finished, this, [this, build] { m_builds.removeOne(build); });
}

void PreviewPane::documentBuilt(Built built, quint64 generation)
{
    if (!built.document) {
        ++m_stoppedBuilds; // cancelled: a newer render, or clear(), came after it
        return;
    }
    if (generation != m_generation) {
        delete built.document; // a newer render, or clear(), came after it was whole
        return;
    }
    m_shownPage = std::exchange(m_buildingPage, std::nullopt);
    m_lastImport = built.import;
    m_headingBlocks.clear();
    // The browser deletes only its own first document when another replaces it: a document
    // built here is the pane's to delete, once the next one is in.
    QTextDocument *const previous = m_browser->document();
    const bool builtBefore = previous->parent() == m_browser; // the browser's own goes by itself
    built.document->setParent(m_browser);
    m_browser->setDocument(built.document);
    // Measured against the screen, as the browser's own document is.
    built.document->documentLayout()->setPaintDevice(m_browser->viewport());
    if (builtBefore)
        previous->deleteLater();
    m_building = false;
    if (m_pendingScroll > 0)
        scrollTo(m_pendingScroll);
    const QString observation = std::exchange(m_pendingObservation, QString());
    if (!observation.isEmpty())
        scrollToObservation(observation);
    Q_EMIT previewShown(m_record.arxivId);
}

HtmlOptions PreviewPane::pageOptions() const
{
    HtmlOptions options;
    options.inboundCap = m_inboundCap;
    options.css = m_css;
    options.observationAnchors = false;
    options.bdiElements = false; // QTextDocument ignores them, yet matches its stylesheet on each
    options.hints = m_hints;
    options.ownNotices = m_ownNotices;
    return options;
}

QString PreviewPane::html() const
{
    return m_shownPage ? renderPageHtml(m_shownPage->record, m_shownPage->options) : QString();
}

void PreviewPane::onAnchorClicked(const QUrl &url)
{
    if (opensExternally(url)) {
        QDesktopServices::openUrl(url);
        Q_EMIT linkOpened(url);
    } else if (url.scheme().isEmpty() && url.path().isEmpty() && url.hasFragment()) {
        const QString fragment = url.fragment();
        if (!fragment.startsWith(QLatin1String("obs-")) || !scrollToObservation(fragment.mid(4)))
            m_browser->scrollToAnchor(fragment);
    }
}

} // namespace LedgerCurator
