// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnomalyHints.h"
#include "Notices.h"
#include "PageHtml.h"
#include "PreviewImport.h"
#include "Record.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QWidget>

#include <optional>

class QTextBrowser;
class QTextDocument;
class QUrl;

namespace LedgerCurator {

class BackgroundJob;

//! The rendered page of the selected record (PageHtml.h): read-only, scrollable to an
//! observation. Links to https://arxiv.org/abs/ID open in the web browser; nothing else is
//! followed or fetched. Inbound observations are itemized up to a cap (the setting
//! SettingsKeys::kInboundCap; 0 = no cap). A large page (at least
//! asyncThreshold() observations itemized) is laid out of HTML on a worker thread while the pane
//! says so: its HTML import took the GUI thread over a second for 2,500 observations.
class PreviewPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PreviewPane)

public:
    explicit PreviewPane(QWidget *parent = nullptr);
    ~PreviewPane() override;

    //! Renders `shown` (CuratedRecord::shown), keeping the scroll position when it is the record
    //! already shown (after a correction, say). `hints`: the record's anomaly hints when the
    //! caller has them (the table model does), else they are computed. `ownNotices`: the notices
    //! about the record's own paper (ownPaperNotices()), said first at the top of the page.
    void setRecord(const Record &shown, std::optional<QList<AnomalyHint>> hints = {},
        QList<OwnPaperNotice> ownNotices = {});
    //! Shows nothing.
    void clear();
    //! Scrolls to the observation's block; false when the page does not itemize it (page cap).
    //! While a large page is being built: true, and the scroll happens once it is in.
    bool scrollToObservation(const QString &uuid);

    qsizetype inboundCap() const { return m_inboundCap; }
    //! Re-renders with another cap (0 = every inbound observation). Not saved to the settings.
    void setInboundCap(qsizetype cap);
    //! Asks for the cap in a dialog over `parent`, keeps it in the settings and re-renders.
    void chooseInboundCap(QWidget *parent);

    //! The HTML of the page shown (a full document with its stylesheet inlined), written again
    //! from the record and options it was shown with: not kept, as it would be for nothing but
    //! this (14 MB for 2,500 observations). Empty when cleared. While a large page is being
    //! built: the page still shown (the same record's), else empty.
    QString html() const;
    //! True while a large page is being built on a worker thread (previewShown() follows).
    bool isBuilding() const { return m_building; }
    //! How the last large page put in place was imported: its pieces, and how many of them a
    //! second thread parsed (importPageInPieces()).
    PieceImport lastImport() const { return m_lastImport; }
    //! How many large pages' builds were stopped before they were whole, because a newer page was
    //! asked for (setRecord(), clear()) while they ran.
    int stoppedBuilds() const { return m_stoppedBuilds; }
    //! Pages that itemize at least this many observations are built on a worker thread.
    static constexpr qsizetype asyncThreshold() { return 400; }
    //! Whether setRecord(shown) would build the page on a worker thread (the page cap in use).
    bool buildsInBackground(const Record &shown) const;
    QTextBrowser *browser() const { return m_browser; }

    //! What the pane adds after page.css on any palette (the page in a narrow pane).
    static QString paneStylesheet();

    //! True for the links the pane hands to the web browser: http and https only.
    static bool opensExternally(const QUrl &url);

Q_SIGNALS:
    //! An http(s) link was clicked and handed to QDesktopServices.
    void linkOpened(const QUrl &url);
    //! The page of the record last set is on screen (at once for a small page, when the worker
    //! has built it for a large one).
    void previewShown(const QString &arxivId);

private:
    void render(bool keepScroll);
    //! Asks every build still running to stop (a newer render, clear(), the pane's end).
    void cancelBuilds();
    //! The observations the page itemizes (the inbound ones up to the cap).
    qsizetype itemizedOf(const Record &shown) const;
    //! Scrolls the page to y, laying it out that far only.
    void scrollTo(int y);
    //! The options the page is rendered with now.
    HtmlOptions pageOptions() const;
    struct Built
    {
        QTextDocument *document = nullptr; // made on the worker, moved to this thread
        PieceImport import;
    };
    //! What a page was rendered from.
    struct Page
    {
        Record record;
        HtmlOptions options;
    };
    //! Puts a document built by the worker in place, unless a newer render started meanwhile.
    void documentBuilt(Built built, quint64 generation);
    void onAnchorClicked(const QUrl &url);

    QTextBrowser *m_browser = nullptr;
    Record m_record;
    std::optional<QList<AnomalyHint>> m_hints;
    QList<OwnPaperNotice> m_ownNotices;
    bool m_hasRecord = false;
    qsizetype m_inboundCap = 0; // read from the settings when the pane is made
    QString m_css;
    std::optional<Page> m_shownPage; // the page on screen (html())
    std::optional<Page> m_buildingPage; // the page being built, shown once it is in
    //! Observation UUID -> the block of its "Observation UUID" heading; filled on the first
    //! scroll after a render (the page carries no anchors, see HtmlOptions::observationAnchors).
    QHash<QString, int> m_headingBlocks;
    //! The large pages being built (the last is the one to show; older ones are dropped).
    QList<BackgroundJob *> m_builds;
    quint64 m_generation = 0; // counts renders: a build for an older one is dropped
    bool m_building = false; // the page of the last render is not on screen yet
    int m_pendingScroll = 0; // the scroll position to restore once the build is in
    QString m_pendingObservation; // scrollToObservation() asked while building
    PieceImport m_lastImport; // of the last large page put in place
    int m_stoppedBuilds = 0;
};

} // namespace LedgerCurator
