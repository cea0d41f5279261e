// SPDX-License-Identifier: GPL-3.0-or-later
#include "PreviewPane.h"

#include "PageHtml.h"

#include <QAbstractTextDocumentLayout>
#include <QDesktopServices>
#include <QScrollBar>
#include <QSettings>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QUrl>
#include <QVBoxLayout>

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
    const qlonglong cap
        = QSettings().value(QStringLiteral("preview/inboundCap"), 500).toLongLong(&ok);
    m_inboundCap = ok && cap >= 0 ? qsizetype(cap) : 500;
    m_css = loadPageStylesheet();
}

PreviewPane::~PreviewPane() = default;

void PreviewPane::setRecord(const Record &shown, std::optional<QList<AnomalyHint>> hints)
{
    const bool same = m_hasRecord && m_record.arxivId == shown.arxivId;
    m_record = shown;
    m_hints = std::move(hints);
    m_hasRecord = true;
    render(same);
}

void PreviewPane::clear()
{
    m_record = Record {};
    m_hints.reset();
    m_hasRecord = false;
    m_html.clear();
    m_headingBlocks.clear();
    m_browser->clear();
}

bool PreviewPane::scrollToObservation(const QString &uuid)
{
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
                m_headingBlocks.insert(text.mid(heading.size() + 1, uuidLength), block.blockNumber());
        }
    }
    const auto found = m_headingBlocks.constFind(uuid);
    if (found == m_headingBlocks.constEnd())
        return false;
    // As QTextBrowser::scrollToAnchor does: the block at the top of the view.
    const QTextBlock block = document->findBlockByNumber(*found);
    document->documentLayout()->documentSize(); // the layout is lazy: finish it
    const QRectF rect = document->documentLayout()->blockBoundingRect(block);
    m_browser->verticalScrollBar()->setValue(int(rect.top()));
    return true;
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

bool PreviewPane::opensExternally(const QUrl &url)
{
    const QString scheme = url.scheme().toLower();
    return url.isValid() && (scheme == u"https" || scheme == u"http") && !url.host().isEmpty();
}

void PreviewPane::render(bool keepScroll)
{
    QScrollBar *bar = m_browser->verticalScrollBar();
    const int position = keepScroll ? bar->value() : 0;
    HtmlOptions options;
    options.inboundCap = m_inboundCap;
    options.css = m_css;
    options.observationAnchors = false;
    options.hints = m_hints;
    m_html = renderPageHtml(m_record, options);
    m_headingBlocks.clear();
    m_browser->setHtml(m_html);
    m_browser->document()->setDocumentMargin(16); // room around the page, as on paper
    if (keepScroll) {
        // The layout is lazy: finish it, so that the scroll range covers the old position.
        m_browser->document()->documentLayout()->documentSize();
        bar->setValue(position);
    }
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
