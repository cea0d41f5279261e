// SPDX-License-Identifier: GPL-3.0-or-later
// The QSettings keys of the desktop app, in one place; docs/settings.md describes each of them.
#pragma once

#include <QString>

namespace LedgerCurator::SettingsKeys {

// ui/: the interface.
//! "" (or absent): the system's language; "en", "de", "fr": that one. Read at start only.
inline const QString kLanguage = QStringLiteral("ui/language");
//! Show the record shown last when the app starts (default true).
inline const QString kRestoreLastRecord = QStringLiteral("ui/restoreLastRecord");

// window/: the main window's layout, written when it closes.
inline const QString kWindowGeometry = QStringLiteral("window/geometry");
inline const QString kWindowState = QStringLiteral("window/state");
//! Followed by the splitter's object name: window/splitters/mainSplitter.
inline const QString kSplitterPrefix = QStringLiteral("window/splitters/");
inline const QString kTableHeader = QStringLiteral("window/tableHeader");
//! How many columns the table had when the header was saved; another count ignores the header.
inline const QString kTableColumns = QStringLiteral("window/tableColumns");
//! "correct" or "preview".
inline const QString kSideTab = QStringLiteral("window/sideTab");

// records/ and filters/: what the window showed.
inline const QString kLastRecord = QStringLiteral("records/last");
inline const QString kFilterText = QStringLiteral("filters/text");
//! State keys ("verified_exact", ...) of the checked chips.
inline const QString kFilterStates = QStringLiteral("filters/states");
//! "both", "inbound" or "outbound".
inline const QString kFilterDirection = QStringLiteral("filters/direction");
inline const QString kFilterNeedsAttention = QStringLiteral("filters/needsAttention");
inline const QString kFilterCorrected = QStringLiteral("filters/corrected");

// preview/: the preview's page cap (also read by `render --format html`).
inline const QString kInboundCap = QStringLiteral("preview/inboundCap");
inline constexpr qint64 kDefaultInboundCap = 500;

} // namespace LedgerCurator::SettingsKeys
