// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnomalyHints.h"
#include "Record.h"

#include <QHash>
#include <QString>
#include <QWidget>

#include <optional>

class QTextBrowser;
class QUrl;

namespace LedgerCurator {

//! The rendered page of the selected record (PageHtml.h): read-only, scrollable to an
//! observation. Links to https://arxiv.org/abs/ID open in the web browser; nothing else is
//! followed or fetched. Inbound observations are itemized up to a cap (QSettings
//! "preview/inboundCap", default 500; 0 = no cap).
class PreviewPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PreviewPane)

public:
    explicit PreviewPane(QWidget *parent = nullptr);
    ~PreviewPane() override;

    //! Renders `shown` (CuratedRecord::shown), keeping the scroll position when it is the record
    //! already shown (after a correction, say). `hints`: the record's anomaly hints when the
    //! caller has them (the table model does), else they are computed.
    void setRecord(const Record &shown, std::optional<QList<AnomalyHint>> hints = {});
    //! Shows nothing.
    void clear();
    //! Scrolls to the observation's block; false when the page does not itemize it (page cap).
    bool scrollToObservation(const QString &uuid);

    qsizetype inboundCap() const { return m_inboundCap; }
    //! Re-renders with another cap (0 = every inbound observation). Not saved to the settings.
    void setInboundCap(qsizetype cap);

    //! The HTML shown (a full document with its stylesheet inlined); empty when cleared.
    QString html() const { return m_html; }
    QTextBrowser *browser() const { return m_browser; }

    //! True for the links the pane hands to the web browser: http and https only.
    static bool opensExternally(const QUrl &url);

Q_SIGNALS:
    //! An http(s) link was clicked and handed to QDesktopServices.
    void linkOpened(const QUrl &url);

private:
    void render(bool keepScroll);
    void onAnchorClicked(const QUrl &url);

    QTextBrowser *m_browser = nullptr;
    Record m_record;
    std::optional<QList<AnomalyHint>> m_hints;
    bool m_hasRecord = false;
    qsizetype m_inboundCap = 500;
    QString m_css;
    QString m_html;
    //! Observation UUID -> the block of its "Observation UUID" heading; filled on the first
    //! scroll after a render (the page carries no anchors, see HtmlOptions::observationAnchors).
    QHash<QString, int> m_headingBlocks;
};

} // namespace LedgerCurator
