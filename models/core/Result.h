// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <functional>
#include <utility>
#include <variant>

namespace LedgerCurator {

//! What went wrong, and where: "FILE:LINE: what was expected, what was found".
struct Error
{
    //! BadInput: the input is wrong (the user's or a peer's). Failure: the system failed.
    //! Cancelled: the user stopped it. Busy: a lock could not be had in time (try again; a server
    //! answers 503). Conflict: the request contradicts what is stored (a server answers 409).
    enum class Kind { BadInput, Failure, Cancelled, Busy, Conflict };
    Kind kind = Kind::Failure;
    QString file; // may be empty
    int line = 0; // 0 when there is no line
    QString message;

    static Error badInput(QString message, QString file = {}, int line = 0)
    {
        return Error { Kind::BadInput, std::move(file), line, std::move(message) };
    }
    static Error failure(QString message)
    {
        return Error { Kind::Failure, {}, 0, std::move(message) };
    }
    static Error cancelled()
    {
        return Error { Kind::Cancelled, {}, 0, QStringLiteral("cancelled") };
    }
    static Error of(Kind kind, QString message)
    {
        return Error { kind, {}, 0, std::move(message) };
    }

    //! FILE:LINE: message, leaving out what is unknown.
    QString toString() const
    {
        QString out;
        if (!file.isEmpty())
            out += file + QLatin1Char(':');
        if (line > 0)
            out += QString::number(line) + QLatin1Char(':');
        if (!out.isEmpty())
            out += QLatin1Char(' ');
        return out + message;
    }
};

//! Told how far long work has come (done of total); returns false to cancel it.
using Progress = std::function<bool(qint64 done, qint64 total)>;

//! A value or an Error; a small stand-in for std::expected (C++23).
template <typename T> class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_data(std::move(value))
    {
    }
    Result(Error error)
        : m_data(std::move(error))
    {
    }

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }
    T &value() { return std::get<0>(m_data); }
    const T &value() const { return std::get<0>(m_data); }
    T &operator*() { return value(); }
    const T &operator*() const { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    const Error &error() const { return std::get<1>(m_data); }

private:
    std::variant<T, Error> m_data;
};

//! Success or an Error, for operations with no value.
class [[nodiscard]] Status
{
public:
    Status() = default;
    Status(Error error)
        : m_error(std::move(error))
        , m_ok(false)
    {
    }
    bool ok() const { return m_ok; }
    explicit operator bool() const { return m_ok; }
    const Error &error() const { return m_error; }

private:
    Error m_error;
    bool m_ok = true;
};

} // namespace LedgerCurator
