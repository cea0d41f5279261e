// SPDX-License-Identifier: GPL-3.0-or-later
// Text from data reaches no terminal and no page as a control sequence (issue 20, items 5 and 6):
// a real cache whose record title, citing title, basis, correction note and author hold ESC [31m,
// BEL, NUL, CR, C1 CSI (U+009B) and U+202E, run through the real ledger-curator binary (history,
// show, list, render as text, JSON and HTML, export-pdf); and a PDF of an unbroken 256 KB title.
//
// The strings go into the cache with SQLite after the binary has closed it: the readers refuse
// such strings now (issue 20, the input side), but an older cache may hold them.
#include "CurationLog.h"
#include "ObservationTableModel.h"
#include "Store.h"
#include "TestSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2");

//! Everything a terminal or a page could act on, with visible text around it. A title holds no
//! CR (the cache's reader wants a title on one line, else the record is damaged).
QString evil(const QString &what, bool carriageReturn = true)
{
    return what + QStringLiteral(" \x1b[31mred\x1b[0m bell\a nul") + QChar(0)
        + (carriageReturn ? QStringLiteral("x cr\rHIDDEN csi") : QStringLiteral("x csi"))
        + QChar(0x9B) + QStringLiteral("2J rlo") + QChar(0x202E) + QStringLiteral("desrever end");
}

//! The bytes that must never reach the reader raw.
const QList<QByteArray> &forbidden()
{
    static const QList<QByteArray> bytes { QByteArray("\x1b"), QByteArray("\x07"),
        QByteArray(1, '\0'), QByteArray("\r"), QByteArray("\xc2\x9b"), QByteArray("\xe2\x80\xae") };
    return bytes;
}

//! The first forbidden byte sequence in `bytes`, or empty.
QByteArray firstForbidden(const QByteArray &bytes)
{
    for (const QByteArray &b : forbidden()) {
        if (bytes.contains(b))
            return b.toHex();
    }
    return {};
}

//! The tokens the evil string shows as.
const QStringList kTokens { QStringLiteral("<U+001B>[31mred"), QStringLiteral("bell<U+0007>"),
    QStringLiteral("nul<U+0000>x"), QStringLiteral("cr<U+000D>HIDDEN"),
    QStringLiteral("csi<U+009B>2J"), QStringLiteral("rlo<U+202E>desrever end") };

QString run(const QString &program, const QStringList &args)
{
    QProcess process;
    process.start(program, args);
    if (!process.waitForFinished(scaledTimeoutMs(120000)))
        return {};
    return QString::fromUtf8(process.readAllStandardOutput());
}

} // namespace

class TestOutputSafety : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void historyIsInert();
    void showAndListAreInert();
    void renderTextIsInertOnStandardOutput();
    void jsonKeepsTheDataSpelledInert_data();
    void jsonKeepsTheDataSpelledInert();
    void htmlHasNoOverrideAndIsolatesFields();
    void pdfKeepsTheOrder();
    void pdfOfALongUnbrokenTitle();
    void tableCellsAreInert();

private:
    CliRun cli(QStringList arguments) const;
    void sql(const QString &statement, const QVariantList &values);
    void setTitle(const QString &title);
    static void verifyInert(const CliRun &run, const char *what);
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
};

void TestOutputSafety::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = m_dir->filePath(QStringLiteral("cache.sqlite"));
    QCOMPARE(cli({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) })
                 .exitCode,
        0);
    // An unsigned note by someone, as an older version stored them; then its text and author
    // replaced, with SQLite, on the cache nothing holds open.
    {
        Store store(m_db);
        QVERIFY(store.open());
        QVERIFY(store.addCorrections({ makeEdit(FieldState {}, kRecord, kOpt, CurationField::Note,
            QStringLiteral("placeholder"), QStringLiteral("olga"), nowUtc()) }));
    }
    sql(QStringLiteral("UPDATE corrections SET value = ?, author = ? WHERE observation_id = ?"),
        { evil(QStringLiteral("note")), evil(QStringLiteral("author")), kOpt });
    setTitle(evil(QStringLiteral("title"), false));
    sql(QStringLiteral("UPDATE observations SET citing_title = ?, basis = ? WHERE id = ?"),
        { evil(QStringLiteral("citing")), evil(QStringLiteral("basis")), kOpt });
}

CliRun TestOutputSafety::cli(QStringList arguments) const
{
    arguments << QStringLiteral("--db") << m_db;
    return runCli(arguments, m_dir->path());
}

void TestOutputSafety::sql(const QString &statement, const QVariantList &values)
{
    const QString name = QStringLiteral("tst_outputsafety");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(m_db);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.prepare(statement));
        for (const QVariant &value : values)
            query.addBindValue(value);
        QVERIFY2(query.exec(), qPrintable(query.lastError().text()));
        QVERIFY(query.numRowsAffected() >= 1);
    }
    QSqlDatabase::removeDatabase(name);
}

//! The record's title, in its row and in the header the page is read from (record JSON).
void TestOutputSafety::setTitle(const QString &title)
{
    const QString name = QStringLiteral("tst_outputsafety-title");
    QString header;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(m_db);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec(QStringLiteral("SELECT header FROM records")));
        QVERIFY(query.next());
        header = query.value(0).toString();
    }
    QSqlDatabase::removeDatabase(name);
    QJsonObject object = QJsonDocument::fromJson(header.toUtf8()).object();
    QVERIFY(object.contains(QStringLiteral("title")));
    object.insert(QStringLiteral("title"), title);
    sql(QStringLiteral("UPDATE records SET title = ?, header = ? WHERE id = ?"),
        { title, QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)),
            kRecord });
}

void TestOutputSafety::verifyInert(const CliRun &run, const char *what)
{
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(firstForbidden(run.out).isEmpty(),
        qPrintable(QStringLiteral("%1: standard output holds %2")
                       .arg(QLatin1String(what), QLatin1String(firstForbidden(run.out)))));
    QVERIFY2(firstForbidden(run.err).isEmpty(),
        qPrintable(QStringLiteral("%1: standard error holds %2")
                       .arg(QLatin1String(what), QLatin1String(firstForbidden(run.err)))));
}

void TestOutputSafety::historyIsInert()
{
    const CliRun history = cli({ QStringLiteral("history"), kRecord, kOpt });
    verifyInert(history, "history");
    const QString out = QString::fromUtf8(history.out);
    for (const QString &token : kTokens) {
        QVERIFY2(out.contains(QStringLiteral("author ") + token.section(u'<', 0, 0))
                || out.count(token) >= 2,
            qPrintable(token + QStringLiteral(" in ") + out));
    }
    // The author and the note, each shown whole on the one line of the event.
    QVERIFY2(
        out.contains(QStringLiteral("author <U+001B>[31mred<U+001B>[0m bell<U+0007> nul<U+0000>x "
                                    "cr<U+000D>HIDDEN csi<U+009B>2J rlo<U+202E>desrever end "
                                    "(unsigned)  note:")),
        qPrintable(out));
    QVERIFY(out.contains(QStringLiteral("note <U+001B>[31mred")));
}

void TestOutputSafety::showAndListAreInert()
{
    const CliRun show = cli({ QStringLiteral("show"), kRecord });
    verifyInert(show, "show");
    const QString out = QString::fromUtf8(show.out);
    for (const QString &token : kTokens)
        QVERIFY2(out.count(token) >= 2, qPrintable(token)); // title, basis, citing title
    const CliRun list = cli({ QStringLiteral("list") });
    verifyInert(list, "list");
    QVERIFY(QString::fromUtf8(list.out).contains(QStringLiteral("title <U+001B>[31mred")));
}

void TestOutputSafety::renderTextIsInertOnStandardOutput()
{
    const CliRun text = cli({ QStringLiteral("render"), kRecord });
    verifyInert(text, "render --format text");
    const QString out = QString::fromUtf8(text.out);
    for (const QString &token : kTokens)
        QVERIFY2(out.contains(token), qPrintable(token));
    QVERIFY(out.count(u'\n') > 100); // its lines kept

    // To a file, the text form is the data as it is (it is read back by import).
    const QString file = m_dir->filePath(QStringLiteral("page.txt"));
    QCOMPARE(cli({ QStringLiteral("render"), kRecord, QStringLiteral("-o"), file }).exitCode, 0);
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QVERIFY(QString::fromUtf8(written.readAll()).contains(evil(QStringLiteral("title"), false)));
}

void TestOutputSafety::jsonKeepsTheDataSpelledInert_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("path"); // where the evil string is: "0/title" = [0].title
    QTest::addColumn<QString>("expected");
    QTest::newRow("history") << QStringList { QStringLiteral("history"), kRecord, kOpt,
        QStringLiteral("--json") }
                             << QStringLiteral("0/author") << evil(QStringLiteral("author"));
    QTest::newRow("list") << QStringList { QStringLiteral("list"), QStringLiteral("--json") }
                          << QStringLiteral("0/title") << evil(QStringLiteral("title"), false);
    QTest::newRow("render json") << QStringList { QStringLiteral("render"), kRecord,
        QStringLiteral("--format"), QStringLiteral("json") }
                                 << QStringLiteral("title") << evil(QStringLiteral("title"), false);
}

void TestOutputSafety::jsonKeepsTheDataSpelledInert()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, path);
    QFETCH(QString, expected);
    const CliRun run = cli(arguments);
    verifyInert(run, "--json");
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(run.out, &error);
    QCOMPARE(error.errorString(), QJsonParseError().errorString());
    QJsonValue value
        = document.isArray() ? QJsonValue(document.array()) : QJsonValue(document.object());
    for (const QString &step : path.split(u'/')) {
        bool isIndex = false;
        const int index = step.toInt(&isIndex);
        value = isIndex ? value.toArray().at(index) : value.toObject().value(step);
    }
    QCOMPARE(value.toString(), expected); // the data, every character of it
    QVERIFY(run.out.contains("\\u202e"));
}

void TestOutputSafety::htmlHasNoOverrideAndIsolatesFields()
{
    const CliRun html = cli(
        { QStringLiteral("render"), kRecord, QStringLiteral("--format"), QStringLiteral("html") });
    verifyInert(html, "render --format html");
    const QString out = QString::fromUtf8(html.out);
    for (const QChar c : { QChar(0x202A), QChar(0x202B), QChar(0x202D), QChar(0x202E),
             QChar(0x2066), QChar(0x2067) })
        QVERIFY(!out.contains(c));
    const QString shownTitle = QStringLiteral(
        "title &lt;U+001B&gt;[31mred&lt;U+001B&gt;[0m bell&lt;U+0007&gt; nul&lt;U+0000&gt;x "
        "csi&lt;U+009B&gt;2J rlo&lt;U+202E&gt;desrever end");
    QVERIFY2(out.contains(QStringLiteral("<h1 class=\"title\"><bdi>") + shownTitle
                 + QStringLiteral("</bdi></h1>")),
        qPrintable(out.left(3000)));
    QVERIFY(out.contains(QStringLiteral("<b><bdi>citing &lt;U+001B&gt;")));
    QVERIFY(out.contains(
        QStringLiteral("<title>arXiv:2104.04473 · ") + shownTitle + QStringLiteral("</title>")));
}

void TestOutputSafety::pdfKeepsTheOrder()
{
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        QSKIP("pdftotext is missing: install poppler-utils (scripts/setup-debian.sh)");
    const QString pdf = m_dir->filePath(QStringLiteral("page.pdf"));
    const CliRun exported
        = cli({ QStringLiteral("export-pdf"), kRecord, QStringLiteral("-o"), pdf });
    verifyInert(exported, "export-pdf");
    const QString text = run(QStringLiteral("pdftotext"),
        { QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf, QStringLiteral("-") });
    QVERIFY(!text.isEmpty());
    QVERIFY(!text.contains(QChar(0x202E)));
    // In logical order, as typed: the override shows as its token and reverses nothing.
    QVERIFY2(text.contains(QStringLiteral("rlo<U+202E>desrever end")), qPrintable(text.left(2000)));
    QVERIFY(text.contains(QStringLiteral("title <U+001B>[31mred")));
    const QString info
        = run(QStringLiteral("pdfinfo"), { QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf });
    QVERIFY2(info.contains(QStringLiteral("rlo<U+202E>desrever end")), qPrintable(info));
}

void TestOutputSafety::pdfOfALongUnbrokenTitle()
{
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        QSKIP("pdftotext is missing: install poppler-utils (scripts/setup-debian.sh)");
    // 256 KB without a space: once two minutes for 1 MB (quadratic); bench/pdf-long-title.sh times
    // it. Here the content is checked: the whole title is there, from its start to its end.
    QString title = QStringLiteral("BEGINNING");
    while (title.size() < 256 * 1024 - 6)
        title += QStringLiteral("abcdefghijklmnopqrstuvwxyz").at(title.size() % 26);
    title += QStringLiteral("ENDING");
    setTitle(title);
    const QString pdf = m_dir->filePath(QStringLiteral("long.pdf"));
    const CliRun exported
        = cli({ QStringLiteral("export-pdf"), kRecord, QStringLiteral("-o"), pdf });
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    QString text = run(QStringLiteral("pdftotext"),
        { QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf, QStringLiteral("-") });
    // The lines of the title, joined again; the running header (the title elided, "Paper Citation
    // Record") and footer of every page fall between them.
    QStringList body;
    for (const QString &line : text.split(u'\n')) {
        if (!line.contains(QStringLiteral("Paper Citation Record")) && !line.contains(u'…')
            && !line.startsWith(QStringLiteral("arXiv:")))
            body.append(line);
    }
    text = body.join(QString()).remove(QChar(0x200B)).remove(u'\f');
    QVERIFY(text.contains(title.left(64)));
    QVERIFY(text.contains(title.right(64)));
    // (Not the whole title in one piece: Qt's writer, the fallback, draws the lines at a page's
    // foot on the next page too, outside its clip, and pdftotext reads them twice.)
    QVERIFY(text.indexOf(title.left(64)) < text.indexOf(title.right(64)));
}

//! The window's observation table shows the citing title and basis cells (display and tooltip)
//! in the token form; sorting keeps the data as it is.
void TestOutputSafety::tableCellsAreInert()
{
    Store store(m_db);
    QVERIFY(store.open());
    auto curated = store.loadCurated(kRecord);
    QVERIFY(curated && curated->has_value());
    ObservationTableModel model;
    model.setCuratedRecord(**curated);
    int row = -1;
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.index(r, 0).data(ObservationTableModel::ObservationIdRole).toString() == kOpt)
            row = r;
    }
    QVERIFY(row >= 0);
    for (const int column : { int(ObservationTableModel::CitingTitleColumn),
             int(ObservationTableModel::BasisColumn) }) {
        const QModelIndex cell = model.index(row, column);
        for (const int role : { int(Qt::DisplayRole), int(Qt::ToolTipRole) }) {
            const QString shown = cell.data(role).toString();
            if (role == Qt::ToolTipRole && shown.isEmpty())
                continue; // this column has no tooltip
            QVERIFY2(firstForbidden(shown.toUtf8()).isEmpty(), qPrintable(shown));
            QVERIFY2(shown.contains(QStringLiteral("rlo<U+202E>desrever end")), qPrintable(shown));
            QVERIFY2(shown.contains(QStringLiteral("<U+001B>[31mred")), qPrintable(shown));
        }
    }
    const QString sorted = model.index(row, ObservationTableModel::CitingTitleColumn)
                               .data(ObservationTableModel::SortRole)
                               .toString();
    QVERIFY2(sorted.contains(QChar(0x202E)), "sorting uses the data as it is");
}

QTEST_GUILESS_MAIN(TestOutputSafety)
#include "tst_outputsafety.moc"
