// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// SQLite's locks, kept on descriptors that only SQLite can close.
//
// SQLite's unix VFS locks a database and its -shm file with POSIX record locks (fcntl F_SETLK).
// Those belong to the process, not to a descriptor: closing *any* descriptor of the file (a file
// dialog sniffing its content, a QFile, a copy) silently drops every lock the process holds on
// it. Another process then believes it is alone, checkpoints and deletes the WAL under us, and
// what we write next goes into a deleted file ("How To Corrupt An SQLite Database File", 2.2).
//
// install() replaces three of the unix VFS's system calls (xSetSystemCall, SQLite's documented
// hook for this): every file SQLite opens is recorded with its device, inode and path, and every
// lock SQLite takes or tests is an open-file-description lock (F_OFD_SETLK, F_OFD_GETLK) on one
// description per file, a duplicate of the first descriptor SQLite opened of it. Such a lock
// belongs to that description alone, so no close() of another descriptor can drop it; all of
// the process's connections use the same description, so they share their locks exactly as
// SQLite's per-process bookkeeping expects. Linux makes OFD and POSIX locks conflict with each
// other, so other programs (the sqlite3 shell, an older Ledger Curator) still see our locks and
// we theirs.
//
// Process-wide by nature (the locks it replaces are): install() once, before any SQLite file is
// opened; Store::open() and the ledger-server's store call it.

namespace LedgerCurator::SqliteLocks {

//! Installs the hooks on SQLite's "unix" VFS, once per process (later calls return the first
//! outcome). Must run before SQLite opens any file, or that file keeps POSIX locks. Returns
//! false, with `why` set, where it cannot be done (not Linux, no unix VFS).
bool install(QString *why = nullptr);
bool isInstalled();

//! Whether the files SQLite holds open for the database `databasePath` (as
//! sqlite3_db_filename() gives it: the database, its -wal and its -shm) are still the files
//! that carry those names. Empty when they are; else a sentence naming the first that was
//! deleted, renamed or replaced since SQLite opened it.
QString lostFile(const QString &databasePath);

//! A new descriptor (close it yourself) of the open file description SQLite uses for `path`,
//! or -1 when SQLite holds no such file open. For work beside SQLite (writeback) that must
//! not open the file by name. Closing it drops no lock.
int duplicateDescriptor(const QString &path);

//! Whether `path` names (through any link) a file SQLite holds open in this process: a cache's
//! database, -wal or -shm. Only stat() is used. The import, export and file-writing code
//! refuses such a path, so that nothing but SQLite reads or replaces those files.
bool isOpenBySqlite(const QString &path);

//! Whether `path` names (through any link) the database `databasePath`, its -wal or its -shm,
//! whether open or not: a command that opens the cache, closes it and then writes a file
//! checks its output against the cache with this. Only stat() is used.
bool isFileOfDatabase(const QString &path, const QString &databasePath);

//! How many descriptors SQLite holds open of `path` right now (tests).
int openDescriptors(const QString &path);
//! How many times SQLite has opened `path` in this process (tests: any other open() of a
//! cache file that a file watcher sees is not SQLite's).
int timesOpened(const QString &path);

} // namespace LedgerCurator::SqliteLocks
