// SPDX-License-Identifier: GPL-3.0-or-later
// The Qt Linguist translations (translations/*.ts): complete, well-formed, and up to date with
// the sources (the real lupdate is run on them and must find nothing the files lack).
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

struct Message
{
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    QString type; // of <translation>: empty, unfinished, obsolete, vanished
    QStringList forms; // one translation, or the numerus forms
    QString key() const { return context + u'\x1f' + source + u'\x1f' + comment; }
};

struct TsFile
{
    QString language;
    QList<Message> messages;
    QString error;
};

TsFile readTs(const QString &path)
{
    TsFile ts;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ts.error = path + QStringLiteral(": ") + file.errorString();
        return ts;
    }
    QXmlStreamReader xml(&file);
    QString context;
    Message message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == u"TS") {
                ts.language = xml.attributes().value(QStringLiteral("language")).toString();
            } else if (name == u"name") {
                context = xml.readElementText();
            } else if (name == u"message") {
                message = Message {};
                message.context = context;
                message.numerus = xml.attributes().value(QStringLiteral("numerus")) == u"yes";
            } else if (name == u"source") {
                message.source = xml.readElementText();
            } else if (name == u"comment") {
                message.comment = xml.readElementText();
            } else if (name == u"translation") {
                message.type = xml.attributes().value(QStringLiteral("type")).toString();
                if (!message.numerus)
                    message.forms.append(xml.readElementText());
            } else if (name == u"numerusform") {
                message.forms.append(xml.readElementText());
            }
        } else if (xml.isEndElement() && xml.name() == u"message") {
            ts.messages.append(message);
        }
    }
    if (xml.hasError())
        ts.error
            = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return ts;
}

//! The placeholders of a text: %1..%9 (also %L1) and %n (also %Ln), sorted, "L" dropped.
QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%L?([1-9]|n)"));
    QStringList found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found.append(u'%' + it.next().captured(1));
    found.sort();
    found.removeDuplicates();
    return found;
}

//! The number of mnemonic markers: an & followed by a character other than &, a space or the end.
int mnemonics(const QString &text)
{
    int count = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] != u'&')
            continue;
        if (i + 1 < text.size() && text[i + 1] == u'&') {
            ++i; // a literal &
            continue;
        }
        if (i + 1 < text.size() && !text[i + 1].isSpace())
            ++count;
    }
    return count;
}

const QStringList &tsFiles()
{
    static const QStringList files { QStringLiteral(
                                         LC_SOURCE_DIR "/translations/ledger-curator_de.ts"),
        QStringLiteral(LC_SOURCE_DIR "/translations/ledger-curator_fr.ts") };
    return files;
}

int numerusForms(const QString &language)
{
    // German and French have two forms (French: 0 and 1 singular); see Qt's numerus rules.
    if (language.startsWith(u"de") || language.startsWith(u"fr") || language == u"en")
        return 2;
    return -1;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void complete_data();
    void complete();
    void upToDateWithTheSources();
    void englishPlurals();
};

void TestTranslations::complete_data()
{
    QTest::addColumn<QString>("path");
    for (const QString &path : tsFiles())
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
}

void TestTranslations::complete()
{
    QFETCH(QString, path);
    const TsFile ts = readTs(path);
    QVERIFY2(ts.error.isEmpty(), qPrintable(ts.error));
    QVERIFY2(QFileInfo(path).baseName().endsWith(u'_' + ts.language), qPrintable(ts.language));
    const int forms = numerusForms(ts.language);
    QVERIFY2(forms > 0, qPrintable(QStringLiteral("no numerus rule known for ") + ts.language));
    QVERIFY(ts.messages.size() > 100);

    QStringList problems;
    QSet<QString> keys;
    for (const Message &m : ts.messages) {
        const QString where = m.context + QStringLiteral(": \"") + m.source + u'"';
        if (keys.contains(m.key()))
            problems.append(where + QStringLiteral(": listed twice"));
        keys.insert(m.key());
        if (!m.type.isEmpty()) {
            problems.append(where + QStringLiteral(": type=") + m.type);
            continue;
        }
        if (m.numerus && m.forms.size() != forms)
            problems.append(where
                + QStringLiteral(": %1 numerus forms, %2 expected").arg(m.forms.size()).arg(forms));
        if (m.numerus != m.source.contains(QRegularExpression(QStringLiteral("%L?n"))))
            problems.append(where + QStringLiteral(": numerus=\"yes\" goes with %n"));
        const QStringList expected = placeholders(m.source);
        const int sourceMnemonics = mnemonics(m.source);
        if (sourceMnemonics > 1)
            problems.append(where + QStringLiteral(": more than one & in the source"));
        for (const QString &form : m.forms) {
            if (form.trimmed().isEmpty()) {
                problems.append(where + QStringLiteral(": empty translation"));
                continue;
            }
            // A numerus form may leave %n out (a language may say "one" instead), no other one.
            QStringList found = placeholders(form);
            QStringList wanted = expected;
            if (m.numerus && !found.contains(QStringLiteral("%n")))
                wanted.removeAll(QStringLiteral("%n"));
            if (found != wanted)
                problems.append(where
                    + QStringLiteral(": placeholders %1 in \"%2\", %3 expected")
                          .arg(found.join(u' '), form, expected.join(u' ')));
            if (mnemonics(form) != sourceMnemonics)
                problems.append(where
                    + QStringLiteral(": %1 mnemonic(s) in \"%2\", %3 expected")
                          .arg(mnemonics(form))
                          .arg(form)
                          .arg(sourceMnemonics));
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

//! lupdate on the same sources and options as the update_translations target, into \a fresh
//! (with -pluralonly: the English plurals' file). Empty when it ran, else its output.
static QString runLupdate(const QString &fresh, bool pluralsOnly)
{
    QStringList arguments { QStringLiteral("-no-obsolete"), QStringLiteral("-locations"),
        QStringLiteral("none"), QStringLiteral("@" LC_I18N_SOURCES_LIST), QStringLiteral("-ts"),
        fresh };
    if (pluralsOnly)
        arguments << QStringLiteral("-pluralonly") << QStringLiteral("-target-language")
                  << QStringLiteral("en");
    QProcess lupdate;
    lupdate.setProcessChannelMode(QProcess::MergedChannels);
    lupdate.start(QStringLiteral(LC_LUPDATE_PATH), arguments);
    if (!lupdate.waitForFinished(120000))
        return QStringLiteral("lupdate did not finish");
    const QByteArray output = lupdate.readAll();
    if (lupdate.exitStatus() != QProcess::NormalExit || lupdate.exitCode() != 0)
        return QString::fromUtf8(output);
    return {};
}

//! The messages of \a scanned missing from \a path, and those of \a path not in \a scanned.
static QStringList compareWithSources(const QString &path, const TsFile &scanned)
{
    const TsFile ts = readTs(path);
    if (!ts.error.isEmpty())
        return { ts.error };
    QSet<QString> inSources, committed;
    for (const Message &m : scanned.messages)
        inSources.insert(m.key());
    for (const Message &m : ts.messages)
        committed.insert(m.key());
    QStringList problems;
    for (const Message &m : scanned.messages) {
        if (!committed.contains(m.key()))
            problems.append(QStringLiteral("missing: %1: \"%2\"").arg(m.context, m.source));
    }
    for (const Message &m : ts.messages) {
        if (!inSources.contains(m.key()))
            problems.append(
                QStringLiteral("no longer in the sources: %1: \"%2\"").arg(m.context, m.source));
    }
    if (!problems.isEmpty())
        problems.prepend(QFileInfo(path).fileName()
            + QStringLiteral(
                " is out of date: run cmake --build BUILD --target update_translations, "
                "then translate (the English plurals: scripts/fill-en-plurals.py)"));
    return problems;
}

void TestTranslations::upToDateWithTheSources()
{
    // Every message lupdate finds must be in the committed files, and nothing else.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fresh = dir.filePath(QStringLiteral("fresh_de.ts"));
    const QString ran = runLupdate(fresh, false);
    QVERIFY2(ran.isEmpty(), qPrintable(ran));
    const TsFile scanned = readTs(fresh);
    QVERIFY2(scanned.error.isEmpty(), qPrintable(scanned.error));
    QVERIFY(scanned.messages.size() > 100);
    for (const QString &path : tsFiles()) {
        const QStringList problems = compareWithSources(path, scanned);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }
}

void TestTranslations::englishPlurals()
{
    // translations/ledger-curator_en.ts: the English forms of every message with %n (the sources
    // say "%n notice(s)"; English needs "1 notice" and "2 notices"), as lupdate -pluralonly finds
    // them, each with both forms and neither saying "(s)".
    const QString path = QStringLiteral(LC_SOURCE_DIR "/translations/ledger-curator_en.ts");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fresh = dir.filePath(QStringLiteral("fresh_en.ts"));
    const QString ran = runLupdate(fresh, true);
    QVERIFY2(ran.isEmpty(), qPrintable(ran));
    const TsFile scanned = readTs(fresh);
    QVERIFY2(scanned.error.isEmpty(), qPrintable(scanned.error));
    QVERIFY(scanned.messages.size() > 50);
    QStringList problems = compareWithSources(path, scanned);

    const TsFile ts = readTs(path);
    QVERIFY2(ts.error.isEmpty(), qPrintable(ts.error));
    QCOMPARE(ts.language, QStringLiteral("en"));
    for (const Message &m : ts.messages) {
        const QString where = m.context + QStringLiteral(": \"") + m.source + u'"';
        if (!m.numerus)
            problems.append(where + QStringLiteral(": not a plural"));
        if (!m.type.isEmpty())
            problems.append(where + QStringLiteral(": type=") + m.type);
        if (m.forms.size() != 2) {
            problems.append(where + QStringLiteral(": %1 forms").arg(m.forms.size()));
            continue;
        }
        for (const QString &form : m.forms) {
            if (form.trimmed().isEmpty() || form.contains(QStringLiteral("(s)")))
                problems.append(where + QStringLiteral(": form \"%1\"").arg(form));
            if (mnemonics(form) != mnemonics(m.source))
                problems.append(where + QStringLiteral(": mnemonics in \"%1\"").arg(form));
            QStringList found = placeholders(form);
            QStringList wanted = placeholders(m.source);
            if (!found.contains(QStringLiteral("%n")))
                wanted.removeAll(QStringLiteral("%n"));
            if (found != wanted)
                problems.append(where + QStringLiteral(": placeholders in \"%1\"").arg(form));
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
