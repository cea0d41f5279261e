// SPDX-License-Identifier: GPL-3.0-or-later
// Correction events for the tests of the curation log (tst_curationlog, tst_curationhistories):
// events of one record made by hand, stamps, and the events of a field (lc_test_support).
#pragma once

#include "CurationLog.h"
#include "Record.h"

#include <QList>
#include <QRandomGenerator>
#include <QString>
#include <QStringList>

#include <optional>

// QTest prints these when a comparison fails.
char *toString(const std::optional<QString> &value);

namespace LedgerCurator {
char *toString(const FieldState &state);
} // namespace LedgerCurator

namespace LedgerCurator::TestSupport {

//! The record and the observation the hand-made events are about.
extern const QString kRecord;
extern const QString kObservation;

//! An event of kRecord by "curator": `value` (std::nullopt: back to upstream) for `field` of
//! `observation`, naming `parents`, made at `createdAt`.
CorrectionEvent correction(const QString &id, std::optional<QString> value,
    const QStringList &parents, const QString &createdAt,
    CurationField field = CurationField::State, const QString &observation = kObservation);

//! An ISO 8601 UTC time with milliseconds, `msecs` after the epoch.
QString stamp(qint64 msecs);

//! `list` shuffled by the seeded generator, so that orders are reproducible.
template <typename T> void shuffle(QList<T> &list, QRandomGenerator &rng)
{
    for (qsizetype i = list.size() - 1; i > 0; --i)
        list.swapItemsAt(i, qsizetype(rng.bounded(quint64(i + 1))));
}

//! The events of one field, in their order.
QList<CorrectionEvent> eventsOf(const QList<CorrectionEvent> &events, const FieldKey &key);
//! The fields the events are about, sorted, each once.
QList<FieldKey> keysOf(const QList<CorrectionEvent> &events);

} // namespace LedgerCurator::TestSupport
