// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a request's body may hold, checked as it arrives (docs/server-limits.md, "Memory"): the
// shape of its JSON per endpoint (how many values, how deep, how many elements in its batch), so
// that a body of many tiny values is refused at the first value past its limit instead of after a
// parse that holds them all. A form body (POST /reconcile, queries=JSON) is decoded as it comes
// and its queries' JSON checked the same way.

#include "JsonShape.h"
#include "LedgerApi.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace LedgerCurator {

//! The most values in a body to /reconcile: 50 queries, each with 20 properties of a few values,
//! fit in a fraction of it.
inline constexpr qint64 kMaxReconcileBodyValues = 20000;
//! The most values in a batch of events or notices: 1000 events of 64 parents each hold about
//! 78,000.
inline constexpr qint64 kMaxBatchBodyValues = 100000;
//! The most values in a record (PUT /v1/records/ID, admins only; a body is at most --max-body).
inline constexpr qint64 kMaxRecordBodyValues = 1000000;

//! The shape a body to endpoint may have.
JsonShapeLimits bodyShapeLimits(Endpoint endpoint);

class BodyShapeCheck final
{
public:
    //! A body to endpoint with that Content-Type (a form, or JSON: what checkRequestHead() let
    //! through).
    BodyShapeCheck(Endpoint endpoint, const QByteArray &contentType);

    //! The next bytes of the body: 0 to go on, or 413 with *message once a limit is passed.
    int take(QByteArrayView piece, QString *message);

private:
    void takeForm(QByteArrayView piece);
    void formByte(char c, QByteArray &decoded);
    void endFormKey();

    JsonShape m_shape;
    bool m_form = false;
    // A form (application/x-www-form-urlencoded), decoded as it comes: only the value of
    // `queries` is JSON.
    bool m_inValue = false;
    bool m_queries = false; // the value being read is the queries'
    QByteArray m_key; // the key being read (no longer than kMaxFormKey)
    int m_hexDigits = -1; // after '%': how many hex digits came (-1: not after '%')
    char m_hexValue = 0;
    QByteArray m_percent; // the '%' and digits so far, kept as they are if they are no escape
};

} // namespace LedgerCurator
