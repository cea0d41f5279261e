// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the formats' API: what both readers of the record's JSON form check of a value
// before the record exists (the QJsonObject reader, RecordJsonObjectReader.cpp, and the direct
// text reader, RecordJsonTextReader.cpp), so that the two cannot come to disagree.

#include <QDate>
#include <QString>
#include <QStringView>

#include <optional>

namespace LedgerCurator::RecordJsonChecks {

//! "2104.04473v5", "hep-th/9901001v2": an id that still carries its version.
inline bool hasVersionSuffix(QStringView id)
{
    qsizetype i = id.size();
    while (i > 0 && id[i - 1].isDigit())
        --i;
    return i < id.size() && i >= 2 && id[i - 1] == u'v' && id[i - 2].isDigit();
}

//! YYYY-MM-DD, and a real date.
inline bool isIsoDate(const QString &text)
{
    if (text.size() != 10)
        return false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const bool dash = i == 4 || i == 7;
        if (dash ? text[i] != u'-' : (text[i] < u'0' || text[i] > u'9'))
            return false;
    }
    return QDate::fromString(text, Qt::ISODate).isValid();
}

//! The status of an events check whose key (eventsStatusKey()) is `text`. A template only so
//! that this header needs no domain header: Status is EventsCheck::Status.
template <typename Status> std::optional<Status> parseEventsStatus(QStringView text)
{
    for (const Status status : { Status::NoneFound, Status::Unavailable, Status::Found }) {
        if (text == eventsStatusKey(status))
            return status;
    }
    return std::nullopt;
}

} // namespace LedgerCurator::RecordJsonChecks
