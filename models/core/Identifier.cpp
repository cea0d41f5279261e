// SPDX-License-Identifier: GPL-3.0-or-later
#include "Identifier.h"

#include "Quote.h"

#include <QCoreApplication>
#include <QLatin1String>
#include <QUrl>

#include <array>

namespace LedgerCurator {

using namespace Qt::StringLiterals;

namespace {

//! The refusals, shown by the correction panel (translated) and the command line (English).
struct IdentifierText
{
    Q_DECLARE_TR_FUNCTIONS(Identifier)
};

// Hand-written scanning throughout: identifiers are checked for every ledger row.

constexpr int kMaxVersion = 999;

constexpr std::array<QLatin1String, 5> kDoiPrefixes {
    QLatin1String("doi:"),
    QLatin1String("https://doi.org/"),
    QLatin1String("http://doi.org/"),
    QLatin1String("https://dx.doi.org/"),
    QLatin1String("http://dx.doi.org/"),
};
constexpr QLatin1String kArxivPrefix("arXiv:");
constexpr QLatin1String kDoiStart("10.");

bool isDigit(QChar c)
{
    return c.unicode() >= u'0' && c.unicode() <= u'9';
}
bool isLower(QChar c)
{
    return c.unicode() >= u'a' && c.unicode() <= u'z';
}
bool isUpper(QChar c)
{
    return c.unicode() >= u'A' && c.unicode() <= u'Z';
}
bool isLetter(QChar c)
{
    return isLower(c) || isUpper(c);
}

//! Number of ASCII digits at the start of text.
qsizetype leadingDigits(QStringView text)
{
    qsizetype n = 0;
    while (n < text.size() && isDigit(text[n]))
        ++n;
    return n;
}

//! Value of a run of ASCII digits short enough not to overflow.
int digitsValue(QStringView digits)
{
    int value = 0;
    for (QChar c : digits)
        value = value * 10 + (c.unicode() - u'0');
    return value;
}

bool allZeros(QStringView digits)
{
    for (QChar c : digits) {
        if (c != u'0')
            return false;
    }
    return true;
}

IdentifierCheck refuse(QString message)
{
    return IdentifierCheck { std::nullopt, std::move(message) };
}

//! Removes a case-insensitive prefix, and any whitespace after it, when present.
bool stripPrefix(QStringView &text, QLatin1String prefix)
{
    if (!text.startsWith(prefix, Qt::CaseInsensitive))
        return false;
    text = text.mid(prefix.size()).trimmed();
    return true;
}

bool stripDoiPrefix(QStringView &text)
{
    for (QLatin1String prefix : kDoiPrefixes) {
        if (stripPrefix(text, prefix))
            return true;
    }
    return false;
}

//! Leading digits, then a dot: "2104.04473", "1501.1234", "0703.0001".
bool looksNewStyle(QStringView id)
{
    const qsizetype digits = leadingDigits(id);
    return digits > 0 && digits < id.size() && id[digits] == u'.';
}

//! Letters, hyphens and dots, then a slash: "hep-th/...", "math.GT/...", "HEP-TH/...".
bool looksOldStyle(QStringView id)
{
    if (id.isEmpty() || !isLetter(id[0]))
        return false;
    for (QChar c : id) {
        if (c == u'/')
            return true;
        if (!isLetter(c) && c != u'-' && c != u'.')
            return false;
    }
    return false;
}

//! Checks what follows an arXiv number: nothing, or v1, v2, ...
//! Sets version (0 when none); returns the message when it is wrong.
QString checkVersion(QStringView rest, QStringView id, int &version)
{
    version = 0;
    if (rest.isEmpty())
        return {};
    const QStringView number = rest.mid(1);
    if (rest[0] == u'V')
        return IdentifierText::tr(
            "a version is written with a lower-case v, as in v2, found %1 in %2")
            .arg(rest.toString(), id.toString());
    if (rest[0] != u'v')
        return IdentifierText::tr(
            "unexpected %1 after the number in %2; only a version such as v2 may follow")
            .arg(quoted(rest), quoted(id));
    if (number.isEmpty())
        return IdentifierText::tr(
            "version must be v followed by a number from 1, found v with no number in %1")
            .arg(id.toString());
    if (leadingDigits(number) != number.size() || number[0] == u'0')
        return IdentifierText::tr("version must be v followed by a number from 1, found %1 in %2")
            .arg(rest.toString(), id.toString());
    if (number.size() > 3)
        return IdentifierText::tr("version %1 in %2 is too large (at most v%3)")
            .arg(rest.toString(), id.toString(), QString::number(kMaxVersion));
    version = digitsValue(number);
    return {};
}

IdentifierCheck makeArxiv(Identifier::Kind kind, QString base, int version)
{
    Identifier id;
    id.kind = kind;
    id.canonical = version > 0 ? base + u'v' + QString::number(version) : base;
    id.base = std::move(base);
    id.version = version;
    return IdentifierCheck { std::move(id), {} };
}

//! YYMM.NNNN (0704-1412) or YYMM.NNNNN (1501 on), with an optional version.
IdentifierCheck parseNewStyle(QStringView id)
{
    const qsizetype dot = id.indexOf(u'.');
    const QStringView yymm = id.left(dot);
    if (yymm.size() != 4)
        return refuse(
            IdentifierText::tr("new-style arXiv ids have four digits YYMM before the dot, found %1")
                .arg(quoted(yymm)));
    const int yy = digitsValue(yymm.left(2));
    const int mm = digitsValue(yymm.mid(2));
    if (mm < 1 || mm > 12)
        return refuse(IdentifierText::tr("month %1 in %2 is not a month")
                          .arg(yymm.mid(2).toString(), id.toString()));
    if (yy * 100 + mm < 704)
        return refuse(
            IdentifierText::tr("new-style arXiv ids start at 0704 (April 2007), found %1 in %2")
                .arg(yymm.toString(), id.toString()));

    const QStringView afterDot = id.mid(dot + 1);
    const qsizetype digits = leadingDigits(afterDot);
    const QStringView number = afterDot.left(digits);
    const bool fiveDigits = yy * 100 + mm >= 1501;
    if (fiveDigits && digits != 5)
        return refuse(IdentifierText::tr(
            "arXiv ids from 1501 on have five digits after the dot, found %1 in %2")
                          .arg(QString::number(digits), id.toString()));
    if (!fiveDigits && digits != 4)
        return refuse(IdentifierText::tr(
            "arXiv ids before 1501 have four digits after the dot, found %1 in %2")
                          .arg(QString::number(digits), id.toString()));
    if (allZeros(number))
        return refuse(IdentifierText::tr("the number after the dot in %1 cannot be all zeros")
                          .arg(id.toString()));

    int version = 0;
    QString error = checkVersion(afterDot.mid(digits), id, version);
    if (!error.isEmpty())
        return refuse(std::move(error));
    return makeArxiv(Identifier::Kind::ArxivNew, id.left(dot + 1 + digits).toString(), version);
}

//! archive(.XX)/YYMMNNN, 9108 to 0703, with an optional version.
IdentifierCheck parseOldStyle(QStringView id)
{
    const qsizetype slash = id.indexOf(u'/');
    const QStringView head = id.left(slash);
    const qsizetype dot = head.indexOf(u'.');
    const QStringView archive = dot < 0 ? head : head.left(dot);
    const QStringView subject = dot < 0 ? QStringView() : head.mid(dot + 1);

    for (QChar c : archive) {
        if (!isLetter(c) && c != u'-')
            return refuse(
                IdentifierText::tr("an arXiv archive name is lower-case letters and hyphens, as in "
                                   "hep-th or cond-mat, found %1")
                    .arg(quoted(archive)));
    }
    if (archive.isEmpty() || archive.endsWith(u'-'))
        return refuse(
            IdentifierText::tr("an arXiv archive name is lower-case letters and hyphens, as in "
                               "hep-th or cond-mat, found %1")
                .arg(quoted(archive)));
    if (dot >= 0 && (subject.size() != 2 || !isLetter(subject[0]) || !isLetter(subject[1])))
        return refuse(
            IdentifierText::tr("a subject class is a dot and two letters, as in math.GT, found %1")
                .arg(quoted(head.mid(dot))));

    const QStringView afterSlash = id.mid(slash + 1);
    const qsizetype digits = leadingDigits(afterSlash);
    if (digits != 7)
        return refuse(IdentifierText::tr(
            "old-style arXiv ids have seven digits after the slash (YYMMNNN), found %1 in %2")
                          .arg(QString::number(digits), id.toString()));
    const QStringView number = afterSlash.left(7);
    const int yy = digitsValue(number.left(2));
    const int mm = digitsValue(number.mid(2, 2));
    if (mm < 1 || mm > 12)
        return refuse(IdentifierText::tr("month %1 in %2 is not a month")
                          .arg(number.mid(2, 2).toString(), id.toString()));
    const int year = yy >= 91 ? 1900 + yy : 2000 + yy;
    const int yearMonth = year * 100 + mm;
    if (yearMonth < 199108 || yearMonth > 200703)
        return refuse(IdentifierText::tr(
            "old-style arXiv ids run from 9108 (August 1991) to 0703 (March 2007), "
            "found %1 in %2")
                          .arg(number.left(4).toString(), id.toString()));
    if (allZeros(number.mid(4)))
        return refuse(
            IdentifierText::tr("the paper number in %1 cannot be 000").arg(id.toString()));

    int version = 0;
    QString error = checkVersion(afterSlash.mid(7), id, version);
    if (!error.isEmpty())
        return refuse(std::move(error));

    // Pasted in any case ("Hep-th/9901001", "MATH.gt/0309136"): archive lower, class upper.
    QString base = archive.toString().toLower();
    if (dot >= 0)
        base += u'.' + subject.toString().toUpper();
    base += u'/' + number.toString();
    return makeArxiv(Identifier::Kind::ArxivOld, std::move(base), version);
}

//! id has no "arXiv:" prefix; shown is the whole text, for the message.
IdentifierCheck parseArxivBody(QStringView id, QStringView shown)
{
    if (looksNewStyle(id))
        return parseNewStyle(id);
    if (looksOldStyle(id))
        return parseOldStyle(id);
    return refuse(
        IdentifierText::tr("not an arXiv id: expected YYMM.NNNNN or archive/YYMMNNN, found %1")
            .arg(quoted(shown)));
}

//! doi has no "doi:" or URL prefix; shown is the whole text, for the message.
IdentifierCheck parseDoiBody(QStringView doi, QStringView shown)
{
    if (!doi.startsWith(kDoiStart))
        return refuse(IdentifierText::tr(
            "a DOI starts with 10. followed by 4 to 9 digits, a slash and a suffix, "
            "found %1")
                          .arg(quoted(shown)));
    for (qsizetype i = 0; i < doi.size(); ++i) {
        const QChar c = doi[i];
        if (c.isSpace())
            return refuse(
                IdentifierText::tr("a DOI cannot contain spaces, found %1").arg(quoted(shown)));
        char32_t code = c.unicode();
        if (c.isHighSurrogate() && i + 1 < doi.size() && doi[i + 1].isLowSurrogate()) {
            code = QChar::surrogateToUcs4(c, doi[i + 1]);
            ++i;
        }
        if (!QChar::isPrint(code))
            return refuse(
                IdentifierText::tr("a DOI cannot contain invisible or control characters, found %1")
                    .arg(quoted(shown)));
    }

    qsizetype pos = kDoiStart.size();
    const qsizetype registrant = leadingDigits(doi.mid(pos));
    if (registrant < 4 || registrant > 9)
        return refuse(IdentifierText::tr("a DOI prefix is 10. followed by 4 to 9 digits, found %1")
                          .arg(quoted(doi.left(doi.indexOf(u'/')))));
    pos += registrant;
    // Further ".digits" groups: 10.1000.10/abc
    while (pos < doi.size() && doi[pos] == u'.') {
        const qsizetype group = leadingDigits(doi.mid(pos + 1));
        if (group == 0)
            break;
        pos += 1 + group;
    }
    if (pos == doi.size())
        return refuse(IdentifierText::tr(
            "a DOI needs a slash and a suffix after the prefix, as in 10.1000/xyz, "
            "found %1")
                          .arg(quoted(shown)));
    if (doi[pos] != u'/')
        return refuse(IdentifierText::tr(
            "a DOI prefix is 10. followed by 4 to 9 digits and then a slash, found %1")
                          .arg(quoted(shown)));
    if (pos + 1 == doi.size())
        return refuse(IdentifierText::tr("a DOI needs a suffix after the slash, found %1")
                          .arg(quoted(shown)));

    Identifier id;
    id.kind = Identifier::Kind::Doi;
    id.canonical = doi.toString().toLower();
    id.base = id.canonical;
    return IdentifierCheck { std::move(id), {} };
}

//! A web address, with or without its scheme: "https://arxiv.org/abs/...", "arxiv.org/pdf/...",
//! "www.doi.org/...". *host: the host, lower case, without "www."; *path: what follows it, up
//! to a query or a fragment.
bool splitWebAddress(QStringView text, QString *host, QStringView *path)
{
    QStringView rest = text;
    bool scheme = false;
    for (QLatin1String prefix : { QLatin1String("https://"), QLatin1String("http://") }) {
        if (rest.startsWith(prefix, Qt::CaseInsensitive)) {
            rest = rest.mid(prefix.size());
            scheme = true;
            break;
        }
    }
    const qsizetype slash = rest.indexOf(u'/');
    QString name = (slash < 0 ? rest : rest.left(slash)).toString().toLower();
    if (name.startsWith(QLatin1String("www.")))
        name.remove(0, 4);
    // Without a scheme only the hosts an identifier lives at: "math.GT/0309136" is no address.
    const bool known = name == QLatin1String("arxiv.org")
        || name == QLatin1String("export.arxiv.org") || name == QLatin1String("doi.org")
        || name == QLatin1String("dx.doi.org");
    if (!scheme && !known)
        return false;
    *host = name;
    QStringView after = slash < 0 ? QStringView() : rest.mid(slash + 1);
    for (QChar end : { u'?', u'#' }) {
        if (const qsizetype at = after.indexOf(end); at >= 0)
            after = after.left(at);
    }
    while (after.endsWith(u'/'))
        after.chop(1);
    *path = after;
    return true;
}

//! "https://arxiv.org/abs/ID[vN]", "/pdf/ID[vN][.pdf]" (old-style ids hold a slash themselves)
//! and DOI addresses; nullopt when `shown` is no web address at all. A web address that holds
//! no identifier is refused with the forms that do.
std::optional<IdentifierCheck> parseWebAddress(QStringView shown, bool arxivOnly)
{
    QString host;
    QStringView path;
    if (!splitWebAddress(shown, &host, &path))
        return std::nullopt;
    const auto forms = [&] {
        return refuse(IdentifierText::tr("%1 is a web address but not one of an identifier: "
                                         "expected https://arxiv.org/abs/ID, "
                                         "https://arxiv.org/pdf/ID or https://doi.org/DOI")
                          .arg(quoted(shown)));
    };
    if (host == QLatin1String("doi.org") || host == QLatin1String("dx.doi.org")) {
        if (arxivOnly)
            return refuse(IdentifierText::tr(
                "a DOI is not an arXiv id: expected YYMM.NNNNN or archive/YYMMNNN, found %1")
                              .arg(quoted(shown)));
        const QString doi = QUrl::fromPercentEncoding(path.toUtf8());
        if (doi.isEmpty())
            return forms();
        return parseDoiBody(doi, shown);
    }
    if (host != QLatin1String("arxiv.org") && host != QLatin1String("export.arxiv.org"))
        return forms();
    QStringView id;
    for (QLatin1String kind : { QLatin1String("abs/"), QLatin1String("pdf/") }) {
        if (path.startsWith(kind, Qt::CaseInsensitive))
            id = path.mid(kind.size());
    }
    if (path.startsWith(QLatin1String("pdf/"), Qt::CaseInsensitive)
        && id.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive))
        id.chop(4);
    if (id.isEmpty())
        return refuse(IdentifierText::tr("%1 is an arXiv address but not one of a paper: "
                                         "expected https://arxiv.org/abs/ID or "
                                         "https://arxiv.org/pdf/ID, as in "
                                         "https://arxiv.org/abs/2104.04473v2")
                          .arg(quoted(shown)));
    IdentifierCheck check = parseArxivBody(id, id);
    if (!check.ok())
        check.error
            = IdentifierText::tr("in the arXiv address %1: %2").arg(quoted(shown), check.error);
    return check;
}

} // namespace

IdentifierCheck parseIdentifier(QStringView text)
{
    const QStringView shown = text.trimmed();
    if (shown.isEmpty())
        return refuse(IdentifierText::tr("empty identifier"));
    if (std::optional<IdentifierCheck> address = parseWebAddress(shown, false))
        return std::move(*address);
    QStringView rest = shown;
    if (stripDoiPrefix(rest))
        return parseDoiBody(rest, shown);
    if (stripPrefix(rest, kArxivPrefix))
        return parseArxivBody(rest, shown);
    if (rest.startsWith(kDoiStart))
        return parseDoiBody(rest, shown);
    if (looksNewStyle(rest) || looksOldStyle(rest))
        return parseArxivBody(rest, shown);
    return refuse(
        IdentifierText::tr("not an arXiv id or a DOI: expected YYMM.NNNNN, archive/YYMMNNN or "
                           "10.NNNN/suffix, found %1")
            .arg(quoted(shown)));
}

IdentifierCheck parseArxivId(QStringView text)
{
    const QStringView shown = text.trimmed();
    if (shown.isEmpty())
        return refuse(IdentifierText::tr("empty identifier"));
    if (std::optional<IdentifierCheck> address = parseWebAddress(shown, true))
        return std::move(*address);
    QStringView rest = shown;
    if (!stripPrefix(rest, kArxivPrefix)) {
        QStringView doi = rest;
        if (stripDoiPrefix(doi) || doi.startsWith(kDoiStart))
            return refuse(IdentifierText::tr(
                "a DOI is not an arXiv id: expected YYMM.NNNNN or archive/YYMMNNN, "
                "found %1")
                              .arg(quoted(shown)));
    }
    return parseArxivBody(rest, shown);
}

bool sameIdentifier(QStringView a, QStringView b)
{
    const IdentifierCheck first = parseIdentifier(a);
    if (!first.ok())
        return false;
    const IdentifierCheck second = parseIdentifier(b);
    return second.ok() && first.identifier->kind == second.identifier->kind
        && first.identifier->canonical == second.identifier->canonical;
}

QString arxivDoi(QStringView arxivBase)
{
    const IdentifierCheck check = parseArxivId(arxivBase);
    if (!check.ok())
        return {};
    return u"10.48550/arxiv."_s + check.identifier->base.toLower();
}

QString normalizeRecordId(QString text)
{
    text = text.trimmed();
    // Every form a curator pastes (an abs or pdf address, arXiv:, any case of an old-style id)
    if (const IdentifierCheck check = parseArxivId(text); check.ok())
        return check.identifier->base;
    if (text.startsWith(QStringLiteral("arXiv:"), Qt::CaseInsensitive))
        text.remove(0, 6);
    // Drop a version suffix: 2104.04473v5 -> 2104.04473.
    const qsizetype v = text.lastIndexOf(u'v');
    if (v > 0 && v + 1 < text.size() && text[v - 1].isDigit()) {
        bool digits = true;
        for (qsizetype i = v + 1; i < text.size(); ++i)
            digits = digits && text[i].isDigit();
        if (digits)
            text.truncate(v);
    }
    return text;
}

} // namespace LedgerCurator
