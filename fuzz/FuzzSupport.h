// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by the libFuzzer targets: a check that aborts (libFuzzer keeps the input as a crash)
// with what was expected, and a Qt message handler that keeps the parsers' warnings quiet.

#include <QByteArray>
#include <QString>
#include <QtGlobal>

#include <cstdio>
#include <cstdlib>

namespace LedgerCurator::Fuzz {

[[noreturn]] inline void fail(const char *check, const char *file, int line, const QString &detail)
{
    std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n%s\n", file, line, check,
        detail.toUtf8().constData());
    std::abort();
}

//! Drops debug and warning output (a fuzzer calls the parsers millions of times); fatal
//! messages still abort. LC_FUZZ_VERBOSE=1 keeps Qt's own handler.
inline void quietMessages()
{
    if (qEnvironmentVariableIntValue("LC_FUZZ_VERBOSE"))
        return;
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &, const QString &message) {
        if (type == QtFatalMsg || type == QtCriticalMsg) {
            std::fprintf(stderr, "%s\n", message.toUtf8().constData());
            if (type == QtFatalMsg)
                std::abort();
        }
    });
}

inline QByteArray bytesOf(const uint8_t *data, size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

} // namespace LedgerCurator::Fuzz

#define LC_FUZZ_CHECK(condition, detail)                                                           \
    do {                                                                                           \
        if (!(condition))                                                                          \
            ::LedgerCurator::Fuzz::fail(#condition, __FILE__, __LINE__, (detail));                 \
    } while (false)
