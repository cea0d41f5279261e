// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

#include <cstddef>
#include <cstdint>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace LedgerCurator::HugePages {

//! Asks Linux to back the whole 2 MB pages of a large array not yet written with huge pages: a
//! 200,000-observation record's array is some 90 MB, and faulting it in 4 KB pages cost more
//! than filling it. Only advice: where huge pages are off (or not Linux), nothing changes.
inline void advise(const void *data, std::size_t bytes)
{
#ifdef MADV_HUGEPAGE
    constexpr std::uintptr_t kHuge = std::uintptr_t(2) << 20;
    const auto start = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t begin = (start + kHuge - 1) & ~(kHuge - 1);
    const std::uintptr_t end = (start + bytes) & ~(kHuge - 1);
    if (end > begin)
        madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
#else
    Q_UNUSED(data);
    Q_UNUSED(bytes);
#endif
}

//! Reserves room for `count` items in `list` and advises huge pages for it (advise()).
template <typename List> void reserve(List &list, qsizetype count)
{
    list.reserve(count);
    advise(list.constData(), std::size_t(list.capacity()) * sizeof(typename List::value_type));
}

} // namespace LedgerCurator::HugePages
