// SPDX-License-Identifier: GPL-3.0-or-later
#include "LabelledWorks.h"

#include <QHash>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>

#include <array>

namespace LedgerCurator::Test {

namespace {

const QStringList &adjectives()
{
    static const QStringList words = QStringLiteral(
        "efficient scalable robust deep neural probabilistic quantum stochastic adaptive sparse "
        "differentiable generative discriminative convex bayesian hierarchical distributed "
        "federated causal contrastive variational recurrent convolutional spectral geometric "
        "topological algebraic asymptotic nonlinear linear dynamic optimal approximate exact "
        "fast parallel interpretable explainable fair private secure unsupervised supervised "
        "semi-supervised self-supervised few-shot zero-shot multi-task multimodal cross-lingual "
        "large-scale real-time end-to-end long-range non-convex high-dimensional low-rank "
        "graph-based attention-based physics-informed data-driven model-based reinforcement "
        "relativistic cosmological gravitational magnetic thermal chiral topological quantized "
        "holographic supersymmetric effective perturbative lattice numerical analytic statistical "
        "random invariant equivariant compositional continual incremental online offline")
                                         .split(u' ', Qt::SkipEmptyParts);
    return words;
}

const QStringList &nouns()
{
    static const QStringList words = QStringLiteral(
        "learning networks models inference optimization graphs transformers representations "
        "embeddings estimation regression classification clustering segmentation detection "
        "tracking retrieval generation translation summarization reasoning planning control "
        "policies agents games equilibria markets auctions mechanisms protocols consensus "
        "blockchains compilers programs proofs types logics automata languages grammars parsers "
        "databases queries indexes caches schedulers kernels processors circuits qubits "
        "entanglement decoherence superconductors magnets spins lattices phases transitions "
        "black holes galaxies clusters dark matter energy inflation neutrinos quarks gluons "
        "hadrons bosons fermions strings branes manifolds bundles operators spectra eigenvalues "
        "matrices tensors polynomials groups rings fields modules sheaves categories functors "
        "measures martingales diffusions processes flows waves solitons turbulence fluids plasmas "
        "proteins genomes cells neurons brains images videos speech audio text documents "
        "sentences dialogue knowledge ontologies recommendations rankings search benchmarks "
        "datasets metrics evaluation robustness uncertainty calibration privacy fairness "
        "attacks defenses adversaries sampling priors posteriors likelihoods kernels features "
        "attention memory compression quantization pruning distillation scaling laws gradients "
        "descent momentum convergence stability bounds complexity hardness approximation "
        "algorithms heuristics simulations solvers meshes surfaces shapes point clouds scenes "
        "robots manipulation navigation locomotion drones vehicles traffic networks routing "
        "wireless channels antennas signals filters codes decoding")
                                         .split(u' ', Qt::SkipEmptyParts);
    return words;
}

const QStringList &domains()
{
    static const QStringList words = QStringLiteral(
        "image classification|language modeling|protein folding|speech recognition|machine "
        "translation|question answering|object detection|graph neural networks|reinforcement "
        "learning|recommender systems|autonomous driving|medical imaging|climate modeling|"
        "quantum chemistry|particle physics|gravitational waves|dark energy|string theory|"
        "condensed matter|number theory|algebraic geometry|combinatorial optimization|"
        "time series forecasting|anomaly detection|drug discovery|materials science|"
        "computational biology|social networks|financial markets|program synthesis|"
        "code generation|theorem proving|knowledge graphs|information retrieval|"
        "computer vision|natural language processing|robot learning|edge devices|"
        "distributed systems|cloud computing|wireless networks|power grids|epidemic modeling|"
        "fluid dynamics|plasma physics|galaxy formation|cosmic microwave background|"
        "neutron stars|exoplanets|topological insulators|high energy collisions")
                                         .split(u'|', Qt::SkipEmptyParts);
    return words;
}

// Names with accents, as a reference writes them and as arXiv's LaTeX does.
struct AccentedName
{
    const char16_t *unicode;
    const char *latex;
};
constexpr std::array<AccentedName, 16> kNames { {
    { u"Schrödinger", R"(Schr\"odinger)" },
    { u"Gödel", R"(G\"odel)" },
    { u"Poincaré", R"(Poincar\'e)" },
    { u"Erdős", R"(Erd\H{o}s)" },
    { u"Fréchet", R"(Fr\'echet)" },
    { u"Lévy", R"(L\'evy)" },
    { u"Möbius", R"(M\"obius)" },
    { u"Hölder", R"(H\"older)" },
    { u"Kähler", R"(K\"ahler)" },
    { u"Bézier", R"(B\'ezier)" },
    { u"Dvořák", R"(Dvo\v{r}\'ak)" },
    { u"Łojasiewicz", R"({\L}ojasiewicz)" },
    { u"Pólya", R"(P\'olya)" },
    { u"Rényi", R"(R\'enyi)" },
    { u"Künneth", R"(K\"unneth)" },
    { u"Cramér", R"(Cram\'er)" },
} };

const QStringList &familyNames()
{
    static const QStringList names = QStringLiteral(
        "Smith Kumar Wang Li Zhang Chen Garcia Müller Rossi Nguyen Kim Park Ivanov Silva Cohen "
        "Tanaka Sato Novak Kowalski Jensen Andersen Dubois Moreau Fischer Weber Schmidt Costa "
        "Ferreira Yilmaz Kaya Singh Patel Gupta Sharma Okafor Mensah Haddad Khalil Petrov")
                                         .split(u' ', Qt::SkipEmptyParts);
    return names;
}

const QStringList &venues()
{
    static const QStringList venues = QStringLiteral(
        "In Proceedings of CVPR 2019|In Advances in Neural Information Processing Systems, "
        "2020|arXiv preprint arXiv:1904.01234|Phys. Rev. D 98, 2018|Nature 2021|In ICML, "
        "pages 1-10, 2017|J. High Energy Phys. 2016|In Proc. ACL 2022|Ann. of Math. (2) 2015|"
        "Astrophys. J. 2019")
                                          .split(u'|');
    return venues;
}

class Draw
{
public:
    explicit Draw(quint32 seed)
        : m_random(seed)
    {
    }
    int below(int n) { return int(m_random.bounded(quint32(n))); }
    bool chance(double p) { return m_random.generateDouble() < p; }
    template <typename List> const auto &pick(const List &list)
    {
        return list.at(below(int(list.size())));
    }

private:
    QRandomGenerator m_random;
};

QString capitalised(const QString &word)
{
    if (word.isEmpty())
        return word;
    QString out = word;
    bool start = true;
    for (QChar &c : out) {
        if (start && c.isLetter())
            c = c.toUpper();
        start = c == u'-' || c == u' ';
    }
    return out;
}

QString titled(const QStringList &parts)
{
    static const QSet<QString> small { QStringLiteral("for"), QStringLiteral("of"),
        QStringLiteral("the"), QStringLiteral("and"), QStringLiteral("in"), QStringLiteral("via"),
        QStringLiteral("with"), QStringLiteral("under"), QStringLiteral("a"),
        QStringLiteral("on") };
    QStringList out;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString &p = parts[i];
        const bool afterColon = i > 0 && parts[i - 1].endsWith(u':');
        out += (i == 0 || afterColon || !small.contains(p)) ? capitalised(p) : p;
    }
    return out.join(u' ');
}

// A title, with `latex` holding the form arXiv gives (LaTeX accents) and the return value the
// one a reference shows (Unicode).
QString makeTitle(Draw &draw, QString *latex)
{
    QStringList parts;
    const AccentedName *name = nullptr;
    const auto adj = [&] { return draw.pick(adjectives()); };
    const auto noun = [&] { return draw.pick(nouns()); };
    const auto domain = [&] { return draw.pick(domains()); };
    switch (draw.below(9)) {
    case 0:
        parts << adj() << noun() << QStringLiteral("for") << domain();
        break;
    case 1:
        parts << noun() << (noun() + QStringLiteral(":")) << adj() << noun()
              << QStringLiteral("with") << adj() << noun();
        break;
    case 2:
        parts << QStringLiteral("On") << QStringLiteral("the") << noun() << QStringLiteral("of")
              << adj() << noun() << QStringLiteral("in") << domain();
        break;
    case 3:
        parts << adj() << noun() << QStringLiteral("via") << adj() << noun() << QStringLiteral("in")
              << domain();
        break;
    case 4:
        name = &draw.pick(kNames);
        parts << QString::fromUtf16(name->unicode) << noun() << QStringLiteral("and") << adj()
              << noun() << QStringLiteral("of") << noun();
        break;
    case 5:
        parts << QStringLiteral("Towards") << adj() << (noun() + QStringLiteral(":"))
              << QStringLiteral("a") << adj() << noun() << QStringLiteral("for") << domain();
        break;
    case 6:
        parts << QStringLiteral("A") << adj() << noun() << QStringLiteral("of") << noun() << noun()
              << QStringLiteral("under") << adj() << noun();
        break;
    case 7:
        parts << adj() << adj() << noun() << QStringLiteral("for") << adj() << domain();
        break;
    default:
        parts << (adj() + QStringLiteral(" ") + noun() + QStringLiteral(":")) << noun()
              << QStringLiteral("and") << noun() << QStringLiteral("in") << domain()
              << QStringLiteral("with") << adj() << noun();
        break;
    }
    const QString plain = titled(parts);
    QString arxiv = plain;
    if (name && draw.chance(0.7))
        arxiv.replace(QString::fromUtf16(name->unicode), QString::fromLatin1(name->latex));
    // the snapshot's line breaks and double spaces
    if (draw.chance(0.15)) {
        const qsizetype at = arxiv.indexOf(u' ', arxiv.size() / 2);
        if (at > 0)
            arxiv.replace(at, 1, QStringLiteral("\n  "));
    }
    if (draw.chance(0.1))
        arxiv.replace(arxiv.indexOf(u' '), 1, QStringLiteral("  "));
    *latex = arxiv;
    return plain;
}

QString authorsOf(Draw &draw)
{
    QStringList out;
    const int n = 1 + draw.below(4);
    for (int i = 0; i < n; ++i)
        out += QString(QChar(u'A' + draw.below(26))) + QStringLiteral(". ")
            + draw.pick(familyNames());
    return out.join(QStringLiteral(", "));
}

// --- Noise ------------------------------------------------------------------------------------

QString typo(Draw &draw, const QString &text)
{
    QStringList words = text.split(u' ');
    QList<qsizetype> long5;
    for (qsizetype i = 0; i < words.size(); ++i) {
        if (words[i].size() >= 6)
            long5 += i;
    }
    if (long5.isEmpty())
        return text;
    QString &w = words[draw.pick(long5)];
    const qsizetype at = 1 + draw.below(int(w.size() - 2));
    switch (draw.below(3)) {
    case 0:
        w.remove(at, 1);
        break;
    case 1:
        w.insert(at, QChar(u'a' + draw.below(26)));
        break;
    default:
        std::swap(w[at], w[at + 1 < w.size() ? at + 1 : at - 1]);
        break;
    }
    return words.join(u' ');
}

QString ocr(Draw &draw, const QString &text)
{
    QString out = text;
    const std::array<std::pair<QString, QString>, 5> swaps { {
        { QStringLiteral("m"), QStringLiteral("rn") },
        { QStringLiteral("l"), QStringLiteral("1") },
        { QStringLiteral("o"), QStringLiteral("0") },
        { QStringLiteral("w"), QStringLiteral("vv") },
        { QStringLiteral("d"), QStringLiteral("cl") },
    } };
    int done = 0;
    for (int attempt = 0; attempt < 6 && done < 2; ++attempt) {
        const auto &swap = swaps[draw.below(int(swaps.size()))];
        const qsizetype at = out.indexOf(swap.first, draw.below(int(out.size())));
        if (at > 0) {
            out.replace(at, swap.first.size(), swap.second);
            ++done;
        }
    }
    return out;
}

QString dashes(Draw &draw, const QString &text)
{
    QString out = text;
    const std::array<QString, 3> forms { QStringLiteral("\u2013"), QStringLiteral(" - "),
        QStringLiteral(" ") };
    out.replace(u'-', draw.pick(forms));
    out.replace(
        QStringLiteral(": "), draw.chance(0.5) ? QStringLiteral(" \u2014 ") : QStringLiteral(". "));
    return out;
}

QString accents(Draw &draw, const QString &text)
{
    // either the accents dropped, or given as LaTeX, or some added where there were none
    QString out = text;
    for (const AccentedName &name : kNames) {
        const QString unicode = QString::fromUtf16(name.unicode);
        if (!out.contains(unicode))
            continue;
        if (draw.chance(0.5))
            out.replace(unicode,
                unicode.normalized(QString::NormalizationForm_KD)
                    .remove(QRegularExpression(QStringLiteral("\\p{Mn}"))));
        else
            out.replace(unicode, QString::fromLatin1(name.latex));
        return out;
    }
    out.replace(u'e', draw.chance(0.5) ? u'\u00e9' : u'\u00e8');
    return out;
}

} // namespace

namespace {
void addHardPart(LabelledSet &set, quint32 seed, const LabelledSetSize &size);
} // namespace

LabelledSet makeLabelledSet(quint32 seed, const LabelledSetSize &size)
{
    Draw draw(seed);
    LabelledSet set;
    QHash<QString, QString> plainTitle; // id -> the title as a reference shows it
    QHash<QString, QString> kindOf; // id -> "sibling" for the siblings
    QSet<QString> normalised;
    const auto addWork = [&](const QString &plain, const QString &arxiv, const QString &kind) {
        const QString key = normalizeTitle(arxiv);
        if (normalised.contains(key))
            return false;
        normalised.insert(key);
        const int n = int(set.works.size());
        Work work;
        work.id = QStringLiteral("%1%2.%3")
                      .arg(10 + n % 15, 2, 10, QLatin1Char('0'))
                      .arg(1 + (n / 15) % 12, 2, 10, QLatin1Char('0'))
                      .arg(n, 5, 10, QLatin1Char('0'));
        work.title = arxiv;
        work.authors = authorsOf(draw);
        work.year = 2010 + n % 15;
        work.source = QStringLiteral("labelled");
        plainTitle.insert(work.id, plain);
        if (!kind.isEmpty())
            kindOf.insert(work.id, kind);
        set.works += work;
        return true;
    };
    while (set.works.size() < size.works) {
        QString arxiv;
        const QString plain = makeTitle(draw, &arxiv);
        if (!addWork(plain, arxiv, {}))
            continue;
        if (draw.chance(size.siblingShare)) {
            switch (draw.below(4)) {
            case 0:
                addWork(plain + QStringLiteral(": Extended Version"),
                    arxiv + QStringLiteral(": Extended Version"), QStringLiteral("sibling"));
                break;
            case 1:
                addWork(QStringLiteral("Revisiting ") + plain,
                    QStringLiteral("Revisiting ") + arxiv, QStringLiteral("sibling"));
                break;
            case 2:
                addWork(plain + QStringLiteral(" (Extended Abstract)"),
                    arxiv + QStringLiteral(" (Extended Abstract)"), QStringLiteral("sibling"));
                break;
            default:
                addWork(plain + QStringLiteral(", Part II"), arxiv + QStringLiteral(", Part II"),
                    QStringLiteral("sibling"));
                break;
            }
        }
    }
    // The noisy forms.
    const QStringList noiseKinds { QStringLiteral("case"), QStringLiteral("accents"),
        QStringLiteral("latex"), QStringLiteral("dashes"), QStringLiteral("typo"),
        QStringLiteral("subtitle"), QStringLiteral("authors"), QStringLiteral("venue"),
        QStringLiteral("truncation"), QStringLiteral("ocr"), QStringLiteral("clean") };
    while (set.queries.size() < size.queries) {
        const Work &work = set.works.at(draw.below(int(set.works.size())));
        const bool sibling = kindOf.contains(work.id);
        QString text = plainTitle.value(work.id);
        LabelledQuery query;
        query.truth = work.id;
        const int count = draw.chance(0.35) ? 2 : 1;
        for (int k = 0; k < count; ++k) {
            const QString kind = draw.pick(noiseKinds);
            if (query.noise.contains(kind))
                continue;
            // A sibling's own words are what tell it apart: no noise takes them away.
            if (sibling && (kind == u"subtitle" || kind == u"truncation"))
                continue;
            QString before = text;
            if (kind == u"case") {
                text = draw.chance(0.5) ? text.toUpper() : text.toLower();
            } else if (kind == u"accents") {
                text = accents(draw, text);
            } else if (kind == u"latex") {
                text = work.title; // as arXiv writes it, LaTeX, line breaks and all
            } else if (kind == u"dashes") {
                text = dashes(draw, text);
            } else if (kind == u"typo") {
                text = typo(draw, text);
            } else if (kind == u"subtitle") {
                const qsizetype colon = text.indexOf(u':');
                if (colon > 0 && titleWords(text.left(colon)).size() >= 3)
                    text = text.left(colon);
            } else if (kind == u"authors") {
                QStringList names;
                for (const QString &a : work.authors.split(QStringLiteral(", ")))
                    names += a;
                text = draw.chance(0.5)
                    ? names.join(QStringLiteral(", ")) + QStringLiteral(". ") + text
                    : text + QStringLiteral(". ") + names.join(QStringLiteral(" and "));
            } else if (kind == u"venue") {
                text = text + (draw.chance(0.5) ? QStringLiteral(". ") : QStringLiteral(", "))
                    + draw.pick(venues());
            } else if (kind == u"truncation") {
                if (text.size() > 60) {
                    text = text.left(
                        50 + draw.below(int(std::min<qsizetype>(text.size() - 55, 25))));
                    if (draw.chance(0.5))
                        text += QStringLiteral("...");
                }
            } else if (kind == u"ocr") {
                text = ocr(draw, text);
            }
            if (text != before)
                query.noise += kind;
        }
        // A form that reads as another work's title names that work, not this one.
        const QString key = normalizeTitle(text);
        if (key != normalizeTitle(work.title) && normalised.contains(key))
            continue;
        query.text = text;
        set.queries += query;
    }
    // Titles in no work of the set: made the same way; or near misses of a work of the set
    // (one word changed, a sibling the set does not hold: "Revisiting X", "X: Extended
    // Version"), which must never be matched to it.
    int absent = 0;
    while (absent < size.absent) {
        QString plain;
        QString kind = QStringLiteral("absent");
        const int form = draw.below(10);
        if (form < 4) {
            QString arxiv;
            plain = makeTitle(draw, &arxiv);
        } else {
            const Work &near = set.works.at(draw.below(int(set.works.size())));
            const QString title = plainTitle.value(near.id);
            if (form < 7) {
                QStringList words = title.split(u' ');
                QList<qsizetype> informative;
                for (qsizetype i = 0; i < words.size(); ++i) {
                    if (!isStopWord(normalizeTitle(words[i])) && words[i].size() > 3)
                        informative += i;
                }
                if (informative.isEmpty())
                    continue;
                QString &word = words[draw.pick(informative)];
                const QString ending = word.endsWith(u':') ? QStringLiteral(":") : QString();
                word = capitalised(draw.pick(nouns())) + ending;
                plain = words.join(u' ');
                kind = QStringLiteral("absent-word");
            } else {
                plain = draw.chance(0.5) ? QStringLiteral("Revisiting ") + title
                                         : title + QStringLiteral(": Extended Version");
                kind = QStringLiteral("absent-sibling");
            }
        }
        if (normalised.contains(normalizeTitle(plain)))
            continue;
        set.queries += LabelledQuery { plain, QString(), { kind } };
        ++absent;
    }
    if (size.hardWorks > 0)
        addHardPart(set, seed, size);
    return set;
}

namespace {

QString spacedTwice(Draw &draw, const QString &text)
{
    QString out;
    for (const QChar c : text) {
        out += c;
        if (c == u' ' && draw.chance(0.5))
            out += u' ';
    }
    return out;
}

QString pseudoName(Draw &draw)
{
    static const QStringList syllables = QStringLiteral("hy dra fal con mi ra te lo ka vo zu ne "
                                                        "si bo ar ix")
                                             .split(u' ');
    QString name = capitalised(draw.pick(syllables) + draw.pick(syllables));
    if (draw.chance(0.5))
        name += QString::number(2 + draw.below(8));
    return name;
}

//! The confusable works and their references (LabelledSetSize::hardWorks and after).
void addHardPart(LabelledSet &set, quint32 seed, const LabelledSetSize &size)
{
    Draw draw(seed * 2654435761u + 17u);
    QSet<QString> normal;
    for (const Work &w : std::as_const(set.works))
        normal.insert(normalizeTitle(w.title));
    struct Hard
    {
        QString title;
        QString name; // the "Name" of "Name: body"
        QString body;
    };
    QList<Hard> hard;
    QList<qsizetype> at; // index in set.works
    QStringList stems; // family stems listed
    QList<std::pair<QString, QString>> twins;
    const int first = int(set.works.size());
    const auto add = [&](const Hard &h) {
        const QString key = normalizeTitle(h.title);
        if (normal.contains(key))
            return false;
        normal.insert(key);
        const int n = int(set.works.size());
        Work work;
        work.id = QStringLiteral("%1%2.%3")
                      .arg(10 + n % 15, 2, 10, QLatin1Char('0'))
                      .arg(1 + (n / 15) % 12, 2, 10, QLatin1Char('0'))
                      .arg(n, 5, 10, QLatin1Char('0'));
        work.title = h.title;
        work.authors = authorsOf(draw);
        work.year = 2010 + draw.below(15);
        work.source = QStringLiteral("labelled");
        at += set.works.size();
        hard += h;
        set.works += work;
        return true;
    };
    while (int(set.works.size()) - first < size.hardWorks) {
        const QString x
            = capitalised(draw.pick(adjectives())) + u' ' + capitalised(draw.pick(nouns()));
        const QString y = titled(draw.pick(domains()).split(u' '));
        switch (draw.below(4)) {
        case 0: {
            const QString name = pseudoName(draw);
            const QString body = x + QStringLiteral(" for ") + y;
            add(Hard { name + QStringLiteral(": ") + body, name, body });
            break;
        }
        case 1: {
            const QString stem = (draw.chance(0.5) ? QStringLiteral("A Survey of ")
                                                   : QStringLiteral("An Empirical Study of "))
                + x;
            bool any = false;
            for (int k = 0, n = 2 + draw.below(2); k < n; ++k)
                any = add(Hard {
                          stem + QStringLiteral(" for ") + titled(draw.pick(domains()).split(u' ')),
                          {}, {} })
                    || any;
            if (any)
                stems += stem;
            break;
        }
        default:
            if (draw.chance(0.5))
                add(Hard { x + QStringLiteral(" for ") + y, {}, {} });
            else
                add(Hard { QStringLiteral("Towards ") + x + QStringLiteral(" in ") + y, {}, {} });
            twins += { x, y };
            break;
        }
    }
    for (int made = 0; made < size.hardQueries;) {
        const qsizetype k = draw.below(int(hard.size()));
        const Hard &h = hard.at(k);
        const Work &work = set.works.at(at.at(k));
        LabelledQuery q;
        q.truth = work.id;
        QString text = h.title;
        if (!h.name.isEmpty() && draw.chance(0.7)) {
            text = h.body;
            q.noise += QStringLiteral("drop-name");
        }
        if (draw.chance(0.2)) {
            QStringList words = text.split(u' ');
            if (words.size() >= 6) {
                words.resize(words.size() - 1 - draw.below(2));
                text = words.join(u' ') + (draw.chance(0.5) ? QStringLiteral("...") : QString());
                q.noise += QStringLiteral("truncation");
            }
        }
        if (draw.chance(0.4)) {
            QStringList names;
            for (const QString &a : work.authors.split(QStringLiteral(", ")))
                names += a.mid(3) + u' ' + a.left(2);
            text = names.join(QStringLiteral(", ")) + QStringLiteral(" (%1) ").arg(*work.year)
                + text;
            q.noise += QStringLiteral("authors-year");
        }
        if (draw.chance(0.4)) {
            text = text.toLower();
            q.noise += QStringLiteral("case");
        }
        if (draw.chance(0.4)) {
            text = spacedTwice(draw, text);
            q.noise += QStringLiteral("spaces");
        }
        // A form that reads as another work's title names that work, not this one.
        if (const QString n = normalizeTitle(text);
            n != normalizeTitle(work.title) && normal.contains(n))
            continue;
        q.text = text;
        set.queries += q;
        ++made;
    }
    for (int made = 0, guard = 0; made < size.hardAbsent && guard < 100000; ++guard) {
        QString text;
        QString kind;
        if (draw.chance(0.5) && !stems.isEmpty()) {
            text = draw.pick(stems);
            kind = QStringLiteral("absent-prefix");
        } else if (!twins.isEmpty()) {
            const auto &[x, y] = twins.at(draw.below(int(twins.size())));
            text = draw.chance(0.5)
                ? QString(QStringLiteral("Towards ") + x + QStringLiteral(" in ") + y)
                : QString(x + QStringLiteral(" for ") + y);
            kind = QStringLiteral("absent-twin");
        }
        if (text.isEmpty() || normal.contains(normalizeTitle(text)))
            continue;
        if (draw.chance(0.5))
            text = text.toLower();
        if (draw.chance(0.5))
            text = spacedTwice(draw, text);
        set.queries += LabelledQuery { text, QString(), { kind } };
        ++made;
    }
}

} // namespace

void countOutcome(
    MatchQuality &quality, const LabelledQuery &query, const QList<Candidate> &candidates)
{
    const bool inSet = !query.truth.isEmpty();
    if (inSet)
        ++quality.queries;
    else
        ++quality.absent;
    for (qsizetype i = 0; i < candidates.size() && i < 5; ++i) {
        if (inSet && candidates[i].id == query.truth) {
            ++quality.inTopFive;
            break;
        }
    }
    const Candidate *matched = nullptr;
    for (const Candidate &c : candidates) {
        if (c.match) {
            matched = &c;
            break;
        }
    }
    if (!matched) {
        if (inSet)
            quality.missed
                += QStringLiteral("%1 [%2] (%3: %4)")
                       .arg(query.text, query.noise.join(u','), query.truth,
                           candidates.isEmpty()
                               ? QStringLiteral("no candidate")
                               : QStringLiteral("%1 %2 / %3")
                                     .arg(candidates[0].id)
                                     .arg(candidates[0].score)
                                     .arg(candidates.size() > 1 ? candidates[1].score : 0));
        return;
    }
    ++quality.matches;
    if (matched->id == query.truth) {
        ++quality.rightMatches;
        return;
    }
    quality.wrong += QStringLiteral("%1 [%2] -> %3 \"%4\" %5 (truth %6)")
                         .arg(query.text, query.noise.join(u','), matched->id, matched->name)
                         .arg(matched->score)
                         .arg(query.truth.isEmpty() ? QStringLiteral("none") : query.truth);
}

} // namespace LedgerCurator::Test
