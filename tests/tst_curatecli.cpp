// SPDX-License-Identifier: GPL-3.0-or-later
// Curating from the command line, end to end: curate, history, undo, check and render --upstream,
// each a separate run of the real binary on the same cache file (closed and reopened every time).
#include "CurationLog.h"
#include "Store.h"
#include "TestSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {
const QString kRecord = QStringLiteral("2104.04473");
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2");
const QString kPhoenix1 = QStringLiteral("78b96fde-1b39-415a-b5e3-11a9ee3918da");
const QString kPhoenix2 = QStringLiteral("e857b2bb-5386-442e-8cc5-6b2d1d92bfee");
} // namespace

class TestCurateCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void correctEveryObservationNeedingAttention();
    void historyShowsWhoWhenFromTo();
    void undoRestoresTheEarlierValue();
    void verifiedWithANoteSayingWhy();
    void badCorrectionsWriteNothing_data();
    void badCorrectionsWriteNothing();
    void checkFindsTheFixtureHints();
    void checkFollowsCorrections();
    void sameValueRecordsNothing();
    void identifierInEveryForm_data();
    void identifierInEveryForm();

private:
    CliRun run(QStringList arguments) const;
    QStringList idsInState(const QString &state) const;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
};

void TestCurateCli::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = m_dir->filePath(QStringLiteral("cache.sqlite"));
    QCOMPARE(run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) })
                 .exitCode,
        0);
    // A correction needs a curator name (tst_identity checks what happens without one).
    QCOMPARE(
        runCli({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("tester") },
            m_dir->path())
            .exitCode,
        0);
}

CliRun TestCurateCli::run(QStringList arguments) const
{
    arguments << QStringLiteral("--db") << m_db;
    return runCli(arguments, m_dir->path());
}

QStringList TestCurateCli::idsInState(const QString &state) const
{
    const CliRun shown = run({ QStringLiteral("show"), kRecord, QStringLiteral("--state"), state,
        QStringLiteral("--json") });
    QStringList ids;
    for (const auto &row : QJsonDocument::fromJson(shown.out).array())
        ids.append(row[QStringLiteral("id")].toString());
    return ids;
}

void TestCurateCli::correctEveryObservationNeedingAttention()
{
    const QStringList mismatches = idsInState(QStringLiteral("metadata mismatch"));
    const QStringList unresolved = idsInState(QStringLiteral("unresolved"));
    QCOMPARE(mismatches.size(), 5);
    QCOMPARE(unresolved.size(), 6);
    for (const QString &id : mismatches) {
        const CliRun r
            = run({ QStringLiteral("curate"), kRecord, id, QStringLiteral("state=verified exact"),
                QStringLiteral("note=title checked against arXiv"), QStringLiteral("--author"),
                QStringLiteral("alice") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("state: metadata mismatch (upstream) -> verified exact"),
            r.out.constData());
    }
    int n = 0;
    for (const QString &id : unresolved) {
        const QString identifier = QStringLiteral("2301.%1").arg(10000 + ++n);
        const CliRun r = run({ QStringLiteral("curate"), kRecord, id,
            QStringLiteral("identifier=arXiv:") + identifier,
            QStringLiteral("state=verified_exact"), QStringLiteral("basis=arxiv_id"),
            QStringLiteral("--author"), QStringLiteral("bob") });
        QCOMPARE(r.exitCode, 0);
    }
    const QJsonArray list
        = QJsonDocument::fromJson(run({ QStringLiteral("list"), QStringLiteral("--json") }).out)
              .array();
    // No problem state is left; the anomaly hints still ask for a decision.
    QCOMPARE(list[0][QStringLiteral("attention")][QStringLiteral("problem_state")].toInt(), 0);
    QCOMPARE(list[0][QStringLiteral("needs_attention")].toInt(),
        list[0][QStringLiteral("attention")][QStringLiteral("anomaly_hint")].toInt());
    QVERIFY(list[0][QStringLiteral("needs_attention")].toInt() > 0);
    QCOMPARE(list[0][QStringLiteral("states")][QStringLiteral("verified_exact")].toInt(), 34);
    // Dismissing each hint on its observations ("these are different") clears them.
    const QJsonArray hints = QJsonDocument::fromJson(
        run({ QStringLiteral("check"), kRecord, QStringLiteral("--json") }).out)
                                 .array();
    QMap<QString, QStringList> kinds; // an observation may have hints of two kinds
    for (const auto &hint : hints) {
        for (const auto &observation : hint[QStringLiteral("observations")].toArray())
            kinds[observation.toString()].append(hint[QStringLiteral("kind")].toString());
    }
    QVERIFY(!kinds.isEmpty());
    for (auto it = kinds.cbegin(); it != kinds.cend(); ++it) {
        const CliRun r = run({ QStringLiteral("curate"), kRecord, it.key(),
            QStringLiteral("dismissed-hints=") + it.value().join(u' '), QStringLiteral("--author"),
            QStringLiteral("alice") });
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }
    const QJsonArray after
        = QJsonDocument::fromJson(run({ QStringLiteral("list"), QStringLiteral("--json") }).out)
              .array();
    QCOMPARE(after[0][QStringLiteral("needs_attention")].toInt(), 0);
    const CliRun checked = run({ QStringLiteral("check"), kRecord });
    QVERIFY2(checked.out.contains("; 0 observations need attention"), checked.out.constData());
    QVERIFY2(checked.out.contains("(dismissed)"), checked.out.constData());
    QVERIFY(idsInState(QStringLiteral("metadata mismatch")).isEmpty());
    QVERIFY(idsInState(QStringLiteral("unresolved")).isEmpty());
    QCOMPARE(idsInState(QStringLiteral("verified exact")).size(), 34);

    const CliRun page = run({ QStringLiteral("render"), kRecord });
    QCOMPARE(page.exitCode, 0);
    const QString text = QString::fromUtf8(page.out);
    QCOMPARE(text.count(QStringLiteral("\nCurated by alice, ")), 5);
    QCOMPARE(text.count(QStringLiteral("\nCurated by bob, ")), 6);
    QVERIFY(text.contains(QStringLiteral(
        ": state was unresolved; basis was no resolver link; identifier 2301.10001.\n")));
    QVERIFY(!text.contains(QStringLiteral("Resolution: unresolved")));
    // The curated page is itself a valid page that imports into another cache unchanged.
    const QString curatedPath = m_dir->filePath(QStringLiteral("curated.txt"));
    QCOMPARE(
        run({ QStringLiteral("render"), kRecord, QStringLiteral("-o"), curatedPath }).exitCode, 0);
    const CliRun reimported
        = runCli({ QStringLiteral("import"), curatedPath, QStringLiteral("--db"),
                     m_dir->filePath(QStringLiteral("other.sqlite")) },
            m_dir->path());
    QCOMPARE(reimported.exitCode, 0);
    const CliRun again = runCli({ QStringLiteral("render"), kRecord, QStringLiteral("--db"),
                                    m_dir->filePath(QStringLiteral("other.sqlite")) },
        m_dir->path());
    QCOMPARE(again.out, page.out);
    // The page as received is still there, byte for byte.
    const CliRun upstream
        = run({ QStringLiteral("render"), kRecord, QStringLiteral("--upstream") });
    QCOMPARE(upstream.out, fixture() + '\n');
}

void TestCurateCli::historyShowsWhoWhenFromTo()
{
    QCOMPARE(run({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("state=unresolved"),
                     QStringLiteral("--author"), QStringLiteral("alice") })
                 .exitCode,
        0);
    QCOMPARE(run({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("state=verified exact"),
                     QStringLiteral("reference=141"), QStringLiteral("--author"),
                     QStringLiteral("bob") })
                 .exitCode,
        0);
    const CliRun history = run({ QStringLiteral("history"), kRecord, kOpt });
    QCOMPARE(history.exitCode, 0);
    const QList<QByteArray> lines = history.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    QVERIFY(lines[0].contains("3 corrections"));
    QVERIFY2(lines[1].contains("  alice  state: metadata mismatch (upstream) -> unresolved  ["),
        lines[1].constData());
    QVERIFY(lines[2].contains("  bob  ")
        && (lines[2].contains("state: unresolved -> verified exact")
            || lines[2].contains("reference: 142 (upstream) -> 141")));
    const CliRun json = run({ QStringLiteral("history"), kRecord, kOpt, QStringLiteral("--json") });
    const QJsonArray events = QJsonDocument::fromJson(json.out).array();
    QCOMPARE(events.size(), 3);
    QCOMPARE(events[0][QStringLiteral("author")].toString(), QStringLiteral("alice"));
    QVERIFY(events[0][QStringLiteral("from")].isNull());
    QVERIFY(events[0][QStringLiteral("created_at")].toString().endsWith(u'Z'));
    // Every correction made here is signed, and says with which key.
    QVERIFY(events[0][QStringLiteral("signed")].toBool());
    QCOMPARE(events[0][QStringLiteral("key_id")].toString().size(), 32);
    QVERIFY(!history.out.contains("(unsigned)"));
    // Default author: the configured curator name.
    QCOMPARE(
        run({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("note=checked") }).exitCode,
        0);
    QVERIFY(run({ QStringLiteral("history"), kRecord, kOpt }).out.contains("  tester  note:"));

    // An event from before signatures (stored unsigned, as an older version did) is marked.
    {
        Store store(m_db);
        QVERIFY(store.open());
        QVERIFY(store.addCorrections({ makeEdit(FieldState {}, kRecord, kOpt, CurationField::Title,
            QStringLiteral("An old title"), QStringLiteral("olga"), nowUtc()) }));
    }
    const CliRun marked = run({ QStringLiteral("history"), kRecord, kOpt });
    QVERIFY2(marked.out.contains("  olga (unsigned)  title:"), marked.out.constData());
    const QJsonArray all = QJsonDocument::fromJson(
        run({ QStringLiteral("history"), kRecord, kOpt, QStringLiteral("--json") }).out)
                               .array();
    QCOMPARE(all.size(), 5);
    QVERIFY(!all.last()[QStringLiteral("signed")].toBool());
    QVERIFY(all.last()[QStringLiteral("key_id")].isNull());
}

void TestCurateCli::undoRestoresTheEarlierValue()
{
    QCOMPARE(run({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("state=unresolved") })
                 .exitCode,
        0);
    QCOMPARE(
        run({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("state=verified fuzzy") })
            .exitCode,
        0);
    CliRun undo = run({ QStringLiteral("undo"), kRecord, kOpt, QStringLiteral("state") });
    QCOMPARE(undo.exitCode, 0);
    QVERIFY2(undo.out.contains("state verified fuzzy -> unresolved"), undo.out.constData());
    QVERIFY(run({ QStringLiteral("render"), kRecord })
                .out.contains(
                    "Resolution: unresolved; arxiv_id, observed 2026-05-10T20:53:17.533584Z"));
    undo = run({ QStringLiteral("undo"), kRecord, kOpt, QStringLiteral("state") });
    QCOMPARE(undo.exitCode, 0);
    // Undoing the undo is a redo.
    QVERIFY2(undo.out.contains("state unresolved -> verified fuzzy"), undo.out.constData());
    // Sending the field back to upstream gives the page as received.
    QCOMPARE(
        run({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("state=") }).exitCode, 0);
    QCOMPARE(run({ QStringLiteral("render"), kRecord }).out, fixture() + '\n');
    QCOMPARE(run({ QStringLiteral("history"), kRecord, kOpt, QStringLiteral("--json") })
                 .out.count("\"id\""),
        5);
    const CliRun nothing
        = run({ QStringLiteral("undo"), kRecord, kPhoenix1, QStringLiteral("note") });
    QCOMPARE(nothing.exitCode, 0);
    QVERIFY(nothing.out.contains("no correction to undo"));
}

void TestCurateCli::verifiedWithANoteSayingWhy()
{
    // The same correction with a note, or with an identifier, is recorded.
    const QString designCp = QStringLiteral("e919841b-30d3-4e66-a2d1-e594d06b6753");
    CliRun r = run({ QStringLiteral("curate"), kRecord, designCp,
        QStringLiteral("state=verified exact"), QStringLiteral("note=checked in the PDF"),
        QStringLiteral("--author"), QStringLiteral("alice") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.contains("state: unresolved (upstream) -> verified exact"));
    // Taking the note away again would leave it verified against nothing: refused.
    r = run({ QStringLiteral("curate"), kRecord, designCp, QStringLiteral("note="),
        QStringLiteral("--author"), QStringLiteral("alice") });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("verified with no resolver link"), r.err.constData());
}

void TestCurateCli::badCorrectionsWriteNothing_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown field") << QStringList { kOpt, QStringLiteral("colour=red") }
                                   << QStringLiteral("unknown field 'colour'");
    QTest::newRow("no equals") << QStringList { kOpt, QStringLiteral("state") }
                               << QStringLiteral("expected FIELD=VALUE");
    QTest::newRow("bad state") << QStringList { kOpt, QStringLiteral("state=great") }
                               << QStringLiteral("unknown state 'great'");
    QTest::newRow("bad identifier second") << QStringList { kOpt,
        QStringLiteral("state=verified exact"), QStringLiteral("identifier=1501.1234") }
                                           << QStringLiteral("five digits");
    QTest::newRow("bad doi") << QStringList { kOpt, QStringLiteral("identifier=10.12/abc") }
                             << QStringLiteral("identifier:");
    QTest::newRow("bad reference") << QStringList { kOpt, QStringLiteral("reference=twelve") }
                                   << QStringLiteral("whole number");
    QTest::newRow("duplicate of itself")
        << QStringList { kPhoenix1, QStringLiteral("duplicate-of=") + kPhoenix1 }
        << QStringLiteral("itself");
    QTest::newRow("field twice") << QStringList { kOpt, QStringLiteral("note=a"),
        QStringLiteral("note=b") }
                                 << QStringLiteral("given twice");
    QTest::newRow("unknown observation") << QStringList {
        QStringLiteral("00000000-0000-0000-0000-000000000000"), QStringLiteral("note=a")
    } << QStringLiteral("has no observation");
    // Design-CP: unresolved, no resolver link. Verified with no identifier says nothing of what it
    // was verified against (the correction panel's rule).
    QTest::newRow("verified against nothing")
        << QStringList { QStringLiteral("e919841b-30d3-4e66-a2d1-e594d06b6753"),
               QStringLiteral("state=verified exact") }
        << QStringLiteral("give identifier=ID, or note=TEXT");
    QTest::newRow("empty author") << QStringList { kOpt, QStringLiteral("note=a"),
        QStringLiteral("--author"), QStringLiteral(" ") }
                                  << QStringLiteral("--author");
}

void TestCurateCli::badCorrectionsWriteNothing()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const QString before = dumpDatabase(m_db);
    const CliRun r = run(QStringList { QStringLiteral("curate"), kRecord } + arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QCOMPARE(dumpDatabase(m_db), before);
}

void TestCurateCli::checkFindsTheFixtureHints()
{
    const CliRun check = run({ QStringLiteral("check"), kRecord, QStringLiteral("--json") });
    QCOMPARE(check.exitCode, 0);
    const QJsonArray hints = QJsonDocument::fromJson(check.out).array();
    QCOMPARE(hints.size(), 7);
    int repeated = 0, duplicates = 0, years = 0, measurements = 0;
    for (const auto &hint : hints) {
        const QString kind = hint[QStringLiteral("kind")].toString();
        if (kind == u"repeated_citing_paper") {
            ++repeated;
            if (hint[QStringLiteral("likely_duplicate")].toBool()) {
                ++duplicates;
                QCOMPARE(hint[QStringLiteral("observations")].toArray().toVariantList(),
                    QVariantList({ kPhoenix1, kPhoenix2 }));
            }
        }
        years += kind == u"year_like_reference";
        if (kind == u"external_measurement") {
            ++measurements;
            QVERIFY(hint[QStringLiteral("message")].toString().contains(QStringLiteral("9")));
            QVERIFY(hint[QStringLiteral("message")].toString().contains(QStringLiteral("34")));
        }
    }
    QCOMPARE(repeated, 4);
    QCOMPARE(duplicates, 1);
    QCOMPARE(years, 2);
    QCOMPARE(measurements, 1);
    const CliRun text = run({ QStringLiteral("check") });
    QVERIFY2(text.out.contains("7 hints in 1 record; "), text.out.constData());
}

void TestCurateCli::checkFollowsCorrections()
{
    QCOMPARE(run({ QStringLiteral("curate"), kRecord, kPhoenix2,
                     QStringLiteral("duplicate-of=") + kPhoenix1 })
                 .exitCode,
        0);
    QCOMPARE(run({ QStringLiteral("curate"), kRecord,
                     QStringLiteral("00d01956-3547-4166-88a1-c427c5c4440e"),
                     QStringLiteral("reference=12") })
                 .exitCode,
        0);
    const QJsonArray hints
        = QJsonDocument::fromJson(run({ QStringLiteral("check"), QStringLiteral("--json") }).out)
              .array();
    QCOMPARE(hints.size(), 5);
}

void TestCurateCli::sameValueRecordsNothing()
{
    const QString before = dumpDatabase(m_db);
    const CliRun r = run({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("state=") });
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("nothing to record"));
    QCOMPARE(dumpDatabase(m_db), before);
}

void TestCurateCli::identifierInEveryForm_data()
{
    QTest::addColumn<QString>("given");
    QTest::addColumn<QString>("stored");
    // Every form a curator pastes is taken and stored as the identifier itself.
    QTest::newRow("abs address with version")
        << QStringLiteral("https://arxiv.org/abs/2104.04473v2") << QStringLiteral("2104.04473v2");
    QTest::newRow("abs address without scheme")
        << QStringLiteral("arxiv.org/abs/2104.04473v2") << QStringLiteral("2104.04473v2");
    QTest::newRow("pdf address") << QStringLiteral("https://arxiv.org/pdf/2104.04473v3.pdf")
                                 << QStringLiteral("2104.04473v3");
    QTest::newRow("arXiv: prefix")
        << QStringLiteral("arXiv:2104.04473") << QStringLiteral("2104.04473");
    QTest::newRow("old style in another case")
        << QStringLiteral("Hep-th/9901001") << QStringLiteral("hep-th/9901001");
    QTest::newRow("doi.org address") << QStringLiteral("https://doi.org/10.1145/3458817.3476209")
                                     << QStringLiteral("10.1145/3458817.3476209");
    QTest::newRow("doi: prefix") << QStringLiteral("doi:10.1145/ABC")
                                 << QStringLiteral("10.1145/abc");
}

void TestCurateCli::identifierInEveryForm()
{
    QFETCH(QString, given);
    QFETCH(QString, stored);
    const CliRun r
        = run({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("identifier=") + given,
            QStringLiteral("--author"), QStringLiteral("alice") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonArray rows = QJsonDocument::fromJson(
        run({ QStringLiteral("show"), kRecord, QStringLiteral("--json") }).out)
                                .array();
    bool found = false;
    for (const QJsonValue &row : rows) {
        if (row[QStringLiteral("id")].toString() != kOpt)
            continue;
        found = true;
        QCOMPARE(row[QStringLiteral("curation")][QStringLiteral("identifier")].toString(), stored);
    }
    QVERIFY(found);
    // A web address that is no identifier is refused with the forms that are, and nothing is
    // written.
    const QString before = dumpDatabase(m_db);
    const CliRun bad = run({ QStringLiteral("curate"), kRecord, kOpt,
        QStringLiteral("identifier=https://arxiv.org/list/cs.LG/recent"),
        QStringLiteral("--author"), QStringLiteral("alice") });
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains("https://arxiv.org/abs/ID"), bad.err.constData());
    QCOMPARE(dumpDatabase(m_db), before);
}

QTEST_GUILESS_MAIN(TestCurateCli)
#include "tst_curatecli.moc"