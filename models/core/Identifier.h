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

//! An arXiv id (new style YYMM.NNNNN or old style archive/YYMMNNN) or a DOI, in every form a
//! curator pastes: surrounding whitespace, "arXiv:" (any case), arXiv's addresses
//! "https://arxiv.org/abs/ID[vN]" and "https://arxiv.org/pdf/ID[vN][.pdf]" (http, www. or no
//! scheme too), old-style ids in any case ("Hep-th/9901001" is hep-th/9901001), "doi:" (any
//! case), "https://doi.org/", "http://doi.org/", "https://dx.doi.org/" and "doi.org/". A web
//! address that holds no identifier is refused with the forms that do.
IdentifierCheck parseIdentifier(QStringView text);
//! An arXiv id only; a DOI is refused with a message saying so.
IdentifierCheck parseArxivId(QStringView text);
//! Both valid and the same canonical form (DOIs compare case-insensitively;
//! arXiv versions must match: "2104.04473v1" is not "2104.04473v2").
bool sameIdentifier(QStringView a, QStringView b);
//! The DOI arXiv registers for an id, lower case: "10.48550/arxiv.2104.04473".
//! A version, if given, is dropped. Empty when arxivBase is not a valid arXiv id.
QString arxivDoi(QStringView arxivBase);

//! The record id from user input: an arXiv id in any form parseArxivId() takes, without its
//! version ("https://arxiv.org/abs/2104.04473v5" -> "2104.04473"); other text with "arXiv:"
//! and a version suffix stripped.
QString normalizeRecordId(QString text);

} // namespace LedgerCurator
