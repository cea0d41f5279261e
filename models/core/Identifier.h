// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace LedgerCurator {

//! A checked arXiv id or DOI, in the one spelling the ledger keeps.
struct Identifier
{
    enum class Kind { ArxivNew, ArxivOld, Doi };
    Kind kind = Kind::ArxivNew;
    //! arXiv: the id without "arXiv:", with its version if given ("2104.04473v5",
    //! "hep-th/9901001v2", "math.GT/0309136"). DOI: "10.NNNN/suffix", lower case,
    //! without "doi:" or "https://doi.org/".
    QString canonical;
    //! arXiv: the id without its version. DOI: same as canonical.
    QString base;
    //! arXiv version number; 0 when none was given (and always 0 for a DOI).
    int version = 0;

    friend bool operator==(const Identifier &, const Identifier &) = default;
};

//! An Identifier, or a message for the librarian saying what is wrong with the text.
struct IdentifierCheck
{
    std::optional<Identifier> identifier;
    QString error; // empty when ok()
    bool ok() const { return identifier.has_value(); }
};

//! An arXiv id (new style YYMM.NNNNN or old style archive/YYMMNNN) or a DOI.
//! Accepts surrounding whitespace, "arXiv:" (any case), "doi:" (any case),
//! "https://doi.org/", "http://doi.org/" and "https://dx.doi.org/".
IdentifierCheck parseIdentifier(QStringView text);
//! An arXiv id only; a DOI is refused with a message saying so.
IdentifierCheck parseArxivId(QStringView text);
//! Both valid and the same canonical form (DOIs compare case-insensitively;
//! arXiv versions must match: "2104.04473v1" is not "2104.04473v2").
bool sameIdentifier(QStringView a, QStringView b);
//! The DOI arXiv registers for an id, lower case: "10.48550/arxiv.2104.04473".
//! A version, if given, is dropped. Empty when arxivBase is not a valid arXiv id.
QString arxivDoi(QStringView arxivBase);

//! The record id from user input: strips "arXiv:" and a version suffix ("2104.04473v5").
QString normalizeRecordId(QString text);

} // namespace LedgerCurator
