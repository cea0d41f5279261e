// SPDX-License-Identifier: GPL-3.0-or-later
// DisplayText: the token form for terminals, the isolated HTML field, the print form, the break
// opportunities of long runs and the JSON spelling for terminals (issue 20, items 5 and 6).
#include "DisplayText.h"
#include "TextHygiene.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace LedgerCurator;
using namespace LedgerCurator::DisplayText;

namespace {

QString u(char32_t c)
{
    return QString::fromUcs4(&c, 1);
}

} // namespace

class TestDisplayText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void forTerminal_data();
    void forTerminal();
    void controlsAmongPrintableAscii();
    void keepsNewlines();
    void htmlField_data();
    void htmlField();
    void print();
    void breaks_data();
    void breaks();
    void breaksLinearly();
    void jsonForTerminal_data();
    void jsonForTerminal();
    void shortened_data();
    void shortened();
};

void TestDisplayText::forTerminal_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << QStringLiteral("Attention is all you need")
                           << QStringLiteral("Attention is all you need");
    QTest::newRow("accents and scripts")
        << QStringLiteral("Schrödinger · Ελληνικά · العربية · 中文 😀")
        << QStringLiteral("Schrödinger · Ελληνικά · العربية · 中文 😀");
    QTest::newRow("tab kept") << QStringLiteral("a\tb") << QStringLiteral("a\tb");
    QTest::newRow("ESC [31m") << QStringLiteral("red \x1b[31mtext")
                              << QStringLiteral("red <U+001B>[31mtext");
    QTest::newRow("BEL") << QStringLiteral("ding\a") << QStringLiteral("ding<U+0007>");
    QTest::newRow("NUL") << QString(QStringLiteral("a") + QChar(0) + QStringLiteral("b"))
                         << QStringLiteral("a<U+0000>b");
    QTest::newRow("CR hides the start")
        << QStringLiteral("Ada\rEve") << QStringLiteral("Ada<U+000D>Eve");
    QTest::newRow("newline tokenized")
        << QStringLiteral("one\ntwo") << QStringLiteral("one<U+000A>two");
    QTest::newRow("DEL") << QStringLiteral("x\x7fy") << QStringLiteral("x<U+007F>y");
    QTest::newRow("C1 CSI") << QString(QStringLiteral("x") + QChar(0x9B) + QStringLiteral("31m"))
                            << QStringLiteral("x<U+009B>31m");
    QTest::newRow("C1 NEL and APC")
        << QString(QChar(0x85) + QChar(0x9F)) << QStringLiteral("<U+0085><U+009F>");
    QTest::newRow("NBSP kept") << QString(QChar(0xA0)) << QString(QChar(0xA0));
    QTest::newRow("RLO") << QString(QStringLiteral("abc") + QChar(0x202E) + QStringLiteral("def"))
                         << QStringLiteral("abc<U+202E>def");
    QTest::newRow("embeddings and PDF")
        << QString(QChar(0x202A) + QChar(0x202B) + QChar(0x202C) + QChar(0x202D))
        << QStringLiteral("<U+202A><U+202B><U+202C><U+202D>");
    QTest::newRow("isolates") << QString(QChar(0x2066) + QChar(0x2067) + QChar(0x2068)
        + QChar(0x2069)) << QStringLiteral("<U+2066><U+2067><U+2068><U+2069>");
    QTest::newRow("marks") << QString(QChar(0x200E) + QChar(0x200F) + QChar(0x061C))
                           << QStringLiteral("<U+200E><U+200F><U+061C>");
    QTest::newRow("line and paragraph separators")
        << QString(QChar(0x2028) + QChar(0x2029)) << QStringLiteral("<U+2028><U+2029>");
    QTest::newRow("ZWJ emoji kept")
        << QStringLiteral("👩‍💻") << QStringLiteral("👩‍💻");
    QTest::newRow("ZWNJ kept") << QString(QStringLiteral("می") + QChar(0x200C)
        + QStringLiteral(
            "خواهم")) << QString(QStringLiteral("می") + QChar(0x200C) + QStringLiteral("خواهم"));
    QTest::newRow("lone high surrogate")
        << QString(QStringLiteral("a") + QChar(0xD800) + u' ') << QStringLiteral("a<U+D800> ");
    QTest::newRow("lone low surrogate at the end")
        << QString(QStringLiteral("a") + QChar(0xDC00)) << QStringLiteral("a<U+DC00>");
    QTest::newRow("pair kept") << u(0x1F600) << u(0x1F600);
    QTest::newRow("supplementary C1-looking kept") << u(0x1009B) << u(0x1009B);
    QTest::newRow("empty") << QString() << QString();
}

void TestDisplayText::controlsAmongPrintableAscii()
{
    // Printable ASCII is skipped four units at a time: a character to show as a token is found
    // at every place in and around such a run, and only the characters at the ends of the
    // printable range pass.
    const QString plain = QStringLiteral(" ~abcdefghij0123456789");
    QCOMPARE(DisplayText::forTerminal(plain), plain);
    for (const char16_t special : { u'\x01', u'\x1f', u'\x7f', u'\x85', u'\u202e' }) {
        for (qsizetype at = 0; at <= plain.size(); ++at) {
            QString text = plain;
            text.insert(at, QChar(special));
            QString expected = plain;
            expected.insert(at, u'<' + codePointName(special) + u'>');
            QCOMPARE(DisplayText::forTerminal(text), expected);
        }
    }
}

void TestDisplayText::forTerminal()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const QString shown = DisplayText::forTerminal(text);
    QCOMPARE(shown, expected);
    for (const QChar c : shown)
        QVERIFY2(!needsToken(c.unicode()) || c.isSurrogate(), qPrintable(shown));
}

void TestDisplayText::keepsNewlines()
{
    QCOMPARE(DisplayText::forTerminal(QStringLiteral("one\ntwo\r\n\x1b"), Lines::Keep),
        QStringLiteral("one\ntwo<U+000D>\n<U+001B>"));
    const QString plain = QString::fromUtf8("nothing to change\n");
    QVERIFY(DisplayText::forTerminal(plain, Lines::Keep).isSharedWith(plain));
}

void TestDisplayText::htmlField_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << QStringLiteral("Title")
                           << QStringLiteral("<bdi>&#x2068;Title&#x2069;</bdi>");
    QTest::newRow("markup escaped")
        << QStringLiteral("<img src=x onerror=\"a&b\">")
        << QStringLiteral("<bdi>&#x2068;&lt;img src=x "
                          "onerror=&quot;a&amp;b&quot;&gt;&#x2069;</bdi>");
    QTest::newRow("RLO shown, not kept")
        << QString(QStringLiteral("abc") + QChar(0x202E) + QStringLiteral("def"))
        << QStringLiteral("<bdi>&#x2068;abc&lt;U+202E&gt;def&#x2069;</bdi>");
    QTest::newRow("PDI cannot close the isolate early")
        << QString(QChar(0x2069) + QChar(0x202E) + QStringLiteral("x"))
        << QStringLiteral("<bdi>&#x2068;&lt;U+2069&gt;&lt;U+202E&gt;x&#x2069;</bdi>");
    QTest::newRow("ESC and newline") << QStringLiteral(
        "a\x1b[1m\nb") << QStringLiteral("<bdi>&#x2068;a&lt;U+001B&gt;[1m\nb&#x2069;</bdi>");
    QTest::newRow("Hebrew kept") << QStringLiteral("שלום")
                                 << QStringLiteral("<bdi>&#x2068;שלום&#x2069;</bdi>");
}

void TestDisplayText::htmlField()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(forHtml(text, 0, Isolate::ElementAndCharacters), expected);
    const QString inner = expected.mid(13, expected.size() - 13 - 14);
    QCOMPARE(forHtml(text), QStringLiteral("<bdi>") + inner + QStringLiteral("</bdi>"));
    QCOMPARE(htmlEscaped(text), inner);
    QCOMPARE(forHtml(text, 0, Isolate::Characters),
        QStringLiteral("&#x2068;") + inner + QStringLiteral("&#x2069;"));
    QCOMPARE(forHtml(text, 0, Isolate::None), inner);
}

void TestDisplayText::print()
{
    QCOMPARE(forPrint(QString(QStringLiteral("a") + QChar(0x202E) + QStringLiteral("b\n"))),
        QString(QChar(0x2068) + QStringLiteral("a<U+202E>b<U+000A>") + QChar(0x2069)));
}

void TestDisplayText::breaks_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("longest");
    QTest::addColumn<QString>("expected");
    const QString zw(QChar(0x200B));
    const QString run40 = QStringLiteral("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN");
    QTest::newRow("short run kept") << run40 << 64 << run40;
    QTest::newRow("off") << run40 << 0 << run40;
    QTest::newRow("long run broken every 16")
        << run40 << 32 << QString(run40.left(16) + zw + run40.mid(16, 16) + zw + run40.mid(32));
    QTest::newRow("words kept")
        << QStringLiteral("a title of many short words that goes on well past the limit") << 16
        << QStringLiteral("a title of many short words that goes on well past the limit");
    QTest::newRow("only the long word") << QString(QStringLiteral("short ") + run40) << 32
                                        << QString(QStringLiteral("short ") + run40.left(16) + zw
                                               + run40.mid(16, 16) + zw + run40.mid(32));
    // 15 letters, then a letter with a combining accent at the 16th place: the break waits for
    // the end of the grapheme.
    const QString accented = QStringLiteral("abcdefghijklmnoe\u0301pqrstuvwxyzabcdefgh");
    QTest::newRow("not inside a grapheme")
        << accented << 20
        << QString(accented.left(17) + zw + accented.mid(17, 16) + zw + accented.mid(33));
    QString emoji;
    for (int i = 0; i < 20; ++i)
        emoji += u(0x1F600);
    // Emoji allow a break between them already (UAX #14, ID): nothing to add.
    QTest::newRow("emoji break already") << emoji << 20 << emoji;
}

void TestDisplayText::breaks()
{
    QFETCH(QString, text);
    QFETCH(int, longest);
    QFETCH(QString, expected);
    const QString broken = withBreakOpportunities(text, longest);
    QCOMPARE(broken, expected);
    QString back = broken;
    back.remove(QChar(0x200B));
    if (!text.contains(QChar(0x200B)))
        QCOMPARE(back, text);
}

void TestDisplayText::breaksLinearly()
{
    // 4 MB of one run: a quadratic pass would take minutes; this takes milliseconds.
    const QString run(4 * 1024 * 1024, u'x');
    QElapsedTimer timer;
    timer.start();
    const QString broken = withBreakOpportunities(run, 64);
    QCOMPARE(broken.size(), run.size() + (run.size() - 1) / kBreakStep);
    QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
}

void TestDisplayText::jsonForTerminal_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("spelled");
    QTest::newRow("plain") << QStringLiteral("abc") << QStringLiteral("abc");
    QTest::newRow("RLO") << QString(QChar(0x202E)) << QStringLiteral("\\u202e");
    QTest::newRow("C1") << QString(QChar(0x9B)) << QStringLiteral("\\u009b");
    QTest::newRow("DEL") << QString(QChar(0x7F)) << QStringLiteral("\\u007f");
    QTest::newRow("ESC (escaped by Qt already)")
        << QStringLiteral("\x1b") << QStringLiteral("\\u001b");
    QTest::newRow("emoji kept") << u(0x1F600) << u(0x1F600);
}

void TestDisplayText::jsonForTerminal()
{
    QFETCH(QString, value);
    QFETCH(QString, spelled);
    const QString json = QString::fromUtf8(QJsonDocument(
        QJsonObject {
            { QStringLiteral("v"), value } }).toJson(QJsonDocument::Compact));
    const QString shown = forJsonTerminal(json);
    QCOMPARE(shown, QStringLiteral("{\"v\":\"") + spelled + QStringLiteral("\"}"));
    // The same data read back.
    QJsonParseError error;
    const QJsonDocument back = QJsonDocument::fromJson(shown.toUtf8(), &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(back.object().value(QStringLiteral("v")).toString(), value);
}

void TestDisplayText::shortened_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("longest");
    QTest::addColumn<QString>("expected");
    QTest::newRow("short enough") << QStringLiteral("abcdef") << 6 << QStringLiteral("abcdef");
    QTest::newRow("cut in the middle")
        << QStringLiteral("abcdefghij") << 7 << QStringLiteral("abc…hij");
    // "𝒜" (U+1D49C) is a surrogate pair: never split, the cut moves around it.
    QTest::newRow("pair before the cut")
        << QStringLiteral("ab\U0001D49Cdefghij") << 7 << QStringLiteral("ab…hij");
    QTest::newRow("pair after the cut")
        << QStringLiteral("abcdefg\U0001D49Cij") << 7 << QStringLiteral("abc…ij");
}

void TestDisplayText::shortened()
{
    QFETCH(QString, text);
    QFETCH(int, longest);
    QFETCH(QString, expected);
    const QString shortened = DisplayText::shortened(text, longest);
    QCOMPARE(shortened, expected);
    QVERIFY(shortened.size() <= longest);
    // A 240,000-character title comes out at the length asked for.
    QCOMPARE(DisplayText::shortened(QString(240000, u'x'), 160).size(), 160);
}

QTEST_GUILESS_MAIN(TestDisplayText)
#include "tst_displaytext.moc"
