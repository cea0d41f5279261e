// SPDX-License-Identifier: GPL-3.0-or-later
#include "PageHtml.h"

#include "Notices.h"
#include "PageText.h"

#include "AnomalyHints.h"
#include "DisplayText.h"
#include "Identifier.h"
#include "LedgerText.h"

#include <QCoreApplication>
#include <QFile>
#include <QLocale>
#include <QUrl>

#include <algorithm>
#include <utility>

namespace LedgerCurator {

namespace {

// The page keeps its canonical English wording in every locale: not translated.
QString pageText(const char *text)
{
    return QString::fromUtf8(text);
}

using namespace PageText;

//! Text of the page or from data, escaped, its controls shown as tokens; not isolated.
QString esc(const QString &text)
{
    return DisplayText::htmlEscaped(text);
}

QString grouped(qint64 n)
{
    // The page is English; "200,000" whatever the system locale.
    static const QLocale english(QLocale::English, QLocale::UnitedStates);
    return english.toString(n);
}

//! <a href="URL">TEXT</a> for an https://arxiv.org/abs/ link, else TEXT; both escaped.
QString arxivLink(const QString &arxivId, const QString &text)
{
    const QString url = arxivAbsUrl(arxivId);
    if (url.isEmpty())
        return esc(text);
    return QStringLiteral("<a href=\"") + esc(url) + QStringLiteral("\">") + esc(text)
        + QStringLiteral("</a>");
}

QString badge(ResolutionState state)
{
    // Non-breaking spaces pad the badge where CSS padding on a span is not supported (Qt).
    return QStringLiteral("<span class=\"state state-") + stateKey(state)
        + QStringLiteral("\">&#160;") + esc(stateText(state)) + QStringLiteral("&#160;</span>");
}

//! A note box: a paragraph with a fill (a table would draw a border, but ten thousand tables make
//! QTextDocument's layout crawl).
void appendNote(
    QString &out, const QString &kind, const QString &label, const QStringList &linesHtml)
{
    out += QStringLiteral("<p class=\"note note-") + kind
        + QStringLiteral("\"><span class=\"note-label\">") + esc(label) + QStringLiteral("</span> ")
        + linesHtml.join(QStringLiteral("<br/>")) + QStringLiteral("</p>\n");
}

class PageWriter
{
public:
    PageWriter(const Record &record, const HtmlOptions &options)
        : m_r(record)
        , m_options(options)
    {
    }
    QString write();
    //! The page in pieces (renderPageHtmlInPieces()); false when the sink stopped it.
    bool writePieces(const HtmlPieceLimits &limits, const HtmlPieceSink &sink);

private:
    //! One field of data: escaped, tokens for its controls, isolated, long runs breakable.
    QString field(const QString &text) const
    {
        // QTextDocument ignores <bdi> (the PDF's honours the isolate characters), but matches the
        // stylesheet against it and every element around it: left out, the PDF's pieces and the
        // preview are parsed faster, and the same.
        using DisplayText::Isolate;
        return DisplayText::forHtml(text, m_options.breakRunsLongerThan,
            m_options.forPrint          ? Isolate::Characters
                : m_options.bdiElements ? Isolate::Element
                                        : Isolate::None);
    }
    void header();
    void saidFirst();
    //! Whether the observation's events are the paper's own notices, said first.
    bool saidFirst(const Observation &o) const;
    void recordNotes();
    void coverage();
    void resolutionCounts();
    void measurements();
    void observations(Direction direction);
    void observation(const Observation &o);
    void events(const Observation &o);
    void body();
    //! Starts a piece: its <div class="page">.
    void openPiece();
    //! In pieces, hands the piece over once it holds its share (`force`: whatever it holds) and
    //! opens the next (unless `last`).
    void cut(bool force = false, bool last = false);

    const Record &m_r;
    const HtmlOptions &m_options;
    QList<AnomalyHint> m_hints;
    QHash<QString, QList<qsizetype>> m_hintsByObservation;
    QString m_out;
    // In pieces: where they are cut, who takes them, and how far the current one has gone.
    const HtmlPieceLimits *m_limits = nullptr;
    const HtmlPieceSink *m_sink = nullptr;
    qsizetype m_pieceStart = 0; // m_out's size once the piece was opened
    qsizetype m_pieceObservations = 0;
    qsizetype m_itemized = 0;
    bool m_stopped = false;
};

QString PageWriter::write()
{
    m_hints = m_options.hints ? *m_options.hints : anomalyHints(m_r);
    m_hintsByObservation = hintsByObservation(m_hints);
    // Room for the observations itemized (not the whole record: the page cap leaves most of a
    // large record out).
    qsizetype inbound = 0;
    for (const Observation &o : m_r.observations)
        inbound += o.direction == Direction::Inbound;
    const qsizetype itemized = m_r.observations.size() - inbound
        + (m_options.inboundCap > 0 ? std::min(inbound, m_options.inboundCap) : inbound);
    m_out.reserve(8192 + std::min<qsizetype>(itemized, 20000) * 1400);
    if (m_options.standalone) {
        m_out += QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
                                "charset=\"utf-8\"/>\n<title>arXiv:")
            + esc(m_r.arxivId) + kDot + esc(m_r.title) + QStringLiteral("</title>\n");
        if (!m_options.css.isEmpty())
            m_out += QStringLiteral("<style>\n") + m_options.css + QStringLiteral("\n</style>\n");
        m_out += QStringLiteral("</head>\n<body>\n");
    }
    m_out += QStringLiteral("<div class=\"page\">\n");
    body();
    m_out += QStringLiteral("</div>\n");
    if (m_options.standalone)
        m_out += QStringLiteral("</body>\n</html>\n");
    return std::move(m_out);
}

bool PageWriter::writePieces(const HtmlPieceLimits &limits, const HtmlPieceSink &sink)
{
    m_limits = &limits;
    m_sink = &sink;
    m_hints = m_options.hints ? *m_options.hints : anomalyHints(m_r);
    m_hintsByObservation = hintsByObservation(m_hints);
    openPiece();
    body();
    if (!m_stopped)
        cut(true, true);
    return !m_stopped;
}

void PageWriter::body()
{
    header();
    recordNotes();
    coverage();
    resolutionCounts();
    measurements();
    cut();
    m_out += QStringLiteral("<h2>") + esc(kOutboundHeading) + QStringLiteral("</h2>\n");
    observations(Direction::Outbound);
    if (m_stopped)
        return;
    m_out += QStringLiteral("<h2>") + esc(kInboundHeading) + QStringLiteral("</h2>\n");
    observations(Direction::Inbound);
}

void PageWriter::openPiece()
{
    m_out.reserve(std::min<qsizetype>(m_limits->characters, m_limits->observations * 1400) + 8192);
    m_out += QStringLiteral("<div class=\"page\">\n");
    m_pieceStart = m_out.size();
    m_pieceObservations = 0;
}

void PageWriter::cut(bool force, bool last)
{
    if (!m_sink || m_stopped)
        return;
    if (!force && m_pieceObservations < m_limits->observations
        && m_out.size() < m_limits->characters)
        return;
    if (m_out.size() > m_pieceStart) { // no empty piece
        m_out += QStringLiteral("</div>\n");
        if (!(*m_sink)(std::exchange(m_out, QString()), m_itemized)) {
            m_stopped = true;
            return;
        }
    }
    m_out.clear();
    if (!last)
        openPiece();
}

void PageWriter::header()
{
    m_out += QStringLiteral("<p class=\"kicker\">") + esc(kHeading)
        + QStringLiteral("</p>\n<h1 class=\"title\">") + field(m_r.title)
        + QStringLiteral("</h1>\n");
    // The notices about the paper itself come first, right under its title.
    saidFirst();
    // The as-of sentence, word for word as on the page; the record id links to arXiv.
    const QString before
        = QStringLiteral("As of %1, this Paper Citation Record lists %2 of %3 outbound "
                         "references and %4 inbound Pith citation observations for ")
              .arg(formatPageDate(m_r.asOf), QString::number(m_r.stated.outboundListed),
                  QString::number(m_r.stated.outboundTotal), QString::number(m_r.stated.inbound));
    m_out += QStringLiteral("<p class=\"asof\">") + esc(before)
        + arxivLink(m_r.arxivId, QStringLiteral("arXiv:") + m_r.arxivId)
        + QStringLiteral(".</p>\n");
    m_out
        += QStringLiteral("<p class=\"disclaimer\">") + esc(kDisclaimer) + QStringLiteral("</p>\n");
    m_out += QStringLiteral("<p class=\"schema\"><span class=\"mono\">") + field(m_r.schema)
        + QStringLiteral("</span><br/>")
        + arxivLink(m_r.arxivId, m_r.arxivId + QStringLiteral(" v") + QString::number(m_r.version))
        + QStringLiteral("</p>\n");
}

void PageWriter::saidFirst()
{
    if (m_options.ownNotices.isEmpty())
        return;
    const bool retracted = ownPaperRetracted(m_options.ownNotices);
    QStringList lines;
    for (const OwnPaperNotice &n : m_options.ownNotices) {
        const SourceEvent &e = n.event;
        QString line = QStringLiteral("<b>") + esc(eventKindText(e.kind)) + QStringLiteral("</b>");
        if (!e.nature.isEmpty() && e.nature.compare(eventKindText(e.kind), Qt::CaseInsensitive))
            line += esc(pageText(" (as the source words it: ")) + field(e.nature) + u')';
        line += esc(kDot) + field(e.date) + esc(kDot) + field(e.source);
        if (!n.origin.isEmpty())
            line += esc(kDot) + field(n.origin);
        if (!e.notice.isEmpty())
            line += esc(kDot) + esc(pageText("notice ")) + field(e.notice);
        lines.append(line);
        if (!e.detail.isEmpty())
            lines.append(esc(pageText("Detail: ")) + field(e.detail));
        QString review = esc(pageText("Review: %1").arg(n.review.status));
        if (!n.review.author.isEmpty())
            review += esc(pageText(" by ")) + field(n.review.author);
        if (!n.review.at.isEmpty())
            review += esc(pageText(" on ")) + field(n.review.at.left(10));
        if (!n.review.note.isEmpty())
            review += esc(pageText("; note: ")) + field(n.review.note);
        if (n.review.conflict)
            review += esc(pageText(" (conflicting reviews: the most recent is shown)"));
        lines.append(review + u'.');
    }
    m_out += QStringLiteral("<div class=\"said-first\">\n");
    appendNote(m_out, retracted ? QStringLiteral("retracted") : QStringLiteral("review"),
        retracted ? pageText("This paper is retracted.")
                  : (m_options.ownNotices.size() == 1 ? pageText("A notice about this paper:")
                                                      : pageText("Notices about this paper:")),
        lines);
    m_out += QStringLiteral("</div>\n");
}

bool PageWriter::saidFirst(const Observation &o) const
{
    return !m_options.ownNotices.isEmpty() && o.events.status == EventsCheck::Status::Found
        && citedWorkKey(m_r, o) == arxivDoi(m_r.arxivId);
}

void PageWriter::recordNotes()
{
    QStringList lines;
    for (const AnomalyHint &hint : std::as_const(m_hints)) {
        if (hint.observations.isEmpty())
            lines.append(field(hint.message));
    }
    if (!lines.isEmpty())
        appendNote(m_out, QStringLiteral("hint"), pageText("Notes for the librarian:"), lines);
}

void PageWriter::coverage()
{
    m_out += QStringLiteral("<h2>") + esc(kCoverageHeading) + QStringLiteral("</h2>\n");
    for (const auto &facet : m_r.coverage) {
        m_out += QStringLiteral("<p class=\"facet\">")
            + esc(QStringLiteral("measured %1 of %2 %3")
                      .arg(QString::number(facet.measured), QString::number(facet.of),
                          facetText(facet.kind)))
            + QStringLiteral("</p>\n<p class=\"facet-text\">") + field(facet.description)
            + QStringLiteral("</p>\n");
        QStringList sources;
        for (const QString &source : facet.sources)
            sources.append(field(source));
        QString source = esc(QStringLiteral("Source: ")) + sources.join(QStringLiteral(", "));
        if (!facet.observedAt.isEmpty())
            source += esc(kObserved) + field(facet.observedAt);
        m_out += QStringLiteral("<p class=\"source\">") + source + QStringLiteral("</p>\n");
    }
}

void PageWriter::resolutionCounts()
{
    m_out += QStringLiteral("<h2>") + esc(kResolutionHeading) + QStringLiteral("</h2>\n<p>")
        + esc(QStringLiteral("%1 of %2 outbound references displayed")
                  .arg(QString::number(m_r.stated.outboundDisplayed),
                      QString::number(m_r.stated.outboundDisplayedOf)))
        + QStringLiteral("</p>\n<table class=\"counts\" cellspacing=\"0\" cellpadding=\"2\">\n");
    for (int i = 0; i < kResolutionStateCount; ++i) {
        m_out += QStringLiteral("<tr><td>") + badge(static_cast<ResolutionState>(i))
            + QStringLiteral("</td><td class=\"count\">")
            + QString::number(m_r.stated.outboundStates[i]) + QStringLiteral("</td></tr>\n");
    }
    m_out += QStringLiteral("</table>\n");
}

void PageWriter::measurements()
{
    m_out += QStringLiteral("<h2>") + esc(kMeasurementsHeading) + QStringLiteral("</h2>\n");
    if (m_r.measurements.isEmpty())
        m_out += QStringLiteral("<p>") + esc(kNoMeasurements) + QStringLiteral("</p>\n");
    for (const auto &m : m_r.measurements) {
        m_out += QStringLiteral("<p class=\"measurement\"><span class=\"value\">")
            + QString::number(m.value) + QStringLiteral("</span><br/>") + field(m.source)
            + (m.observedAt.isEmpty() ? QString() : esc(kObserved) + field(m.observedAt))
            + QStringLiteral("</p>\n");
    }
}

void PageWriter::observations(Direction direction)
{
    const qsizetype total = m_r.count(direction);
    if (total == 0) {
        m_out += QStringLiteral("<p>")
            + esc(direction == Direction::Inbound ? kNoInbound : kNoOutbound)
            + QStringLiteral("</p>\n");
        return;
    }
    qsizetype limit = total;
    if (direction == Direction::Inbound && m_options.inboundCap > 0
        && total > m_options.inboundCap) {
        limit = m_options.inboundCap;
        const QString showing = m_options.forPrint
            ? pageText("Showing %1 of %2 inbound observations (page cap).")
            : pageText("Showing %1 of %2 inbound observations (page cap); export to PDF for all.");
        QStringList lines { esc(showing.arg(grouped(limit), grouped(total))) };
        for (const auto &facet : m_r.coverage) {
            if (facet.kind == CoverageFacet::Kind::InboundItemization) {
                lines.append(
                    esc(pageText("The page itself states: %1.")
                            .arg(QStringLiteral("measured %1 of %2 %3")
                                     .arg(QString::number(facet.measured),
                                         QString::number(facet.of), facetText(facet.kind)))));
            }
        }
        m_out += QStringLiteral("<p class=\"cap\">") + lines.join(QStringLiteral("<br/>"))
            + QStringLiteral("</p>\n");
    }
    qsizetype shown = 0;
    for (const auto &o : m_r.observations) {
        if (o.direction != direction)
            continue;
        if (shown == limit || m_stopped)
            break;
        observation(o);
        ++shown;
        if (m_sink) {
            ++m_itemized;
            ++m_pieceObservations;
            cut();
        }
    }
    if (m_stopped)
        return;
    if (shown < total) {
        m_out += QStringLiteral("<p class=\"cap\">")
            + esc(pageText("%1 more inbound observations are not itemized on this page.")
                      .arg(grouped(total - shown)))
            + QStringLiteral("</p>\n");
    }
}

void PageWriter::observation(const Observation &o)
{
    const QString id = esc(o.id);
    // The id is the anchor the preview scrolls to. Not in print: QTextDocument keeps one character
    // format per anchor, and thousands of them make its HTML import quadratic.
    if (m_options.forPrint || !m_options.observationAnchors)
        m_out += QStringLiteral("<div class=\"obs\">\n");
    else
        m_out += QStringLiteral("<div class=\"obs\" id=\"obs-") + id + QStringLiteral("\">\n");
    m_out += QStringLiteral("<p class=\"obs-head\">Observation <span class=\"uuid\">") + id
        + QStringLiteral("</span>") + esc(kDot + directionKey(o.direction));
    if (o.curation->excluded)
        m_out += QStringLiteral(" <span class=\"flag\">&#160;") + esc(pageText("excluded"))
            + QStringLiteral("&#160;</span>");
    if (!o.curation->mark.isEmpty())
        m_out += QStringLiteral(" <span class=\"flag\">&#160;") + esc(pageText("curated"))
            + QStringLiteral("&#160;</span>");
    m_out += QStringLiteral("</p>\n<p class=\"sentence\">");
    if (o.direction == Direction::Inbound)
        m_out += QStringLiteral("<b>") + field(o.citingTitle)
            + QStringLiteral("</b> cites this paper.");
    else
        m_out += QStringLiteral("This paper cites <b>") + field(o.citedTitle)
            + QStringLiteral("</b>.");
    m_out += QStringLiteral("</p>\n<p class=\"titles\"><span class=\"label\">")
        + esc(pageText("Citing:")) + QStringLiteral("</span> ") + field(o.citingTitle)
        + QStringLiteral("<br/><span class=\"label\">") + esc(pageText("Cited:"))
        + QStringLiteral("</span> ") + field(o.citedTitle) + QStringLiteral("</p>\n");
    if (o.reference) {
        m_out += QStringLiteral("<p class=\"reference\">Reference ") + QString::number(*o.reference)
            + QStringLiteral("</p>\n");
    }
    m_out += QStringLiteral("<p class=\"resolution\">Resolution: ") + badge(o.state)
        + esc(QStringLiteral("; ")) + field(o.basis) + esc(kObserved)
        + QStringLiteral("<span class=\"stamp\">") + field(o.observedAt)
        + QStringLiteral("</span></p>\n");

    if (!o.curation->mark.isEmpty()) {
        QStringList lines { field(o.curation->mark) };
        if (!o.curation->identifier.isEmpty()) {
            const QString url = arxivAbsUrl(o.curation->identifier);
            if (!url.isEmpty())
                lines.append(esc(pageText("Identifier:")) + u' '
                    + arxivLink(
                        o.curation->identifier, QStringLiteral("arXiv:") + o.curation->identifier));
        }
        appendNote(m_out, QStringLiteral("curated"), pageText("Corrected."), lines);
    }
    if (!o.curation->conflicts.isEmpty()) {
        appendNote(m_out, QStringLiteral("conflict"), pageText("Conflicting corrections:"),
            { esc(pageText(
                "%1. The most recent value is shown; a new correction resolves the conflict.")
                      .arg(o.curation->conflicts.join(QStringLiteral(", ")))) });
    }
    if (const auto found = m_hintsByObservation.constFind(o.id);
        found != m_hintsByObservation.cend()) {
        QStringList lines;
        for (const qsizetype index : *found)
            lines.append(field(m_hints.at(index).message));
        appendNote(m_out, QStringLiteral("hint"), pageText("Hint:"), lines);
    }
    events(o);
    m_out += QStringLiteral("</div>\n");
}

void PageWriter::events(const Observation &o)
{
    m_out += QStringLiteral("<p class=\"events-head\">") + esc(kEventsHeading)
        + QStringLiteral("</p>\n<p class=\"events\">");
    switch (o.events.status) {
    case EventsCheck::Status::NoneFound:
        m_out += esc(QStringLiteral("No event found in the named queried sources as of "))
            + field(o.events.asOf) + u'.';
        break;
    case EventsCheck::Status::Unavailable:
        m_out += esc(QStringLiteral("Unavailable: ")) + field(o.events.reason) + u'.';
        break;
    case EventsCheck::Status::Found:
        if (saidFirst(o)) {
            // The paper's own notices are said once, at the top, with their review.
            m_out += QStringLiteral("<span class=\"found\">")
                + esc(pageText("%1 %2 about this paper, listed at the top of the page.")
                          .arg(QString::number(o.events.events.size()),
                              o.events.events.size() == 1 ? QStringLiteral("event")
                                                          : QStringLiteral("events")))
                + QStringLiteral("</span>");
            break;
        }
        m_out += QStringLiteral("<span class=\"found\">")
            + esc(QStringLiteral("%1 %2 found in the named queried sources as of ")
                      .arg(QString::number(o.events.events.size()),
                          o.events.events.size() == 1 ? QStringLiteral("event")
                                                      : QStringLiteral("events")))
            + field(o.events.asOf) + u'.' + QStringLiteral("</span>");
        for (const auto &e : o.events.events) {
            QString text
                = esc(eventKindText(e.kind) + kDot) + field(e.date) + esc(kDot) + field(e.source);
            if (!e.notice.isEmpty()) // a DOI or URL, shown as text: the page links nothing else
                text += esc(kDot) + field(e.notice);
            m_out += QStringLiteral("<br/>") + text;
            if (!e.detail.isEmpty())
                m_out += QStringLiteral("<br/>Detail: ") + field(e.detail);
        }
        break;
    }
    m_out += QStringLiteral("</p>\n");
    if (o.events.status == EventsCheck::Status::Found && !saidFirst(o)) {
        // The review of the notices: not part of the text form, shown in the preview and the PDF.
        const QString status = reviewStatusOf(o);
        QStringList lines { esc(pageText("Review status: %1.").arg(status)) };
        if (!o.curation->reviewNote.isEmpty())
            lines.append(esc(pageText("Reviewer's note: ")) + field(o.curation->reviewNote));
        appendNote(m_out,
            isRetracted(o.events) ? QStringLiteral("retracted") : QStringLiteral("review"),
            isRetracted(o.events) ? pageText("Retracted work.") : pageText("Notice."), lines);
    }
}

} // namespace

QString arxivAbsUrl(const QString &arxivId)
{
    const IdentifierCheck check = parseArxivId(arxivId);
    if (!check.ok())
        return {};
    QUrl url;
    url.setScheme(QStringLiteral("https"));
    url.setHost(QStringLiteral("arxiv.org"));
    url.setPath(QStringLiteral("/abs/") + check.identifier->canonical);
    return url.toString(QUrl::FullyEncoded);
}

QString renderPageHtml(const Record &shown, const HtmlOptions &options)
{
    return PageWriter(shown, options).write();
}

bool renderPageHtmlInPieces(const Record &shown, const HtmlOptions &options,
    const HtmlPieceLimits &limits, const HtmlPieceSink &sink)
{
    HtmlOptions pieces = options;
    pieces.standalone = false;
    HtmlPieceLimits bounded = limits;
    bounded.observations = std::max<qsizetype>(1, limits.observations);
    bounded.characters = std::max<qsizetype>(1, limits.characters);
    return PageWriter(shown, pieces).writePieces(bounded, sink);
}

QString loadPageStylesheet()
{
    QFile file(QStringLiteral(":/page/page.css"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

} // namespace LedgerCurator
