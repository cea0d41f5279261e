// SPDX-License-Identifier: GPL-3.0-or-later
#include "PageStream.h"

#include "PageStreamWriter.h"

namespace LedgerCurator {

PageStream::PageStream(Format format, Target target, const Record &head, Sink sink, qsizetype chunk)
    : m_writer(format == Format::Json ? makeJsonPageWriter(target, head, std::move(sink), chunk)
                                      : makeTextPageWriter(target, head, std::move(sink), chunk))
{
}

PageStream::~PageStream() = default;

bool PageStream::add(const ObservationRow &row)
{
    return m_writer->add(row);
}

bool PageStream::add(const Observation &observation)
{
    return m_writer->add(observation);
}

bool PageStream::finish()
{
    return m_writer->finish();
}

} // namespace LedgerCurator
