// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeldOutWorks.h"

#include <QHash>
#include <QRandomGenerator>
#include <QSet>

#include <algorithm>

namespace LedgerCurator::Test {

namespace {

// A vocabulary of its own: none of LabelledWorks' title shapes, and few of its words.
QStringList words(const char *text)
{
    return QString::fromLatin1(text).split(u' ', Qt::SkipEmptyParts);
}

const QStringList &modifiers()
{
    static const QStringList w = words(
        "Sparse Contrastive Hierarchical Latent Masked Diffusion Spiking Frozen Elastic Routed "
        "Gated Tiny Streaming Lossless Implicit Modular Recurrent Causal Mixed Dense Shallow "
        "Rotary Kernelized Neural Symbolic Tabular Event-Driven Memory-Efficient Label-Free "
        "Zero-Cost Retrieval-Augmented Physics-Guided Curriculum Federated Bayesian Quantized");
    return w;
}

const QStringList &mechanisms()
{
    static const QStringList w = words(
        "Mixture Token Prompt Adapter Expert Attention Graph Codebook Tree Memory Residual "
        "Kernel Policy Reward Feature Patch Channel Neighbour Anchor Prototype Tensor Spline "
        "Wavelet Hash Sketch Motif Cascade Portfolio Lattice Fourier Label");
    return w;
}

const QStringList &objects()
{
    static const QStringList w = words(
        "Routing Pruning Distillation Smoothing Alignment Calibration Compression Search "
        "Matching Sampling Caching Scheduling Ensembling Regularization Tuning Merging "
        "Selection Augmentation Decoding Fusion Propagation Rewiring Quantization Estimation "
        "Partitioning Ranking Tokenization Reweighting Initialization Transformers");
    return w;
}

const QStringList &domains()
{
    static const QStringList w = QStringLiteral(
        "Speech Synthesis|Drug Design|Traffic Forecasting|Image Retrieval|Crop Yield Prediction|"
        "Legal Document Review|Protein Docking|Weather Nowcasting|Music Generation|"
        "Fraud Detection|Satellite Imagery|Code Completion|Medical Triage|Power Load Balancing|"
        "Sign Language Translation|Battery Health Monitoring|Seismic Inversion|"
        "Wildlife Monitoring|Chip Placement|Molecule Generation|Recipe Recommendation|"
        "Handwriting Recognition|Stock Return Prediction|Video Captioning|Air Quality Sensing|"
        "Open-Domain Dialogue|Cell Segmentation|Ocean Current Modelling|Robotic Grasping|"
        "Spam Filtering|Table Question Answering|Quantum Circuit Compilation|"
        "Earthquake Early Warning|Retinal Screening|Supply Chain Planning|Math Word Problems|"
        "Cyber Threat Hunting|Genome Assembly|Lane Detection|Emotion Recognition")
                                     .split(u'|');
    return w;
}

const QStringList &subtitleWords()
{
    static const QStringList w
        = words("Theory Practice Benchmarks Pitfalls Lessons Limits Guarantees "
                "Algorithms Applications Evidence Insights Baselines");
    return w;
}

const QStringList &surnames()
{
    static const QStringList w = words(
        "Zhang Li Wang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Lin Luo Gao "
        "Tanaka Suzuki Kowalczyk Nowak Horvath Varga Lindqvist Berg Olsen Hansen Moreira Alves "
        "Okonkwo Adeyemi Mbeki Banerjee Iyer Reddy Nair Rahman Hussain Farouk Haddad Brennan "
        "Doyle Walsh Murphy Fontaine Girard Lambert Ricci Greco Conti Romano Schulz Becker");
    return w;
}

const QStringList &nameSyllables()
{
    static const QStringList w = words("Or ca Lu men Ve ga Ny x Ka ppa Zen ith Ar go Pi xel Ra "
                                       "ven So l Ty ra Mo ss Qu ill Ne o Ba sil Fe rn");
    return w;
}

class Dice
{
public:
    explicit Dice(quint32 seed)
        : m_random(seed)
    {
    }
    int below(int n) { return n <= 0 ? 0 : int(m_random.bounded(quint32(n))); }
    bool chance(double p) { return m_random.generateDouble() < p; }
    const QString &pick(const QStringList &list) { return list.at(below(int(list.size()))); }

private:
    QRandomGenerator m_random;
};

struct Made
{
    QString title;
    QString authors; // "W. Zhang, C. Li and K. Tanaka"
    QStringList families; // "Zhang", "Li", "Tanaka"
    int year = 0;
    QString name; // the system name before the colon, if any
    QString body; // the title without its name
};

QString systemName(Dice &dice)
{
    QString name = dice.pick(nameSyllables()) + dice.pick(nameSyllables()).toLower();
    if (dice.chance(0.6))
        name += QString::number(1 + dice.below(9));
    else if (dice.chance(0.3))
        name = name.toUpper();
    return name;
}

QString topic(Dice &dice)
{
    return dice.pick(modifiers()) + u' ' + dice.pick(mechanisms()) + u' ' + dice.pick(objects());
}

QString typoed(Dice &dice, const QString &text)
{
    QStringList parts = text.split(u' ');
    QList<qsizetype> longOnes;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        if (parts[i].size() >= 7)
            longOnes += i;
    }
    if (longOnes.isEmpty())
        return text;
    QString &w = parts[longOnes.at(dice.below(int(longOnes.size())))];
    const qsizetype at = 2 + dice.below(int(w.size() - 4));
    if (dice.chance(0.5))
        w.remove(at, 1);
    else
        w.insert(at, QChar(u'a' + dice.below(26)));
    return parts.join(u' ');
}

QString doubledSpaces(Dice &dice, const QString &text)
{
    QString out;
    for (const QChar c : text) {
        out += c;
        if (c == u' ' && dice.chance(0.4))
            out += u' ';
    }
    return out;
}

//! The authors and year before the title, as reference lists write them.
QString withAuthorsAndYear(Dice &dice, const Made &work, const QString &title)
{
    const QStringList initials = [&] {
        QStringList out;
        for (qsizetype i = 0; i < work.families.size(); ++i)
            out += QString(work.authors.split(QStringLiteral(", ")).value(i).left(1));
        return out;
    }();
    QStringList names;
    switch (dice.below(3)) {
    case 0: // Zhang W., Li C. (2021) Title
        for (qsizetype i = 0; i < work.families.size(); ++i)
            names += work.families[i] + u' ' + initials.value(i) + u'.';
        return names.join(QStringLiteral(", ")) + QStringLiteral(" (%1) ").arg(work.year) + title;
    case 1: // Zhang, W., & Li, C. (2021). Title.
        for (qsizetype i = 0; i < work.families.size(); ++i)
            names += work.families[i] + QStringLiteral(", ") + initials.value(i) + u'.';
        if (names.size() > 1)
            names.last().prepend(QStringLiteral("& "));
        return names.join(QStringLiteral(", ")) + QStringLiteral(" (%1). ").arg(work.year) + title
            + u'.';
    default: // W. Zhang, C. Li. Title. 2021.
        for (qsizetype i = 0; i < work.families.size(); ++i)
            names += initials.value(i) + QStringLiteral(". ") + work.families[i];
        return names.join(QStringLiteral(", ")) + QStringLiteral(". ") + title
            + QStringLiteral(". %1.").arg(work.year);
    }
}

} // namespace

LabelledSet makeHeldOutSet(quint32 seed, const HeldOutSize &size)
{
    Dice dice(seed ^ 0x5bd1e995u);
    LabelledSet set;
    QList<Made> made;
    QSet<QString> normal; // the normal forms of every title listed
    QHash<QString, qsizetype> byNormal;
    const auto add = [&](Made m) {
        const QString key = normalizeTitle(m.title);
        if (normal.contains(key))
            return false;
        normal.insert(key);
        const int n = int(made.size());
        Work work;
        work.id = QStringLiteral("%1.%2")
                      .arg(1601 + (n / 3000) % 9 * 100 + n % 12, 4, 10, QLatin1Char('0'))
                      .arg(n, 5, 10, QLatin1Char('0'));
        const int count = 1 + dice.below(4);
        QStringList authors;
        for (int k = 0; k < count; ++k) {
            const QString family = dice.pick(surnames());
            if (m.families.contains(family))
                continue;
            m.families += family;
            authors += QString(QChar(u'A' + dice.below(26))) + QStringLiteral(". ") + family;
        }
        m.authors = authors.join(QStringLiteral(", "));
        m.year = 2000 + dice.below(26);
        work.title = m.title;
        work.authors = m.authors;
        work.year = m.year;
        work.source = QStringLiteral("held-out");
        byNormal.insert(key, made.size());
        made += m;
        set.works += work;
        return true;
    };
    // The titles whose citations can be confused: kept to make the references from.
    struct Family
    {
        QString stem; // "A Survey of Graph Transformers"
        QStringList members; // the domains listed
    };
    QList<Family> families;
    QList<std::pair<QString, QString>>
        twins; // (topic, domain) listed as "X for Y" or "Towards X in Y"
    while (set.works.size() < size.works) {
        const QString x = topic(dice);
        const QString y = dice.pick(domains());
        const int shape = dice.below(10);
        if (shape <= 1) { // Name: X for Y
            Made m;
            m.name = systemName(dice);
            m.body = x + QStringLiteral(" for ") + y;
            m.title = m.name + QStringLiteral(": ") + m.body;
            add(m);
        } else if (shape == 2) { // X for Y, and sometimes its twin
            add(Made { x + QStringLiteral(" for ") + y, {}, {}, 0, {}, {} });
            if (dice.chance(0.3))
                add(Made { QStringLiteral("Towards ") + x + QStringLiteral(" in ") + y, {}, {}, 0,
                    {}, {} });
            twins += { x, y };
        } else if (shape == 3) { // Towards X in Y
            add(Made {
                QStringLiteral("Towards ") + x + QStringLiteral(" in ") + y, {}, {}, 0, {}, {} });
            twins += { x, y };
        } else if (shape <= 5) { // a family sharing a long prefix
            Family f;
            f.stem = (dice.chance(0.5) ? QStringLiteral("A Survey of ")
                                       : QStringLiteral("An Empirical Study of "))
                + x;
            const int members = 2 + dice.below(3);
            for (int k = 0; k < members; ++k) {
                const QString d = dice.pick(domains());
                if (f.members.contains(d))
                    continue;
                if (add(Made { f.stem + QStringLiteral(" for ") + d, {}, {}, 0, {}, {} }))
                    f.members += d;
            }
            if (!f.members.isEmpty())
                families += f;
        } else if (shape == 6) { // X: Z and W
            add(Made { x + QStringLiteral(": ") + dice.pick(subtitleWords())
                    + QStringLiteral(" and ") + dice.pick(subtitleWords()),
                {}, {}, 0, {}, {} });
        } else if (shape == 7) {
            add(Made { x + QStringLiteral(" with ") + dice.pick(mechanisms()) + u' '
                    + dice.pick(objects()) + QStringLiteral(" for ") + y,
                {}, {}, 0, {}, {} });
        } else if (shape == 8) {
            add(Made { QStringLiteral("Learning ") + x + QStringLiteral(" from ") + y
                    + QStringLiteral(" Data"),
                {}, {}, 0, {}, {} });
        } else {
            add(Made { QStringLiteral("On ") + x + QStringLiteral(" in ") + y, {}, {}, 0, {}, {} });
        }
    }
    if (set.works.size() > size.works) {
        set.works.resize(size.works);
        made.resize(size.works);
    }
    const auto listed = [&](const QString &title) {
        const auto it = byNormal.constFind(normalizeTitle(title));
        return it != byNormal.cend() && *it < size.works;
    };

    // References to works of the list.
    const int absent = int(size.references * size.absentShare);
    const int present = size.references - absent;
    while (set.queries.size() < present) {
        const qsizetype at = dice.below(int(set.works.size()));
        const Made &m = made.at(at);
        LabelledQuery q;
        q.truth = set.works.at(at).id;
        QString text = m.title;
        // Noise that changes the words first, then the text's form.
        if (!m.name.isEmpty() && dice.chance(0.6)) {
            text = m.body;
            q.noise += QStringLiteral("drop-name");
        }
        if (dice.chance(0.2)) {
            const QString before = text;
            text = typoed(dice, text);
            if (text != before)
                q.noise += QStringLiteral("typo");
        }
        if (dice.chance(0.15)) {
            // cut at a word, sometimes saying so: may fit several works of a family
            const QStringList parts = text.split(u' ');
            if (parts.size() >= 6) {
                text = parts.mid(0, parts.size() - 1 - dice.below(2)).join(u' ');
                if (dice.chance(0.5))
                    text += QStringLiteral("...");
                q.noise += QStringLiteral("truncated");
            }
        }
        if (dice.chance(0.35)) {
            text = withAuthorsAndYear(dice, m, text);
            q.noise += QStringLiteral("authors-year");
        } else if (dice.chance(0.2)) {
            text += QStringLiteral(". In Proc. of the %1 Workshop, %2")
                        .arg(dice.pick(modifiers()))
                        .arg(2000 + dice.below(26));
            q.noise += QStringLiteral("venue");
        }
        if (dice.chance(0.35)) {
            text = text.toLower();
            q.noise += QStringLiteral("lower");
        }
        if (dice.chance(0.3)) {
            text = doubledSpaces(dice, text);
            q.noise += QStringLiteral("spaces");
        }
        // A form that reads as another work's title names that work, not this one.
        if (normalizeTitle(text) != normalizeTitle(m.title) && listed(text))
            continue;
        q.text = text;
        set.queries += q;
    }

    // References to works not in the list, made to look like some that are.
    int made_absent = 0;
    int guard = 0;
    while (made_absent < absent && guard++ < absent * 200) {
        QString text;
        QString kind;
        switch (dice.below(5)) {
        case 0: { // a shorter work whose title is a prefix of listed ones
            if (families.isEmpty())
                continue;
            const Family &f = families.at(dice.below(int(families.size())));
            text = f.stem;
            kind = QStringLiteral("absent-prefix");
            break;
        }
        case 1: { // a family member the list lacks
            if (families.isEmpty())
                continue;
            const Family &f = families.at(dice.below(int(families.size())));
            text = f.stem + QStringLiteral(" for ") + dice.pick(domains());
            kind = QStringLiteral("absent-family");
            break;
        }
        case 2: { // the reworded twin of a listed title
            if (twins.isEmpty())
                continue;
            const auto &[x, y] = twins.at(dice.below(int(twins.size())));
            text = dice.chance(0.5)
                ? QString(QStringLiteral("Towards ") + x + QStringLiteral(" in ") + y)
                : QString(x + QStringLiteral(" for ") + y);
            kind = QStringLiteral("absent-twin");
            break;
        }
        case 3: { // another system's name on a listed title
            const Made &m = made.at(dice.below(int(made.size())));
            if (m.name.isEmpty())
                continue;
            text = systemName(dice) + QStringLiteral(": ") + m.body;
            kind = QStringLiteral("absent-name");
            break;
        }
        default: // a new title
            text = topic(dice) + QStringLiteral(" for ") + dice.pick(domains());
            kind = QStringLiteral("absent-new");
            break;
        }
        if (listed(text))
            continue;
        if (dice.chance(0.5))
            text = text.toLower();
        if (dice.chance(0.5))
            text = doubledSpaces(dice, text);
        set.queries += LabelledQuery { text, QString(), { kind } };
        ++made_absent;
    }
    return set;
}

QString ScoreReliability::bandName(int band)
{
    static const char *const names[kBands]
        = { "95-100", "90-95", "85-90", "80-85", "70-80", "under 70" };
    return QString::fromLatin1(names[std::clamp(band, 0, kBands - 1)]);
}

int ScoreReliability::bandOf(double score)
{
    if (score >= 95)
        return 0;
    if (score >= 90)
        return 1;
    if (score >= 85)
        return 2;
    if (score >= 80)
        return 3;
    if (score >= 70)
        return 4;
    return 5;
}

void ScoreReliability::add(const LabelledQuery &query, const QList<Candidate> &list)
{
    for (const Candidate &c : list) {
        const int band = bandOf(c.score);
        ++candidates[band];
        if (!query.truth.isEmpty() && c.id == query.truth)
            ++right[band];
        else if (c.score >= 90)
            wrongFrom90 += QStringLiteral("%1 [%2] -> %3 \"%4\" %5%6 (truth %7)")
                               .arg(query.text, query.noise.join(u','), c.id, c.name)
                               .arg(c.score)
                               .arg(c.match ? QStringLiteral(" match") : QString())
                               .arg(query.truth.isEmpty() ? QStringLiteral("none") : query.truth);
    }
}

double ScoreReliability::shareRightFrom(double score) const
{
    int n = 0, r = 0;
    for (int band = 0; band < kBands && band <= bandOf(score); ++band) {
        n += candidates[band];
        r += right[band];
    }
    return n ? double(r) / n : 1.0;
}

int ScoreReliability::countFrom(double score) const
{
    int n = 0;
    for (int band = 0; band < kBands && band <= bandOf(score); ++band)
        n += candidates[band];
    return n;
}

} // namespace LedgerCurator::Test
