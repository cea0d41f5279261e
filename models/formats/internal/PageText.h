// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

//! The ledger page's own fixed sentences and separators, shared by the text form (LedgerText)
//! and the HTML page (PageHtml) so the two cannot drift apart. They are the record's words, not
//! the application's, so they are not translated.
namespace LedgerCurator::PageText {

inline const QString kHeading = QStringLiteral("Paper Citation Record · LEDGER");
inline const QString kDisclaimer = QStringLiteral(
    "A citation records a reference. It does not transfer a finding from one paper to another.");
inline const QString kCoverageHeading = QStringLiteral("Coverage vector");
inline const QString kResolutionHeading = QStringLiteral("Reference resolution");
inline const QString kMeasurementsHeading = QStringLiteral("External citation measurements");
inline const QString kNoMeasurements
    = QStringLiteral("No external citation measurements are available.");
inline const QString kOutboundHeading = QStringLiteral("Outbound references");
inline const QString kNoOutbound
    = QStringLiteral("No outbound reference observations are available for this paper version.");
inline const QString kInboundHeading = QStringLiteral("Pith citing papers");
inline const QString kNoInbound
    = QStringLiteral("No Pith citing papers are itemized for this paper version.");
inline const QString kEventsHeading = QStringLiteral("Source-reported events for the cited work");
inline const QString kDot = QStringLiteral(" · ");
inline const QString kObserved = QStringLiteral(", observed ");
//! The months of the page's date ("5 August 2026").
inline constexpr const char *kMonths[] = { "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December" };

} // namespace LedgerCurator::PageText
