// SPDX-License-Identifier: GPL-3.0-or-later
#include "Identifier.h"

#include <QStringList>
#include <QTest>

using namespace LedgerCurator;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(LedgerCurator::Identifier::Kind)

namespace {
QString kindName(Identifier::Kind kind)
{
    switch (kind) {
    case Identifier::Kind::ArxivNew:
        return u"ArxivNew"_s;
    case Identifier::Kind::ArxivOld:
        return u"ArxivOld"_s;
    case Identifier::Kind::Doi:
        return u"Doi"_s;
    }
    return u"?"_s;
}
} // namespace

class TestIdentifier : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void normalizesRecordIds_data();
    void normalizesRecordIds();
    void valid_data();
    void valid();
    void invalid_data();
    void invalid();
    void arxivOnly_data();
    void arxivOnly();
    void same_data();
    void same();
    void baseEqualAcrossVersions();
    void arxivDoi_data();
    void arxivDoi();
};

void TestIdentifier::valid_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<Identifier::Kind>("kind");
    QTest::addColumn<QString>("canonical");
    QTest::addColumn<QString>("base");
    QTest::addColumn<int>("version");

    const auto arxivNew = Identifier::Kind::ArxivNew;
    const auto arxivOld = Identifier::Kind::ArxivOld;
    const auto doi = Identifier::Kind::Doi;

    // New style: the first month, the last four-digit month, the first five-digit month.
    QTest::newRow("0704.0001") << u"0704.0001"_s << arxivNew << u"0704.0001"_s << u"0704.0001"_s
                               << 0;
    QTest::newRow("1412.9999") << u"1412.9999"_s << arxivNew << u"1412.9999"_s << u"1412.9999"_s
                               << 0;
    QTest::newRow("1501.00001") << u"1501.00001"_s << arxivNew << u"1501.00001"_s << u"1501.00001"_s
                                << 0;
    QTest::newRow("2104.04473") << u"2104.04473"_s << arxivNew << u"2104.04473"_s << u"2104.04473"_s
                                << 0;
    QTest::newRow("2104.04473v5") << u"2104.04473v5"_s << arxivNew << u"2104.04473v5"_s
                                  << u"2104.04473"_s << 5;
    QTest::newRow("arXiv:2104.04473v12")
        << u"arXiv:2104.04473v12"_s << arxivNew << u"2104.04473v12"_s << u"2104.04473"_s << 12;
    QTest::newRow("ARXIV: prefix, any case")
        << u"ARXIV:2104.04473"_s << arxivNew << u"2104.04473"_s << u"2104.04473"_s << 0;
    QTest::newRow("surrounding whitespace")
        << u"  \t2104.04473v2\n"_s << arxivNew << u"2104.04473v2"_s << u"2104.04473"_s << 2;
    QTest::newRow("space after arXiv:")
        << u"arXiv: 2104.04473"_s << arxivNew << u"2104.04473"_s << u"2104.04473"_s << 0;

    // Old style.
    QTest::newRow("hep-th/9901001")
        << u"hep-th/9901001"_s << arxivOld << u"hep-th/9901001"_s << u"hep-th/9901001"_s << 0;
    QTest::newRow("hep-th/9901001v2")
        << u"hep-th/9901001v2"_s << arxivOld << u"hep-th/9901001v2"_s << u"hep-th/9901001"_s << 2;
    QTest::newRow("math.GT/0309136")
        << u"math.GT/0309136"_s << arxivOld << u"math.GT/0309136"_s << u"math.GT/0309136"_s << 0;
    QTest::newRow("math.gt/0309136 (subject class normalized)")
        << u"math.gt/0309136"_s << arxivOld << u"math.GT/0309136"_s << u"math.GT/0309136"_s << 0;
    QTest::newRow("cond-mat/0703999")
        << u"cond-mat/0703999"_s << arxivOld << u"cond-mat/0703999"_s << u"cond-mat/0703999"_s << 0;
    QTest::newRow("q-bio/0701001")
        << u"q-bio/0701001"_s << arxivOld << u"q-bio/0701001"_s << u"q-bio/0701001"_s << 0;
    QTest::newRow("hep-th/9108001 (first month)")
        << u"hep-th/9108001"_s << arxivOld << u"hep-th/9108001"_s << u"hep-th/9108001"_s << 0;
    QTest::newRow("arXiv:cs.AI/0101001v1") << u"arXiv:cs.AI/0101001v1"_s << arxivOld
                                           << u"cs.AI/0101001v1"_s << u"cs.AI/0101001"_s << 1;

    // Every form a curator pastes: arXiv's addresses (abs, pdf; with a version; http, www. or no
    // scheme), arXiv: and old-style ids in any case.
    QTest::newRow("https://arxiv.org/abs/2104.04473v2")
        << u"https://arxiv.org/abs/2104.04473v2"_s << arxivNew << u"2104.04473v2"_s
        << u"2104.04473"_s << 2;
    QTest::newRow("arxiv.org/abs/ without scheme")
        << u"arxiv.org/abs/2104.04473v2"_s << arxivNew << u"2104.04473v2"_s << u"2104.04473"_s << 2;
    QTest::newRow("http://www.arxiv.org/abs/")
        << u"http://www.arxiv.org/abs/2104.04473"_s << arxivNew << u"2104.04473"_s
        << u"2104.04473"_s << 0;
    QTest::newRow("https://arxiv.org/pdf/2104.04473v3")
        << u"https://arxiv.org/pdf/2104.04473v3"_s << arxivNew << u"2104.04473v3"_s
        << u"2104.04473"_s << 3;
    QTest::newRow("https://arxiv.org/pdf/2104.04473.pdf")
        << u"https://arxiv.org/pdf/2104.04473.pdf"_s << arxivNew << u"2104.04473"_s
        << u"2104.04473"_s << 0;
    QTest::newRow("abs address with a query and a slash")
        << u"https://arxiv.org/abs/2104.04473v1/?context=cs"_s << arxivNew << u"2104.04473v1"_s
        << u"2104.04473"_s << 1;
    QTest::newRow("abs address of an old-style id")
        << u"https://arxiv.org/abs/hep-th/9901001v2"_s << arxivOld << u"hep-th/9901001v2"_s
        << u"hep-th/9901001"_s << 2;
    QTest::newRow("arXiv:2104.04473")
        << u"arXiv:2104.04473"_s << arxivNew << u"2104.04473"_s << u"2104.04473"_s << 0;
    QTest::newRow("Hep-th/9901001 (any case)")
        << u"Hep-th/9901001"_s << arxivOld << u"hep-th/9901001"_s << u"hep-th/9901001"_s << 0;
    QTest::newRow("HEP-TH/9901001v2 (any case)")
        << u"HEP-TH/9901001v2"_s << arxivOld << u"hep-th/9901001v2"_s << u"hep-th/9901001"_s << 2;
    QTest::newRow("MATH.gt/0309136 (any case)")
        << u"MATH.gt/0309136"_s << arxivOld << u"math.GT/0309136"_s << u"math.GT/0309136"_s << 0;
    QTest::newRow("doi.org/ without scheme")
        << u"doi.org/10.1000/XYZ"_s << doi << u"10.1000/xyz"_s << u"10.1000/xyz"_s << 0;
    QTest::newRow("doi.org address, percent-encoded")
        << u"https://doi.org/10.1002/%28SICI%291097"_s << doi << u"10.1002/(sici)1097"_s
        << u"10.1002/(sici)1097"_s << 0;
    QTest::newRow("doi: 10.1000/xyz")
        << u"doi: 10.1000/xyz"_s << doi << u"10.1000/xyz"_s << u"10.1000/xyz"_s << 0;

    // DOIs: lower-cased, prefixes dropped.
    QTest::newRow("10.1234/abc.5678")
        << u"10.1234/abc.5678"_s << doi << u"10.1234/abc.5678"_s << u"10.1234/abc.5678"_s << 0;
    QTest::newRow("10.48550/arXiv.2104.04473")
        << u"10.48550/arXiv.2104.04473"_s << doi << u"10.48550/arxiv.2104.04473"_s
        << u"10.48550/arxiv.2104.04473"_s << 0;
    QTest::newRow("DOI:10.1000/XYZ")
        << u"DOI:10.1000/XYZ"_s << doi << u"10.1000/xyz"_s << u"10.1000/xyz"_s << 0;
    QTest::newRow("https://doi.org/10.1000/xyz")
        << u"https://doi.org/10.1000/xyz"_s << doi << u"10.1000/xyz"_s << u"10.1000/xyz"_s << 0;
    QTest::newRow("http://doi.org/")
        << u"http://doi.org/10.1000/xyz"_s << doi << u"10.1000/xyz"_s << u"10.1000/xyz"_s << 0;
    QTest::newRow("https://dx.doi.org/")
        << u"https://dx.doi.org/10.1000/xyz"_s << doi << u"10.1000/xyz"_s << u"10.1000/xyz"_s << 0;
    QTest::newRow("10.1000.10/abc")
        << u"10.1000.10/abc"_s << doi << u"10.1000.10/abc"_s << u"10.1000.10/abc"_s << 0;
    QTest::newRow("nine-digit registrant")
        << u"10.123456789/a"_s << doi << u"10.123456789/a"_s << u"10.123456789/a"_s << 0;
    QTest::newRow("suffix with slashes and punctuation")
        << u"10.1002/(SICI)1097-4636(199706)35:4<481::AID-JBM8>3.0.CO;2-D"_s << doi
        << u"10.1002/(sici)1097-4636(199706)35:4<481::aid-jbm8>3.0.co;2-d"_s
        << u"10.1002/(sici)1097-4636(199706)35:4<481::aid-jbm8>3.0.co;2-d"_s << 0;
}

void TestIdentifier::valid()
{
    QFETCH(QString, text);
    QFETCH(Identifier::Kind, kind);
    QFETCH(QString, canonical);
    QFETCH(QString, base);
    QFETCH(int, version);

    const IdentifierCheck check = parseIdentifier(text);
    QVERIFY2(check.ok(), qPrintable(check.error));
    QCOMPARE(check.error, QString());
    QCOMPARE(kindName(check.identifier->kind), kindName(kind));
    QCOMPARE(check.identifier->canonical, canonical);
    QCOMPARE(check.identifier->base, base);
    QCOMPARE(check.identifier->version, version);

    // The canonical form is itself valid and maps to itself.
    const IdentifierCheck again = parseIdentifier(canonical);
    QVERIFY2(again.ok(), qPrintable(again.error));
    QCOMPARE(again.identifier->canonical, canonical);

    // arXiv ids also pass the arXiv-only check, with the same result; DOIs do not.
    const IdentifierCheck arxiv = parseArxivId(text);
    QCOMPARE(arxiv.ok(), kind != Identifier::Kind::Doi);
    if (arxiv.ok())
        QCOMPARE(arxiv.identifier->canonical, canonical);
}

void TestIdentifier::invalid_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("words"); // each must appear in the message

    QTest::newRow("0703.0001 too early")
        << u"0703.0001"_s << QStringList { u"start at 0704 (April 2007)"_s, u"0703"_s };
    QTest::newRow("0012.0001 too early")
        << u"0012.0001"_s << QStringList { u"start at 0704"_s, u"0012"_s };
    QTest::newRow("1501.1234 four digits")
        << u"1501.1234"_s
        << QStringList { u"from 1501 on have five digits after the dot"_s, u"found 4"_s };
    QTest::newRow("2104.4473 four digits")
        << u"2104.4473"_s << QStringList { u"five digits after the dot"_s, u"2104.4473"_s };
    QTest::newRow("1412.12345 five digits")
        << u"1412.12345"_s
        << QStringList { u"before 1501 have four digits after the dot"_s, u"found 5"_s };
    QTest::newRow("1513.12345 month")
        << u"1513.12345"_s << QStringList { u"month 13 in 1513.12345 is not a month"_s };
    QTest::newRow("1500.12345 month 00")
        << u"1500.12345"_s << QStringList { u"month 00"_s, u"not a month"_s };
    QTest::newRow("2104.00000 zeros") << u"2104.00000"_s << QStringList { u"all zeros"_s };
    QTest::newRow("0801.0000 zeros") << u"0801.0000"_s << QStringList { u"all zeros"_s };
    QTest::newRow("210.04473 short YYMM")
        << u"210.04473"_s << QStringList { u"four digits YYMM before the dot"_s };
    QTest::newRow("2104.04473v0")
        << u"2104.04473v0"_s
        << QStringList { u"version must be v followed by a number from 1, found v0"_s };
    QTest::newRow("2104.04473v01")
        << u"2104.04473v01"_s << QStringList { u"number from 1, found v01"_s };
    QTest::newRow("2104.04473v") << u"2104.04473v"_s
                                 << QStringList { u"version must be v followed by a number"_s,
                                        u"no number"_s };
    QTest::newRow("2104.04473vx") << u"2104.04473vx"_s << QStringList { u"found vx"_s };
    QTest::newRow("2104.04473V2") << u"2104.04473V2"_s << QStringList { u"lower-case v"_s };
    QTest::newRow("2104.04473v1000") << u"2104.04473v1000"_s << QStringList { u"too large"_s };
    QTest::newRow("trailing text")
        << u"2104.04473.pdf"_s << QStringList { u"unexpected '.pdf'"_s, u"such as v2"_s };
    QTest::newRow("hep-th/910701 six digits")
        << u"hep-th/910701"_s << QStringList { u"seven digits after the slash"_s, u"found 6"_s };
    QTest::newRow("hep-th/9107001 too early")
        << u"hep-th/9107001"_s << QStringList { u"9108 (August 1991)"_s, u"found 9107"_s };
    QTest::newRow("hep-th/0704001 too late")
        << u"hep-th/0704001"_s << QStringList { u"0703 (March 2007)"_s, u"found 0704"_s };
    QTest::newRow("hep-th/5001001 no such year")
        << u"hep-th/5001001"_s << QStringList { u"9108 (August 1991)"_s, u"found 5001"_s };
    QTest::newRow("hep-th/9913001 month")
        << u"hep-th/9913001"_s << QStringList { u"month 13 in hep-th/9913001 is not a month"_s };
    QTest::newRow("hep-th/9901000 paper 000")
        << u"hep-th/9901000"_s << QStringList { u"cannot be 000"_s };
    QTest::newRow("arxiv.org/list: an arXiv address of no paper")
        << u"https://arxiv.org/list/cs.LG/recent"_s
        << QStringList { u"an arXiv address but not one of a paper"_s,
               u"https://arxiv.org/abs/ID"_s };
    QTest::newRow("another site's address")
        << u"https://example.org/paper/2104.04473"_s
        << QStringList { u"a web address but not one of an identifier"_s,
               u"https://doi.org/DOI"_s };
    QTest::newRow("abs address of a bad id")
        << u"https://arxiv.org/abs/2104.0447"_s
        << QStringList { u"in the arXiv address 'https://arxiv.org/abs/2104.0447'"_s,
               u"five digits after the dot"_s };
    QTest::newRow("empty doi.org address")
        << u"https://doi.org/"_s << QStringList { u"not one of an identifier"_s };
    QTest::newRow("math.GTX/0309136 subject class")
        << u"math.GTX/0309136"_s << QStringList { u"subject class is a dot and two letters"_s };
    QTest::newRow("hep_th/9901001 archive characters")
        << u"hep_th/9901001"_s
        << QStringList { u"not an arXiv id or a DOI"_s, u"'hep_th/9901001'"_s };
    QTest::newRow("10.123/abc three digits")
        << u"10.123/abc"_s
        << QStringList { u"a DOI prefix is 10. followed by 4 to 9 digits"_s, u"'10.123'"_s };
    QTest::newRow("10.1234567890/abc ten digits")
        << u"10.1234567890/abc"_s << QStringList { u"4 to 9 digits"_s };
    QTest::newRow("10.1234/ empty suffix")
        << u"10.1234/"_s << QStringList { u"a DOI needs a suffix after the slash"_s };
    QTest::newRow("10.1234 no slash")
        << u"10.1234"_s << QStringList { u"a DOI needs a slash and a suffix"_s };
    QTest::newRow("10.1234 abc") << u"10.1234 abc"_s
                                 << QStringList { u"cannot contain spaces"_s, u"'10.1234 abc'"_s };
    QTest::newRow("10.12a4/abc") << u"10.12a4/abc"_s << QStringList { u"4 to 9 digits"_s };
    QTest::newRow("zero-width space in DOI")
        << u"10.1234/ab\u200Bc"_s << QStringList { u"invisible or control characters"_s };
    QTest::newRow("doi: without 10.")
        << u"doi:abc/def"_s << QStringList { u"a DOI starts with 10."_s, u"'doi:abc/def'"_s };
    QTest::newRow("empty") << QString() << QStringList { u"empty identifier"_s };
    QTest::newRow("blank") << u"   "_s << QStringList { u"empty identifier"_s };
    QTest::newRow("<script>")
        << u"<script>"_s
        << QStringList { u"not an arXiv id or a DOI: expected YYMM.NNNNN, archive/YYMMNNN or "
                         u"10.NNNN/suffix, found '<script>'"_s };
    QTest::newRow("arXiv: garbage")
        << u"arXiv:nonsense"_s
        << QStringList { u"not an arXiv id: expected YYMM.NNNNN or archive/YYMMNNN"_s,
               u"'arXiv:nonsense'"_s };
    const QString longText = QString(80, u'x');
    QTest::newRow("long garbage is cut")
        << longText << QStringList { u"found '"_s + QString(60, u'x') + u"\u2026'"_s };
}

void TestIdentifier::invalid()
{
    QFETCH(QString, text);
    QFETCH(QStringList, words);

    const IdentifierCheck check = parseIdentifier(text);
    QVERIFY(!check.ok());
    QVERIFY(!check.error.isEmpty());
    for (const QString &word : std::as_const(words))
        QVERIFY2(check.error.contains(word),
            qPrintable(u"message \""_s + check.error + u"\" lacks \""_s + word + u'"'));
}

void TestIdentifier::arxivOnly_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("word"); // must appear in the message

    QTest::newRow("DOI") << u"10.1000/xyz"_s << u"a DOI is not an arXiv id"_s;
    QTest::newRow("doi: DOI") << u"doi:10.1000/xyz"_s << u"a DOI is not an arXiv id"_s;
    QTest::newRow("empty") << u" "_s << u"empty identifier"_s;
    QTest::newRow("garbage") << u"<script>"_s << u"not an arXiv id: expected"_s;
    QTest::newRow("bad arXiv") << u"1501.1234"_s << u"five digits after the dot"_s;
    QTest::newRow("doi.org address")
        << u"https://doi.org/10.1000/xyz"_s << u"a DOI is not an arXiv id"_s;
    QTest::newRow("arxiv.org list") << u"arxiv.org/list/hep-th/new"_s << u"not one of a paper"_s;
}

void TestIdentifier::arxivOnly()
{
    QFETCH(QString, text);
    QFETCH(QString, word);

    const IdentifierCheck check = parseArxivId(text);
    QVERIFY(!check.ok());
    QVERIFY2(check.error.contains(word), qPrintable(check.error));
}

void TestIdentifier::same_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<bool>("same");

    QTest::newRow("DOI case") << u"10.1000/ABC"_s << u"doi:10.1000/abc"_s << true;
    QTest::newRow("DOI URL") << u"https://doi.org/10.1000/Abc"_s << u"10.1000/aBC"_s << true;
    QTest::newRow("arXiv prefix") << u"2104.04473"_s << u"arXiv:2104.04473"_s << true;
    QTest::newRow("subject class case") << u"math.gt/0309136"_s << u"math.GT/0309136"_s << true;
    QTest::newRow("versions differ") << u"2104.04473v1"_s << u"2104.04473v2"_s << false;
    QTest::newRow("version vs none") << u"2104.04473"_s << u"2104.04473v1"_s << false;
    QTest::newRow("different ids") << u"2104.04473"_s << u"2104.04474"_s << false;
    QTest::newRow("arXiv id vs its DOI")
        << u"2104.04473"_s << u"10.48550/arXiv.2104.04473"_s << false;
    QTest::newRow("both invalid") << u"garbage"_s << u"garbage"_s << false;
    QTest::newRow("one invalid") << u"2104.4473"_s << u"2104.4473"_s << false;
    QTest::newRow("both empty") << QString() << QString() << false;
}

void TestIdentifier::same()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(bool, same);

    QCOMPARE(sameIdentifier(a, b), same);
    QCOMPARE(sameIdentifier(b, a), same);
}

void TestIdentifier::baseEqualAcrossVersions()
{
    const IdentifierCheck v1 = parseIdentifier(u"2104.04473v1");
    const IdentifierCheck v2 = parseIdentifier(u"2104.04473v2");
    QVERIFY(v1.ok());
    QVERIFY(v2.ok());
    QCOMPARE(v1.identifier->base, v2.identifier->base);
    QCOMPARE(v1.identifier->version, 1);
    QCOMPARE(v2.identifier->version, 2);
    QVERIFY(v1.identifier->canonical != v2.identifier->canonical);
}

void TestIdentifier::arxivDoi_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("doi");

    QTest::newRow("new style") << u"2104.04473"_s << u"10.48550/arxiv.2104.04473"_s;
    QTest::newRow("version dropped") << u"2104.04473v3"_s << u"10.48550/arxiv.2104.04473"_s;
    QTest::newRow("prefix") << u"arXiv:0704.0001"_s << u"10.48550/arxiv.0704.0001"_s;
    QTest::newRow("old style") << u"hep-th/9901001"_s << u"10.48550/arxiv.hep-th/9901001"_s;
    QTest::newRow("subject class") << u"math.GT/0309136"_s << u"10.48550/arxiv.math.gt/0309136"_s;
    QTest::newRow("invalid") << u"2104.4473"_s << QString();
    QTest::newRow("a DOI") << u"10.1000/xyz"_s << QString();
}

void TestIdentifier::arxivDoi()
{
    QFETCH(QString, id);
    QFETCH(QString, doi);

    QCOMPARE(LedgerCurator::arxivDoi(id), doi);
    if (!doi.isEmpty())
        QVERIFY(sameIdentifier(LedgerCurator::arxivDoi(id), doi));
}

void TestIdentifier::normalizesRecordIds_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("id");
    QTest::newRow("plain") << QStringLiteral("2104.04473") << QStringLiteral("2104.04473");
    QTest::newRow("prefix") << QStringLiteral("arXiv:2104.04473") << QStringLiteral("2104.04473");
    QTest::newRow("version") << QStringLiteral("2104.04473v5") << QStringLiteral("2104.04473");
    QTest::newRow("old style") << QStringLiteral("hep-th/9901001v2")
                               << QStringLiteral("hep-th/9901001");
    QTest::newRow("spaces") << QStringLiteral("  arxiv:2104.04473 ")
                            << QStringLiteral("2104.04473");
}

void TestIdentifier::normalizesRecordIds()
{
    QFETCH(QString, input);
    QFETCH(QString, id);
    QCOMPARE(normalizeRecordId(input), id);
}

QTEST_GUILESS_MAIN(TestIdentifier)
#include "tst_identifier.moc"
