// SPDX-License-Identifier: GPL-3.0-or-later
#include "PreviewImport.h"

#include "HelperThread.h"

#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocumentFragment>
#include <QThread>

#include <exception>
#include <memory>

namespace LedgerCurator {

namespace {

constexpr HtmlPieceLimits kPiece { 200, 1 << 20 };

//! A piece's HTML as a whole document: the page's head (its stylesheet), the piece, the end.
QString pieceHtml(const QString &head, QString &&piece, bool last)
{
    QString html = head;
    if (last) {
        html += piece;
    } else {
        // A line end among the piece's closing tags, or after </html>, would end its last block
        // with a space (in the whole page, the next observation's block follows them instead);
        // the last piece ends as the whole page does.
        QStringView body = QStringView(piece).trimmed();
        QString closing;
        while (body.endsWith(u'>')) {
            const qsizetype tag = body.lastIndexOf(u'<');
            if (tag < 0 || !body.mid(tag).startsWith(u"</"))
                break;
            closing.prepend(body.mid(tag));
            body = body.first(tag).trimmed();
        }
        html += body;
        html += closing;
    }
    piece = QString();
    html += last ? QStringLiteral("</body></html>\n") : QStringLiteral("</body></html>");
    return html;
}

std::unique_ptr<QTextDocument> parsePiece(const QString &html, const QFont &font)
{
    auto part = std::make_unique<PageDocument>();
    part->setUndoRedoEnabled(false);
    part->setDefaultFont(font);
    part->setHtml(html);
    return part;
}

//! Appends a parsed piece to the end of `document`. The piece's first block is a block of its
//! own, with its own formats: a fragment inserted at the end of a block goes on in it.
void appendPiece(QTextDocument &document, QTextDocument &part)
{
    QTextCursor end(&document);
    end.movePosition(QTextCursor::End);
    end.insertBlock(part.begin().blockFormat(), part.begin().charFormat());
    QTextCursor all(&part);
    all.select(QTextCursor::Document);
    end.insertFragment(QTextDocumentFragment(all));
}

//! A piece on its way from the helper to the importing thread: its HTML, or its document when
//! the helper parsed it.
struct PieceBlock
{
    QString html;
    std::unique_ptr<QTextDocument> parsed;
    bool first = false;
};

} // namespace

PieceImport importPageInPieces(QTextDocument &document, const Record &record,
    const HtmlOptions &options, const std::atomic<bool> &secondCoreFree,
    const std::function<bool()> &cancelled)
{
    const auto stop = [&cancelled] { return cancelled && cancelled(); };
    const QString head = QStringLiteral("<html><head><style>\n") + options.css
        + QStringLiteral("\n</style></head><body>\n");
    const QFont font = document.defaultFont();
    const bool besideWorthIt = Threads::helperWorthIt();
    QThread *const here = QThread::currentThread();
    Threads::TwoThreadPipeline<PieceBlock> pipeline(2);
    std::exception_ptr helperFailed;
    int parsedBeside = 0; // the helper's, read here once it is joined
    bool handedLast = false; // the same
    Threads::HelperThread helper(
        [&] {
            try {
                int index = 0; // of the next piece handed on
                const auto hand = [&](QString &&piece, bool last) {
                    PieceBlock block = pipeline.take([] { return PieceBlock(); });
                    block.first = index == 0;
                    block.html = pieceHtml(head, std::move(piece), last);
                    if (index % 2 == 1 && besideWorthIt
                        && secondCoreFree.load(std::memory_order_relaxed)) {
                        block.parsed = parsePiece(block.html, font);
                        block.parsed->moveToThread(here); // deleted there
                        block.html = QString();
                        ++parsedBeside;
                    }
                    ++index;
                    pipeline.put(std::move(block));
                };
                // Each piece is handed on once the next is written (only the last keeps its line
                // ends).
                QString pending;
                renderPageHtmlInPieces(record, options, kPiece, [&](QString &&piece, qsizetype) {
                    if (pipeline.abandoned() || stop())
                        return false;
                    if (!pending.isNull())
                        hand(std::move(pending), false);
                    pending = std::move(piece);
                    return true;
                });
                if (!pipeline.abandoned() && !stop()) {
                    hand(std::move(pending), true);
                    handedLast = true;
                }
            } catch (...) {
                helperFailed = std::current_exception();
            }
            pipeline.close();
        },
        QStringLiteral("page import"));
    // Declared after the helper, so run before it is joined: however this thread leaves the loop
    // (an exception included), the helper stops waiting and ends.
    const auto release = qScopeGuard([&pipeline] { pipeline.abandon(); });

    PieceImport import;
    bool stopped = false;
    while (std::optional<PieceBlock> block = pipeline.next()) {
        if (stop()) {
            stopped = true;
            pipeline.abandon(); // the helper stops at its next piece
            break;
        }
        ++import.pieces;
        if (block->first) {
            document.setHtml(block->html);
            continue;
        }
        const std::unique_ptr<QTextDocument> part
            = block->parsed ? std::move(block->parsed) : parsePiece(block->html, font);
        block->html = QString();
        appendPiece(document, *part);
    }
    helper.join();
    if (helperFailed)
        std::rethrow_exception(helperFailed);
    import.parsedBeside = parsedBeside;
    // Cancelled while the helper wrote: it wrote no more, and the last piece never came.
    import.complete = !stopped && handedLast;
    if (!import.complete)
        return import;
    // As the <title> of the whole page would have set it.
    document.setMetaInformation(QTextDocument::DocumentTitle,
        QStringLiteral("arXiv:") + record.arxivId + QStringLiteral(" · ") + record.title);
    return import;
}

} // namespace LedgerCurator
