// SPDX-License-Identifier: GPL-3.0-or-later
// The works index's figures: a generated arXiv metadata snapshot (JSON Lines as
// published: every field, an abstract of ~800 characters, LaTeX, line breaks and double spaces
// in some titles, subtitles, a Zipf-like vocabulary so that some words are in most titles and
// most words in few) imported by the real `ledger-curator works import` as a child process;
// then candidates() for noisy queries (typos, authors and venue glued on, truncated, subtitle
// dropped) made from works of the file.
#include "WorksBench.h"

#include "WorksIndex.h"

#include "HeldOutWorks.h"
#include "RecordGenerator.h"
#include "Store.h"
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QTextStream>
#include <QThread>
#include <QUrlQuery>

#include <algorithm>
#include <cmath>
#include <set>

namespace LedgerCurator::Bench {

using namespace LedgerCurator::Test;

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

const char *const kCommonWords[] = { "the", "of", "and", "for", "in", "on", "a", "with", "to",
    "learning", "quantum", "model", "models", "theory", "networks", "neural", "deep", "field",
    "analysis", "data", "systems", "dynamics", "graph", "graphs", "efficient", "optimal", "random",
    "algorithm", "algorithms", "approach", "method", "methods", "via", "towards", "using", "new",
    "spin", "dark", "matter", "energy", "black", "hole", "holes", "gravity", "galaxy", "galaxies",
    "star", "stars", "formation", "evolution", "magnetic", "phase", "transition", "transitions",
    "states", "state", "space", "time", "high", "low", "dimensional", "equation", "equations",
    "nonlinear", "linear", "stochastic", "inference", "estimation", "detection", "classification",
    "language", "image", "images", "robust", "adaptive", "distributed", "control", "optimization",
    "convex", "gauge", "string", "supersymmetric", "lattice", "topological", "superconductivity",
    "entanglement", "measurement", "observations", "survey", "simulations", "numerical",
    "properties", "structure", "structures", "effects", "effect", "study", "note", "remarks",
    "problem", "problems", "bounds", "large", "scale", "small", "multi", "self", "free", "boundary",
    "reinforcement", "generative", "transformer", "transformers", "attention", "training",
    "network", "sparse", "spectral", "operators", "groups", "algebras", "manifolds", "cohomology",
    "invariants", "surfaces", "curves", "functions", "spaces", "integrable" };

//! Pseudo-words, pronounceable and distinct: the rare vocabulary of titles and the authors'
//! names.
QList<QByteArray> makeWords(int count, quint32 seed)
{
    static const char *const onsets[]
        = { "b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br",
              "ch", "cr", "dr", "fl", "gr", "kl", "pl", "pr", "sh", "st", "th", "tr", "sk" };
    static const char *const vowels[] = { "a", "e", "i", "o", "u", "ai", "ea", "io", "ou", "y" };
    static const char *const codas[]
        = { "", "", "n", "r", "s", "l", "m", "t", "x", "nd", "rk", "st", "ng" };
    QRandomGenerator random(seed);
    std::set<QByteArray> seen;
    QList<QByteArray> words;
    while (words.size() < count) {
        QByteArray w;
        const int syllables = 2 + random.bounded(3);
        for (int s = 0; s < syllables; ++s) {
            w += onsets[random.bounded(int(std::size(onsets)))];
            w += vowels[random.bounded(int(std::size(vowels)))];
        }
        w += codas[random.bounded(int(std::size(codas)))];
        if (seen.insert(w).second)
            words.append(w);
    }
    return words;
}

struct Token
{
    QByteArray plain; // as a citation would spell it
    QByteArray latex; // as the snapshot has it
};

struct QueryWork
{
    QByteArray id;
    QList<Token> title;
    qsizetype subtitleAt = -1; // the first token of the subtitle, if there is one
    QList<QByteArray> families;
    int year = 0;
};

//! A JSON string's content: quotes, backslashes and line breaks escaped.
void appendJsonString(QByteArray &out, const QByteArray &text)
{
    for (const char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        default:
            out += c;
        }
    }
}

const char *const kMonths[]
    = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
const char *const kArchives[] = { "hep-th", "hep-ph", "astro-ph", "cond-mat", "math", "quant-ph",
    "gr-qc", "nucl-th", "physics", "hep-ex", "hep-lat", "math-ph", "nlin", "nucl-ex", "cs", "q-bio",
    "chao-dyn", "solv-int", "alg-geom", "dg-ga" };
const char *const kDays[] = { "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun" };

//! Writes the snapshot; returns the works the queries are made from.
QList<QueryWork> generateSnapshot(const QString &path, qint64 works, int queries)
{
    const QList<QByteArray> vocabulary = makeWords(60000, 11);
    const QList<QByteArray> families = makeWords(20000, 23);
    QRandomGenerator random(5);
    // The works the queries are made of, chosen beforehand.
    std::set<qint64> chosen;
    while (qint64(chosen.size()) < std::min<qint64>(queries, works))
        chosen.insert(qint64(random.bounded(quint64(works))));
    QList<QByteArray> abstracts;
    for (int a = 0; a < 64; ++a) {
        QByteArray text;
        while (text.size() < 800)
            text += vocabulary[random.bounded(vocabulary.size())] + ' '
                + kCommonWords[random.bounded(int(std::size(kCommonWords)))] + ' ';
        abstracts += text;
    }
    auto rareWord = [&]() -> const QByteArray & {
        // log-uniform rank: a few rare words are frequent, most are seldom seen
        const double u = random.generateDouble();
        const int rank = std::min(vocabulary.size() - 1,
            qsizetype(std::exp(u * std::log(double(vocabulary.size())))) - 1);
        return vocabulary[std::max(0, rank)];
    };
    auto commonWord = [&]() -> QByteArray {
        const double u = random.generateDouble();
        const int n = int(std::size(kCommonWords));
        const int rank = std::min(n - 1, int(std::exp(u * std::log(double(n)))) - 1);
        return kCommonWords[std::max(0, rank)];
    };

    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    QList<QueryWork> picked;
    std::vector<int> perMonth(12 * 40, 0);
    QByteArray buffer;
    buffer.reserve(8 << 20);
    for (qint64 i = 0; i < works; ++i) {
        QueryWork w;
        const int year = 1992 + int(i * 32 / works);
        const int month = 1 + random.bounded(12);
        // New-style ids from 2007 (yymm.nnnnn), old-style before (archive/yymmnnn), numbered
        // within their month.
        const QByteArray yymm
            = QByteArray::number((year % 100) * 100 + month).rightJustified(4, '0');
        const int number = perMonth[(year - 1990) * 12 + month - 1]++;
        if (year >= 2007)
            w.id = yymm + '.' + QByteArray::number(number).rightJustified(5, '0');
        else
            w.id = QByteArray(kArchives[(number / 1000) % std::size(kArchives)]) + '/' + yymm
                + QByteArray::number(number % 1000).rightJustified(3, '0');
        w.year = year;
        const int n = 4 + random.bounded(10);
        for (int k = 0; k < n; ++k) {
            Token t;
            t.plain = random.bounded(100) < 45 ? commonWord() : rareWord();
            t.latex = t.plain;
            const int r = random.bounded(1000);
            if (r < 15) {
                t.plain = "alpha";
                t.latex = "$\\alpha$";
            } else if (r < 25) {
                t.latex = "{\\em " + t.plain + '}';
            } else if (r < 35 && t.plain.contains('o')) {
                t.latex = t.plain;
                t.latex.replace(t.plain.indexOf('o'), 1, "\\\"o");
                t.plain.replace(t.plain.indexOf('o'), 1, "o");
            }
            w.title += t;
        }
        if (random.bounded(100) < 20) {
            w.subtitleAt = w.title.size();
            const int s = 2 + random.bounded(5);
            for (int k = 0; k < s; ++k) {
                Token t;
                t.plain = t.latex = random.bounded(2) ? commonWord() : rareWord();
                w.title += t;
            }
        }
        QByteArray title;
        for (qsizetype k = 0; k < w.title.size(); ++k) {
            if (k > 0)
                title += k == w.subtitleAt ? ": " : (random.bounded(100) < 3 ? "  " : " ");
            if (k == 0)
                title += w.title[k].latex.left(1).toUpper() + w.title[k].latex.mid(1);
            else
                title += w.title[k].latex;
        }
        if (title.size() > 60 && random.bounded(100) < 30) {
            const qsizetype at = title.indexOf(' ', 50);
            if (at > 0)
                title.replace(at, 1, "\n  ");
        }
        const int authorCount = 1 + random.bounded(6);
        QByteArray authors;
        QByteArray parsed;
        for (int a = 0; a < authorCount; ++a) {
            QByteArray family = families[random.bounded(families.size())];
            family[0] = char(std::toupper(family[0]));
            const char initial = char('A' + random.bounded(26));
            w.families += family;
            if (a > 0)
                authors += a == authorCount - 1 ? " and " : ", ";
            authors += initial + QByteArray(". ") + family;
            parsed += QByteArray(a ? "," : "") + "[\"" + family + "\",\"" + initial + ".\",\"\"]";
        }
        QByteArray &line = buffer;
        line += R"({"id":")" + w.id + R"(","submitter":")"
            + authors.left(authors.indexOf(',') > 0 ? authors.indexOf(',') : authors.size())
            + R"(","authors":")";
        appendJsonString(line, authors);
        line += R"(","title":")";
        appendJsonString(line, title);
        line += R"(","comments":")" + QByteArray::number(5 + random.bounded(40)) + R"( pages, )"
            + QByteArray::number(random.bounded(12)) + R"( figures","journal-ref":)"
            + (random.bounded(3) == 0 ? QByteArray(R"("Phys.Rev.D76:013009,2007")")
                                      : QByteArray("null"))
            + R"(,"doi":)"
            + (random.bounded(2) ? "\"10.1103/PhysRevD." + QByteArray::number(i) + '"'
                                 : QByteArray("null"))
            + R"(,"report-no":null,"categories":"hep-th cs.LG","license":"http://arxiv.org/licenses/nonexclusive-distrib/1.0/","abstract":"  )";
        appendJsonString(line, abstracts[random.bounded(abstracts.size())]);
        line += R"(\n","versions":[{"version":"v1","created":")"
            + QByteArray(kDays[random.bounded(7)]) + ", "
            + QByteArray::number(1 + random.bounded(28)) + ' ' + kMonths[month - 1] + ' '
            + QByteArray::number(year) + R"( 19:18:42 GMT"}],"update_date":")"
            + QByteArray::number(std::min(year + 1, 2024)) + R"(-11-13","authors_parsed":[)"
            + parsed + "]}\n";
        if (chosen.count(i))
            picked += w;
        if (buffer.size() > (6 << 20)) {
            file.write(buffer);
            buffer.clear();
        }
    }
    file.write(buffer);
    return picked;
}

//! A citation's noisy form of a work: `kind` chooses the noise.
MatchQuery noisyQuery(const QueryWork &w, int kind, QRandomGenerator &random)
{
    QList<QByteArray> words;
    for (const Token &t : w.title)
        words += t.plain;
    auto typo = [&random](QByteArray &word) {
        if (word.size() < 4)
            return;
        const int at = 1 + random.bounded(int(word.size()) - 2);
        if (random.bounded(2))
            word.remove(at, 1);
        else
            std::swap(word[at], word[at + 1 < word.size() ? at + 1 : at - 1]);
    };
    auto longest = [&words](int skip) {
        QList<qsizetype> order;
        for (qsizetype i = 0; i < words.size(); ++i)
            order += i;
        std::stable_sort(order.begin(), order.end(),
            [&words](qsizetype a, qsizetype b) { return words[a].size() > words[b].size(); });
        return order.value(skip, 0);
    };
    QByteArray prefix;
    QByteArray suffix;
    switch (kind % 6) {
    case 0: // as it is, in capitals
        for (QByteArray &word : words)
            word = word.toUpper();
        break;
    case 1: // one typo
        typo(words[longest(0)]);
        break;
    case 2: // two typos
        typo(words[longest(0)]);
        typo(words[longest(1)]);
        break;
    case 3: // authors before, venue and year after
        for (qsizetype a = 0; a < w.families.size() && a < 3; ++a)
            prefix += w.families[a] + " " + char('A' + random.bounded(26)) + ", ";
        prefix += "et al. ";
        suffix = ". In Proc. NeurIPS " + QByteArray::number(w.year) + ", pp. 1-10";
        break;
    case 4: // truncated
        words = words.mid(0, std::max<qsizetype>(3, words.size() * 6 / 10));
        break;
    case 5: // subtitle dropped, or a year after
        if (w.subtitleAt > 0)
            words = words.mid(0, w.subtitleAt);
        else
            suffix = " (" + QByteArray::number(w.year) + ")";
        break;
    }
    MatchQuery query;
    QByteArray title = words.join(' ');
    query.title = QString::fromUtf8(prefix + title + suffix);
    if (kind % 6 != 3)
        query.year = w.year;
    return query;
}

//! VmHWM of a running process, in kB (or -1).
qint64 peakOf(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

//! `ledger-curator suggest RECORD --json` on a record of noisy references to works of the index,
//! as a user runs it: its time, its peak memory, and what its clear matches were worth.
void runSuggestBench(Table &table, const WorksBenchOptions &options, const QString &cache,
    const QList<QueryWork> &picked)
{
    const int count = int(std::min<qsizetype>(options.suggestObservations, picked.size()));
    Record record = generateRecord(0, count, 23);
    record.arxivId = QStringLiteral("2612.00023");
    QRandomGenerator random(2323);
    QHash<QString, QString> truth;
    for (int k = 0; k < count; ++k) {
        Observation &o = record.observations[k];
        o.state = ResolutionState::Unresolved;
        o.curation = {};
        o.citedTitle = noisyQuery(picked[k], k, random).title;
        truth.insert(o.id, QString::fromUtf8(picked[k].id));
    }
    {
        Store store(cache);
        if (auto opened = store.open(); !opened) {
            table.check(
                QStringLiteral("suggest: open the cache"), false, opened.error().toString());
            return;
        }
        if (auto imported = store.importRecords({ record }); !imported) {
            table.check(
                QStringLiteral("suggest: import the record"), false, imported.error().toString());
            return;
        }
    }
    QProcess process;
    process.setProcessChannelMode(QProcess::SeparateChannels);
    QElapsedTimer timer;
    timer.start();
    process.start(options.cliPath,
        { QStringLiteral("suggest"), record.arxivId, QStringLiteral("--json"),
            QStringLiteral("--db"), cache });
    qint64 peakKb = -1;
    QByteArray output;
    if (process.waitForStarted()) {
        const qint64 pid = process.processId();
        while (!process.waitForFinished(100)) {
            peakKb = std::max(peakKb, peakOf(pid));
            output += process.readAllStandardOutput();
        }
    }
    output += process.readAllStandardOutput();
    const double seconds = double(timer.elapsed()) / 1000.0;
    const QString label
        = QStringLiteral("suggest: %1 observations on %2 works").arg(count).arg(options.works);
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        table.check(label, false, QString::fromUtf8(process.readAllStandardError()));
        return;
    }
    table.below(label, seconds, 30, QStringLiteral("s"));
    table.info(QStringLiteral("suggest: peak memory (VmHWM of the child)"), double(peakKb) / 1024.0,
        QStringLiteral("MB"));
    int matches = 0, right = 0, listed = 0;
    for (const QJsonValue &s : QJsonDocument::fromJson(output).array()) {
        ++listed;
        const QJsonArray candidates = s[QStringLiteral("candidates")].toArray();
        if (candidates.isEmpty() || !candidates[0][QStringLiteral("match")].toBool())
            continue;
        ++matches;
        if (candidates[0][QStringLiteral("id")].toString()
            == truth.value(s[QStringLiteral("observation")].toString()))
            ++right;
    }
    table.check(QStringLiteral("suggest: every observation listed"), listed == count,
        QStringLiteral("%1 of %2").arg(listed).arg(count));
    table.info(QStringLiteral("suggest: clear matches"), 100.0 * matches / std::max(1, count),
        QStringLiteral("%"));
    table.info(QStringLiteral("suggest: clear matches that are right"),
        100.0 * right / std::max(1, matches), QStringLiteral("%"));
}

//! ledger-server's /reconcile over the index just built, as OpenRefine asks it: batches of 50
//! noisy titles as a form, each timed from the request to the whole answer.
void runReconcileBench(Table &table, const WorksBenchOptions &options, const QString &cache,
    const QList<MatchQuery> &queries)
{
    const QString label
        = QStringLiteral("reconcile: a batch of 50 queries on %1 works, median").arg(options.works);
    if (options.serverPath.isEmpty()) {
        table.skipped(
            label, QStringLiteral("no ledger-server (--server)"), QStringLiteral("< 250 ms"));
        return;
    }
    QProcess server;
    server.setStandardErrorFile(QProcess::nullDevice());
    server.start(options.serverPath,
        { QStringLiteral("serve"), QStringLiteral("--db"),
            QDir(options.workDir).filePath(QStringLiteral("reconcile-ledger.db")),
            QStringLiteral("--works"), cache, QStringLiteral("--listen"),
            QStringLiteral("127.0.0.1:0") });
    QByteArray line;
    QElapsedTimer started;
    started.start();
    // the first start over an index without the DOI index builds it: give it time
    while (!line.contains("http://") && started.elapsed() < 600000
        && server.state() != QProcess::NotRunning)
        if (server.waitForReadyRead(1000))
            line += server.readAllStandardOutput();
    const qsizetype at = line.indexOf("http://");
    if (at < 0) {
        table.check(label, false, QStringLiteral("ledger-server did not start"));
        return;
    }
    QUrl url(QString::fromUtf8(line.mid(at).split('\n').value(0).trimmed()));
    url.setPath(QStringLiteral("/reconcile"));
    QNetworkAccessManager network;
    QList<double> times;
    int answered = 0, batches = 0;
    for (qsizetype from = 0; from + 50 <= queries.size() && batches < 40; from += 50, ++batches) {
        QJsonObject batch;
        for (int k = 0; k < 50; ++k)
            batch.insert(QStringLiteral("q%1").arg(k),
                QJsonObject { { QStringLiteral("query"), queries.at(from + k).title },
                    { QStringLiteral("type"), QStringLiteral("work") },
                    { QStringLiteral("limit"), 3 } });
        QUrlQuery form;
        form.addQueryItem(QStringLiteral("queries"),
            QString::fromUtf8(QUrl::toPercentEncoding(
                QString::fromUtf8(QJsonDocument(batch).toJson(QJsonDocument::Compact)))));
        QNetworkRequest request(url);
        request.setHeader(QNetworkRequest::ContentTypeHeader,
            QByteArrayLiteral("application/x-www-form-urlencoded; charset=UTF-8"));
        QElapsedTimer one;
        one.start();
        QNetworkReply *reply = network.post(request, form.toString(QUrl::FullyEncoded).toUtf8());
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        const QByteArray body = reply->readAll();
        if (batches > 0) // the first warms the server's connection and page cache
            times += double(one.nsecsElapsed()) / 1e6;
        if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 200
            && QJsonDocument::fromJson(body).object().size() == 50)
            ++answered;
        reply->deleteLater();
    }
    server.terminate();
    if (!server.waitForFinished(10000))
        server.kill();
    table.check(QStringLiteral("reconcile: every batch answered whole"), answered == batches,
        QStringLiteral("%1 of %2").arg(answered).arg(batches));
    table.below(label, median(times), 250);
}

} // namespace

void runMatchingBench(Table &table, int sets)
{
    // Seeds drawn fresh at every run: the held-out sets are scored, never tuned on.
    MatchQuality all;
    ScoreReliability reliability;
    for (int k = 0; k < sets; ++k) {
        const quint32 seed = QRandomGenerator::system()->generate();
        const LabelledSet set = makeHeldOutSet(seed);
        const QString connection = QStringLiteral("held-out-bench");
        MatchQuality quality;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
            db.setDatabaseName(QStringLiteral(":memory:"));
            if (!db.open() || !WorksIndex::ensureSchema(db)) {
                table.check(
                    QStringLiteral("matching: held-out index"), false, db.lastError().text());
                return;
            }
            WorksIndex index(db);
            if (!index.replaceSource(QStringLiteral("held-out"), set.works)) {
                table.check(QStringLiteral("matching: held-out index"), false, QString());
                return;
            }
            for (const LabelledQuery &q : set.queries) {
                const auto found = index.candidates(MatchQuery { q.text, {}, {} }, 5);
                if (!found)
                    continue;
                countOutcome(quality, q, *found);
                countOutcome(all, q, *found);
                reliability.add(q, *found);
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(connection);
        const QString name
            = QStringLiteral("matching: held-out seed %1 (%2 works, %3 references, %4 absent)")
                  .arg(seed)
                  .arg(set.works.size())
                  .arg(set.queries.size())
                  .arg(quality.absent);
        table.atLeast(name + QStringLiteral(", precision of match"), 100 * quality.precision(),
            99.5, QStringLiteral("%"));
        table.atLeast(name + QStringLiteral(", recall of match"), 100 * quality.recall(), 92,
            QStringLiteral("%"));
        table.atLeast(name + QStringLiteral(", top-5 recall"), 100 * quality.topFiveRecall(), 98,
            QStringLiteral("%"));
        for (const QString &wrong : std::as_const(quality.wrong))
            out() << "  wrong match: " << wrong << Qt::endl;
    }
    out() << "matching: reliability of scores on the held-out sets (every candidate listed)"
          << Qt::endl;
    for (int band = 0; band < ScoreReliability::kBands; ++band)
        table.info(QStringLiteral("matching: score %1, share right (%2 candidates)")
                       .arg(ScoreReliability::bandName(band))
                       .arg(reliability.candidates[band]),
            reliability.candidates[band]
                ? 100.0 * reliability.right[band] / reliability.candidates[band]
                : 100.0,
            QStringLiteral("%"));
    table.atLeast(QStringLiteral("matching: candidates scored 90 or more, share right (%1)")
                      .arg(reliability.countFrom(90)),
        100 * reliability.shareRightFrom(90), 99.5, QStringLiteral("%"));
}

void runWorksBench(Table &table, const WorksBenchOptions &options)
{
    const QString snapshot = QDir(options.workDir).filePath(QStringLiteral("arxiv-metadata.jsonl"));
    const QString cache = QDir(options.workDir).filePath(QStringLiteral("works-cache.sqlite"));
    for (const char *suffix : { "", "-wal", "-shm" })
        QFile::remove(cache + QLatin1String(suffix));
    QElapsedTimer timer;
    timer.start();
    const QList<QueryWork> picked = generateSnapshot(
        snapshot, options.works, std::max(options.queries, options.suggestObservations));
    const qint64 fileBytes = QFileInfo(snapshot).size();
    out() << "generated " << options.works << " works (" << fileBytes / (1024 * 1024)
          << " MB of JSON Lines) in " << timer.elapsed() << " ms" << Qt::endl;

    // The import, as a user runs it; its own peak memory read from /proc while it runs.
    QProcess process;
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    timer.restart();
    process.start(options.cliPath,
        { QStringLiteral("works"), QStringLiteral("import"), snapshot, QStringLiteral("--db"),
            cache });
    qint64 peakKb = -1;
    if (process.waitForStarted()) {
        const qint64 pid = process.processId();
        while (!process.waitForFinished(100))
            peakKb = std::max(peakKb, peakOf(pid));
    }
    const double importMs = double(timer.elapsed());
    const QByteArray report = process.readAllStandardOutput();
    const bool imported = process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    out() << report;
    const QString label = QStringLiteral("works: import of %1 arXiv works (%2 MB)")
                              .arg(options.works)
                              .arg(fileBytes / (1024 * 1024));
    if (!imported) {
        table.check(label, false, QStringLiteral("ledger-curator works import failed"));
        return;
    }
    table.below(label, importMs / 1000.0, 180, QStringLiteral("s"));
    table.below(QStringLiteral("works: import peak memory (VmHWM of the child)"),
        double(peakKb) / 1024.0, 500, QStringLiteral("MB"));
    QFile::remove(snapshot);

    const QString connection = QStringLiteral("works-bench");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(cache);
        if (!db.open()) {
            table.check(QStringLiteral("works: open the cache"), false, db.lastError().text());
            return;
        }
        WorksIndex index(db);
        if (auto stats = index.stats()) {
            table.info(QStringLiteral("works: index on disk (dbstat)"),
                double(stats->bytesOnDisk) / (1024.0 * 1024.0), QStringLiteral("MB"));
            table.check(QStringLiteral("works: every work visible"), stats->works == options.works,
                QStringLiteral("%1 works").arg(stats->works));
        }
        table.info(QStringLiteral("works: cache file"),
            double(QFileInfo(cache).size()) / (1024.0 * 1024.0), QStringLiteral("MB"));

        QRandomGenerator random(99);
        QList<MatchQuery> queries;
        for (qsizetype k = 0; k < picked.size() && k < options.queries; ++k)
            queries += noisyQuery(picked[k], int(k), random);
        static const char *const kinds[] = { "capitals", "one typo", "two typos",
            "authors and venue glued", "truncated", "subtitle dropped or year" };
        // As the connection comes (SQLite's 2 MB page cache), then as a caller that searches
        // much prepares it (WorksIndex::prepareForSearch()).
        for (const bool prepared : { false, true }) {
            if (prepared)
                WorksIndex::prepareForSearch(db);
            const QString how = prepared ? QStringLiteral(" (64 MB page cache)")
                                         : QStringLiteral(" (default page cache)");
            // A few untimed first.
            for (int k = 0; k < 20 && k < queries.size(); ++k)
                (void)index.candidates(queries[k]);
            QList<double> times;
            int first = 0;
            int inFive = 0;
            QList<int> firstByKind(6, 0);
            QList<int> countByKind(6, 0);
            for (qsizetype k = 0; k < queries.size(); ++k) {
                QElapsedTimer one;
                one.start();
                auto candidates = index.candidates(queries[k]);
                times += double(one.nsecsElapsed()) / 1e6;
                if (!candidates)
                    continue;
                const QString id = QString::fromUtf8(picked[k].id);
                ++countByKind[k % 6];
                for (qsizetype c = 0; c < candidates->size(); ++c) {
                    if (candidates->at(c).id == id) {
                        if (c == 0) {
                            ++first;
                            ++firstByKind[k % 6];
                        }
                        ++inFive;
                    }
                }
            }
            table.below(QStringLiteral("works: candidates(), %1 noisy queries, median%2")
                            .arg(times.size())
                            .arg(how),
                median(times), 20);
            table.below(QStringLiteral("works: candidates(), 99th percentile%1").arg(how),
                percentile(times, 0.99), 50);
            if (prepared)
                continue; // the same candidates
            table.info(QStringLiteral("works: right work first"),
                100.0 * first / std::max<qsizetype>(1, queries.size()), QStringLiteral("%"));
            table.info(QStringLiteral("works: right work in the first five"),
                100.0 * inFive / std::max<qsizetype>(1, queries.size()), QStringLiteral("%"));
            for (int kind = 0; kind < 6; ++kind)
                table.info(QStringLiteral("works:   first, %1").arg(QLatin1String(kinds[kind])),
                    100.0 * firstByKind[kind] / std::max(1, countByKind[kind]),
                    QStringLiteral("%"));
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    {
        QRandomGenerator random(4040);
        QList<MatchQuery> queries;
        for (qsizetype k = 0; k < picked.size() && k < 2050; ++k)
            queries += noisyQuery(picked[k], int(k), random);
        runReconcileBench(table, options, cache, queries);
    }
    runSuggestBench(table, options, cache, picked);
}

} // namespace LedgerCurator::Bench
