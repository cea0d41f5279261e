// SPDX-License-Identifier: GPL-3.0-or-later
// The ledger page text parser (parseLedgerText, through readPage as import calls it). A page it
// takes must be a valid record whose rendered text reads back as the same record; a page it
// refuses must say where and what.

#include "FuzzSupport.h"
#include "LedgerText.h"
#include "PageFiles.h"

using namespace LedgerCurator;

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::quietMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray text = Fuzz::bytesOf(data, size);
    const QString file = QStringLiteral("page.txt");
    const Result<ParsedPage> page = readPage(text, file);
    if (!page) {
        LC_FUZZ_CHECK(
            !page.error().message.isEmpty(), QStringLiteral("an error without a message"));
        LC_FUZZ_CHECK(page.error().file == file, page.error().toString());
        LC_FUZZ_CHECK(page.error().kind == Error::Kind::BadInput, page.error().toString());
        return 0;
    }
    const QString invalid = validateRecord(page->record);
    LC_FUZZ_CHECK(invalid.isEmpty(), invalid);
    // What the app writes back (render --format text) reads as the same record.
    const QString rendered = renderLedgerText(page->record);
    const Result<ParsedPage> again = parseLedgerText(rendered.toUtf8(), file);
    LC_FUZZ_CHECK(
        again.ok(), again.error().toString() + QStringLiteral("\nrendered:\n") + rendered);
    LC_FUZZ_CHECK(again->record == page->record,
        QStringLiteral("rendered page reads back otherwise:\n") + rendered);
    return 0;
}
