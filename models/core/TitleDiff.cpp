// SPDX-License-Identifier: GPL-3.0-or-later
#include "TitleDiff.h"

#include <QStringList>

#include <algorithm>
#include <vector>

namespace LedgerCurator {

namespace {

QString comparable(const QString &word)
{
    qsizetype start = 0;
    qsizetype end = word.size();
    while (start < end && !word.at(start).isLetterOrNumber())
        ++start;
    while (end > start && !word.at(end - 1).isLetterOrNumber())
        --end;
    return word.mid(start, end - start).toCaseFolded();
}

void append(QList<TitlePart> &parts, TitlePart::Kind kind, const QString &word)
{
    if (!parts.isEmpty() && parts.last().kind == kind)
        parts.last().text += u' ' + word;
    else
        parts.append({ kind, word });
}

} // namespace

QList<TitlePart> compareTitles(const QString &first, const QString &second)
{
    const QStringList a = first.simplified().split(u' ', Qt::SkipEmptyParts);
    const QStringList b = second.simplified().split(u' ', Qt::SkipEmptyParts);
    // Titles are short; longer texts are compared by their first 400 words.
    const qsizetype n = std::min<qsizetype>(a.size(), 400);
    const qsizetype m = std::min<qsizetype>(b.size(), 400);
    QStringList ka;
    QStringList kb;
    for (qsizetype i = 0; i < n; ++i)
        ka.append(comparable(a[i]));
    for (qsizetype j = 0; j < m; ++j)
        kb.append(comparable(b[j]));
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    std::vector<std::vector<int>> lcs(size_t(n + 1), std::vector<int>(size_t(m + 1), 0));
    for (qsizetype i = n - 1; i >= 0; --i) {
        for (qsizetype j = m - 1; j >= 0; --j)
            lcs[i][j]
                = ka[i] == kb[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
    QList<TitlePart> parts;
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < n && j < m) {
        if (ka[i] == kb[j]) {
            append(parts, TitlePart::Kind::Same, a[i]);
            ++i;
            ++j;
        } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
            append(parts, TitlePart::Kind::OnlyFirst, a[i++]);
        } else {
            append(parts, TitlePart::Kind::OnlySecond, b[j++]);
        }
    }
    while (i < a.size())
        append(parts, TitlePart::Kind::OnlyFirst, a[i++]);
    while (j < b.size())
        append(parts, TitlePart::Kind::OnlySecond, b[j++]);
    return parts;
}

bool sameTitleWords(const QString &first, const QString &second)
{
    const QList<TitlePart> parts = compareTitles(first, second);
    return std::all_of(parts.cbegin(), parts.cend(),
        [](const TitlePart &p) { return p.kind == TitlePart::Kind::Same; });
}

} // namespace LedgerCurator
