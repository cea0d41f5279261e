// SPDX-License-Identifier: GPL-3.0-or-later
#include "SqliteLocks.h"

#include <QFile>

#include <sqlite3.h>

#include <mutex>

#ifdef Q_OS_LINUX
#include <cerrno>
#include <cstdarg>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include <fcntl.h>
#include <unistd.h>
#endif

#include <sys/stat.h>

namespace LedgerCurator::SqliteLocks {

#ifdef Q_OS_LINUX
namespace {

using OpenCall = int (*)(const char *, int, int);
using CloseCall = int (*)(int);
using FcntlCall = int (*)(int, int, ...);

struct FileKey
{
    dev_t device = 0;
    ino_t inode = 0;
    friend bool operator<(const FileKey &a, const FileKey &b)
    {
        return std::tie(a.device, a.inode) < std::tie(b.device, b.inode);
    }
};

//! One descriptor SQLite opened.
struct Opened
{
    FileKey key;
    std::string path;
};

//! One file SQLite has open, through one or more descriptors.
struct HeldFile
{
    int lockDescriptor = -1; // a duplicate of the first descriptor: every lock goes here
    int descriptors = 0;
};

//! The hooks' state. Process-wide by nature: the POSIX locks it replaces belong to the process.
struct Hooks
{
    std::mutex mutex;
    OpenCall open = nullptr;
    CloseCall close = nullptr;
    FcntlCall fcntl = nullptr;
    std::unordered_map<int, Opened> byDescriptor;
    std::map<FileKey, HeldFile> files;
    std::unordered_map<std::string, int> timesOpened;
    bool installed = false;
    QString why;
};

Hooks &hooks()
{
    static Hooks state;
    return state;
}

int hookedOpen(const char *path, int flags, int mode)
{
    Hooks &h = hooks();
    const int fd = h.open(path, flags, mode);
    if (fd < 0)
        return fd;
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0)
        return fd; // SQLite's own fstat() fails the same way and closes it
    const FileKey key { st.st_dev, st.st_ino };
    std::lock_guard lock(h.mutex);
    HeldFile &file = h.files[key];
    if (file.descriptors == 0) {
        // Write locks need a description open for writing: a file SQLite opened read-only
        // (another connection may open it read-write later) is opened again read-write through
        // its descriptor where it can be, else duplicated. Above 2, as SQLite keeps its own.
        if ((flags & O_ACCMODE) == O_RDONLY) {
            const std::string again = "/proc/self/fd/" + std::to_string(fd);
            file.lockDescriptor = h.open(again.c_str(), O_RDWR | O_CLOEXEC, 0);
            if (file.lockDescriptor >= 0 && file.lockDescriptor <= 2) {
                const int moved = h.fcntl(file.lockDescriptor, F_DUPFD_CLOEXEC, 3);
                h.close(file.lockDescriptor);
                file.lockDescriptor = moved;
            }
        }
        if (file.lockDescriptor < 0)
            file.lockDescriptor = h.fcntl(fd, F_DUPFD_CLOEXEC, 3);
        if (file.lockDescriptor < 0) {
            const int error = errno;
            h.files.erase(key);
            h.close(fd);
            errno = error; // SQLite reports that it cannot open the file
            return -1;
        }
    }
    ++file.descriptors;
    h.byDescriptor[fd] = Opened { key, std::string(path) };
    ++h.timesOpened[std::string(path)];
    return fd;
}

int hookedClose(int fd)
{
    Hooks &h = hooks();
    int lockDescriptor = -1;
    {
        std::lock_guard lock(h.mutex);
        if (const auto opened = h.byDescriptor.find(fd); opened != h.byDescriptor.end()) {
            if (const auto file = h.files.find(opened->second.key);
                file != h.files.end() && --file->second.descriptors == 0) {
                lockDescriptor = file->second.lockDescriptor; // SQLite released its locks first
                h.files.erase(file);
            }
            h.byDescriptor.erase(opened);
        }
    }
    if (lockDescriptor >= 0)
        h.close(lockDescriptor);
    return h.close(fd);
}

bool takesInteger(int command)
{
    return command == F_GETFD || command == F_SETFD || command == F_GETFL || command == F_SETFL
        || command == F_DUPFD || command == F_DUPFD_CLOEXEC;
}

int hookedFcntl(int fd, int command, ...)
{
    Hooks &h = hooks();
    va_list args;
    va_start(args, command);
    if (takesInteger(command)) {
        const int value = va_arg(args, int);
        va_end(args);
        return h.fcntl(fd, command, value);
    }
    void *const argument = va_arg(args, void *);
    va_end(args);
    if (command != F_SETLK && command != F_SETLKW && command != F_GETLK)
        return h.fcntl(fd, command, argument);

    auto *const lock = static_cast<struct flock *>(argument);
    int lockDescriptor = -1;
    {
        std::lock_guard guard(h.mutex);
        if (const auto opened = h.byDescriptor.find(fd); opened != h.byDescriptor.end()) {
            if (const auto file = h.files.find(opened->second.key); file != h.files.end())
                lockDescriptor = file->second.lockDescriptor;
        }
    }
    if (lockDescriptor < 0) // not opened through the hook: as SQLite would have done
        return h.fcntl(fd, command, lock);
    lock->l_pid = 0; // required by the OFD commands (SQLite leaves it unset)
    const int ofdCommand = command == F_SETLK ? F_OFD_SETLK
        : command == F_SETLKW                 ? F_OFD_SETLKW
                                              : F_OFD_GETLK;
    return h.fcntl(lockDescriptor, ofdCommand, lock);
}

template <typename Call> Call systemCall(sqlite3_vfs *vfs, const char *name)
{
    return reinterpret_cast<Call>(vfs->xGetSystemCall(vfs, name));
}

void installOnce()
{
    Hooks &h = hooks();
    sqlite3_vfs *const vfs = sqlite3_vfs_find("unix");
    if (!vfs || vfs->iVersion < 3 || !vfs->xSetSystemCall || !vfs->xGetSystemCall) {
        h.why = QStringLiteral("SQLite has no unix VFS whose system calls can be set");
        return;
    }
    // A kernel without OFD locks (before Linux 3.15) says EINVAL, one with them EBADF.
    struct flock probe
    {
    };
    probe.l_type = F_RDLCK;
    probe.l_whence = SEEK_SET;
    if (::fcntl(-1, F_OFD_GETLK, &probe) == -1 && errno == EINVAL) {
        h.why = QStringLiteral("the kernel has no open file description locks (F_OFD_SETLK)");
        return;
    }
    h.open = systemCall<OpenCall>(vfs, "open");
    h.close = systemCall<CloseCall>(vfs, "close");
    h.fcntl = systemCall<FcntlCall>(vfs, "fcntl");
    if (!h.open || !h.close || !h.fcntl) {
        h.why = QStringLiteral("SQLite's unix VFS does not name its open, close and fcntl calls");
        return;
    }
    const auto set = [vfs](const char *name, auto call) {
        return vfs->xSetSystemCall(vfs, name, reinterpret_cast<sqlite3_syscall_ptr>(call))
            == SQLITE_OK;
    };
    if (!set("fcntl", &hookedFcntl) || !set("close", &hookedClose) || !set("open", &hookedOpen)) {
        vfs->xSetSystemCall(vfs, nullptr, nullptr); // all back to SQLite's defaults
        h.why = QStringLiteral("SQLite refused to set its unix VFS's system calls");
        return;
    }
    h.installed = true;
}

std::vector<Opened> openedWithPath(const std::string &path, bool withSideFiles)
{
    Hooks &h = hooks();
    std::vector<Opened> found;
    std::lock_guard lock(h.mutex);
    for (const auto &[fd, opened] : h.byDescriptor) {
        if (opened.path == path
            || (withSideFiles && (opened.path == path + "-wal" || opened.path == path + "-shm")))
            found.push_back(opened);
    }
    return found;
}

//! Installed before main() in every program that links the store, so that no connection of
//! the process (a test's own, Qt's) opens a file before the hooks and keeps POSIX locks on it:
//! one file locked both ways by one process would conflict with itself.
[[maybe_unused]] const bool installedAtStart = [] {
    install();
    return true;
}();

} // namespace

bool install(QString *why)
{
    static std::once_flag once;
    std::call_once(once, installOnce);
    if (why)
        *why = hooks().why;
    return hooks().installed;
}

bool isInstalled()
{
    return hooks().installed;
}

QString lostFile(const QString &databasePath)
{
    for (const Opened &opened :
        openedWithPath(QFile::encodeName(databasePath).toStdString(), true)) {
        struct stat st
        {
        };
        const QString name = QFile::decodeName(opened.path.c_str());
        if (::stat(opened.path.c_str(), &st) != 0)
            return QStringLiteral("%1 was deleted while it was open").arg(name);
        if (st.st_dev != opened.key.device || st.st_ino != opened.key.inode)
            return QStringLiteral("%1 was replaced by another file while it was open").arg(name);
    }
    return {};
}

int duplicateDescriptor(const QString &path)
{
    Hooks &h = hooks();
    const std::string name = QFile::encodeName(path).toStdString();
    std::lock_guard lock(h.mutex);
    for (const auto &[fd, opened] : h.byDescriptor) {
        if (opened.path == name) {
            const auto file = h.files.find(opened.key);
            return file == h.files.end() ? -1
                                         : h.fcntl(file->second.lockDescriptor, F_DUPFD_CLOEXEC, 3);
        }
    }
    return -1;
}

int timesOpened(const QString &path)
{
    Hooks &h = hooks();
    std::lock_guard lock(h.mutex);
    const auto found = h.timesOpened.find(QFile::encodeName(path).toStdString());
    return found == h.timesOpened.end() ? 0 : found->second;
}

bool isOpenBySqlite(const QString &path)
{
    struct stat st
    {
    };
    if (path.isEmpty() || ::stat(QFile::encodeName(path).constData(), &st) != 0)
        return false;
    Hooks &h = hooks();
    std::lock_guard lock(h.mutex);
    return h.files.count(FileKey { st.st_dev, st.st_ino }) > 0;
}

int openDescriptors(const QString &path)
{
    return int(openedWithPath(QFile::encodeName(path).toStdString(), false).size());
}

#else // not Linux: SQLite's own locking, unchanged

bool install(QString *why)
{
    if (why)
        *why = QStringLiteral("open file description locks are Linux only");
    return false;
}
bool isInstalled()
{
    return false;
}
QString lostFile(const QString &)
{
    return {};
}
int duplicateDescriptor(const QString &)
{
    return -1;
}
bool isOpenBySqlite(const QString &)
{
    return false;
}
int timesOpened(const QString &)
{
    return 0;
}
int openDescriptors(const QString &)
{
    return 0;
}

#endif

bool isFileOfDatabase(const QString &path, const QString &databasePath)
{
    struct stat target
    {
    };
    if (path.isEmpty() || databasePath.isEmpty()
        || ::stat(QFile::encodeName(path).constData(), &target) != 0)
        return false;
    const QString files[] = { databasePath, databasePath + QStringLiteral("-wal"),
        databasePath + QStringLiteral("-shm") };
    for (const QString &file : files) {
        struct stat st
        {
        };
        if (::stat(QFile::encodeName(file).constData(), &st) == 0 && st.st_dev == target.st_dev
            && st.st_ino == target.st_ino)
            return true;
    }
    return false;
}

} // namespace LedgerCurator::SqliteLocks
