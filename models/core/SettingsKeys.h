// SPDX-License-Identifier: GPL-3.0-or-later
// The QSettings keys of the app and its command line, with their defaults, in one place (every
// reader of QSettings names its key through these); docs/settings.md describes each of them.
#pragma once

#include <QString>

namespace LedgerCurator::SettingsKeys {

// ui/: the interface.
//! "" (or absent): the system's language; "en", "de", "fr": that one. Read at start only.
inline const QString kLanguage = QStringLiteral("ui/language");
//! "system" (or absent): the system's palette, light or dark; "high": the app's high-contrast
//! palette. Takes effect at once (Settings) and at start.
inline const QString kContrast = QStringLiteral("ui/contrast");
inline const QString kContrastSystem = QStringLiteral("system");
inline const QString kContrastHigh = QStringLiteral("high");
//! Show the record shown last when the app starts.
inline const QString kRestoreLastRecord = QStringLiteral("ui/restoreLastRecord");
inline constexpr bool kDefaultRestoreLastRecord = true;

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
inline constexpr bool kDefaultFilterNeedsAttention = false;
inline const QString kFilterCorrected = QStringLiteral("filters/corrected");
inline constexpr bool kDefaultFilterCorrected = false;

// preview/: the preview's page cap (also read by `render --format html`).
inline const QString kInboundCap = QStringLiteral("preview/inboundCap");
inline constexpr qint64 kDefaultInboundCap = 500;

// curator/: who records corrections (the window's Settings, `ledger-curator identity`).
//! The name a correction carries and its signing key belongs to; the server's token name.
//! Empty or absent: no correction can be made until one is set.
inline const QString kCuratorName = QStringLiteral("curator/name");
//! The curator's ORCID iD in its bare form (0000-0002-1825-0097); optional.
inline const QString kCuratorOrcid = QStringLiteral("curator/orcid");

// sync/: the server to sync with (SyncController); the token is not kept here.
//! An http:// or https:// URL; empty or absent: no server.
inline const QString kSyncServerUrl = QStringLiteral("sync/serverUrl");
//! Minutes between automatic syncs; 0: none.
inline const QString kSyncIntervalMinutes = QStringLiteral("sync/intervalMinutes");
inline constexpr int kDefaultSyncIntervalMinutes = 0;
//! Where the token is: "keyring" (the default) or "file".
inline const QString kSyncTokenStore = QStringLiteral("sync/tokenStore");
//! The limits on what the server may send (docs/sync-client.md, "Limits"); absent: the
//! SyncOptions defaults (256 MiB, 300 s, 1800 s). The deadlines take 0 for none.
inline const QString kSyncMaxReplyMb = QStringLiteral("sync/maxReplyMb");
inline const QString kSyncRequestTimeoutSeconds = QStringLiteral("sync/requestTimeoutSeconds");
inline const QString kSyncTimeoutSeconds = QStringLiteral("sync/syncTimeoutSeconds");

} // namespace LedgerCurator::SettingsKeys
