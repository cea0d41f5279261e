// SPDX-License-Identifier: GPL-3.0-or-later
// The one normal form of a title (normalizeTitle(), titleWords(), isStopWord(), WorkMatch.h):
// LaTeX resolved, accents dropped, case folded, punctuation made spaces.
#include "WorkMatch.h"

#include <QHash>

#include <algorithm>
#include <array>

namespace LedgerCurator {

namespace {

// --- The normal form ----------------------------------------------------------------------

// LaTeX letters with no Unicode decomposition to a base letter (\ss, \o, \ae, ...).
const QHash<QString, QString> &latexLetters()
{
    static const QHash<QString, QString> letters {
        { QStringLiteral("ss"), QStringLiteral("ss") },
        { QStringLiteral("o"), QStringLiteral("o") },
        { QStringLiteral("O"), QStringLiteral("o") },
        { QStringLiteral("ae"), QStringLiteral("ae") },
        { QStringLiteral("AE"), QStringLiteral("ae") },
        { QStringLiteral("oe"), QStringLiteral("oe") },
        { QStringLiteral("OE"), QStringLiteral("oe") },
        { QStringLiteral("aa"), QStringLiteral("a") },
        { QStringLiteral("AA"), QStringLiteral("a") },
        { QStringLiteral("l"), QStringLiteral("l") },
        { QStringLiteral("L"), QStringLiteral("l") },
        { QStringLiteral("i"), QStringLiteral("i") },
        { QStringLiteral("j"), QStringLiteral("j") },
    };
    return letters;
}

// The accent commands of LaTeX's text mode: one character after a backslash, or a letter
// command that takes the next letter (\c{c}, \v{s}, \H{o}...).
bool isAccentSymbol(QChar c)
{
    static const QString symbols = QStringLiteral("'`^\"~=.");
    return symbols.contains(c);
}

bool isAccentLetterCommand(QStringView name)
{
    return name == u"c" || name == u"v" || name == u"u" || name == u"H" || name == u"k"
        || name == u"r" || name == u"d" || name == u"b" || name == u"t";
}

// Resolves LaTeX in a title to plain text: accent commands leave their letter, letter commands
// (\ss, \o) become letters, other commands (\emph, \textit, \mathcal, \alpha) leave their name
// out unless they are Greek letters or symbols, whose names stay as words ("$\alpha$" ->
// "alpha"); braces and dollars go. Not a TeX engine: what titles in the arXiv metadata hold.
QString resolveLatex(QStringView in)
{
    if (!in.contains(u'\\') && !in.contains(u'{') && !in.contains(u'$'))
        return in.toString();
    static const QSet<QString> formatting { QStringLiteral("emph"), QStringLiteral("textit"),
        QStringLiteral("textbf"), QStringLiteral("textrm"), QStringLiteral("textsc"),
        QStringLiteral("texttt"), QStringLiteral("textsf"), QStringLiteral("mathrm"),
        QStringLiteral("mathbf"), QStringLiteral("mathcal"), QStringLiteral("mathbb"),
        QStringLiteral("mathit"), QStringLiteral("mathsf"), QStringLiteral("mathfrak"),
        QStringLiteral("boldsymbol"), QStringLiteral("em"), QStringLiteral("it"),
        QStringLiteral("bf"), QStringLiteral("rm"), QStringLiteral("sc"), QStringLiteral("tt"),
        QStringLiteral("sl"), QStringLiteral("sf"), QStringLiteral("text"), QStringLiteral("mbox"),
        QStringLiteral("hbox"), QStringLiteral("operatorname"), QStringLiteral("left"),
        QStringLiteral("right"), QStringLiteral("big"), QStringLiteral("Big"),
        QStringLiteral("displaystyle"), QStringLiteral("url"), QStringLiteral("href") };
    QString out;
    out.reserve(in.size());
    const qsizetype n = in.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = in[i];
        if (c == u'{' || c == u'}' || c == u'$')
            continue;
        if (c != u'\\') {
            out += c;
            continue;
        }
        if (i + 1 >= n)
            break;
        const QChar next = in[i + 1];
        if (isAccentSymbol(next)) {
            // \'e, \'{e}, \"{\i}: drop the accent, keep the letter (the braces go by themselves)
            ++i;
            continue;
        }
        if (!next.isLetter()) {
            // \&, \%, \_, \\ , \,: the character itself, or a space
            ++i;
            out += next == u'&' ? QStringLiteral(" and ") : QString(u' ');
            continue;
        }
        qsizetype j = i + 1;
        while (j < n && in[j].isLetter())
            ++j;
        const QString name = in.mid(i + 1, j - i - 1).toString();
        i = j - 1;
        if (isAccentLetterCommand(name))
            continue; // \c{c} -> c, \v s -> s
        if (const auto letter = latexLetters().constFind(name);
            letter != latexLetters().constEnd()) {
            out += *letter;
            continue;
        }
        if (formatting.contains(name)) {
            out += u' ';
            continue;
        }
        // \alpha, \mu, \infty, \LaTeX: the name is the word
        out += u' ';
        out += name;
        out += u' ';
    }
    return out;
}

// Letters NFKD leaves whole.
QChar foldSpecialLetter(QChar c, QString *twoLetters)
{
    switch (c.unicode()) {
    case 0x00DF: // ß
        *twoLetters = QStringLiteral("ss");
        return {};
    case 0x00E6: // æ
    case 0x00C6:
        *twoLetters = QStringLiteral("ae");
        return {};
    case 0x0153: // œ
    case 0x0152:
        *twoLetters = QStringLiteral("oe");
        return {};
    case 0x00F8: // ø
    case 0x00D8:
        return u'o';
    case 0x0142: // ł
    case 0x0141:
        return u'l';
    case 0x0111: // đ
    case 0x0110:
    case 0x00F0: // ð
        return u'd';
    case 0x0131: // ı
        return u'i';
    case 0x00FE: // þ
        *twoLetters = QStringLiteral("th");
        return {};
    default:
        return c;
    }
}

bool isApostrophe(QChar c)
{
    return c == u'\'' || c == u'\u2019' || c == u'\u2018' || c == u'`' || c == u'\u02BC';
}
} // namespace

QString normalizeTitle(QStringView title)
{
    const QString plain = resolveLatex(title).normalized(QString::NormalizationForm_KD);
    QString out;
    out.reserve(plain.size());
    bool space = true; // no leading space
    auto put = [&](QChar c) {
        if (c.isSpace()) {
            if (!space)
                out += u' ';
            space = true;
            return;
        }
        out += c;
        space = false;
    };
    for (const QChar raw : plain) {
        if (raw.category() == QChar::Mark_NonSpacing || raw.category() == QChar::Mark_Enclosing)
            continue;
        if (isApostrophe(raw))
            continue; // "Schrödinger's" -> "schrodingers"
        QString two;
        const QChar c = foldSpecialLetter(raw, &two);
        if (!two.isEmpty()) {
            for (const QChar t : two)
                put(t);
            continue;
        }
        if (c == u'&') {
            put(u' ');
            for (const QChar t : QStringLiteral("and"))
                put(t);
            put(u' ');
            continue;
        }
        if (c.isLetterOrNumber()) {
            const QString folded = QString(c).toCaseFolded();
            for (const QChar f : folded)
                put(f);
        } else {
            put(u' ');
        }
    }
    if (out.endsWith(u' '))
        out.chop(1);
    return out;
}

QStringList titleWords(QStringView title)
{
    return normalizeTitle(title).split(u' ', Qt::SkipEmptyParts);
}

bool isStopWord(QStringView word)
{
    // Compared in place (no QString made: it is asked for every word of every title scored).
    static constexpr std::array<QLatin1StringView, 42> words { QLatin1StringView("a"),
        QLatin1StringView("an"), QLatin1StringView("the"), QLatin1StringView("of"),
        QLatin1StringView("for"), QLatin1StringView("in"), QLatin1StringView("on"),
        QLatin1StringView("and"), QLatin1StringView("or"), QLatin1StringView("to"),
        QLatin1StringView("with"), QLatin1StringView("by"), QLatin1StringView("at"),
        QLatin1StringView("from"), QLatin1StringView("as"), QLatin1StringView("is"),
        QLatin1StringView("are"), QLatin1StringView("its"), QLatin1StringView("via"),
        QLatin1StringView("into"), QLatin1StringView("using"), QLatin1StringView("towards"),
        QLatin1StringView("toward"), QLatin1StringView("their"), QLatin1StringView("we"),
        QLatin1StringView("our"), QLatin1StringView("be"), QLatin1StringView("it"),
        QLatin1StringView("this"), QLatin1StringView("that"), QLatin1StringView("do"),
        QLatin1StringView("does"), QLatin1StringView("not"), QLatin1StringView("than"),
        QLatin1StringView("de"), QLatin1StringView("la"), QLatin1StringView("le"),
        QLatin1StringView("der"), QLatin1StringView("die"), QLatin1StringView("und"),
        QLatin1StringView("et"), QLatin1StringView("al") };
    if (word.size() > 7)
        return false;
    return std::any_of(words.cbegin(), words.cend(),
        [&](QLatin1StringView w) { return w.size() == word.size() && w == word; });
}
} // namespace LedgerCurator
