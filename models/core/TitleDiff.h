// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

namespace LedgerCurator {

//! One run of words of a comparison of two titles.
struct TitlePart
{
    enum class Kind { Same, OnlyFirst, OnlySecond };
    Kind kind = Kind::Same;
    QString text; // the words as the title writes them, spaces between
    friend bool operator==(const TitlePart &, const TitlePart &) = default;
};

//! The words two titles share and those only one has, in reading order: a longest common
//! subsequence of words compared case-folded, without accents' case or surrounding punctuation
//! ("Megatron-LM:" and "megatron-lm" are the same word). Quadratic in the words: titles only.
QList<TitlePart> compareTitles(const QString &first, const QString &second);

//! Whether the titles hold the same words (compareTitles() has no OnlyFirst or OnlySecond part).
bool sameTitleWords(const QString &first, const QString &second);

} // namespace LedgerCurator
