// SPDX-License-Identifier: GPL-3.0-or-later
// The rendered page: the HTML of a record mirrors its text form, escapes every string from data,
// caps inbound itemization, names no external resource; and the preview pane that shows it.
#include "AnomalyHints.h"
#include "CuratedRecord.h"
#include "DocumentDiff.h"
#include "LedgerText.h"
#include "PageHtml.h"
#include "PreviewPane.h"
#include "RecordFixtures.h"
#include "Screenshots.h"
#include "StateStyle.h"
#include "TestSupport.h"
#include "ThemeColors.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QFutureWatcher>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QtTest>

#include <algorithm>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kOpt
    = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2"); // metadata mismatch, ref 142
const QString kYearA = QStringLiteral("00d01956-3547-4166-88a1-c427c5c4440e"); // reference 2021

Record fixtureUpstream()
{
    auto page = parseLedgerText(fixture(), QStringLiteral("fixture"));
    if (!page.ok())
        qFatal("fixture: %s", qPrintable(page.error().toString()));
    return page->record;
}

Record fixtureShown()
{
    return applyCorrections(fixtureUpstream(), {}).shown;
}

//! The page's text as a reader sees it: tags dropped, entities decoded, spaces collapsed.
QString visibleText(const QString &html)
{
    QString body = html;
    const qsizetype styleEnd = body.indexOf(QStringLiteral("</head>"));
    if (styleEnd >= 0)
        body = body.mid(styleEnd);
    static const QRegularExpression breaks(QStringLiteral("<br/>|</p>|</h1>|</h2>|</td>|</div>"));
    body.replace(breaks, QStringLiteral("\n"));
    static const QRegularExpression tags(QStringLiteral("<[^>]*>"));
    body.remove(tags);
    body.replace(QStringLiteral("&#160;"), QString());
    body.replace(QStringLiteral("&lt;"), QStringLiteral("<"));
    body.replace(QStringLiteral("&gt;"), QStringLiteral(">"));
    body.replace(QStringLiteral("&quot;"), QStringLiteral("\""));
    body.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    QStringList lines;
    for (const QString &line : body.split(u'\n'))
        lines.append(line.simplified());
    return lines.join(u'\n');
}

qsizetype blockCount(const QString &html)
{
    return html.count(QStringLiteral("<div class=\"obs\""));
}

//! The HTML of one observation's block.
QString blockOf(const QString &html, const QString &uuid)
{
    const qsizetype start = html.indexOf(QStringLiteral("id=\"obs-") + uuid + u'"');
    if (start < 0)
        return {};
    const qsizetype end = html.indexOf(QStringLiteral("<div class=\"obs\""), start);
    return html.mid(start, end < 0 ? -1 : end - start);
}

Record inboundRecord(int inbound)
{
    Record r = fixtureUpstream();
    const QList<Observation> originals = r.observations;
    r.observations.clear();
    for (int i = 0; i < inbound; ++i) {
        Observation o = originals[i % originals.size()];
        o.id = uuidFor(100000 + i);
        o.citingTitle = QStringLiteral("Citing paper %1").arg(i);
        o.reference = i;
        r.observations.append(o);
    }
    r.stated.inbound = inbound;
    for (auto &facet : r.coverage) {
        if (facet.kind == CoverageFacet::Kind::InboundItemization) {
            facet.measured = inbound;
            facet.of = 200000;
        }
    }
    return r;
}

CorrectionEvent stateEdit(
    const QString &id, const QString &value, const QString &author, const QString &at)
{
    CorrectionEvent e;
    e.id = id;
    e.record = kRecord;
    e.observation = kOpt;
    e.field = CurationField::State;
    e.value = value;
    e.author = author;
    e.createdAt = at;
    return e;
}

} // namespace

class TestPageHtml : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fixtureHoldsEveryObservation();
    void mirrorsTheTextForm();
    void statesAreBadges();
    void hostileStringsAreEscaped();
    void correctedObservationShowsItsMark();
    void conflictsAndHintsAreNotes();
    void inboundCap();
    void piecesMakeTheWholePage();
    void noExternalResources_data();
    void noExternalResources();
    void stylesheet();
    void previewPaneShowsThePage();
    void previewPaneKeepsScrollAndFindsObservations();
    void previewPaneLinks();
    void previewPaneBuildsALargePageOffTheGuiThread();
    void previewPaneFollowsADarkPalette();
};

void TestPageHtml::fixtureHoldsEveryObservation()
{
    const Record shown = fixtureShown();
    QCOMPARE(shown.observations.size(), 34);
    const QString html = renderPageHtml(shown);
    QCOMPARE(blockCount(html), 34);
    for (const auto &o : shown.observations) {
        QVERIFY2(html.contains(QStringLiteral("id=\"obs-") + o.id + u'"'), qPrintable(o.id));
    }
    // Every timestamp of the page, byte for byte.
    static const QRegularExpression stamp(
        QStringLiteral("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})"));
    const QString page = QString::fromUtf8(fixture());
    int stamps = 0;
    for (auto it = stamp.globalMatch(page); it.hasNext(); ++stamps) {
        const QString found = it.next().captured();
        QVERIFY2(html.contains(found), qPrintable(found));
    }
    QVERIFY(stamps > 34);
    // The counts.
    const QString text = visibleText(html);
    QVERIFY(text.contains(QStringLiteral("As of 5 August 2026, this Paper Citation Record lists 0 "
                                         "of 0 outbound references and 34 inbound "
                                         "Pith citation observations for arXiv:2104.04473.")));
    QVERIFY(text.contains(QStringLiteral("measured 34 of 34 inbound itemization")));
    QVERIFY(text.contains(QStringLiteral("measured 34 of 34 standing notices")));
    QVERIFY(text.contains(QStringLiteral("0 of 0 outbound references displayed")));
    QVERIFY(text.contains(QStringLiteral("\nverified exact\n0\n")));
    QVERIFY(text.contains(QStringLiteral("\n9\npith, observed 2026-08-05T02:28:24.338817Z\n")));
    QVERIFY(!html.contains(QStringLiteral("Showing "))); // 34 is under the cap
}

void TestPageHtml::mirrorsTheTextForm()
{
    // Every line of the text form shows on the page, in the same order, apart from the lines the
    // HTML lays out differently (the two titles run together, the state counts run together).
    const Record shown = fixtureShown();
    const QString text = visibleText(renderPageHtml(shown));
    const QStringList lines = renderLedgerText(shown).split(u'\n', Qt::SkipEmptyParts);
    qsizetype at = 0;
    int checked = 0;
    for (const QString &line : lines) {
        if (line == shown.schema || line.endsWith(QStringLiteral(" v5")))
            continue; // on one line with the id in the HTML: checked below
        bool stateCount = false;
        for (auto state : kAllResolutionStates)
            stateCount = stateCount || line.startsWith(stateText(state));
        if (stateCount)
            continue;
        bool titles = false;
        for (const auto &o : shown.observations)
            titles = titles || line == o.citingTitle + u' ' + o.citedTitle;
        if (titles)
            continue;
        const qsizetype found = text.indexOf(line, at);
        QVERIFY2(found >= 0, qPrintable(QStringLiteral("missing or out of order: ") + line));
        at = found + line.size();
        ++checked;
    }
    QVERIFY(checked > 200);
    QVERIFY(text.contains(QStringLiteral("pith.paper-citation-record.v1\n2104.04473 v5")));
}

void TestPageHtml::statesAreBadges()
{
    const Record rich = applyCorrections(richRecord(), {}).shown;
    const QString html = renderPageHtml(rich);
    for (const auto &o : rich.observations) {
        const QString block = blockOf(html, o.id);
        QVERIFY(block.contains(QStringLiteral("<span class=\"state state-") + stateKey(o.state)
            + QStringLiteral("\">&#160;") + stateText(o.state) + QStringLiteral("&#160;</span>")));
    }
    // The found events, every one, and the unavailable reason.
    const QString text = visibleText(html);
    QVERIFY(text.contains(QStringLiteral("2 events found in the named queried sources as of "
                                         "2026-08-05T06:32:48.257954+00:00.")));
    QVERIFY(text.contains(
        QStringLiteral("Retraction · 2024-03-01 · retraction_status_cache · 10.1234/abc.5678")));
    QVERIFY(text.contains(
        QStringLiteral("Expression of concern · 2025-01-09 · retraction_status_cache · "
                       "https://example.org/n/1")));
    QVERIFY(text.contains(QStringLiteral("Unavailable: canonical work link unavailable.")));
}

void TestPageHtml::hostileStringsAreEscaped()
{
    Record r = richRecord();
    r.observations[7].citingTitle
        = QStringLiteral("<b>x</b> & \"quoted\" 'single' </div></table><script>alert(2)</script>");
    r.measurements[1].source = QStringLiteral("<iframe src=\"https://evil.example/\">");
    r.coverage[0].description = QStringLiteral("<a href=\"https://evil.example/\">click</a>");
    CuratedRecord curated = applyCorrections(r, {});
    curated.shown.observations[8].curation.edit().mark
        = QStringLiteral("Curated by <style>*{display:none}</style>: note.");
    curated.shown.observations[8].curation.edit().conflicts = { QStringLiteral("<u>state</u>") };
    const QString html
        = renderPageHtml(curated.shown, HtmlOptions { 500, true, loadPageStylesheet(), false });

    QVERIFY(!html.contains(QStringLiteral("<img")));
    QVERIFY(!html.contains(QStringLiteral("<b>x</b>")));
    QVERIFY(!html.contains(QStringLiteral("<script")));
    QVERIFY(!html.contains(QStringLiteral("<iframe")));
    QVERIFY(!html.contains(QStringLiteral("<u>")));
    QVERIFY(!html.contains(QStringLiteral("evil.example/\">")));
    QCOMPARE(html.count(QStringLiteral("<style")), 1); // the page's own
    QVERIFY(html.contains(QStringLiteral("&lt;img src=x onerror=alert(1)&gt;")));
    QVERIFY(
        html.contains(QStringLiteral("&lt;b&gt;x&lt;/b&gt; &amp; &quot;quoted&quot; 'single'")));
    QVERIFY(html.contains(QStringLiteral("Ledgers &amp; &lt;Links&gt;: &quot;Quoted&quot;")));
    QVERIFY(html.contains(QStringLiteral("&lt;style&gt;*{display:none}&lt;/style&gt;")));

    // Laid out, the characters show literally.
    QTextDocument document;
    document.setHtml(html);
    const QString plain = document.toPlainText();
    QVERIFY(plain.contains(QStringLiteral("<img src=x onerror=alert(1)>")));
    QVERIFY(plain.contains(
        QStringLiteral("<b>x</b> & \"quoted\" 'single' </div></table><script>alert(2)</script>")));
    QVERIFY(plain.contains(QStringLiteral("<iframe src=\"https://evil.example/\">")));
    QVERIFY(plain.contains(QStringLiteral("Ledgers & <Links>: \"Quoted\" — Ünïcödé 論文 📚")));
}

void TestPageHtml::correctedObservationShowsItsMark()
{
    const Record upstream = fixtureUpstream();
    const CorrectionEvent edit = stateEdit(QStringLiteral("a0000000-0000-4000-8000-000000000001"),
        QStringLiteral("verified_exact"), QStringLiteral("Ada <Lovelace>"),
        QStringLiteral("2026-11-29T10:00:00.000Z"));
    const Record shown = applyCorrections(upstream, { edit }).shown;
    const QString html = renderPageHtml(shown);
    const QString block = blockOf(html, kOpt);
    QVERIFY(!block.isEmpty());
    const QString mark = QStringLiteral(
        "Curated by Ada <Lovelace>, 2026-11-29T10:00:00.000Z: state was metadata mismatch "
        "(unsigned)."); // the edit carries no signature
    QVERIFY(visibleText(block).contains(mark));
    QVERIFY(block.contains(mark.toHtmlEscaped()));
    QVERIFY(block.contains(QStringLiteral("class=\"note note-curated\"")));
    QVERIFY(block.contains(QStringLiteral("state state-verified_exact")));
    // Only that observation carries a mark.
    QCOMPARE(html.count(QStringLiteral("class=\"note note-curated\"")), 1);
}

void TestPageHtml::conflictsAndHintsAreNotes()
{
    const Record upstream = fixtureUpstream();
    const QList<CorrectionEvent> events {
        stateEdit(QStringLiteral("a0000000-0000-4000-8000-000000000001"),
            QStringLiteral("verified_exact"), QStringLiteral("Ada"),
            QStringLiteral("2026-11-29T10:00:00.000Z")),
        stateEdit(QStringLiteral("a0000000-0000-4000-8000-000000000002"),
            QStringLiteral("unresolved"), QStringLiteral("Grace"),
            QStringLiteral("2026-11-29T10:00:01.000Z")),
    };
    const Record shown = applyCorrections(upstream, events).shown;
    const QString html = renderPageHtml(shown);
    const QString block = blockOf(html, kOpt);
    QVERIFY(block.contains(QStringLiteral("class=\"note note-conflict\"")));
    QVERIFY(visibleText(block).contains(QStringLiteral("Conflicting corrections: state.")));

    // Each observation hint shows in the block of every observation it concerns; record hints
    // show once, before the coverage vector.
    const QList<AnomalyHint> hints = anomalyHints(shown);
    QVERIFY(!hints.isEmpty());
    int observationHints = 0;
    for (const AnomalyHint &hint : hints) {
        if (hint.observations.isEmpty()) {
            const qsizetype at = html.indexOf(hint.message.toHtmlEscaped());
            QVERIFY(at >= 0 && at < html.indexOf(QStringLiteral("<h2>Coverage vector")));
            continue;
        }
        for (const QString &uuid : hint.observations) {
            const QString b = blockOf(html, uuid);
            QVERIFY(b.contains(QStringLiteral("class=\"note note-hint\"")));
            QVERIFY2(b.contains(hint.message.toHtmlEscaped()), qPrintable(hint.message));
            ++observationHints;
        }
    }
    QVERIFY(observationHints > 0);
    QVERIFY(visibleText(blockOf(html, kYearA))
                .contains(QStringLiteral("Reference number 2021 looks like a year")));
}

void TestPageHtml::piecesMakeTheWholePage()
{
    // The page in pieces (what the PDF lays out, a piece at a time) is the whole page cut
    // between observations: each piece a fragment of its own (<div class="page">...</div>),
    // together the same content in the same order, the page cap as the whole page has it.
    Record big = inboundRecord(1200);
    for (int i = 0; i < 40; ++i)
        big.observations[i].direction = Direction::Outbound;
    const QString open = QStringLiteral("<div class=\"page\">\n");
    const QString close = QStringLiteral("</div>\n");
    for (const qsizetype cap : { qsizetype(0), qsizetype(500) }) {
        const HtmlOptions options { cap, false, {}, true };
        const QString whole = renderPageHtml(big, options);
        QVERIFY(whole.startsWith(open) && whole.endsWith(close));
        const qsizetype itemized = cap > 0 ? 40 + cap : 1200;
        const QList<HtmlPieceLimits> cuts { { 1, 1 << 30 }, { 7, 1 << 30 }, { 200, 1 << 30 },
            { 1 << 30, 5000 }, { 0, 0 }, { 1 << 30, 1 << 30 } };
        for (const HtmlPieceLimits &cut : cuts) {
            const QString label = QStringLiteral("cap %1, %2 observations, %3 characters")
                                      .arg(cap)
                                      .arg(cut.observations)
                                      .arg(cut.characters);
            QString joined;
            QList<qsizetype> counts;
            bool wellFormed = true;
            qsizetype largest = 0;
            const bool done = renderPageHtmlInPieces(
                big, options, cut, [&](QString &&piece, qsizetype itemizedSoFar) {
                    wellFormed = wellFormed && piece.startsWith(open) && piece.endsWith(close)
                        && piece.size() > open.size() + close.size();
                    joined += piece.mid(open.size(), piece.size() - open.size() - close.size());
                    counts.append(itemizedSoFar);
                    largest = std::max(largest, blockCount(piece));
                    return true;
                });
            QVERIFY2(done && wellFormed, qPrintable(label));
            QVERIFY2(open + joined + close == whole, qPrintable(label));
            QVERIFY2(std::is_sorted(counts.cbegin(), counts.cend()), qPrintable(label));
            QCOMPARE(counts.last(), itemized);
            QVERIFY2(largest <= std::max<qsizetype>(1, cut.observations), qPrintable(label));
            if (cut.observations == 1 << 30 && cut.characters == 1 << 30)
                QCOMPARE(counts.size(), 1);
            if (cut.observations == 7)
                QCOMPARE(counts.size(), (itemized + 6) / 7);
        }
    }

    // A sink that says stop stops the rendering there.
    int pieces = 0;
    QVERIFY(!renderPageHtmlInPieces(big, HtmlOptions { 0, false, {}, true }, { 10, 1 << 30 },
        [&](QString &&, qsizetype) { return ++pieces < 3; }));
    QCOMPARE(pieces, 3);
}

void TestPageHtml::inboundCap()
{
    const Record big = inboundRecord(1200);
    const QString capped = renderPageHtml(big, HtmlOptions { 500, true, {}, false });
    QCOMPARE(blockCount(capped), 500);
    // The first 500 in page order.
    QVERIFY(capped.contains(QStringLiteral("id=\"obs-") + big.observations[499].id + u'"'));
    QVERIFY(!capped.contains(big.observations[500].id));
    const QString text = visibleText(capped);
    QVERIFY(text.contains(QStringLiteral(
        "Showing 500 of 1,200 inbound observations (page cap); export to PDF for all.")));
    QVERIFY(text.contains(QStringLiteral("measured 1200 of 200000 inbound itemization")));
    QVERIFY(text.contains(
        QStringLiteral("700 more inbound observations are not itemized on this page.")));

    const QString print = renderPageHtml(big, HtmlOptions { 500, false, {}, true });
    QVERIFY(visibleText(print).contains(
        QStringLiteral("Showing 500 of 1,200 inbound observations (page cap).")));
    QVERIFY(!print.contains(QStringLiteral("export to PDF")));
    QVERIFY(!print.contains(QStringLiteral("<html")));

    const QString all = renderPageHtml(big, HtmlOptions { 0, true, {}, false });
    QCOMPARE(blockCount(all), 1200);
    QVERIFY(!all.contains(QStringLiteral("(page cap)")));
    QCOMPARE(blockCount(renderPageHtml(big, HtmlOptions { 1200, true, {}, false })), 1200);

    // Outbound observations are never capped.
    Record outbound = big;
    for (int i = 0; i < 600; ++i)
        outbound.observations[i].direction = Direction::Outbound;
    const QString mixed = renderPageHtml(outbound, HtmlOptions { 500, true, {}, false });
    QCOMPARE(blockCount(mixed), 600 + 500);
    QVERIFY(visibleText(mixed).contains(QStringLiteral("Showing 500 of 600 inbound observations")));
}

void TestPageHtml::noExternalResources_data()
{
    QTest::addColumn<Record>("record");
    QTest::newRow("fixture") << fixtureShown();
    QTest::newRow("rich") << applyCorrections(richRecord(), {}).shown;
}

void TestPageHtml::noExternalResources()
{
    QFETCH(Record, record);
    const QString html
        = renderPageHtml(record, HtmlOptions { 500, true, loadPageStylesheet(), false });
    static const QRegularExpression reference(
        QStringLiteral("(src|href|action|data|background)\\s*=\\s*\"([^\"]*)\""),
        QRegularExpression::CaseInsensitiveOption);
    int links = 0;
    for (auto it = reference.globalMatch(html); it.hasNext();) {
        const auto match = it.next();
        QCOMPARE(match.captured(1), QStringLiteral("href"));
        QVERIFY2(match.captured(2).startsWith(QStringLiteral("https://arxiv.org/abs/")),
            qPrintable(match.captured(2)));
        ++links;
    }
    QVERIFY(links >= 2);
    QVERIFY(html.contains(QStringLiteral("href=\"https://arxiv.org/abs/") + record.arxivId + u'"'));
    for (const char *tag :
        { "<img", "<link", "<script", "<iframe", "<object", "<embed", "url(", "@import" })
        QVERIFY2(!html.contains(QLatin1String(tag), Qt::CaseInsensitive), tag);
    static const QRegularExpression anyUrl(QStringLiteral("https?://[^\\s\"<&]+"));
    for (auto it = anyUrl.globalMatch(html); it.hasNext();) {
        const QString url = it.next().captured();
        const qsizetype at = html.indexOf(url);
        // Other URLs only as text (an event notice), never as an attribute.
        QVERIFY2(
            url.startsWith(QStringLiteral("https://arxiv.org/abs/")) || html.at(at - 1) != u'"',
            qPrintable(url));
    }
}

void TestPageHtml::stylesheet()
{
    const QString css = loadPageStylesheet();
    QVERIFY(!css.isEmpty());
    for (auto state : kAllResolutionStates)
        QVERIFY(css.contains(QStringLiteral(".state-") + stateKey(state) + QStringLiteral(" {")));
    QVERIFY(!css.contains(QStringLiteral("url(")));
    const QString html = renderPageHtml(fixtureShown(), HtmlOptions { 500, true, css, false });
    QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
    QVERIFY(html.contains(QStringLiteral("<style>\n") + css));
    QVERIFY(html.contains(QStringLiteral("<title>arXiv:2104.04473 · Efficient Large-Scale")));
    const QString fragment = renderPageHtml(fixtureShown(), HtmlOptions { 500, false, css, false });
    QVERIFY(fragment.startsWith(QStringLiteral("<div class=\"page\">")));
    QVERIFY(!fragment.contains(QStringLiteral("<style")));
}

void TestPageHtml::previewPaneShowsThePage()
{
    PreviewPane pane;
    auto *browser = pane.findChild<QTextBrowser *>(QStringLiteral("previewBrowser"));
    QVERIFY(browser);
    QVERIFY(!browser->openExternalLinks());
    QVERIFY(!browser->openLinks());
    QCOMPARE(pane.inboundCap(), 500);
    const Record shown = fixtureShown();
    pane.setRecord(shown);
    HtmlOptions paneOptions { 500, true, loadPageStylesheet() + PreviewPane::paneStylesheet(),
        false };
    paneOptions.observationAnchors = false; // the pane finds observations by their headings
    paneOptions.bdiElements = false; // QTextDocument ignores <bdi>
    QCOMPARE(pane.html(), renderPageHtml(shown, paneOptions));
    QVERIFY(!pane.html().contains(QStringLiteral("id=\"obs-")));
    QVERIFY(!pane.html().contains(QStringLiteral("<bdi>")));
    // What it shows is what the page with <bdi> shows: the same blocks, text and formats.
    paneOptions.bdiElements = true;
    const QString withBdi = renderPageHtml(shown, paneOptions);
    QVERIFY(withBdi.contains(QStringLiteral("<bdi>")));
    QTextDocument isolated;
    isolated.setHtml(withBdi);
    QCOMPARE(browser->document()->toPlainText(), isolated.toPlainText());
    const QString difference = firstDifference(*browser->document(), isolated);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    QVERIFY(browser->toPlainText().contains(
        QStringLiteral("OPT: Open Pre-trained Transformer Language Models cites this paper.")));

    pane.setInboundCap(10);
    QCOMPARE(blockCount(pane.html()), 10);
    QVERIFY(
        browser->toPlainText().contains(QStringLiteral("Showing 10 of 34 inbound observations")));
    QVERIFY(!pane.scrollToObservation(shown.observations.last().id));
    pane.setInboundCap(0);
    QCOMPARE(blockCount(pane.html()), 34);

    pane.clear();
    QVERIFY(pane.html().isEmpty());
    QVERIFY(browser->toPlainText().isEmpty());

    // The hostile record shows its titles literally.
    pane.setRecord(richRecord());
    QVERIFY(browser->toPlainText().contains(QStringLiteral("<img src=x onerror=alert(1)>")));

    // A picture to look at: LC_SCREENSHOT_DIR=/tmp/shots tst_pagehtml
    if (screenshotsWanted()) {
        pane.resize(760, 900);
        pane.setInboundCap(500);
        pane.setRecord(applyCorrections(fixtureUpstream(),
            { stateEdit(QStringLiteral("a0000000-0000-4000-8000-000000000001"),
                QStringLiteral("verified_exact"), QStringLiteral("Ada Lovelace"),
                QStringLiteral("2026-11-29T10:00:00.000Z")) })
                           .shown);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        QVERIFY(saveScreenshot(&pane, QStringLiteral("preview-top.png")));
        pane.scrollToObservation(kOpt);
        QVERIFY(saveScreenshot(&pane, QStringLiteral("preview-opt.png")));
        pane.setRecord(richRecord());
        pane.scrollToObservation(uuidFor(1));
        QVERIFY(saveScreenshot(&pane, QStringLiteral("preview-rich.png")));
        // A conflict, and the page cap at the end of a capped page.
        pane.setInboundCap(3);
        pane.setRecord(applyCorrections(fixtureUpstream(),
            { stateEdit(QStringLiteral("a0000000-0000-4000-8000-000000000001"),
                  QStringLiteral("verified_exact"), QStringLiteral("Ada"),
                  QStringLiteral("2026-11-29T10:00:00.000Z")),
                stateEdit(QStringLiteral("a0000000-0000-4000-8000-000000000002"),
                    QStringLiteral("unresolved"), QStringLiteral("Grace"),
                    QStringLiteral("2026-11-29T10:00:01.000Z")) })
                           .shown);
        pane.browser()->verticalScrollBar()->setValue(
            pane.browser()->verticalScrollBar()->maximum());
        QVERIFY(saveScreenshot(&pane, QStringLiteral("preview-cap-conflict.png")));
    }
}

void TestPageHtml::previewPaneKeepsScrollAndFindsObservations()
{
    PreviewPane pane;
    pane.resize(700, 500);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    const Record upstream = fixtureUpstream();
    pane.setRecord(applyCorrections(upstream, {}).shown);
    QScrollBar *bar = pane.browser()->verticalScrollBar();
    QCOMPARE(bar->value(), 0);
    QVERIFY(pane.scrollToObservation(kOpt));
    const int atOpt = bar->value();
    QVERIFY(atOpt > 0);
    QVERIFY(pane.scrollToObservation(upstream.observations.last().id));
    const int atLast = bar->value();
    QVERIFY(atLast > atOpt);
    QVERIFY(pane.scrollToObservation(kOpt));
    QCOMPARE(bar->value(), atOpt);

    // A correction applied: the page re-renders where it was.
    const CorrectionEvent edit = stateEdit(QStringLiteral("a0000000-0000-4000-8000-000000000001"),
        QStringLiteral("verified_exact"), QStringLiteral("Ada"),
        QStringLiteral("2026-11-29T10:00:00.000Z"));
    pane.setRecord(applyCorrections(upstream, { edit }).shown);
    QVERIFY(pane.html().contains(QStringLiteral("Curated by Ada")));
    QCOMPARE(bar->value(), atOpt);

    // Another record starts at the top.
    pane.setRecord(applyCorrections(richRecord(), {}).shown);
    QCOMPARE(bar->value(), 0);
    QVERIFY(!pane.scrollToObservation(QStringLiteral("00000000-0000-4000-8000-00000000dead")));
}

void TestPageHtml::previewPaneLinks()
{
    QVERIFY(PreviewPane::opensExternally(QUrl(QStringLiteral("https://arxiv.org/abs/2104.04473"))));
    QVERIFY(PreviewPane::opensExternally(QUrl(QStringLiteral("http://arxiv.org/abs/2104.04473"))));
    QVERIFY(!PreviewPane::opensExternally(QUrl(QStringLiteral("file:///etc/passwd"))));
    QVERIFY(!PreviewPane::opensExternally(QUrl(QStringLiteral("javascript:alert(1)"))));
    QVERIFY(!PreviewPane::opensExternally(QUrl(QStringLiteral("#obs-x"))));
    QVERIFY(!PreviewPane::opensExternally(QUrl(QStringLiteral("mailto:a@b.c"))));

    // An internal link scrolls; nothing navigates away from the page.
    PreviewPane pane;
    pane.resize(700, 500);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    pane.setRecord(fixtureShown());
    QSignalSpy opened(&pane, &PreviewPane::linkOpened);
    Q_EMIT pane.browser()->anchorClicked(QUrl(QStringLiteral("#obs-") + kYearA));
    QVERIFY(pane.browser()->verticalScrollBar()->value() > 0);
    Q_EMIT pane.browser()->anchorClicked(QUrl(QStringLiteral("file:///etc/passwd")));
    QCOMPARE(opened.count(), 0);
    QVERIFY(pane.browser()->source().isEmpty());
    QVERIFY(pane.browser()->toPlainText().contains(QStringLiteral("Paper Citation Record")));
}

void TestPageHtml::previewPaneBuildsALargePageOffTheGuiThread()
{
    PreviewPane pane;
    pane.resize(700, 500);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    pane.setInboundCap(0);
    QSignalSpy shown(&pane, &PreviewPane::previewShown);
    QScrollBar *bar = pane.browser()->verticalScrollBar();

    // A small page is shown at once.
    pane.setRecord(applyCorrections(fixtureUpstream(), {}).shown);
    QCOMPARE(shown.count(), 1);
    QVERIFY(!pane.isBuilding());

    // A large one: setRecord() returns at once, and the pane says what it is doing.
    const Record big = fixtureRepeated(QStringLiteral("2201.00011"), 1200, 0);
    QVERIFY(big.observations.size() >= PreviewPane::asyncThreshold());
    pane.setRecord(applyCorrections(big, {}).shown);
    QVERIFY(pane.isBuilding());
    QCOMPARE(shown.count(), 1);
    QVERIFY2(pane.browser()->toPlainText().contains(
                 QStringLiteral("Preparing the page preview of 1,200 observations")),
        qPrintable(pane.browser()->toPlainText().left(200)));
    QVERIFY(pane.html().isEmpty());
    QVERIFY(saveScreenshot(&pane, QStringLiteral("preview-building.png"))); // pictures to look at
    // A scroll asked for meanwhile happens once the page is in.
    const QString target = big.observations[900].id;
    QVERIFY(pane.scrollToObservation(target));
    QVERIFY(shown.wait(30000));
    QCOMPARE(shown.count(), 2);
    QCOMPARE(shown.last().at(0).toString(), big.arxivId);
    QVERIFY(!pane.isBuilding());
    const QString text = pane.browser()->toPlainText();
    QVERIFY(text.contains(big.observations.first().id));
    QVERIFY(text.contains(target));
    QVERIFY(pane.html().contains(target));
    // The document lives in the GUI thread, owned by the browser, laid out with the margin.
    QTextDocument *document = pane.browser()->document();
    QCOMPARE(document->thread(), pane.thread());
    QCOMPARE(document->parent(), pane.browser());
    QCOMPARE(document->documentMargin(), 16.0);
    const int atTarget = bar->value();
    QVERIFY(atTarget > 0);
    bar->setValue(0);
    QVERIFY(pane.scrollToObservation(target));
    QCOMPARE(bar->value(), atTarget);
    QVERIFY(saveScreenshot(&pane, QStringLiteral("preview-built.png")));

    // Two large records in a row: only the latter is shown, once, even if the former's build
    // ends after it.
    const Record other = fixtureRepeated(QStringLiteral("2201.00012"), 1300, 5000);
    const Record third = fixtureRepeated(QStringLiteral("2201.00013"), 1250, 9000);
    shown.clear();
    pane.setRecord(applyCorrections(other, {}).shown);
    pane.setRecord(applyCorrections(third, {}).shown);
    QVERIFY(shown.wait(30000));
    QTRY_VERIFY_WITH_TIMEOUT(pane.findChildren<QFutureWatcherBase *>().isEmpty(), 30000);
    QCOMPARE(shown.count(), 1);
    QCOMPARE(shown.at(0).at(0).toString(), third.arxivId);
    QVERIFY(pane.browser()->toPlainText().contains(third.observations.first().id));
    QVERIFY(!pane.browser()->toPlainText().contains(other.observations.first().id));

    // A correction on the large record keeps its page, and the scroll, until the new one is in.
    QVERIFY(pane.scrollToObservation(third.observations[1000].id));
    const int scrolled = bar->value();
    QVERIFY(scrolled > 0);
    shown.clear();
    Record edited = third;
    edited.title = QStringLiteral("An edited title for the large record");
    pane.setRecord(applyCorrections(edited, {}).shown);
    QVERIFY(pane.isBuilding());
    QVERIFY(pane.browser()->toPlainText().contains(third.observations.first().id));
    QVERIFY(shown.wait(30000));
    QVERIFY(pane.browser()->toPlainText().contains(edited.title));
    QCOMPARE(bar->value(), scrolled);
    // Three large pages were put in: only the last is kept, measured against the screen.
    QTRY_COMPARE(
        pane.browser()->findChildren<QTextDocument *>(QString(), Qt::FindDirectChildrenOnly).size(),
        1);
    QCOMPARE(
        pane.browser()->document()->documentLayout()->paintDevice(), pane.browser()->viewport());

    // clear() drops a build in progress; a pane destroyed while building waits for it.
    shown.clear();
    pane.setRecord(applyCorrections(other, {}).shown);
    pane.clear();
    QTRY_VERIFY_WITH_TIMEOUT(pane.findChildren<QFutureWatcherBase *>().isEmpty(), 30000);
    QCOMPARE(shown.count(), 0);
    QVERIFY(pane.html().isEmpty());
    {
        PreviewPane doomed;
        doomed.setInboundCap(0);
        doomed.setRecord(applyCorrections(big, {}).shown);
        QVERIFY(doomed.isBuilding());
    }
}

void TestPageHtml::previewPaneFollowsADarkPalette()
{
    // On a dark palette the preview's own rules override page.css's: each names the element and
    // class of the rule it overrides (the same specificity) and comes after it.
    QPalette dark;
    for (QPalette::ColorGroup group : { QPalette::Active, QPalette::Inactive }) {
        dark.setColor(group, QPalette::Window, QColor(0x2d, 0x2d, 0x2d));
        dark.setColor(group, QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
        dark.setColor(group, QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(group, QPalette::AlternateBase, QColor(0x5b, 0x5b, 0x5b));
        dark.setColor(group, QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
        dark.setColor(group, QPalette::Link, QColor(0x6c, 0xa8, 0xf0));
    }
    const QPalette before = QApplication::palette();
    QApplication::setPalette(dark);
    const auto restore = qScopeGuard([&before] { QApplication::setPalette(before); });
    PreviewPane pane;
    pane.setRecord(fixtureShown());
    const QPalette shown = QApplication::palette(pane.browser());
    QVERIFY(isDarkPalette(shown));
    const QTextDocument *document = pane.browser()->document();

    int headings = 0;
    int badges = 0;
    bool kicker = false;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        if (block.text().startsWith(QStringLiteral("Paper Citation Record"))) {
            kicker = true;
            QCOMPARE(block.charFormat().foreground().color(), toneColor(TextTone::Muted, shown));
        }
        // "Observation UUID", its space perhaps a no-break one.
        if (block.text().startsWith(QStringLiteral("Observation")) && block.text().size() > 11
            && block.text().at(11).isSpace()) {
            ++headings;
            QCOMPARE(
                block.blockFormat().background().color(), shown.color(QPalette::AlternateBase));
        }
        for (const QTextLayout::FormatRange &range : block.textFormats()) {
            const QString text = block.text().mid(range.start, range.length);
            if (text.trimmed() == stateText(ResolutionState::MetadataMismatch)) {
                ++badges;
                QCOMPARE(range.format.background().color(),
                    stateColor(ResolutionState::MetadataMismatch, shown));
            }
        }
    }
    QVERIFY(kicker);
    QCOMPARE(headings, 34);
    QVERIFY(badges >= 5);
}

QTEST_MAIN(TestPageHtml)
#include "tst_pagehtml.moc"
