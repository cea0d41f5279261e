// SPDX-License-Identifier: GPL-3.0-or-later
// Rows of a Retraction Watch CSV export for the tests of notices (tst_notices, tst_noticescli):
// the real export's header and layout, and the notices about the fixture's paper.
#pragma once

#include <QByteArray>

namespace LedgerCurator::TestSupport {

//! The header of the real Retraction Watch export, 20 columns, with its line end.
QByteArray retractionCsvHeader();

//! One row of the real export's layout (original paper date 4/9/2021), with its line end.
QByteArray retractionCsvRow(const QByteArray &id, const QByteArray &date,
    const QByteArray &noticeDoi, const QByteArray &originalDoi, const QByteArray &nature,
    const QByteArray &reason);

//! Record 51234: the retraction of the fixture's paper (2024-03-01, notice 10.1234/RETRACT.2104),
//! under its arXiv DOI in upper case.
QByteArray paperRetractionRow();
//! Record 51235: a correction of the fixture's paper (2023-11-02), older than the retraction,
//! under arXiv:2104.04473.
QByteArray paperCorrectionRow();
//! Record 51252: a retraction of another work (10.5555/ECR.2019.1187), newer than the paper's.
QByteArray otherRetractionRow();

} // namespace LedgerCurator::TestSupport
