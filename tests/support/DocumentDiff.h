// SPDX-License-Identifier: GPL-3.0-or-later
// Two QTextDocuments compared block by block (lc_test_support_gui): the preview's page imported
// in pieces against the same page imported whole.
#pragma once

#include <QString>

class QTextDocument;
class QTextFormat;

namespace LedgerCurator::TestSupport {

//! The same type, object and properties (QTextFormat's == also asks for them in the same order).
bool sameFormat(const QTextFormat &a, const QTextFormat &b);
//! Where two documents differ in blocks, text or formats; empty when they do not.
QString firstDifference(const QTextDocument &a, const QTextDocument &b);

} // namespace LedgerCurator::TestSupport
