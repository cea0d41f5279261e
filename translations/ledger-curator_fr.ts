<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>AnomalyHints</name>
    <message>
        <source>Reference number %1 looks like a year: the parser may have read a year as the reference number.</source>
        <translation>Le numéro de référence %1 ressemble à une année&#xa0;: l’analyseur a peut-être lu une année comme numéro de référence.</translation>
    </message>
    <message>
        <source>none</source>
        <comment>a missing reference number in a list</comment>
        <translation>aucun</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <comment>reference numbers</comment>
        <translation>
            <numerusform>%1 et %n autre</numerusform>
            <numerusform>%1 et %n autres</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same citing paper “%1” appears on %n observations, none with a reference number.</source>
        <translation>
            <numerusform>Le même article citant «&#xa0;%1&#xa0;» apparaît dans %n observation, sans numéro de référence.</numerusform>
            <numerusform>Le même article citant «&#xa0;%1&#xa0;» apparaît dans %n observations, aucune avec un numéro de référence.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same cited work “%1” appears on %n observations, none with a reference number.</source>
        <translation>
            <numerusform>La même œuvre citée «&#xa0;%1&#xa0;» apparaît dans %n observation, sans numéro de référence.</numerusform>
            <numerusform>La même œuvre citée «&#xa0;%1&#xa0;» apparaît dans %n observations, aucune avec un numéro de référence.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same citing paper “%1” appears on %n observations, both with reference %2: likely a duplicate.</source>
        <translation>
            <numerusform>Le même article citant «&#xa0;%1&#xa0;» apparaît dans %n observation, toutes deux avec la référence %2&#xa0;: probablement un doublon.</numerusform>
            <numerusform>Le même article citant «&#xa0;%1&#xa0;» apparaît dans %n observations, toutes deux avec la référence %2&#xa0;: probablement un doublon.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same cited work “%1” appears on %n observations, both with reference %2: likely a duplicate.</source>
        <translation>
            <numerusform>La même œuvre citée «&#xa0;%1&#xa0;» apparaît dans %n observation, toutes deux avec la référence %2&#xa0;: probablement un doublon.</numerusform>
            <numerusform>La même œuvre citée «&#xa0;%1&#xa0;» apparaît dans %n observations, toutes deux avec la référence %2&#xa0;: probablement un doublon.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same citing paper “%1” appears on %n observations, all with reference %2: likely a duplicate.</source>
        <translation>
            <numerusform>Le même article citant «&#xa0;%1&#xa0;» apparaît dans %n observation, toutes avec la référence %2&#xa0;: probablement un doublon.</numerusform>
            <numerusform>Le même article citant «&#xa0;%1&#xa0;» apparaît dans %n observations, toutes avec la référence %2&#xa0;: probablement un doublon.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same cited work “%1” appears on %n observations, all with reference %2: likely a duplicate.</source>
        <translation>
            <numerusform>La même œuvre citée «&#xa0;%1&#xa0;» apparaît dans %n observation, toutes avec la référence %2&#xa0;: probablement un doublon.</numerusform>
            <numerusform>La même œuvre citée «&#xa0;%1&#xa0;» apparaît dans %n observations, toutes avec la référence %2&#xa0;: probablement un doublon.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same citing paper “%1” appears on %n observations, with references %2: likely a duplicate.</source>
        <translation>
            <numerusform>Le même article citant «&#xa0;%1&#xa0;» apparaît dans %n observation, avec les références %2&#xa0;: probablement un doublon.</numerusform>
            <numerusform>Le même article citant «&#xa0;%1&#xa0;» apparaît dans %n observations, avec les références %2&#xa0;: probablement un doublon.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same cited work “%1” appears on %n observations, with references %2: likely a duplicate.</source>
        <translation>
            <numerusform>La même œuvre citée «&#xa0;%1&#xa0;» apparaît dans %n observation, avec les références %2&#xa0;: probablement un doublon.</numerusform>
            <numerusform>La même œuvre citée «&#xa0;%1&#xa0;» apparaît dans %n observations, avec les références %2&#xa0;: probablement un doublon.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same citing paper “%1” appears on %n observations, with references %2.</source>
        <translation>
            <numerusform>Le même article citant «&#xa0;%1&#xa0;» apparaît dans %n observation, avec les références %2.</numerusform>
            <numerusform>Le même article citant «&#xa0;%1&#xa0;» apparaît dans %n observations, avec les références %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same cited work “%1” appears on %n observations, with references %2.</source>
        <translation>
            <numerusform>La même œuvre citée «&#xa0;%1&#xa0;» apparaît dans %n observation, avec les références %2.</numerusform>
            <numerusform>La même œuvre citée «&#xa0;%1&#xa0;» apparaît dans %n observations, avec les références %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n citation</source>
        <translation>
            <numerusform>%n citation</numerusform>
            <numerusform>%n citations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n citations</source>
        <translation>
            <numerusform>%n citation</numerusform>
            <numerusform>%n citations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n inbound observation</source>
        <translation>
            <numerusform>%n observation entrante</numerusform>
            <numerusform>%n observations entrantes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n inbound observations</source>
        <translation>
            <numerusform>%n observation entrante</numerusform>
            <numerusform>%n observations entrantes</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 measures %2, the page itemizes %3.</source>
        <comment>source, citations, inbound observations</comment>
        <translation>%1 mesure %2, la page en détaille %3.</translation>
    </message>
    <message>
        <source>%1 measures %2 (observed %3), the page itemizes %4.</source>
        <comment>source, citations, timestamp, inbound observations</comment>
        <translation>%1 mesure %2 (observé le %3), la page en détaille %4.</translation>
    </message>
</context>
<context>
    <name>Attention</name>
    <message>
        <source>Nothing needs attention.</source>
        <translation>Rien à traiter.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln in a problem state</source>
        <translation>
            <numerusform>%Ln dans un état à problème</numerusform>
            <numerusform>%Ln dans un état à problème</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln with conflicting corrections</source>
        <translation>
            <numerusform>%Ln avec des corrections contradictoires</numerusform>
            <numerusform>%Ln avec des corrections contradictoires</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln with anomaly hints</source>
        <translation>
            <numerusform>%Ln avec des indices d’anomalie</numerusform>
            <numerusform>%Ln avec des indices d’anomalie</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln with an unreviewed notice</source>
        <translation>
            <numerusform>%Ln avec une notice non examinée</numerusform>
            <numerusform>%Ln avec une notice non examinée</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln need attention: %1.</source>
        <translation>
            <numerusform>%Ln à traiter&#xa0;: %1.</numerusform>
            <numerusform>%Ln à traiter&#xa0;: %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BatchEdit</name>
    <message>
        <source>state</source>
        <translation>état</translation>
    </message>
    <message>
        <source>basis</source>
        <translation>base</translation>
    </message>
    <message>
        <source>identifier</source>
        <translation>identifiant</translation>
    </message>
    <message>
        <source>excluded</source>
        <translation>exclue</translation>
    </message>
    <message>
        <source>note</source>
        <translation>note</translation>
    </message>
    <message>
        <source>notice review</source>
        <translation>examen de notice</translation>
    </message>
    <message>
        <source>%1 on 1 observation</source>
        <comment>field on one</comment>
        <translation>%1 sur 1 observation</translation>
    </message>
    <message numerus="yes">
        <source>%1 on %n observations</source>
        <comment>field on N observations</comment>
        <translation>
            <numerusform>%1 sur %n observation</numerusform>
            <numerusform>%1 sur %n observations</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to change: the selected observations already show these values.</source>
        <translation>Rien à changer&#xa0;: les observations sélectionnées ont déjà ces valeurs.</translation>
    </message>
    <message>
        <source>Set %1.</source>
        <comment>a list of changes</comment>
        <translation>Définit %1.</translation>
    </message>
    <message>
        <source>The notice review leaves 1 observation without a notice as is.</source>
        <translation>L’examen de notice laisse telle quelle 1 observation sans notice.</translation>
    </message>
    <message numerus="yes">
        <source>The notice review leaves %n observations without a notice as is.</source>
        <translation>
            <numerusform>L’examen de notice laisse telle quelle %n observation sans notice.</numerusform>
            <numerusform>L’examen de notice laisse telles quelles %n observations sans notice.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CuratedRecord</name>
    <message>
        <source>unknown state &apos;%1&apos;; expected verified exact, verified fuzzy, unresolved, parse uncertain, malformed identifier or metadata mismatch</source>
        <translation>état «&#xa0;%1&#xa0;» inconnu&#x202f;; attendu&#xa0;: verified exact, vérifié approché, unresolved, parse uncertain, malformed identifier ou metadata mismatch</translation>
    </message>
    <message>
        <source>a basis is one line without commas, such as arxiv_id or doi</source>
        <translation>une base tient sur une ligne sans virgule, comme arxiv_id ou doi</translation>
    </message>
    <message>
        <source>a title is one line</source>
        <translation>un titre tient sur une ligne</translation>
    </message>
    <message>
        <source>a reference number is a whole number such as 12, found &apos;%1&apos;</source>
        <translation>un numéro de référence est un nombre entier comme 12, trouvé&#xa0;: «&#xa0;%1&#xa0;»</translation>
    </message>
    <message>
        <source>a note is one line</source>
        <translation>une note tient sur une ligne</translation>
    </message>
    <message>
        <source>duplicate-of takes the UUID of another observation, found &apos;%1&apos;</source>
        <translation>duplicate-of attend l’UUID d’une autre observation, trouvé&#xa0;: «&#xa0;%1&#xa0;»</translation>
    </message>
    <message>
        <source>an observation cannot be a duplicate of itself</source>
        <translation>une observation ne peut pas être le doublon d’elle-même</translation>
    </message>
    <message>
        <source>the record has no observation %1</source>
        <translation>la fiche n’a pas d’observation %1</translation>
    </message>
    <message>
        <source>excluded takes yes or no, found &apos;%1&apos;</source>
        <translation>excluded attend yes ou no, trouvé&#xa0;: «&#xa0;%1&#xa0;»</translation>
    </message>
    <message>
        <source>review takes unreviewed, acknowledged, dismissed or escalated, found &apos;%1&apos;</source>
        <translation>review attend unreviewed, acknowledged, dismissed ou escalated, trouvé&#xa0;: «&#xa0;%1&#xa0;»</translation>
    </message>
    <message>
        <source>the value %1</source>
        <translation>la valeur %1</translation>
    </message>
    <message>
        <source>dismissed-hints takes hint kinds such as repeated_citing_paper, found &apos;%1&apos;</source>
        <translation>dismissed-hints attend des types d’indice comme repeated_citing_paper, trouvé «&#xa0;%1&#xa0;»</translation>
    </message>
</context>
<context>
    <name>DuplicateMerge</name>
    <message>
        <source>%1 (%2)</source>
        <comment>notices (review)</comment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Citing title</source>
        <translation>Titre citant</translation>
    </message>
    <message>
        <source>Cited title</source>
        <translation>Titre cité</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Référence</translation>
    </message>
    <message>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Basis</source>
        <translation>Base</translation>
    </message>
    <message>
        <source>Identifier</source>
        <translation>Identifiant</translation>
    </message>
    <message>
        <source>Observed at</source>
        <translation>Observée le</translation>
    </message>
    <message>
        <source>Notices</source>
        <translation>Notices</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
</context>
<context>
    <name>Identifier</name>
    <message>
        <source>a version is written with a lower-case v, as in v2, found %1 in %2</source>
        <translation>une version s’écrit avec un v minuscule, comme dans v2, trouvé&#xa0;: %1 dans %2</translation>
    </message>
    <message>
        <source>unexpected %1 after the number in %2; only a version such as v2 may follow</source>
        <translation>%1 inattendu après le numéro dans %2&#x202f;; seule une version comme v2 peut suivre</translation>
    </message>
    <message>
        <source>version must be v followed by a number from 1, found v with no number in %1</source>
        <translation>une version est un v suivi d’un nombre à partir de 1, trouvé&#xa0;: v sans nombre dans %1</translation>
    </message>
    <message>
        <source>version must be v followed by a number from 1, found %1 in %2</source>
        <translation>une version est un v suivi d’un nombre à partir de 1, trouvé&#xa0;: %1 dans %2</translation>
    </message>
    <message>
        <source>version %1 in %2 is too large (at most v%3)</source>
        <translation>la version %1 dans %2 est trop grande (au plus v%3)</translation>
    </message>
    <message>
        <source>new-style arXiv ids have four digits YYMM before the dot, found %1</source>
        <translation>les identifiants arXiv de nouveau format ont quatre chiffres AAMM avant le point, trouvé&#xa0;: %1</translation>
    </message>
    <message>
        <source>month %1 in %2 is not a month</source>
        <translation>le mois %1 dans %2 n’est pas un mois</translation>
    </message>
    <message>
        <source>new-style arXiv ids start at 0704 (April 2007), found %1 in %2</source>
        <translation>les identifiants arXiv de nouveau format commencent à 0704 (avril 2007), trouvé&#xa0;: %1 dans %2</translation>
    </message>
    <message>
        <source>arXiv ids from 1501 on have five digits after the dot, found %1 in %2</source>
        <translation>les identifiants arXiv à partir de 1501 ont cinq chiffres après le point, trouvé&#xa0;: %1 dans %2</translation>
    </message>
    <message>
        <source>arXiv ids before 1501 have four digits after the dot, found %1 in %2</source>
        <translation>les identifiants arXiv antérieurs à 1501 ont quatre chiffres après le point, trouvé&#xa0;: %1 dans %2</translation>
    </message>
    <message>
        <source>the number after the dot in %1 cannot be all zeros</source>
        <translation>le numéro après le point dans %1 ne peut pas être composé uniquement de zéros</translation>
    </message>
    <message>
        <source>an arXiv archive name is lower-case letters and hyphens, as in hep-th or cond-mat, found %1</source>
        <translation>un nom d’archive arXiv se compose de minuscules et de traits d’union, comme hep-th ou cond-mat, trouvé&#xa0;: %1</translation>
    </message>
    <message>
        <source>a subject class is a dot and two letters, as in math.GT, found %1</source>
        <translation>une classe de sujet est un point suivi de deux lettres, comme dans math.GT, trouvé&#xa0;: %1</translation>
    </message>
    <message>
        <source>old-style arXiv ids have seven digits after the slash (YYMMNNN), found %1 in %2</source>
        <translation>les identifiants arXiv d’ancien format ont sept chiffres après la barre oblique (AAMMNNN), trouvé&#xa0;: %1 dans %2</translation>
    </message>
    <message>
        <source>old-style arXiv ids run from 9108 (August 1991) to 0703 (March 2007), found %1 in %2</source>
        <translation>les identifiants arXiv d’ancien format vont de 9108 (août 1991) à 0703 (mars 2007), trouvé&#xa0;: %1 dans %2</translation>
    </message>
    <message>
        <source>the paper number in %1 cannot be 000</source>
        <translation>le numéro d’article dans %1 ne peut pas être 000</translation>
    </message>
    <message>
        <source>not an arXiv id: expected YYMM.NNNNN or archive/YYMMNNN, found %1</source>
        <translation>pas un identifiant arXiv&#xa0;: attendu AAMM.NNNNN ou archive/AAMMNNN, trouvé&#xa0;: %1</translation>
    </message>
    <message>
        <source>a DOI starts with 10. followed by 4 to 9 digits, a slash and a suffix, found %1</source>
        <translation>un DOI commence par 10. suivi de 4 à 9 chiffres, d’une barre oblique et d’un suffixe, trouvé&#xa0;: %1</translation>
    </message>
    <message>
        <source>a DOI cannot contain spaces, found %1</source>
        <translation>un DOI ne peut pas contenir d’espaces, trouvé&#xa0;: %1</translation>
    </message>
    <message>
        <source>a DOI cannot contain invisible or control characters, found %1</source>
        <translation>un DOI ne peut pas contenir de caractères invisibles ou de contrôle, trouvé&#xa0;: %1</translation>
    </message>
    <message>
        <source>a DOI prefix is 10. followed by 4 to 9 digits, found %1</source>
        <translation>un préfixe DOI est 10. suivi de 4 à 9 chiffres, trouvé&#xa0;: %1</translation>
    </message>
    <message>
        <source>a DOI needs a slash and a suffix after the prefix, as in 10.1000/xyz, found %1</source>
        <translation>un DOI doit avoir une barre oblique et un suffixe après le préfixe, comme dans 10.1000/xyz, trouvé&#xa0;: %1</translation>
    </message>
    <message>
        <source>a DOI prefix is 10. followed by 4 to 9 digits and then a slash, found %1</source>
        <translation>un préfixe DOI est 10. suivi de 4 à 9 chiffres puis d’une barre oblique, trouvé&#xa0;: %1</translation>
    </message>
    <message>
        <source>a DOI needs a suffix after the slash, found %1</source>
        <translation>un DOI doit avoir un suffixe après la barre oblique, trouvé&#xa0;: %1</translation>
    </message>
    <message>
        <source>empty identifier</source>
        <translation>identifiant vide</translation>
    </message>
    <message>
        <source>not an arXiv id or a DOI: expected YYMM.NNNNN, archive/YYMMNNN or 10.NNNN/suffix, found %1</source>
        <translation>ni un identifiant arXiv ni un DOI&#xa0;: attendu AAMM.NNNNN, archive/AAMMNNN ou 10.NNNN/suffixe, trouvé&#xa0;: %1</translation>
    </message>
    <message>
        <source>a DOI is not an arXiv id: expected YYMM.NNNNN or archive/YYMMNNN, found %1</source>
        <translation>un DOI n’est pas un identifiant arXiv&#xa0;: attendu AAMM.NNNNN ou archive/AAMMNNN, trouvé&#xa0;: %1</translation>
    </message>
    <message>
        <source>%1 is a web address but not one of an identifier: expected https://arxiv.org/abs/ID, https://arxiv.org/pdf/ID or https://doi.org/DOI</source>
        <translation>%1 est une adresse web, mais pas celle d’un identifiant&#xa0;: attendu https://arxiv.org/abs/ID, https://arxiv.org/pdf/ID ou https://doi.org/DOI</translation>
    </message>
    <message>
        <source>%1 is an arXiv address but not one of a paper: expected https://arxiv.org/abs/ID or https://arxiv.org/pdf/ID, as in https://arxiv.org/abs/2104.04473v2</source>
        <translation>%1 est une adresse arXiv, mais pas celle d’un article&#xa0;: attendu https://arxiv.org/abs/ID ou https://arxiv.org/pdf/ID, comme https://arxiv.org/abs/2104.04473v2</translation>
    </message>
    <message>
        <source>in the arXiv address %1: %2</source>
        <translation>dans l’adresse arXiv %1&#xa0;: %2</translation>
    </message>
</context>
<context>
    <name>LedgerCurator</name>
    <message>
        <source>and %1 more</source>
        <translation>et %1 de plus</translation>
    </message>
    <message>
        <source>%1 (%2 · %3)</source>
        <translation>%1 (%2 · %3)</translation>
    </message>
    <message>
        <source>%1: no cached record yet</source>
        <translation>%1 : aucun enregistrement dans le cache pour l’instant</translation>
    </message>
    <message>
        <source>%1: about arXiv:%2 itself</source>
        <translation>%1 : au sujet d’arXiv:%2 lui-même</translation>
    </message>
    <message>
        <source>%1: cited by 1 observation of arXiv:%2</source>
        <translation>%1 : cité par 1 observation d’arXiv:%2</translation>
    </message>
    <message>
        <source>%1: cited by %2 observations of arXiv:%3</source>
        <translation>%1 : cité par %2 observations d’arXiv:%3</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::AboutDialog</name>
    <message>
        <source>About Ledger Curator</source>
        <translation>À propos de Ledger Curator</translation>
    </message>
    <message>
        <source>Ledger Curator</source>
        <translation>Ledger Curator</translation>
    </message>
    <message>
        <source>Version %1</source>
        <translation>Version %1</translation>
    </message>
    <message>
        <source>Curate Paper Citation Records: find, correct and review citation observations, preview and export the pages, and share corrections.</source>
        <translation>Curation des fiches de citations d’articles&#xa0;: trouver, corriger et examiner les observations de citation, prévisualiser et exporter les pages, et partager les corrections.</translation>
    </message>
    <message>
        <source>License: GPL-3.0-or-later. Free software: you may share and change it under the GNU General Public License, version 3 or later; it comes with no warranty.</source>
        <translation>Licence&#xa0;: GPL-3.0-or-later. Logiciel libre&#xa0;: vous pouvez le redistribuer et le modifier selon la GNU General Public License, version 3 ou ultérieure&#x202f;; il est fourni sans aucune garantie.</translation>
    </message>
    <message>
        <source>Built with Qt %1, running on Qt %2</source>
        <translation>Compilé avec Qt %1, exécuté avec Qt %2</translation>
    </message>
    <message>
        <source>Qt:</source>
        <translation>Qt&#xa0;:</translation>
    </message>
    <message>
        <source>Cache:</source>
        <translation>Cache&#xa0;:</translation>
    </message>
    <message>
        <source>Settings:</source>
        <translation>Paramètres&#xa0;:</translation>
    </message>
    <message>
        <source>Homepage:</source>
        <translation>Site web&#xa0;:</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>À propos de &amp;Qt</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::BackgroundJob</name>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::BatchEditPanel</name>
    <message>
        <source>ref. %1 “%2” (%3)</source>
        <translation>réf. %1 «&#xa0;%2&#xa0;» (%3)</translation>
    </message>
    <message>
        <source>“%1” (%2)</source>
        <translation>«&#xa0;%1&#xa0;» (%2)</translation>
    </message>
    <message>
        <source>Correction of the selected observations</source>
        <translation>Correction des observations sélectionnées</translation>
    </message>
    <message>
        <source>Choose a value for the fields to change on every selected observation; the others are left as they are. Apply records them as one step, undone with Ctrl+Z.</source>
        <translation>Choisissez une valeur pour les champs à changer sur chaque observation sélectionnée&#xa0;; les autres restent tels quels. Appliquer les enregistre en une étape, annulée avec Ctrl+Z.</translation>
    </message>
    <message>
        <source>(leave as is)</source>
        <translation>(laisser tel quel)</translation>
    </message>
    <message>
        <source>&amp;Basis</source>
        <translation>&amp;Base</translation>
    </message>
    <message>
        <source>arXiv id or DOI, e.g. 2205.01068 or 10.1234/abc</source>
        <translation>identifiant arXiv ou DOI, p. ex. 2205.01068 ou 10.1234/abc</translation>
    </message>
    <message>
        <source>&amp;Identifier</source>
        <translation>&amp;Identifiant</translation>
    </message>
    <message>
        <source>Identifier</source>
        <translation>Identifiant</translation>
    </message>
    <message>
        <source>Identifier to set</source>
        <translation>Identifiant à définir</translation>
    </message>
    <message>
        <source>Excluded from the ledger</source>
        <translation>Exclue du registre</translation>
    </message>
    <message>
        <source>Not excluded</source>
        <translation>Non exclue</translation>
    </message>
    <message>
        <source>E&amp;xcluded</source>
        <translation>E&amp;xclue</translation>
    </message>
    <message>
        <source>One line of text</source>
        <translation>Une ligne de texte</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>Note to set</source>
        <translation>Note à définir</translation>
    </message>
    <message>
        <source>The notice review of each selected observation that has notices on its cited work</source>
        <translation>L’examen de notice de chaque observation sélectionnée dont l’œuvre citée a des notices</translation>
    </message>
    <message>
        <source>Record the chosen values as one correction (Ctrl+Return)</source>
        <translation>Enregistrer les valeurs choisies en une correction (Ctrl+Entrée)</translation>
    </message>
    <message>
        <source>Set to</source>
        <translation>Définir à</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
    <message numerus="yes">
        <source>%Ln observations selected.</source>
        <translation>
            <numerusform>%Ln observation sélectionnée.</numerusform>
            <numerusform>%Ln observations sélectionnées.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing chosen yet: every field is left as is.</source>
        <translation>Rien de choisi&#xa0;: chaque champ reste tel quel.</translation>
    </message>
    <message>
        <source>Nothing will be recorded until every value is accepted.</source>
        <translation>Rien ne sera enregistré tant que chaque valeur n’est pas acceptée.</translation>
    </message>
    <message>
        <source>Refused: %1 for %2: %3</source>
        <translation>Refusé&#xa0;: %1 pour %2&#xa0;: %3</translation>
    </message>
    <message numerus="yes">
        <source>Refused: %1 for %2 and %Ln more: %3</source>
        <translation>
            <numerusform>Refusé&#xa0;: %1 pour %2 et %Ln autre&#xa0;: %3</numerusform>
            <numerusform>Refusé&#xa0;: %1 pour %2 et %Ln autres&#xa0;: %3</numerusform>
        </translation>
    </message>
    <message>
        <source>S&amp;tate</source>
        <translation>É&amp;tat</translation>
    </message>
    <message>
        <source>N&amp;ote</source>
        <translation>N&amp;ote</translation>
    </message>
    <message>
        <source>Notice &amp;review</source>
        <translation>Exa&amp;men de notice</translation>
    </message>
    <message>
        <source>A&amp;pply to all</source>
        <translation>A&amp;ppliquer à toutes</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::CacheWatch</name>
    <message>
        <source>Not writing to the cache</source>
        <translation>N’écrit plus dans le cache</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ClearMatchesDialog</name>
    <message>
        <source>Accept Clear Matches</source>
        <translation>Accepter les correspondances nettes</translation>
    </message>
    <message>
        <source>Clear matches</source>
        <translation>Correspondances nettes</translation>
    </message>
    <message>
        <source>Observation</source>
        <translation>Observation</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titre</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidat</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>No observation the table shows has a clear match.</source>
        <translation>Aucune observation affichée n’a de correspondance nette.</translation>
    </message>
    <message numerus="yes">
        <source>Clear matches among the observations the table shows: %Ln. A clear match is a candidate whose score is high and well above the next. OK records, for each, the candidate&apos;s identifier, the state verified fuzzy and a note, as one step (Ctrl+Z takes it back). Inbound observations are left out: their candidate is the citing paper, to open and check first.</source>
        <translation>
            <numerusform>Correspondances nettes parmi les observations affichées&#xa0;: %Ln. Une correspondance nette est un candidat dont le score est élevé et nettement au-dessus du suivant. OK enregistre pour chacune l’identifiant du candidat, l’état «&#xa0;vérifié approché&#xa0;» et une note, en une seule étape (Ctrl+Z l’annule). Les observations entrantes sont laissées de côté&#xa0;: leur candidat est l’article citant, à ouvrir et vérifier d’abord.</numerusform>
            <numerusform>Correspondances nettes parmi les observations affichées&#xa0;: %Ln. Une correspondance nette est un candidat dont le score est élevé et nettement au-dessus du suivant. OK enregistre pour chacune l’identifiant du candidat, l’état «&#xa0;vérifié approché&#xa0;» et une note, en une seule étape (Ctrl+Z l’annule). Les observations entrantes sont laissées de côté&#xa0;: leur candidat est l’article citant, à ouvrir et vérifier d’abord.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Observations shown still being looked at: %Ln. Their clear matches join the list as they come in.</source>
        <translation>
            <numerusform>Observations affichées encore en recherche&#xa0;: %Ln. Leurs correspondances nettes s’ajoutent à la liste dès qu’elles arrivent.</numerusform>
            <numerusform>Observations affichées encore en recherche&#xa0;: %Ln. Leurs correspondances nettes s’ajoutent à la liste dès qu’elles arrivent.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Accept All (%Ln)</source>
        <translation>
            <numerusform>Tout &amp;accepter (%Ln)</numerusform>
            <numerusform>Tout &amp;accepter (%Ln)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::CurationPanel</name>
    <message>
        <source>state</source>
        <comment>correction field</comment>
        <translation>état</translation>
    </message>
    <message>
        <source>basis</source>
        <comment>correction field</comment>
        <translation>base</translation>
    </message>
    <message>
        <source>identifier</source>
        <comment>correction field</comment>
        <translation>identifiant</translation>
    </message>
    <message>
        <source>title</source>
        <comment>correction field</comment>
        <translation>titre</translation>
    </message>
    <message>
        <source>reference</source>
        <comment>correction field</comment>
        <translation>référence</translation>
    </message>
    <message>
        <source>note</source>
        <comment>correction field</comment>
        <translation>note</translation>
    </message>
    <message>
        <source>duplicate-of</source>
        <comment>correction field</comment>
        <translation>doublon de</translation>
    </message>
    <message>
        <source>excluded</source>
        <comment>correction field</comment>
        <translation>exclue</translation>
    </message>
    <message>
        <source>review</source>
        <comment>correction field</comment>
        <translation>examen</translation>
    </message>
    <message>
        <source>review-note</source>
        <comment>correction field</comment>
        <translation>note d’examen</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>no</source>
        <translation>non</translation>
    </message>
    <message>
        <source>&amp;Basis</source>
        <translation>&amp;Base</translation>
    </message>
    <message>
        <source>&amp;Reference</source>
        <translation>&amp;Référence</translation>
    </message>
    <message>
        <source>&amp;Duplicate of</source>
        <translation>Do&amp;ublon de</translation>
    </message>
    <message>
        <source>E&amp;xcluded</source>
        <translation>E&amp;xclue</translation>
    </message>
    <message>
        <source>Select an observation in the table to see and correct it.

F8 goes to the next observation that needs attention.</source>
        <translation>Sélectionnez une observation dans la table pour la voir et la corriger.

F8 passe à l’observation suivante qui demande une intervention.</translation>
    </message>
    <message>
        <source>Correction of the selected observation</source>
        <translation>Correction de l’observation sélectionnée</translation>
    </message>
    <message>
        <source>Correction (upstream value on the left)</source>
        <translation>Correction (valeur d’origine à gauche)</translation>
    </message>
    <message>
        <source>(not reviewed)</source>
        <translation>(non examinée)</translation>
    </message>
    <message>
        <source>exclude</source>
        <translation>exclure</translation>
    </message>
    <message>
        <source>arXiv id or DOI, e.g. 2205.01068 or 10.1234/abc</source>
        <translation>identifiant arXiv ou DOI, p. ex. 2205.01068 ou 10.1234/abc</translation>
    </message>
    <message>
        <source>UUID of the observation this one repeats</source>
        <translation>UUID de l’observation que celle-ci répète</translation>
    </message>
    <message>
        <source>Conflicting corrections</source>
        <translation>Corrections contradictoires</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <source>Correction history</source>
        <translation>Historique des corrections</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Quand</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Qui</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Champ</translation>
    </message>
    <message>
        <source>From</source>
        <translation>De</translation>
    </message>
    <message>
        <source>To</source>
        <translation>À</translation>
    </message>
    <message>
        <source>%1
%2 · %3</source>
        <translation>%1
%2 · %3</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(aucune)</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>Non appliqué&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <source>Set %1 of %Ln observations</source>
        <translation>
            <numerusform>Définir %1 de %Ln observation</numerusform>
            <numerusform>Définir %1 de %Ln observations</numerusform>
        </translation>
    </message>
    <message>
        <source>Correct %1</source>
        <translation>Correction (%1)</translation>
    </message>
    <message>
        <source>Recorded: %1.</source>
        <translation>Enregistré&#xa0;: %1.</translation>
    </message>
    <message>
        <source>Revert to upstream</source>
        <translation>Revenir à la valeur d’origine</translation>
    </message>
    <message>
        <source>Reverted to the upstream values.</source>
        <translation>Valeurs d’origine rétablies.</translation>
    </message>
    <message>
        <source>(upstream: none)</source>
        <translation>(valeur d’origine&#xa0;: aucune)</translation>
    </message>
    <message>
        <source>%1 (upstream)</source>
        <translation>%1 (valeur d’origine)</translation>
    </message>
    <message>
        <source>%1 was corrected differently by several curators; choose the value to keep:</source>
        <translation>%1 a été corrigé différemment par plusieurs curateurs&#x202f;; choisissez la valeur à conserver&#xa0;:</translation>
    </message>
    <message>
        <source>Keep “%1” (%2, %3)</source>
        <translation>Conserver «&#xa0;%1&#xa0;» (%2, %3)</translation>
    </message>
    <message>
        <source>upstream</source>
        <comment>the value as received</comment>
        <translation>valeur d’origine</translation>
    </message>
    <message>
        <source>Resolve conflict on %1</source>
        <translation>Résoudre le conflit sur %1</translation>
    </message>
    <message>
        <source>%1 (unsigned)</source>
        <comment>an event made before signatures</comment>
        <translation>%1 (non signée)</translation>
    </message>
    <message>
        <source>Signed with key %1</source>
        <translation>Signée avec la clé %1</translation>
    </message>
    <message>
        <source>Not signed: made before corrections were signed. It never outranks a signed correction.</source>
        <translation>Non signée&#xa0;: faite avant que les corrections soient signées. Elle ne l’emporte jamais sur une correction signée.</translation>
    </message>
    <message>
        <source>dismissed hints</source>
        <comment>correction field</comment>
        <translation>indices écartés</translation>
    </message>
    <message>
        <source>Dismissed hints</source>
        <translation>Indices écartés</translation>
    </message>
    <message>
        <source>Anomaly hints</source>
        <translation>Indices d’anomalie</translation>
    </message>
    <message>
        <source>Record that these hints are no problem (for a repeated paper: the observations are different), then go on (Ctrl+Shift+H dismisses and goes to the next)</source>
        <translation>Enregistrer que ces indices ne sont pas un problème (pour un article répété&#xa0;: les observations sont différentes), puis continuer (Ctrl+Maj+H écarte et passe à la suivante)</translation>
    </message>
    <message>
        <source>Record the changed fields as one correction (Ctrl+Return; Ctrl+Shift+Return also goes to the next observation that needs attention)</source>
        <translation>Enregistrer les champs modifiés en une correction (Ctrl+Entrée&#xa0;; Ctrl+Maj+Entrée passe aussi à la prochaine observation à traiter)</translation>
    </message>
    <message>
        <source>The arXiv id or DOI of the work reference %1 of the citing paper points to (this record&apos;s paper: arXiv:%2).</source>
        <translation>L’identifiant arXiv ou le DOI de l’œuvre que désigne la référence %1 de l’article citant (l’article de cette fiche&#xa0;: arXiv:%2).</translation>
    </message>
    <message>
        <source>(no number)</source>
        <translation>(sans numéro)</translation>
    </message>
    <message>
        <source>The arXiv id or DOI of the work this paper cites: “%1”.</source>
        <translation>L’identifiant arXiv ou le DOI de l’œuvre que cite cet article&#xa0;: «&#xa0;%1&#xa0;».</translation>
    </message>
    <message>
        <source>%1 Recorded anyway, with your note.</source>
        <translation>%1 Enregistré malgré tout, avec votre note.</translation>
    </message>
    <message>
        <source>%1 Give an identifier, or say in the note why it is right, to record it.</source>
        <translation>%1 Donnez un identifiant, ou dites dans la note pourquoi c’est juste, pour l’enregistrer.</translation>
    </message>
    <message>
        <source>Verified, yet with no resolver link and no identifier: nothing says what the link was verified against.</source>
        <translation>Vérifié, mais sans lien de résolution ni identifiant&#xa0;: rien ne dit par rapport à quoi le lien a été vérifié.</translation>
    </message>
    <message>
        <source>State set to verified exact for the identifier given; choose another if the match is not exact.</source>
        <translation>État réglé sur «&#xa0;vérifié exact&#xa0;» pour l’identifiant donné&#xa0;; choisissez-en un autre si la correspondance n’est pas exacte.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Metadata mismatch.&lt;/b&gt; The citing paper&apos;s reference gives this record&apos;s title word for word, so the mismatch is in what the page does not show (authors, year or venue): check reference %1 in the citing paper.</source>
        <translation>&lt;b&gt;Métadonnées discordantes.&lt;/b&gt; La référence de l’article citant donne le titre de cette fiche mot pour mot&#xa0;; la discordance porte donc sur ce que la page ne montre pas (auteurs, année ou lieu de publication)&#xa0;: vérifiez la référence %1 dans l’article citant.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Metadata mismatch.&lt;/b&gt; Words that differ are underlined.&lt;br&gt;As the citing paper gives it: %1&lt;br&gt;This record&apos;s title: %2</source>
        <translation>&lt;b&gt;Métadonnées discordantes.&lt;/b&gt; Les mots qui diffèrent sont soulignés.&lt;br&gt;Tel que l’article citant le donne&#xa0;: %1&lt;br&gt;Titre de cette fiche&#xa0;: %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Metadata mismatch.&lt;/b&gt; This paper cites “%1”; the resolved work&apos;s metadata differs. Check the identifier against the cited work.</source>
        <translation>&lt;b&gt;Métadonnées discordantes.&lt;/b&gt; Cet article cite «&#xa0;%1&#xa0;»&#xa0;; les métadonnées de l’œuvre résolue diffèrent. Vérifiez l’identifiant par rapport à l’œuvre citée.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Unresolved.&lt;/b&gt; No resolver found the cited work: give its identifier below.</source>
        <translation>&lt;b&gt;Non résolu.&lt;/b&gt; Aucun résolveur n’a trouvé l’œuvre citée&#xa0;: donnez son identifiant ci-dessous.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Malformed identifier.&lt;/b&gt; The reference names an identifier that is no valid arXiv id or DOI: give the right one below.</source>
        <translation>&lt;b&gt;Identifiant mal formé.&lt;/b&gt; La référence donne un identifiant qui n’est ni un identifiant arXiv ni un DOI valide&#xa0;: donnez le bon ci-dessous.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Parse uncertain.&lt;/b&gt; The reference could not be read with certainty: check it in the citing paper.</source>
        <translation>&lt;b&gt;Analyse incertaine.&lt;/b&gt; La référence n’a pas pu être lue avec certitude&#xa0;: vérifiez-la dans l’article citant.</translation>
    </message>
    <message numerus="yes">
        <source>Dismiss hints on %Ln observations</source>
        <translation>
            <numerusform>Écarter les indices sur %Ln observation</numerusform>
            <numerusform>Écarter les indices sur %Ln observations</numerusform>
        </translation>
    </message>
    <message>
        <source>No works index yet: File &gt; Import Works List... or `ledger-curator works import FILE`</source>
        <translation>Pas encore d’index des œuvres&#xa0;: Fichier &gt; Importer une liste d’œuvres… ou `ledger-curator works import FICHIER`</translation>
    </message>
    <message>
        <source>Suggestions unavailable: %1</source>
        <translation>Suggestions indisponibles&#xa0;: %1</translation>
    </message>
    <message>
        <source>Not accepted: %1</source>
        <translation>Non accepté&#xa0;: %1</translation>
    </message>
    <message>
        <source>Accept citing paper %1 (score %2)</source>
        <translation>Accepter l’article citant %1 (score %2)</translation>
    </message>
    <message>
        <source>Accept %1 (score %2)</source>
        <translation>Accepter %1 (score %2)</translation>
    </message>
    <message>
        <source>Not recorded: %1</source>
        <translation>Non enregistré&#xa0;: %1</translation>
    </message>
    <message>
        <source>The note already says none of these is the work.</source>
        <translation>La note dit déjà qu’aucun d’eux n’est l’œuvre.</translation>
    </message>
    <message>
        <source>None of the candidates</source>
        <translation>Aucun des candidats</translation>
    </message>
    <message>
        <source>Not a Problem: Dismiss</source>
        <translation>Pas un problème&#xa0;: écarter</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Appliquer</translation>
    </message>
    <message>
        <source>Send every corrected field of this observation back to its upstream value, as one step (Ctrl+Shift+R)</source>
        <translation>Ramener chaque champ corrigé de cette observation à sa valeur d’origine, en une seule étape (Ctrl+Maj+R)</translation>
    </message>
    <message>
        <source>Upstream value: %1</source>
        <translation>Valeur d’origine&#xa0;: %1</translation>
    </message>
    <message>
        <source>S&amp;tate</source>
        <translation>É&amp;tat</translation>
    </message>
    <message>
        <source>Identifier (cited wor&amp;k)</source>
        <translation>&amp;Identifiant (œuvre citée)</translation>
    </message>
    <message>
        <source>Citing tit&amp;le</source>
        <translation>Titre &amp;citant</translation>
    </message>
    <message>
        <source>N&amp;ote</source>
        <translation>N&amp;ote</translation>
    </message>
    <message>
        <source>Not&amp;ice review</source>
        <translation>Exa&amp;men de la notice</translation>
    </message>
    <message>
        <source>Revie&amp;w note</source>
        <translation>Remar&amp;que d’examen</translation>
    </message>
    <message>
        <source>“%1” (%2, %3)</source>
        <comment>a conflicting value, who set it, when</comment>
        <translation>«&#xa0;%1&#xa0;» (%2, %3)</translation>
    </message>
    <message>
        <source>Keep This Value</source>
        <translation>Conserver cette valeur</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::CurationSession</name>
    <message>
        <source>Record %1 is not in the cache.</source>
        <translation>La fiche %1 n’est pas dans le cache.</translation>
    </message>
    <message>
        <source>Record %1 is no longer in the cache.</source>
        <translation>La fiche %1 n’est plus dans le cache.</translation>
    </message>
    <message>
        <source>No record is open.</source>
        <translation>Aucune fiche n’est ouverte.</translation>
    </message>
    <message>
        <source>Not recorded: a correction needs your curator name (Edit &gt; Settings).</source>
        <translation>Non enregistré&#xa0;: une correction a besoin de votre nom de curateur (Édition &gt; Paramètres).</translation>
    </message>
    <message>
        <source>Not recorded: the signing key of %1 could not be loaded: %2</source>
        <translation>Non enregistré&#xa0;: la clé de signature de %1 n’a pas pu être chargée&#xa0;: %2</translation>
    </message>
    <message>
        <source>Enter a name: every correction carries its curator&apos;s name.</source>
        <translation>Saisissez un nom&#xa0;: chaque correction porte le nom de son curateur.</translation>
    </message>
    <message>
        <source>The name has %1 characters; at most 100 are allowed.</source>
        <translation>Le nom compte %1 caractères&#xa0;; 100 au plus sont permis.</translation>
    </message>
    <message>
        <source>The name cannot contain spaces or control characters (it must match your sync token&apos;s name), as in %1.</source>
        <translation>Le nom ne peut contenir ni espaces ni caractères de contrôle (il doit être celui de votre jeton de synchronisation), par exemple %1.</translation>
    </message>
    <message>
        <source>The name %1.</source>
        <translation>Le nom %1.</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::CuratorIdentityDialog</name>
    <message>
        <source>Who Is Curating?</source>
        <translation>Qui fait la curation&#xa0;?</translation>
    </message>
    <message>
        <source>Every correction records who made it, and is signed with a key kept on this computer for that name. Enter the name to record; if you sync with a server, use the name your sync token was issued to. You can change it later in Edit &gt; Settings.</source>
        <translation>Chaque correction enregistre qui l’a faite et est signée avec une clé conservée sur cet ordinateur pour ce nom. Saisissez le nom à enregistrer&#xa0;; si vous synchronisez avec un serveur, celui pour lequel votre jeton de synchronisation a été émis. Vous pourrez le changer plus tard dans Édition &gt; Paramètres.</translation>
    </message>
    <message>
        <source>&amp;Save and Record</source>
        <translation>&amp;Enregistrer</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::CuratorIdentityFields</name>
    <message>
        <source>The name every correction you make carries; when you sync, it must be the name your token was issued to.</source>
        <translation>Le nom que porte chacune de vos corrections&#xa0;; pour synchroniser, ce doit être le nom pour lequel votre jeton a été émis.</translation>
    </message>
    <message>
        <source>optional, as in %1</source>
        <translation>facultatif, par exemple %1</translation>
    </message>
    <message>
        <source>Your ORCID iD, or its https://orcid.org/ address</source>
        <translation>Votre identifiant ORCID, ou son adresse https://orcid.org/</translation>
    </message>
    <message>
        <source>Curator &amp;name:</source>
        <translation>&amp;Nom du curateur&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;ORCID iD:</source>
        <translation>Identifiant &amp;ORCID&#xa0;:</translation>
    </message>
    <message>
        <source>ORCID iD: %1</source>
        <translation>Identifiant ORCID&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::DisplayText</name>
    <message>
        <source>verified exact</source>
        <comment>resolution state</comment>
        <translation>vérifié exact</translation>
    </message>
    <message>
        <source>verified fuzzy</source>
        <comment>resolution state</comment>
        <translation>vérifié approché</translation>
    </message>
    <message>
        <source>unresolved</source>
        <comment>resolution state</comment>
        <translation>non résolu</translation>
    </message>
    <message>
        <source>parse uncertain</source>
        <comment>resolution state</comment>
        <translation>analyse incertaine</translation>
    </message>
    <message>
        <source>malformed identifier</source>
        <comment>resolution state</comment>
        <translation>identifiant mal formé</translation>
    </message>
    <message>
        <source>metadata mismatch</source>
        <comment>resolution state</comment>
        <translation>écart de métadonnées</translation>
    </message>
    <message>
        <source>inbound</source>
        <comment>citation direction</comment>
        <translation>entrante</translation>
    </message>
    <message>
        <source>outbound</source>
        <comment>citation direction</comment>
        <translation>sortante</translation>
    </message>
    <message>
        <source>Retraction</source>
        <comment>notice kind</comment>
        <translation>Rétractation</translation>
    </message>
    <message>
        <source>Correction</source>
        <comment>notice kind</comment>
        <translation>Correction</translation>
    </message>
    <message>
        <source>Expression of concern</source>
        <comment>notice kind</comment>
        <translation>Expression de préoccupation</translation>
    </message>
    <message>
        <source>Withdrawal</source>
        <comment>notice kind</comment>
        <translation>Retrait</translation>
    </message>
    <message>
        <source>Reinstatement</source>
        <comment>notice kind</comment>
        <translation>Réintégration</translation>
    </message>
    <message>
        <source>unreviewed</source>
        <comment>notice review status</comment>
        <translation>non examinée</translation>
    </message>
    <message>
        <source>acknowledged</source>
        <comment>notice review status</comment>
        <translation>prise en compte</translation>
    </message>
    <message>
        <source>dismissed</source>
        <comment>notice review status</comment>
        <translation>écartée</translation>
    </message>
    <message>
        <source>escalated</source>
        <comment>notice review status</comment>
        <translation>transmise</translation>
    </message>
    <message>
        <source>Retraction Watch record %1</source>
        <comment>a notice&apos;s origin: the record&apos;s number in the Retraction Watch database</comment>
        <translation>Fiche Retraction Watch %1</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::DraftNotice</name>
    <message>
        <source>While you typed, %1 was changed elsewhere to “%2”. Your text “%3” is kept in the field: apply it, or take the new value.</source>
        <translation>Pendant votre saisie, %1 a été modifié ailleurs en «&#xa0;%2&#xa0;». Votre texte «&#xa0;%3&#xa0;» reste dans le champ&#xa0;: appliquez-le, ou prenez la nouvelle valeur.</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(aucune)</translation>
    </message>
    <message>
        <source>Keep M&amp;y Text</source>
        <translation>&amp;Garder mon texte</translation>
    </message>
    <message>
        <source>&amp;Use the New Value</source>
        <translation>&amp;Prendre la nouvelle valeur</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::DuplicatesDialog</name>
    <message>
        <source>ref. %1 (%2)</source>
        <translation>réf. %1 (%2)</translation>
    </message>
    <message>
        <source>Compare Observations</source>
        <translation>Comparer les observations</translation>
    </message>
    <message numerus="yes">
        <source>%Ln observations side by side. Fields that differ are marked ≠ and highlighted. Choose the one to keep and mark the others as its duplicates, or record that they are different observations.</source>
        <translation>
            <numerusform>%Ln observation côte à côte. Les champs qui diffèrent sont marqués ≠ et mis en évidence. Choisissez celle à garder et marquez les autres comme ses doublons, ou enregistrez qu’il s’agit d’observations différentes.</numerusform>
            <numerusform>%Ln observations côte à côte. Les champs qui diffèrent sont marqués ≠ et mis en évidence. Choisissez celle à garder et marquez les autres comme ses doublons, ou enregistrez qu’il s’agit d’observations différentes.</numerusform>
        </translation>
    </message>
    <message>
        <source>Hint (told apart before): %1</source>
        <translation>Indice (déjà distinguées)&#xa0;: %1</translation>
    </message>
    <message>
        <source>Hint: %1</source>
        <translation>Indice&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln more of its observations are not compared here.</source>
        <translation>
            <numerusform>%Ln autre de ses observations n’est pas comparée ici.</numerusform>
            <numerusform>%Ln autres de ses observations ne sont pas comparées ici.</numerusform>
        </translation>
    </message>
    <message>
        <source>Observations compared field by field</source>
        <translation>Observations comparées champ par champ</translation>
    </message>
    <message>
        <source>Mark as &amp;Duplicates</source>
        <translation>Marquer comme &amp;doublons</translation>
    </message>
    <message>
        <source>Record every other observation as a duplicate of the kept one (one step, undone with Ctrl+Z)</source>
        <translation>Enregistrer chaque autre observation comme doublon de celle gardée (une étape, annulée avec Ctrl+Z)</translation>
    </message>
    <message>
        <source>Record that these are different observations: their repeated citing paper hint is dismissed</source>
        <translation>Enregistrer qu’il s’agit d’observations différentes&#xa0;: leur indice d’article citant répété est écarté</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Garder</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(aucun)</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>diffère</translation>
    </message>
    <message>
        <source>Keep this one</source>
        <translation>Garder celle-ci</translation>
    </message>
    <message>
        <source>Keep observation %1</source>
        <translation>Garder l’observation %1</translation>
    </message>
    <message>
        <source>kept</source>
        <comment>the observation kept of duplicates</comment>
        <translation>gardée</translation>
    </message>
    <message>
        <source>duplicate</source>
        <comment>an observation marked a duplicate of the kept one</comment>
        <translation>doublon</translation>
    </message>
    <message>
        <source>Observation %1 · %2
%3</source>
        <translation>Observation %1 · %2
%3</translation>
    </message>
    <message>
        <source>Mark as Duplicates keeps %1 and marks the other observation its duplicate.</source>
        <translation>«&#xa0;Marquer comme doublons&#xa0;» garde %1 et marque l’autre observation comme son doublon.</translation>
    </message>
    <message numerus="yes">
        <source>Mark as Duplicates keeps %1 and marks the %Ln others its duplicates.</source>
        <translation>
            <numerusform>«&#xa0;Marquer comme doublons&#xa0;» garde %1 et marque l’autre (%Ln) comme son doublon.</numerusform>
            <numerusform>«&#xa0;Marquer comme doublons&#xa0;» garde %1 et marque les %Ln autres comme ses doublons.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to record: the observations already are so marked.</source>
        <translation>Rien à enregistrer&#xa0;: les observations sont déjà ainsi marquées.</translation>
    </message>
    <message>
        <source>Mark 1 observation as a duplicate of %1</source>
        <translation>Marquer 1 observation comme doublon de %1</translation>
    </message>
    <message numerus="yes">
        <source>Mark %Ln observations as duplicates of %1</source>
        <translation>
            <numerusform>Marquer %Ln observation comme doublon de %1</numerusform>
            <numerusform>Marquer %Ln observations comme doublons de %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mark %Ln observations as different</source>
        <translation>
            <numerusform>Marquer %Ln observation comme différente</numerusform>
            <numerusform>Marquer %Ln observations comme différentes</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;These Are Different</source>
        <translation>&amp;Elles sont différentes</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ImportExport</name>
    <message numerus="yes">
        <source>Importing %n file(s)...</source>
        <translation>
            <numerusform>Importation de %n fichier…</numerusform>
            <numerusform>Importation de %n fichiers…</numerusform>
        </translation>
    </message>
    <message>
        <source>Import cancelled; the cache is as it was.</source>
        <translation>Importation annulée&#x202f;; le cache est resté tel quel.</translation>
    </message>
    <message>
        <source>Nothing was imported:
%1</source>
        <translation>Rien n’a été importé&#xa0;:
%1</translation>
    </message>
    <message numerus="yes">
        <source>Imported %Ln record(s).</source>
        <translation>
            <numerusform>%Ln fiche importée.</numerusform>
            <numerusform>%Ln fiches importées.</numerusform>
        </translation>
    </message>
    <message>
        <source>Imported with warnings</source>
        <translation>Importé avec des avertissements</translation>
    </message>
    <message>
        <source>The pages state counts that disagree with what they itemize; the stated counts were kept:

%1</source>
        <translation>Les pages indiquent des nombres qui ne correspondent pas à ce qu’elles détaillent&#x202f;; les nombres indiqués ont été conservés&#xa0;:

%1</translation>
    </message>
    <message>
        <source>Writing %1...</source>
        <translation>Écriture de %1…</translation>
    </message>
    <message>
        <source>PDF export cancelled; no file was written.</source>
        <translation>Export PDF annulé&#x202f;; aucun fichier n’a été écrit.</translation>
    </message>
    <message>
        <source>The PDF was not written:
%1</source>
        <translation>Le PDF n’a pas été écrit&#xa0;:
%1</translation>
    </message>
    <message>
        <source>Exported %1.</source>
        <translation>%1 exporté.</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::MainWindow</name>
    <message>
        <source>Ledger Curator</source>
        <translation>Ledger Curator</translation>
    </message>
    <message>
        <source>Loaded the demo ledger page of arXiv:2104.04473.</source>
        <translation>La page de registre de démonstration d’arXiv:2104.04473 a été chargée.</translation>
    </message>
    <message>
        <source>Correction and page preview</source>
        <translation>Correction et aperçu de la page</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>Corriger</translation>
    </message>
    <message>
        <source>Page preview</source>
        <translation>Aperçu de la page</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;Import...</source>
        <translation>&amp;Importer…</translation>
    </message>
    <message>
        <source>Import ledger page text or record JSON files (also by drag and drop)</source>
        <translation>Importer des pages de registre (texte) ou des fiches JSON (aussi par glisser-déposer)</translation>
    </message>
    <message>
        <source>&amp;Export PDF...</source>
        <translation>&amp;Exporter en PDF…</translation>
    </message>
    <message>
        <source>Export PDF</source>
        <translation>Exporter en PDF</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>Fichiers PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Write the rendered page, every observation included, to a PDF file</source>
        <translation>Écrire la page rendue, toutes les observations comprises, dans un fichier PDF</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>É&amp;dition</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <source>&amp;Apply Correction</source>
        <translation>Appli&amp;quer la correction</translation>
    </message>
    <message>
        <source>&amp;Settings...</source>
        <translation>&amp;Paramètres…</translation>
    </message>
    <message>
        <source>Language, the preview&apos;s page cap, the record shown on start, sync, layout</source>
        <translation>Langue, plafond de page de l’aperçu, fiche affichée au démarrage, synchronisation, disposition</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Filter Observations</source>
        <translation>&amp;Filtrer les observations</translation>
    </message>
    <message>
        <source>Only Observations Needing &amp;Attention</source>
        <translation>Seulement les observations &amp;à traiter</translation>
    </message>
    <message>
        <source>&amp;Clear Filters</source>
        <translation>&amp;Effacer les filtres</translation>
    </message>
    <message>
        <source>Page &amp;Preview</source>
        <translation>A&amp;perçu de la page</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>A&amp;ller</translation>
    </message>
    <message>
        <source>&amp;Next Needing Attention</source>
        <translation>&amp;Suivante à traiter</translation>
    </message>
    <message>
        <source>&amp;Previous Needing Attention</source>
        <translation>&amp;Précédente à traiter</translation>
    </message>
    <message>
        <source>Go to the &amp;Table</source>
        <translation>Aller à la &amp;table</translation>
    </message>
    <message>
        <source>Go to the &amp;Correction Panel</source>
        <translation>Aller au panneau de &amp;correction</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Aid&amp;e</translation>
    </message>
    <message>
        <source>&amp;About Ledger Curator</source>
        <translation>À &amp;propos de Ledger Curator</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>À propos de &amp;Qt</translation>
    </message>
    <message>
        <source>The cache holds no records.

Use File &gt; Import (Ctrl+O), or drop a ledger page text or record JSON file here, to add one.</source>
        <translation>Le cache ne contient aucune fiche.

Utilisez Fichier &gt; Importer (Ctrl+O), ou déposez ici une page de registre (texte) ou une fiche JSON, pour en ajouter une.</translation>
    </message>
    <message>
        <source>Import Ledger Pages</source>
        <translation>Importer des pages de registre</translation>
    </message>
    <message>
        <source>Ledger pages (*.txt *.json);;All files (*)</source>
        <translation>Pages de registre (*.txt *.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>&amp;Notices</source>
        <translation>&amp;Notices</translation>
    </message>
    <message>
        <source>&amp;Review Notices...</source>
        <translation>E&amp;xaminer les notices…</translation>
    </message>
    <message>
        <source>&amp;Import Notices...</source>
        <translation>&amp;Importer des notices…</translation>
    </message>
    <message>
        <source>Import Notices</source>
        <translation>Importer des notices</translation>
    </message>
    <message>
        <source>Retraction Watch CSV (*.csv);;All files (*)</source>
        <translation>CSV de Retraction Watch (*.csv);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>&amp;Sync</source>
        <translation>&amp;Synchronisation</translation>
    </message>
    <message>
        <source>Sync &amp;Now</source>
        <translation>Synchroniser &amp;maintenant</translation>
    </message>
    <message>
        <source>Send your corrections to the server and fetch the other curators&apos; (F5)</source>
        <translation>Envoyer vos corrections au serveur et récupérer celles des autres curateurs (F5)</translation>
    </message>
    <message>
        <source>&amp;Cancel Sync</source>
        <translation>&amp;Annuler la synchronisation</translation>
    </message>
    <message>
        <source>Sync &amp;Settings...</source>
        <translation>&amp;Paramètres de synchronisation…</translation>
    </message>
    <message>
        <source>The server to sync with, your token, and automatic syncs</source>
        <translation>Le serveur avec lequel synchroniser, votre jeton et les synchronisations automatiques</translation>
    </message>
    <message>
        <source>Set up the server to sync with, and your token.</source>
        <translation>Configurez le serveur avec lequel synchroniser, et votre jeton.</translation>
    </message>
    <message>
        <source>arXiv:%1 is still loading: export it once it is shown.</source>
        <translation>arXiv:%1 est encore en cours de chargement&#xa0;: exportez-le une fois affiché.</translation>
    </message>
    <message>
        <source>&amp;All Notices...</source>
        <translation>&amp;Toutes les notices...</translation>
    </message>
    <message>
        <source>Every notice the team knows, with the records it concerns; filters and CSV export</source>
        <translation>Chaque notice connue de l&apos;équipe, avec les fiches concernées&#xa0;; filtres et export CSV</translation>
    </message>
    <message>
        <source>Export Observations as &amp;CSV...</source>
        <translation>Exporter les observations en &amp;CSV…</translation>
    </message>
    <message>
        <source>Write the shown record&apos;s observations, as corrected, to a CSV file</source>
        <translation>Écrire les observations de la fiche affichée, telles que corrigées, dans un fichier CSV</translation>
    </message>
    <message>
        <source>Export Corrections &amp;Report...</source>
        <translation>Exporter le &amp;rapport des corrections…</translation>
    </message>
    <message>
        <source>Write every correction of every cached record (when, who, what) to a CSV file</source>
        <translation>Écrire chaque correction de chaque fiche du cache (quand, qui, quoi) dans un fichier CSV</translation>
    </message>
    <message>
        <source>Apply and &amp;Next</source>
        <translation>Appliquer et &amp;suivante</translation>
    </message>
    <message>
        <source>Record the correction, then go to the next observation that needs attention</source>
        <translation>Enregistrer la correction, puis passer à la prochaine observation à traiter</translation>
    </message>
    <message>
        <source>Dismiss &amp;Hints and Next</source>
        <translation>Écarter les &amp;indices et suivante</translation>
    </message>
    <message>
        <source>The anomaly hints of the selected observation are no problem: dismiss them and go to the next observation that needs attention</source>
        <translation>Les indices d’anomalie de l’observation sélectionnée ne sont pas un problème&#xa0;: les écarter et passer à la prochaine observation à traiter</translation>
    </message>
    <message>
        <source>Mark as &amp;Duplicates...</source>
        <translation>Marquer comme &amp;doublons…</translation>
    </message>
    <message>
        <source>Compare the selected observations side by side; keep one and mark the others as its duplicates, or record that they are different</source>
        <translation>Comparer côte à côte les observations sélectionnées&#xa0;; en garder une et marquer les autres comme ses doublons, ou enregistrer qu’elles sont différentes</translation>
    </message>
    <message>
        <source>Compare the selected observation with the others from the same citing paper</source>
        <translation>Comparer l’observation sélectionnée aux autres du même article citant</translation>
    </message>
    <message>
        <source>&amp;Copy Observation UUID</source>
        <translation>&amp;Copier l’UUID de l’observation</translation>
    </message>
    <message>
        <source>Copied the UUID %1.</source>
        <translation>UUID %1 copié.</translation>
    </message>
    <message numerus="yes">
        <source>Copied %Ln observation UUIDs.</source>
        <translation>
            <numerusform>%Ln UUID d’observation copié.</numerusform>
            <numerusform>%Ln UUID d’observations copiés.</numerusform>
        </translation>
    </message>
    <message>
        <source>Search every cached record&apos;s titles, observation UUIDs, identifiers and notes</source>
        <translation>Rechercher dans les titres, UUID d’observation, identifiants et notes de chaque fiche du cache</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Raccourcis clavier</translation>
    </message>
    <message>
        <source>Recorded: %1.</source>
        <translation>Enregistré&#xa0;: %1.</translation>
    </message>
    <message>
        <source>Nothing else in this view needs attention.</source>
        <translation>Rien d’autre à traiter dans cette vue.</translation>
    </message>
    <message>
        <source>Import &amp;Works List...</source>
        <translation>Importer une liste d’&amp;œuvres…</translation>
    </message>
    <message>
        <source>Import the arXiv metadata snapshot (JSON Lines) or a CSV list of works, to suggest the works observations point to</source>
        <translation>Importer l’instantané des métadonnées d’arXiv (JSON Lines) ou une liste d’œuvres CSV, pour suggérer les œuvres visées par les observations</translation>
    </message>
    <message>
        <source>None of &amp;These Candidates</source>
        <translation>Aucun de ces ca&amp;ndidats</translation>
    </message>
    <message>
        <source>None of the suggested works is the selected observation&apos;s: record that in its note</source>
        <translation>Aucune des œuvres suggérées n’est celle de l’observation choisie&#xa0;: le noter</translation>
    </message>
    <message>
        <source>Accept Clear &amp;Matches...</source>
        <translation>Accepter les correspondances ne&amp;ttes…</translation>
    </message>
    <message>
        <source>List the clear matches among the observations shown, then accept them as one step</source>
        <translation>Lister les correspondances nettes des observations affichées, puis les accepter en une étape</translation>
    </message>
    <message>
        <source>No works index yet: File &gt; Import Works List... or `ledger-curator works import FILE`</source>
        <translation>Pas encore d’index des œuvres&#xa0;: Fichier &gt; Importer une liste d’œuvres… ou `ledger-curator works import FICHIER`</translation>
    </message>
    <message>
        <source>Suggestions unavailable: %1</source>
        <translation>Suggestions indisponibles&#xa0;: %1</translation>
    </message>
    <message>
        <source>ref. %1 (%2)</source>
        <translation>réf. %1 (%2)</translation>
    </message>
    <message>
        <source>No clear match was accepted: %1</source>
        <translation>Aucune correspondance nette n’a été acceptée&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <source>Accept clear matches (%Ln)</source>
        <translation>
            <numerusform>Accepter la correspondance nette (%Ln)</numerusform>
            <numerusform>Accepter les correspondances nettes (%Ln)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Accepted clear matches: %Ln (identifier, verified fuzzy and a note on each).</source>
        <translation>
            <numerusform>Correspondances nettes acceptées&#xa0;: %Ln (pour chacune l’identifiant, vérifié approché et une note).</numerusform>
            <numerusform>Correspondances nettes acceptées&#xa0;: %Ln (pour chacune l’identifiant, vérifié approché et une note).</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to accept: the clear matches were already recorded.</source>
        <translation>Rien à accepter&#xa0;: les correspondances nettes sont déjà enregistrées.</translation>
    </message>
    <message>
        <source>Unapplied Corrections</source>
        <translation>Corrections non appliquées</translation>
    </message>
    <message numerus="yes">
        <source>You typed corrections that are not applied (%Ln observation(s)). Quit anyway and lose them?</source>
        <translation>
            <numerusform>Vous avez saisi des corrections non appliquées (%Ln observation). Quitter quand même et les perdre&#xa0;?</numerusform>
            <numerusform>Vous avez saisi des corrections non appliquées (%Ln observations). Quitter quand même et les perdre&#xa0;?</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Discard and Quit</source>
        <translation>&amp;Abandonner et quitter</translation>
    </message>
    <message>
        <source>&amp;Go Back</source>
        <translation>&amp;Revenir</translation>
    </message>
    <message>
        <source>User &amp;Manual</source>
        <translation>&amp;Manuel d&apos;utilisation</translation>
    </message>
    <message>
        <source>Open the manual at the section for where you are (F1)</source>
        <translation>Ouvrir le manuel à la section de l&apos;endroit où vous êtes (F1)</translation>
    </message>
    <message>
        <source>Re&amp;vert to Upstream</source>
        <translation>Revenir à la valeur d’&amp;origine</translation>
    </message>
    <message>
        <source>Com&amp;pare with Repeated...</source>
        <translation>Co&amp;mparer aux répétées…</translation>
    </message>
    <message>
        <source>Search A&amp;ll Records...</source>
        <translation>Rec&amp;hercher dans toutes les fiches…</translation>
    </message>
    <message>
        <source>Preview Pa&amp;ge Cap...</source>
        <translation>P&amp;lafond de page de l’aperçu…</translation>
    </message>
    <message>
        <source>The pane is as wide or as narrow as it can be.</source>
        <translation>Le panneau est déjà aussi large ou aussi étroit que possible.</translation>
    </message>
    <message>
        <source>Wi&amp;den Side Panel</source>
        <translation>Éla&amp;rgir le panneau latéral</translation>
    </message>
    <message>
        <source>Narro&amp;w Side Panel</source>
        <translation>Ré&amp;trécir le panneau latéral</translation>
    </message>
    <message>
        <source>Widen &amp;Record List</source>
        <translation>Élar&amp;gir la liste des fiches</translation>
    </message>
    <message>
        <source>Narrow Record &amp;List</source>
        <translation>Rétréc&amp;ir la liste des fiches</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ManualWindow</name>
    <message>
        <source>Ledger Curator Manual</source>
        <translation>Manuel de Ledger Curator</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Sommaire</translation>
    </message>
    <message>
        <source>Manual text</source>
        <translation>Texte du manuel</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticeController</name>
    <message>
        <source>Review Notices...</source>
        <translation>Examiner les notices…</translation>
    </message>
    <message>
        <source>Show Them</source>
        <translation>Les afficher</translation>
    </message>
    <message>
        <source>Filters the table to the observations needing attention</source>
        <translation>Filtre la table sur les observations à traiter</translation>
    </message>
    <message>
        <source>Review 1 notice as %1</source>
        <translation>Examiner 1 notice comme «&#xa0;%1&#xa0;»</translation>
    </message>
    <message numerus="yes">
        <source>Review %Ln notices as %1</source>
        <translation>
            <numerusform>Examiner %Ln notice comme «&#xa0;%1&#xa0;»</numerusform>
            <numerusform>Examiner %Ln notices comme «&#xa0;%1&#xa0;»</numerusform>
        </translation>
    </message>
    <message>
        <source>The review was not recorded:
%1</source>
        <translation>L’examen n’a pas été enregistré&#xa0;:
%1</translation>
    </message>
    <message>
        <source>Nothing to record: the review was already so.</source>
        <translation>Rien à enregistrer&#xa0;: l’examen était déjà tel quel.</translation>
    </message>
    <message>
        <source>notice %1</source>
        <translation>notice %1</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%1 par %2</translation>
    </message>
    <message>
        <source>This paper (arXiv:%1) is retracted: %2.</source>
        <translation>Cet article (arXiv:%1) est rétracté&#xa0;: %2.</translation>
    </message>
    <message>
        <source>1 observation of this record cites a retracted work</source>
        <translation>1 observation de cette fiche cite une œuvre rétractée</translation>
    </message>
    <message numerus="yes">
        <source>%Ln observations of this record cite a retracted work</source>
        <translation>
            <numerusform>%Ln observation de cette fiche cite une œuvre rétractée</numerusform>
            <numerusform>%Ln observations de cette fiche citent une œuvre rétractée</numerusform>
        </translation>
    </message>
    <message>
        <source>All notices reviewed.</source>
        <translation>Toutes les notices sont examinées.</translation>
    </message>
    <message>
        <source>1 notice not yet reviewed.</source>
        <translation>1 notice pas encore examinée.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln notices not yet reviewed.</source>
        <translation>
            <numerusform>%Ln notice pas encore examinée.</numerusform>
            <numerusform>%Ln notices pas encore examinées.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>&amp;Annuler&#xa0;: %1</translation>
    </message>
    <message>
        <source>&amp;Undo Review</source>
        <translation>&amp;Annuler l’examen</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>&amp;Rétablir&#xa0;: %1</translation>
    </message>
    <message>
        <source>&amp;Redo Review</source>
        <translation>&amp;Rétablir l’examen</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticeImport</name>
    <message>
        <source>Import Notices</source>
        <translation>Importer des notices</translation>
    </message>
    <message>
        <source>What does %1 hold?</source>
        <translation>Que contient %1&#xa0;?</translation>
    </message>
    <message>
        <source>&amp;An excerpt of the source&apos;s list: add and update the notices it names</source>
        <translation>&amp;Un extrait de la liste de la source&#xa0;: ajouter et mettre à jour les notices qu’il nomme</translation>
    </message>
    <message>
        <source>The source&apos;s &amp;complete list: also withdraw the notices it no longer names (you are shown them first)</source>
        <translation>La liste &amp;complète de la source&#xa0;: retirer aussi les notices qu’elle ne nomme plus (elles vous sont d’abord montrées)</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importer</translation>
    </message>
    <message>
        <source>Reading notices from %1...</source>
        <translation>Lecture des notices de %1…</translation>
    </message>
    <message>
        <source>No notices were imported:
%1</source>
        <translation>Aucune notice n’a été importée&#xa0;:
%1</translation>
    </message>
    <message numerus="yes">
        <source>%1 is to be read as the source&apos;s complete list. It no longer names %Ln of the notices the cache lists from that source: importing it marks them withdrawn by the source, and the pages of the records they concern stop showing them.</source>
        <translation>
            <numerusform>%1 doit être lu comme la liste complète de la source. Elle ne nomme plus %Ln des notices que le cache tient de cette source&#xa0;: l’importer la marque retirée par la source, et les pages des fiches concernées ne la montrent plus.</numerusform>
            <numerusform>%1 doit être lu comme la liste complète de la source. Elle ne nomme plus %Ln des notices que le cache tient de cette source&#xa0;: l’importer les marque retirées par la source, et les pages des fiches concernées ne les montrent plus.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln of them concern a record&apos;s own paper (its retraction).</source>
        <translation>
            <numerusform>%Ln d’entre elles concerne l’article propre d’une fiche (sa rétractation).</numerusform>
            <numerusform>%Ln d’entre elles concernent l’article propre d’une fiche (sa rétractation).</numerusform>
        </translation>
    </message>
    <message>
        <source>Withdraw Notices?</source>
        <translation>Retirer des notices&#xa0;?</translation>
    </message>
    <message>
        <source>Records concerned: %1</source>
        <translation>Fiches concernées&#xa0;: %1</translation>
    </message>
    <message>
        <source>none cached</source>
        <translation>aucune en cache</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Withdraw %Ln Notice(s)</source>
        <translation>
            <numerusform>&amp;Retirer %Ln notice</numerusform>
            <numerusform>&amp;Retirer %Ln notices</numerusform>
        </translation>
    </message>
    <message>
        <source>Import as an &amp;Excerpt</source>
        <translation>Importer comme &amp;extrait</translation>
    </message>
    <message>
        <source>No notices were imported.</source>
        <translation>Aucune notice n’a été importée.</translation>
    </message>
    <message>
        <source>Importing notices from %1...</source>
        <translation>Importation des notices de %1…</translation>
    </message>
    <message>
        <source>%L1 notices read: %L2 new, %L3 updated, %L4 unchanged, %L5 withdrawn by the source.</source>
        <translation>%L1 notices lues&#xa0;: %L2 nouvelles, %L3 mises à jour, %L4 inchangées, %L5 retirées par la source.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln left as they are: last seen in a newer list.</source>
        <translation>
            <numerusform>%Ln laissée telle quelle&#xa0;: vue en dernier dans une liste plus récente.</numerusform>
            <numerusform>%Ln laissées telles quelles&#xa0;: vues en dernier dans une liste plus récente.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Withdraw %Ln notice(s) (%1)</source>
        <translation>
            <numerusform>Retirer %Ln notice (%1)</numerusform>
            <numerusform>Retirer %Ln notices (%1)</numerusform>
        </translation>
    </message>
    <message>
        <source>Notices imported with skipped rows</source>
        <translation>Notices importées avec des lignes ignorées</translation>
    </message>
    <message>
        <source>Rows skipped or left out: %L1</source>
        <translation>Lignes ignorées ou écartées&#xa0;: %L1</translation>
    </message>
    <message>
        <source>No notices were imported: the signing key of %1 could not be loaded: %2</source>
        <translation>Aucun avis n’a été importé&#xa0;: la clé de signature de %1 n’a pas pu être chargée&#xa0;: %2</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticeListModel</name>
    <message>
        <source>listed</source>
        <translation>répertorié</translation>
    </message>
    <message>
        <source>withdrawn by the source</source>
        <translation>retiré par la source</translation>
    </message>
    <message>
        <source>%1 (conflicting decisions)</source>
        <translation>%1 (décisions en conflit)</translation>
    </message>
    <message>
        <source>no cached record yet</source>
        <translation>pas encore de fiche en cache</translation>
    </message>
    <message>
        <source>Reasons: %1</source>
        <translation>Motifs&#xa0;: %1</translation>
    </message>
    <message>
        <source>Journal: %1</source>
        <translation>Revue&#xa0;: %1</translation>
    </message>
    <message>
        <source>Links: %1</source>
        <translation>Liens&#xa0;: %1</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>Importé le %1</translation>
    </message>
    <message>
        <source>Imported %1 by %2</source>
        <translation>Importé le %1 par %2</translation>
    </message>
    <message>
        <source>The source lists this notice.</source>
        <translation>La source répertorie cette notice.</translation>
    </message>
    <message>
        <source>The source no longer lists this notice; it is kept, with its history, and no longer shown on the records&apos; pages.</source>
        <translation>La source ne répertorie plus cette notice&#xa0;; elle est conservée, avec son historique, et n&apos;est plus affiché sur les pages des fiches.</translation>
    </message>
    <message>
        <source>No cached record cites this work yet: the notice attaches to a record when a matching page is imported.</source>
        <translation>Aucune fiche en cache ne cite encore cette œuvre&#xa0;: la notice s&apos;attache à une fiche dès qu&apos;une page correspondante est importée.</translation>
    </message>
    <message>
        <source>The notice is about this record&apos;s own paper.</source>
        <translation>La notice concerne l&apos;article même de cette fiche.</translation>
    </message>
    <message>
        <source>Observations of this record cite the work.</source>
        <translation>Des observations de cette fiche citent l&apos;œuvre.</translation>
    </message>
    <message>
        <source>Reviewed %1 by %2</source>
        <translation>Examiné le %1 par %2</translation>
    </message>
    <message>
        <source>Notice</source>
        <translation>Notice</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Nature</source>
        <translation>Nature</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Date</translation>
    </message>
    <message>
        <source>Work</source>
        <translation>Œuvre</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titre</translation>
    </message>
    <message>
        <source>Notice DOI</source>
        <translation>DOI de la notice</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Statut</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Fiche</translation>
    </message>
    <message>
        <source>Observations</source>
        <translation>Observations</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Examen</translation>
    </message>
    <message>
        <source>Reviewed by</source>
        <translation>Examiné par</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>Listed in %1.</source>
        <translation>Listé dans %1.</translation>
    </message>
    <message>
        <source>Withdrawn: %1 no longer lists it.</source>
        <translation>Retirée&#xa0;: %1 ne la liste plus.</translation>
    </message>
    <message>
        <source>Recorded %1.</source>
        <translation>Enregistrée le %1.</translation>
    </message>
    <message>
        <source>Recorded %1 by %2.</source>
        <translation>Enregistrée le %1 par %2.</translation>
    </message>
    <message>
        <source>The list is dated %1.</source>
        <translation>La liste est datée du %1.</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticeReviewModel</name>
    <message>
        <source>%1 (1 observation)</source>
        <translation>%1 (1 observation)</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n observations)</source>
        <translation>
            <numerusform>%1 (%n observation)</numerusform>
            <numerusform>%1 (%n observations)</numerusform>
        </translation>
    </message>
    <message>
        <source>cited by: %1</source>
        <translation>citée par&#xa0;: %1</translation>
    </message>
    <message>
        <source>cites: %1</source>
        <translation>cite&#xa0;: %1</translation>
    </message>
    <message>
        <source>mixed: %1</source>
        <translation>mixte&#xa0;: %1</translation>
    </message>
    <message>
        <source>Cited work / observation</source>
        <translation>Œuvre citée / observation</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Examen</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Fiche</translation>
    </message>
    <message>
        <source>%1 by %2 for every observation of arXiv:%3 citing the work</source>
        <translation>%1 par %2 pour chaque observation d&apos;arXiv:%3 qui cite l&apos;œuvre</translation>
    </message>
    <message>
        <source>Curators decided differently at the same time: the most recent decision is shown; a new one settles it.</source>
        <translation>Des curateurs ont décidé différemment en même temps&#xa0;: la décision la plus récente est affichée&#xa0;; une nouvelle tranche.</translation>
    </message>
    <message>
        <source> (conflict)</source>
        <translation> (conflit)</translation>
    </message>
    <message>
        <source>Notice (newest first)</source>
        <translation>Notice (la plus récente d&apos;abord)</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticeReviewWindow</name>
    <message>
        <source>Review Notices - Ledger Curator</source>
        <translation>Examen des notices – Ledger Curator</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>Tous les types</translation>
    </message>
    <message>
        <source>Show notices of kind</source>
        <translation>Afficher les notices de ce type</translation>
    </message>
    <message>
        <source>Any review status</source>
        <translation>Tout statut d’examen</translation>
    </message>
    <message>
        <source>Show observations with review status</source>
        <translation>Afficher les observations ayant ce statut d’examen</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Type&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Review:</source>
        <translation>E&amp;xamen&#xa0;:</translation>
    </message>
    <message>
        <source>Review status to record</source>
        <translation>Statut d’examen à enregistrer</translation>
    </message>
    <message>
        <source>Note (optional): why, and what was checked</source>
        <translation>Note (facultative)&#xa0;: pourquoi, et ce qui a été vérifié</translation>
    </message>
    <message>
        <source>Review note</source>
        <translation>Note d’examen</translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation>&amp;Statut&#xa0;:</translation>
    </message>
    <message>
        <source>Reading the notices of every record...</source>
        <translation>Lecture des notices de toutes les fiches…</translation>
    </message>
    <message>
        <source>The notices could not be read:
%1</source>
        <translation>Les notices n’ont pas pu être lues&#xa0;:
%1</translation>
    </message>
    <message>
        <source>No notices found in any record.

Retractions, corrections and expressions of concern appear here when a page reports them, or after Notices &gt; Import Notices... reads a Retraction Watch CSV file.</source>
        <translation>Aucune notice trouvée dans les fiches.

Les rétractations, corrections et expressions de préoccupation apparaissent ici quand une page les signale, ou après que Notices &gt; Importer des notices… a lu un fichier CSV de Retraction Watch.</translation>
    </message>
    <message>
        <source>No notice matches the filters.</source>
        <translation>Aucune notice ne correspond aux filtres.</translation>
    </message>
    <message>
        <source>Notices with the observations they touch</source>
        <translation>Notices avec les observations concernées</translation>
    </message>
    <message>
        <source>Records the status and note for the selected notices: one decision per record and notice, covering every observation of the record that cites the work (Ctrl+Return)</source>
        <translation>Enregistre le statut et la note des notices sélectionnées&#xa0;: une décision par fiche et par notice, valable pour chaque observation de la fiche qui cite l&apos;œuvre (Ctrl+Entrée)</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 shown</source>
        <translation>%1 · %2 · %3 affichées</translation>
    </message>
    <message>
        <source>1 notice</source>
        <translation>1 notice</translation>
    </message>
    <message>
        <source>%L1 notices</source>
        <translation>%L1 notices</translation>
    </message>
    <message>
        <source>1 review</source>
        <translation>1 examen</translation>
    </message>
    <message>
        <source>%L1 reviews</source>
        <translation>%L1 examens</translation>
    </message>
    <message>
        <source>1 observation</source>
        <translation>1 observation</translation>
    </message>
    <message>
        <source>%L1 observations</source>
        <translation>%L1 observations</translation>
    </message>
    <message>
        <source>Record Re&amp;view</source>
        <translation>&amp;Enregistrer l’examen</translation>
    </message>
    <message>
        <source>Show in &amp;Ledger</source>
        <translation>Afficher dans le &amp;registre</translation>
    </message>
    <message numerus="yes">
        <source>Record Re&amp;view for %Ln notices</source>
        <translation>
            <numerusform>&amp;Enregistrer l’examen de %Ln notice</numerusform>
            <numerusform>&amp;Enregistrer l’examen de %Ln notices</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticesView</name>
    <message>
        <source>Notices - Ledger Curator</source>
        <translation>Notices - Ledger Curator</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>Tous les types</translation>
    </message>
    <message>
        <source>Show notices of kind</source>
        <translation>Afficher les notices de type</translation>
    </message>
    <message>
        <source>Show notices whose nature the source words as</source>
        <translation>Afficher les notices dont la source formule la nature ainsi</translation>
    </message>
    <message>
        <source>Listed and withdrawn</source>
        <translation>Répertoriés et retirés</translation>
    </message>
    <message>
        <source>Listed by the source</source>
        <translation>Répertoriés par la source</translation>
    </message>
    <message>
        <source>Withdrawn by the source</source>
        <translation>Retirés par la source</translation>
    </message>
    <message>
        <source>Show notices the source lists or withdrew</source>
        <translation>Afficher les notices que la source répertorie ou a retirés</translation>
    </message>
    <message>
        <source>Any review status</source>
        <translation>Tout statut d&apos;examen</translation>
    </message>
    <message>
        <source>Show notices with review status</source>
        <translation>Afficher les notices avec le statut d&apos;examen</translation>
    </message>
    <message>
        <source>Show notices of record</source>
        <translation>Afficher les notices de la fiche</translation>
    </message>
    <message>
        <source>Search: notice, DOI, title, arXiv id, note</source>
        <translation>Recherche&#xa0;: notice, DOI, titre, identifiant arXiv, note</translation>
    </message>
    <message>
        <source>Search the notices</source>
        <translation>Rechercher dans les notices</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Type&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Nature:</source>
        <translation>&amp;Nature&#xa0;:</translation>
    </message>
    <message>
        <source>S&amp;tatus:</source>
        <translation>St&amp;atut&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Review:</source>
        <translation>&amp;Examen&#xa0;:</translation>
    </message>
    <message>
        <source>Re&amp;cord:</source>
        <translation>Fi&amp;che&#xa0;:</translation>
    </message>
    <message>
        <source>Notices</source>
        <translation>Notices</translation>
    </message>
    <message>
        <source>&amp;Export CSV...</source>
        <translation>E&amp;xporter en CSV...</translation>
    </message>
    <message>
        <source>Writes the notices shown, as filtered and sorted, to a CSV file for a report (Ctrl+E)</source>
        <translation>Écrit les notices affichées, filtrées et triées, dans un fichier CSV pour un rapport (Ctrl+E)</translation>
    </message>
    <message>
        <source>All natures</source>
        <translation>Toutes les natures</translation>
    </message>
    <message>
        <source>Any record</source>
        <translation>Toute fiche</translation>
    </message>
    <message>
        <source>No cached record yet</source>
        <translation>Pas encore de fiche en cache</translation>
    </message>
    <message>
        <source>%1 of 1 notice</source>
        <translation>%1 sur 1 notice</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n notices</source>
        <translation>
            <numerusform>%1 sur %n notice</numerusform>
            <numerusform>%1 sur %n notices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n rows: a notice has a row for each record it concerns)</source>
        <translation>
            <numerusform> (%n ligne&#xa0;: une notice a une ligne par fiche concernée)</numerusform>
            <numerusform> (%n lignes&#xa0;: une notice a une ligne par fiche concernée)</numerusform>
        </translation>
    </message>
    <message>
        <source>reading the cache again...</source>
        <translation>relecture du cache...</translation>
    </message>
    <message>
        <source>Reading the notices and every record of the cache...</source>
        <translation>Lecture des notices et de toutes les fiches du cache...</translation>
    </message>
    <message>
        <source>The notices could not be read:
%1</source>
        <translation>Les notices n&apos;ont pas pu être lues&#xa0;:
%1</translation>
    </message>
    <message>
        <source>No notices yet: import a Retraction Watch CSV with Notices &gt; Import Notices... or sync with the team&apos;s server.</source>
        <translation>Pas encore de notices&#xa0;: importez un CSV Retraction Watch avec Notices &gt; Importer des notices... ou synchronisez avec le serveur de l&apos;équipe.</translation>
    </message>
    <message>
        <source>No notice matches the filters.</source>
        <translation>Aucune notice ne correspond aux filtres.</translation>
    </message>
    <message>
        <source>Export Notices as CSV</source>
        <translation>Exporter les notices en CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>Fichiers CSV (*.csv);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>The notices were not exported; no file was changed.
%1</source>
        <translation>Les notices n&apos;ont pas été exportées&#xa0;; aucun fichier n&apos;a été modifié.
%1</translation>
    </message>
    <message>
        <source>1 row exported to %1</source>
        <translation>1 ligne exportée vers %1</translation>
    </message>
    <message numerus="yes">
        <source>%n rows exported to %1</source>
        <translation>
            <numerusform>%n ligne exportée vers %1</numerusform>
            <numerusform>%n lignes exportées vers %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ObservationTableModel</name>
    <message>
        <source>none found</source>
        <translation>aucune trouvée</translation>
    </message>
    <message>
        <source>unavailable</source>
        <translation>indisponible</translation>
    </message>
    <message>
        <source>Review: %1</source>
        <translation>Examen&#xa0;: %1</translation>
    </message>
    <message>
        <source>⚠ Retracted (%1)</source>
        <translation>⚠ Rétractée (%1)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>conflit</translation>
    </message>
    <message>
        <source>corrected</source>
        <translation>corrigée</translation>
    </message>
    <message>
        <source>excluded</source>
        <translation>exclue</translation>
    </message>
    <message>
        <source>1 hint</source>
        <translation>1 indice</translation>
    </message>
    <message numerus="yes">
        <source>%n hints</source>
        <translation>
            <numerusform>%n indice</numerusform>
            <numerusform>%n indices</numerusform>
        </translation>
    </message>
    <message>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Citing title</source>
        <translation>Titre citant</translation>
    </message>
    <message>
        <source>Ref.</source>
        <translation>Réf.</translation>
    </message>
    <message>
        <source>Basis</source>
        <translation>Base</translation>
    </message>
    <message>
        <source>Observed</source>
        <translation>Observée le</translation>
    </message>
    <message>
        <source>Notices</source>
        <translation>Notices</translation>
    </message>
    <message>
        <source>Curation</source>
        <translation>Curation</translation>
    </message>
    <message>
        <source>Hints</source>
        <translation>Indices</translation>
    </message>
    <message>
        <source>Direction</source>
        <translation>Sens</translation>
    </message>
    <message>
        <source>Observation</source>
        <translation>Observation</translation>
    </message>
    <message>
        <source>this paper</source>
        <translation>cet article</translation>
    </message>
    <message>
        <source>Cited title</source>
        <translation>Titre cité</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::PreviewPane</name>
    <message>
        <source>Rendered page</source>
        <translation>Page rendue</translation>
    </message>
    <message>
        <source>Preparing the page preview of %L1 observations…</source>
        <translation>Préparation de l’aperçu de la page de %L1 observations…</translation>
    </message>
    <message>
        <source>Preview Page Cap</source>
        <translation>Plafond de page de l’aperçu</translation>
    </message>
    <message>
        <source>Inbound observations itemized in the preview (0 for all; the PDF export always holds all of them):</source>
        <translation>Observations entrantes détaillées dans l’aperçu (0 pour toutes&#x202f;; l’export PDF les contient toujours toutes)&#xa0;:</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::RecordList</name>
    <message>
        <source>Records</source>
        <translation>Fiches</translation>
    </message>
    <message>
        <source>Every cached record with how many observations need attention</source>
        <translation>Toutes les fiches du cache, avec le nombre d’observations à traiter</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::RecordListModel</name>
    <message>
        <source>arXiv:%1 v%2</source>
        <translation>arXiv:%1 v%2</translation>
    </message>
    <message>
        <source>arXiv:%1 v%2 · as of %3</source>
        <translation>arXiv:%1 v%2 · au %3</translation>
    </message>
    <message>
        <source>no observations</source>
        <translation>aucune observation</translation>
    </message>
    <message>
        <source>%1 of %2 need attention</source>
        <translation>%1 sur %2 à traiter</translation>
    </message>
    <message>
        <source>%1 observations · attention not counted yet</source>
        <translation>%1 observations · pas encore décomptées</translation>
    </message>
    <message>
        <source>none of %1 need attention</source>
        <translation>aucune des %1 à traiter</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::RecordLoader</name>
    <message>
        <source>Loading arXiv:%1...</source>
        <translation>Chargement d’arXiv:%1…</translation>
    </message>
    <message>
        <source>arXiv:%1 could not be loaded:
%2

Try again, or import the page again with File &gt; Import.</source>
        <translation>arXiv:%1 n’a pas pu être chargé&#xa0;:
%2

Réessayez, ou importez de nouveau la page avec Fichier &gt; Importer.</translation>
    </message>
    <message>
        <source>arXiv:%1 is no longer in the cache.</source>
        <translation>arXiv:%1 n’est plus dans le cache.</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::RecordRemover</name>
    <message>
        <source>R&amp;emove Record...</source>
        <translation>R&amp;etirer la fiche…</translation>
    </message>
    <message>
        <source>Remove the shown record from this cache; its corrections are kept aside, and importing its page again brings them back</source>
        <translation>Retirer la fiche affichée de ce cache&#xa0;; ses corrections sont mises de côté, et importer de nouveau sa page les ramène</translation>
    </message>
    <message numerus="yes">
        <source>Its %Ln observation(s) are removed from this cache.</source>
        <translation>
            <numerusform>Son observation (%Ln) est retirée de ce cache.</numerusform>
            <numerusform>Ses %Ln observations sont retirées de ce cache.</numerusform>
        </translation>
    </message>
    <message>
        <source>It has no corrections.</source>
        <translation>Elle n’a aucune correction.</translation>
    </message>
    <message numerus="yes">
        <source>Its %Ln correction(s) are kept aside: importing its page again brings them back.</source>
        <translation>
            <numerusform>Sa correction (%Ln) est mise de côté&#xa0;: importer de nouveau sa page la ramène.</numerusform>
            <numerusform>Ses %Ln corrections sont mises de côté&#xa0;: importer de nouveau sa page les ramène.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln of them not yet sent still go to the server at the next sync.</source>
        <translation>
            <numerusform>%Ln d’entre elles, pas encore envoyée, part tout de même au serveur à la prochaine synchronisation.</numerusform>
            <numerusform>%Ln d’entre elles, pas encore envoyées, partent tout de même au serveur à la prochaine synchronisation.</numerusform>
        </translation>
    </message>
    <message>
        <source>The team server is not changed, and syncing does not fetch this page again. Edit &gt; Undo puts the record back.</source>
        <translation>Le serveur de l’équipe n’est pas modifié, et la synchronisation ne récupère plus cette page. Édition &gt; Annuler remet la fiche.</translation>
    </message>
    <message>
        <source>Remove Record</source>
        <translation>Retirer la fiche</translation>
    </message>
    <message>
        <source>Remove arXiv:%1 v%2, %3, from this cache?</source>
        <translation>Retirer arXiv:%1 v%2, %3, de ce cache&#xa0;?</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Retirer</translation>
    </message>
    <message>
        <source>arXiv:%1 was not removed: %2</source>
        <translation>arXiv:%1 n’a pas été retirée&#xa0;: %2</translation>
    </message>
    <message>
        <source>arXiv:%1 is no longer in the cache.</source>
        <translation>arXiv:%1 n’est plus dans le cache.</translation>
    </message>
    <message>
        <source>Remove arXiv:%1</source>
        <translation>Retirer arXiv:%1</translation>
    </message>
    <message>
        <source>arXiv:%1 was not put back: %2</source>
        <translation>arXiv:%1 n’a pas été remise&#xa0;: %2</translation>
    </message>
    <message numerus="yes">
        <source>Put back arXiv:%1 with its %Ln correction(s).</source>
        <translation>
            <numerusform>arXiv:%1 remise avec sa correction (%Ln).</numerusform>
            <numerusform>arXiv:%1 remise avec ses %Ln corrections.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Removed arXiv:%1 (%Ln observation(s)); its corrections are kept aside (Edit &gt; Undo puts it back).</source>
        <translation>
            <numerusform>arXiv:%1 retirée (%Ln observation)&#xa0;; ses corrections sont mises de côté (Édition &gt; Annuler la remet).</numerusform>
            <numerusform>arXiv:%1 retirée (%Ln observations)&#xa0;; ses corrections sont mises de côté (Édition &gt; Annuler la remet).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::RecordView</name>
    <message>
        <source>Filter observations</source>
        <translation>Filtrer les observations</translation>
    </message>
    <message>
        <source>All words must match a title, UUID, identifier or state</source>
        <translation>Tous les mots doivent figurer dans un titre, un UUID, un identifiant ou un état</translation>
    </message>
    <message>
        <source>Filter by title, UUID, identifier or state (Ctrl+F)</source>
        <translation>Filtrer par titre, UUID, identifiant ou état (Ctrl+F)</translation>
    </message>
    <message>
        <source>Show only observations that are %1 (combine several)</source>
        <translation>N’afficher que les observations à l’état %1 (combinables)</translation>
    </message>
    <message>
        <source>Both directions</source>
        <translation>Les deux sens</translation>
    </message>
    <message>
        <source>Inbound</source>
        <translation>Entrantes</translation>
    </message>
    <message>
        <source>Outbound</source>
        <translation>Sortantes</translation>
    </message>
    <message>
        <source>Needs &amp;attention</source>
        <translation>&amp;À traiter</translation>
    </message>
    <message>
        <source>&amp;Corrected</source>
        <translation>Corrig&amp;ées</translation>
    </message>
    <message>
        <source>Observations</source>
        <translation>Observations</translation>
    </message>
    <message>
        <source>The observations of the record with their resolution states</source>
        <translation>Les observations de la fiche avec leur état de résolution</translation>
    </message>
    <message>
        <source>%1
arXiv:%2 v%3 · as of %4</source>
        <translation>%1
arXiv:%2 v%3 · au %4</translation>
    </message>
    <message numerus="yes">
        <source>Loading arXiv:%1: the first %Ln observations are shown, %2 in all...</source>
        <translation>
            <numerusform>Chargement d’arXiv:%1&#xa0;: la première observation (%Ln) est affichée, %2 au total…</numerusform>
            <numerusform>Chargement d’arXiv:%1&#xa0;: les %Ln premières observations sont affichées, %2 au total…</numerusform>
        </translation>
    </message>
    <message>
        <source>Showing %L1 of %L2 observations · %L3 need attention · %L4 anomaly hints</source>
        <translation>%L1 observations affichées sur %L2 · %L3 à traiter · indices d’anomalie&#xa0;: %L4</translation>
    </message>
    <message>
        <source>Wrapped to the top.</source>
        <translation>Reprise au début.</translation>
    </message>
    <message>
        <source>Wrapped to the bottom.</source>
        <translation>Reprise à la fin.</translation>
    </message>
    <message>
        <source>No observation in this view needs attention.</source>
        <translation>Aucune observation de cette vue n’est à traiter.</translation>
    </message>
    <message>
        <source>Observations that still need a decision: unresolved, mismatched, uncertain or malformed ones, conflicting corrections, anomaly hints not dismissed and notices not yet reviewed (Ctrl+Shift+A)</source>
        <translation>Observations qui attendent encore une décision&#xa0;: non résolues, discordantes, incertaines ou mal formées, corrections contradictoires, indices d’anomalie non écartés et notices pas encore examinées (Ctrl+Maj+A)</translation>
    </message>
    <message>
        <source>Direction:</source>
        <translation>Sens&#xa0;:</translation>
    </message>
    <message>
        <source>Direction</source>
        <translation>Sens</translation>
    </message>
    <message>
        <source>Show the observations of both directions, or only the inbound citations or only the outbound references</source>
        <translation>Afficher les observations des deux sens, ou seulement les citations entrantes, ou seulement les références sortantes</translation>
    </message>
    <message>
        <source>Colu&amp;mns</source>
        <translation>&amp;Colonnes</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ReportExport</name>
    <message>
        <source>Export Observations as CSV</source>
        <translation>Exporter les observations en CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>Fichiers CSV (*.csv);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Writing %1...</source>
        <translation>Écriture de %1...</translation>
    </message>
    <message>
        <source>The observations were not exported; no file was changed.</source>
        <translation>Les observations n’ont pas été exportées&#xa0;; aucun fichier n’a été modifié.</translation>
    </message>
    <message>
        <source>Export Corrections Report</source>
        <translation>Exporter le rapport des corrections</translation>
    </message>
    <message>
        <source>The corrections report was not exported; no file was changed.</source>
        <translation>Le rapport des corrections n’a pas été exporté&#xa0;; aucun fichier n’a été modifié.</translation>
    </message>
    <message>
        <source>Exported %1.</source>
        <translation>%1 exporté.</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SearchResultModel</name>
    <message>
        <source>Citing title</source>
        <translation>Titre citant</translation>
    </message>
    <message>
        <source>Cited title</source>
        <translation>Titre cité</translation>
    </message>
    <message>
        <source>Observation UUID</source>
        <translation>UUID de l’observation</translation>
    </message>
    <message>
        <source>Identifier</source>
        <translation>Identifiant</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>Citing title (upstream)</source>
        <translation>Titre citant (source)</translation>
    </message>
    <message>
        <source>Identifier (upstream)</source>
        <translation>Identifiant (source)</translation>
    </message>
    <message>
        <source>Record title</source>
        <translation>Titre de la fiche</translation>
    </message>
    <message>
        <source>(the record)</source>
        <translation>(la fiche)</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Fiche</translation>
    </message>
    <message>
        <source>Observation</source>
        <translation>Observation</translation>
    </message>
    <message>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Champ</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Texte</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SearchWindow</name>
    <message>
        <source>Search All Records - Ledger Curator</source>
        <translation>Rechercher dans toutes les fiches - Ledger Curator</translation>
    </message>
    <message>
        <source>Title, observation UUID, identifier or note</source>
        <translation>Titre, UUID d’observation, identifiant ou note</translation>
    </message>
    <message>
        <source>Search every cached record</source>
        <translation>Rechercher dans chaque fiche du cache</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>&amp;Rechercher&#xa0;:</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>Résultats de la recherche</translation>
    </message>
    <message>
        <source>Type what to look for: a title or part of one, an observation UUID, an identifier or a note. Every cached record is searched.</source>
        <translation>Tapez ce que vous cherchez&#xa0;: un titre ou une partie, un UUID d’observation, un identifiant ou une note. Chaque fiche du cache est parcourue.</translation>
    </message>
    <message>
        <source>Searching every cached record for “%1”...</source>
        <translation>Recherche de «&#xa0;%1&#xa0;» dans chaque fiche du cache...</translation>
    </message>
    <message>
        <source>The cache could not be searched:
%1</source>
        <translation>Le cache n’a pas pu être parcouru&#xa0;:
%1</translation>
    </message>
    <message>
        <source>Nothing matches “%1” in the one cached record.</source>
        <translation>Rien ne correspond à «&#xa0;%1&#xa0;» dans l’unique fiche du cache.</translation>
    </message>
    <message numerus="yes">
        <source>Nothing matches “%1” in the %Ln cached records.</source>
        <translation>
            <numerusform>Rien ne correspond à «&#xa0;%1&#xa0;» dans la %Ln fiche du cache.</numerusform>
            <numerusform>Rien ne correspond à «&#xa0;%1&#xa0;» dans les %Ln fiches du cache.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 observations of %2 records searched.</source>
        <translation>%1 observations de %2 fiches parcourues.</translation>
    </message>
    <message>
        <source>1 hit.</source>
        <translation>1 résultat.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln hits.</source>
        <translation>
            <numerusform>%Ln résultat.</numerusform>
            <numerusform>%Ln résultats.</numerusform>
        </translation>
    </message>
    <message>
        <source>The first %1 are listed: add words to narrow the search.</source>
        <translation>Les %1 premiers sont listés&#xa0;: ajoutez des mots pour affiner la recherche.</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <source>A new language takes effect the next time Ledger Curator starts.</source>
        <translation>Une nouvelle langue s’applique au prochain démarrage de Ledger Curator.</translation>
    </message>
    <message>
        <source>Inbound observations itemized in the page preview; 0 itemizes all of them. The PDF export always holds all of them.</source>
        <translation>Observations entrantes détaillées dans l’aperçu de la page&#x202f;; 0 les détaille toutes. L’export PDF les contient toujours toutes.</translation>
    </message>
    <message>
        <source>&amp;Show the last record again on start</source>
        <translation>Ré&amp;afficher la dernière fiche au démarrage</translation>
    </message>
    <message>
        <source>Otherwise the first record of the list is shown.</source>
        <translation>Sinon, la première fiche de la liste est affichée.</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Général</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Langue&#xa0;:</translation>
    </message>
    <message>
        <source>Preview page &amp;cap:</source>
        <translation>&amp;Plafond de page de l’aperçu&#xa0;:</translation>
    </message>
    <message>
        <source>Inbound observations itemized in the page preview (0 for all).</source>
        <translation>Observations entrantes détaillées dans l’aperçu de la page (0 pour toutes).</translation>
    </message>
    <message>
        <source>S&amp;ync Settings...</source>
        <translation>Paramètres de s&amp;ynchronisation…</translation>
    </message>
    <message>
        <source>The server to sync with, your token, and automatic syncs</source>
        <translation>Le serveur avec lequel synchroniser, votre jeton et les synchronisations automatiques</translation>
    </message>
    <message>
        <source>&amp;Reset Window Layout</source>
        <translation>&amp;Réinitialiser la disposition de la fenêtre</translation>
    </message>
    <message>
        <source>Put the window size, the panes and the table columns back as they were at the first start</source>
        <translation>Remettre la taille de la fenêtre, les panneaux et les colonnes de la table comme au premier démarrage</translation>
    </message>
    <message>
        <source>Sync and Layout</source>
        <translation>Synchronisation et disposition</translation>
    </message>
    <message>
        <source>The window layout is back to its defaults.</source>
        <translation>La disposition de la fenêtre est revenue à ses valeurs par défaut.</translation>
    </message>
    <message>
        <source>Enter the number of inbound observations to itemize (0 for all).</source>
        <translation>Saisissez le nombre d’observations entrantes à détailler (0 pour toutes).</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a whole number: enter digits only, such as 500.</source>
        <translation>«&#xa0;%1&#xa0;» n’est pas un nombre entier&#xa0;: saisissez uniquement des chiffres, comme 500.</translation>
    </message>
    <message>
        <source>The cap cannot be negative: enter 0 to itemize every inbound observation.</source>
        <translation>Le plafond ne peut pas être négatif&#xa0;: saisissez 0 pour détailler toutes les observations entrantes.</translation>
    </message>
    <message>
        <source>The cap can be at most %1: enter 0 to itemize every inbound observation.</source>
        <translation>Le plafond ne peut pas dépasser %1&#xa0;: saisissez 0 pour détailler toutes les observations entrantes.</translation>
    </message>
    <message>
        <source>Curator</source>
        <translation>Curateur</translation>
    </message>
    <message>
        <source>Every correction carries this name and is signed with your key for it. When you sync, it must be the name your sync token was issued to.</source>
        <translation>Chaque correction porte ce nom et est signée avec votre clé pour ce nom. Pour synchroniser, ce doit être le nom pour lequel votre jeton de synchronisation a été émis.</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Système</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>Contraste élevé</translation>
    </message>
    <message>
        <source>System follows the system&apos;s light or dark colours; High contrast shows white text on black, with a yellow selection.</source>
        <translation>Système suit les couleurs claires ou sombres du système ; Contraste élevé affiche un texte blanc sur noir, avec une sélection jaune.</translation>
    </message>
    <message>
        <source>Con&amp;trast:</source>
        <translation>Con&amp;traste :</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Raccourci</translation>
    </message>
    <message>
        <source> or </source>
        <translation> ou </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::StateStyle</name>
    <message>
        <source>exact</source>
        <translation>exact</translation>
    </message>
    <message>
        <source>fuzzy</source>
        <translation>approché</translation>
    </message>
    <message>
        <source>unresolved</source>
        <translation>non résolu</translation>
    </message>
    <message>
        <source>uncertain</source>
        <translation>incertain</translation>
    </message>
    <message>
        <source>malformed</source>
        <translation>mal formé</translation>
    </message>
    <message>
        <source>mismatch</source>
        <translation>écart</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SuggestionBox</name>
    <message>
        <source> +%1</source>
        <comment>more words</comment>
        <translation> +%1</translation>
    </message>
    <message>
        <source>Suggested works</source>
        <translation>Œuvres suggérées</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Candidats</translation>
    </message>
    <message>
        <source>Keys 1 to 5 accept that candidate, Enter the one chosen</source>
        <translation>Les touches 1 à 5 acceptent ce candidat, Entrée celui choisi</translation>
    </message>
    <message>
        <source>#</source>
        <translation>n°</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>Work</source>
        <translation>Œuvre</translation>
    </message>
    <message>
        <source>Record the chosen candidate&apos;s identifier, the state verified fuzzy and a note saying so, as one step (Ctrl+Z takes it back), then go to the next observation needing attention. In the table or this list, 1 to 5 accept that candidate and Enter the first.</source>
        <translation>Enregistrer l’identifiant du candidat choisi, l’état «&#xa0;vérifié approché&#xa0;» et une note le disant, en une étape (Ctrl+Z l’annule), puis passer à l’observation suivante à traiter. Dans le tableau ou cette liste, 1 à 5 acceptent ce candidat et Entrée le premier.</translation>
    </message>
    <message>
        <source>O&amp;pen</source>
        <translation>Ou&amp;vrir</translation>
    </message>
    <message>
        <source>None of these candidates is the work: record that in the note (Ctrl+Shift+X), then give the identifier yourself.</source>
        <translation>Aucun de ces candidats n’est l’œuvre&#xa0;: le noter (Ctrl+Maj+X), puis donner l’identifiant vous-même.</translation>
    </message>
    <message>
        <source>Looking for candidates...</source>
        <translation>Recherche de candidats…</translation>
    </message>
    <message>
        <source>Suggestions unavailable: %1</source>
        <translation>Suggestions indisponibles&#xa0;: %1</translation>
    </message>
    <message>
        <source>No candidates found.</source>
        <translation>Aucun candidat trouvé.</translation>
    </message>
    <message>
        <source>Citing paper found: “%1” (%2). Open it to check the reference, then accept: the link to this record&apos;s paper is verified and the citing paper&apos;s id goes to the note.</source>
        <translation>Article citant trouvé&#xa0;: «&#xa0;%1&#xa0;» (%2). Ouvrez-le pour vérifier la référence, puis acceptez&#xa0;: le lien vers l’article de cette fiche est vérifié et l’identifiant de l’article citant va dans la note.</translation>
    </message>
    <message>
        <source>Valid identifiers nearest to “%1”:</source>
        <translation>Identifiants valides les plus proches de «&#xa0;%1&#xa0;»&#xa0;:</translation>
    </message>
    <message>
        <source>A clear match for the cited title (✓); 1 or Enter accepts it.</source>
        <translation>Une correspondance nette pour le titre cité (✓)&#xa0;; 1 ou Entrée l’accepte.</translation>
    </message>
    <message>
        <source>Works whose titles are near the cited title; none is a clear match.</source>
        <translation>Œuvres dont le titre est proche du titre cité&#xa0;; aucune n’est une correspondance nette.</translation>
    </message>
    <message>
        <source> · the citing paper</source>
        <comment>after the candidate&apos;s id</comment>
        <translation> · l’article citant</translation>
    </message>
    <message>
        <source> · clear match</source>
        <comment>after the candidate&apos;s id</comment>
        <translation> · correspondance nette</translation>
    </message>
    <message>
        <source>%1 ✓</source>
        <comment>a candidate&apos;s number, a clear match</comment>
        <translation>%1 ✓</translation>
    </message>
    <message>
        <source>A clear match: its score is high and well above the next.</source>
        <translation>Une correspondance nette&#xa0;: son score est élevé et nettement au-dessus du suivant.</translation>
    </message>
    <message>
        <source>O&amp;pen Citing Paper</source>
        <translation>Ou&amp;vrir l’article citant</translation>
    </message>
    <message>
        <source>Open %1 in the web browser</source>
        <translation>Ouvrir %1 dans le navigateur</translation>
    </message>
    <message>
        <source>title %1% similar</source>
        <translation>titre semblable à %1 %</translation>
    </message>
    <message>
        <source>edit distance %1 from the identifier given</source>
        <translation>distance d’édition %1 de l’identifiant donné</translation>
    </message>
    <message>
        <source>missing: %1</source>
        <translation>manque&#xa0;: %1</translation>
    </message>
    <message>
        <source>extra: %1</source>
        <translation>en plus&#xa0;: %1</translation>
    </message>
    <message>
        <source>year %1 matches</source>
        <translation>année %1 concorde</translation>
    </message>
    <message>
        <source>year %1 differs</source>
        <translation>année %1 diffère</translation>
    </message>
    <message>
        <source>authors match</source>
        <translation>auteurs concordent</translation>
    </message>
    <message>
        <source>authors differ</source>
        <translation>auteurs diffèrent</translation>
    </message>
    <message>
        <source>authors %1% match</source>
        <translation>auteurs concordants à %1 %</translation>
    </message>
    <message>
        <source>Chosen candidate</source>
        <translation>Candidat choisi</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <comment>a candidate&apos;s number and title</comment>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Score %1</source>
        <comment>a candidate&apos;s score, 0 to 100</comment>
        <translation>Score %1</translation>
    </message>
    <message>
        <source>, a clear match</source>
        <comment>after the score</comment>
        <translation>, une correspondance nette</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>Accepter</translation>
    </message>
    <message>
        <source>None of the&amp;m</source>
        <translation>Aucune n’&amp;y correspond</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SummaryBar</name>
    <message>
        <source>Resolution states</source>
        <translation>États de résolution</translation>
    </message>
    <message>
        <source>No observations</source>
        <translation>Aucune observation</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>1 observation: %1</source>
        <translation>1 observation&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln observations: %1</source>
        <translation>
            <numerusform>%Ln observation&#xa0;: %1</numerusform>
            <numerusform>%Ln observations&#xa0;: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1&#xa0;: %2 sur %3</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SyncController</name>
    <message>
        <source>the keyring did not answer within %1 seconds</source>
        <translation>le trousseau de clés n’a pas répondu dans les %1 secondes</translation>
    </message>
    <message>
        <source>This is not a valid URL.</source>
        <translation>Ce n’est pas une URL valide.</translation>
    </message>
    <message>
        <source>The URL must start with http:// or https://.</source>
        <translation>L’URL doit commencer par http:// ou https://.</translation>
    </message>
    <message>
        <source>The URL names no host.</source>
        <translation>L’URL ne nomme aucun hôte.</translation>
    </message>
    <message>
        <source>The URL must not have a query (?...) or a fragment (#...).</source>
        <translation>L’URL ne doit avoir ni requête (?...) ni fragment (#...).</translation>
    </message>
    <message>
        <source>no system keyring is available</source>
        <translation>aucun trousseau de clés système n’est disponible</translation>
    </message>
    <message>
        <source>cannot create the folder of %1</source>
        <translation>impossible de créer le dossier de %1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>impossible d’écrire %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>The token could not be stored (it is kept until the app quits): %1</source>
        <translation>Le jeton n’a pas pu être enregistré (il est gardé jusqu’à la fermeture de l’application)&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SyncSettingsDialog</name>
    <message>
        <source>Sync Settings</source>
        <translation>Paramètres de synchronisation</translation>
    </message>
    <message>
        <source>https://ledger.example.org</source>
        <translation>https://ledger.example.org</translation>
    </message>
    <message>
        <source>The token printed by &quot;ledger-server token add&quot;</source>
        <translation>Le jeton affiché par «&#xa0;ledger-server token add&#xa0;»</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Désactivée</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Sync every so many minutes while the app is open (0: only when you ask).</source>
        <translation>Synchroniser toutes les N minutes tant que l’application est ouverte (0&#xa0;: seulement sur demande).</translation>
    </message>
    <message>
        <source>&amp;Test Connection</source>
        <translation>&amp;Tester la connexion</translation>
    </message>
    <message>
        <source>&amp;Server URL:</source>
        <translation>URL du &amp;serveur&#xa0;:</translation>
    </message>
    <message>
        <source>T&amp;oken:</source>
        <translation>&amp;Jeton&#xa0;:</translation>
    </message>
    <message>
        <source>Sync &amp;every:</source>
        <translation>Synchroniser to&amp;utes les&#xa0;:</translation>
    </message>
    <message>
        <source>Looking for the system keyring...</source>
        <translation>Recherche du trousseau de clés système…</translation>
    </message>
    <message>
        <source>The token is stored in the system keyring.</source>
        <translation>Le jeton est enregistré dans le trousseau de clés du système.</translation>
    </message>
    <message>
        <source>No system keyring is available: the token is stored in a file readable only by you, %1.</source>
        <translation>Aucun trousseau de clés système n’est disponible&#xa0;: le jeton est enregistré dans un fichier lisible par vous seul, %1.</translation>
    </message>
    <message>
        <source>The keyring said: %1</source>
        <translation>Le trousseau de clés a répondu&#xa0;: %1</translation>
    </message>
    <message>
        <source>The token is never written to the settings file.</source>
        <translation>Le jeton n’est jamais écrit dans le fichier de paramètres.</translation>
    </message>
    <message>
        <source>Connecting...</source>
        <translation>Connexion…</translation>
    </message>
    <message>
        <source>Cannot reach %1: %2</source>
        <translation>Impossible de joindre %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>%1 is not a ledger-server (HTTP %2).</source>
        <translation>%1 n’est pas un ledger-server (HTTP %2).</translation>
    </message>
    <message>
        <source>The server answers (ledger-server %1), but no token is entered.</source>
        <translation>Le serveur répond (ledger-server %1), mais aucun jeton n’est saisi.</translation>
    </message>
    <message>
        <source>The server answers (ledger-server %1), but refused the token: %2</source>
        <translation>Le serveur répond (ledger-server %1), mais a refusé le jeton&#xa0;: %2</translation>
    </message>
    <message>
        <source>The server answers (ledger-server %1), but listing the records failed: %2</source>
        <translation>Le serveur répond (ledger-server %1), mais la liste des fiches a échoué&#xa0;: %2</translation>
    </message>
    <message>
        <source>Connected to ledger-server %1; the token is accepted; 1 record on the server.</source>
        <translation>Connecté à ledger-server %1&#x202f;; le jeton est accepté&#x202f;; 1 fiche sur le serveur.</translation>
    </message>
    <message numerus="yes">
        <source>Connected to ledger-server %1; the token is accepted; %Ln records on the server.</source>
        <translation>
            <numerusform>Connecté à ledger-server %1&#x202f;; le jeton est accepté&#x202f;; %Ln fiche sur le serveur.</numerusform>
            <numerusform>Connecté à ledger-server %1&#x202f;; le jeton est accepté&#x202f;; %Ln fiches sur le serveur.</numerusform>
        </translation>
    </message>
    <message>
        <source>Connection test result</source>
        <translation>Résultat du test de connexion</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SyncStatus</name>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Stop the sync; what it completed is kept, the rest follows next time</source>
        <translation>Arrêter la synchronisation&#x202f;; ce qui est fait est conservé, le reste suivra la prochaine fois</translation>
    </message>
    <message>
        <source>The token is stored in the system keyring.</source>
        <translation>Le jeton est enregistré dans le trousseau de clés du système.</translation>
    </message>
    <message>
        <source>No system keyring: the token is stored in %1, readable only by you.</source>
        <translation>Pas de trousseau de clés système&#xa0;: le jeton est enregistré dans %1, lisible par vous seul.</translation>
    </message>
    <message>
        <source>Syncing...</source>
        <translation>Synchronisation…</translation>
    </message>
    <message>
        <source>Sending %L1 of %L2</source>
        <translation>Envoi %L1 sur %L2</translation>
    </message>
    <message>
        <source>Records %L1 of %L2</source>
        <translation>Fiches %L1 sur %L2</translation>
    </message>
    <message>
        <source>Corrections %L1 of %L2</source>
        <translation>Corrections %L1 sur %L2</translation>
    </message>
    <message>
        <source>1 correction waiting</source>
        <translation>1 correction en attente</translation>
    </message>
    <message numerus="yes">
        <source>%Ln corrections waiting</source>
        <translation>
            <numerusform>%Ln correction en attente</numerusform>
            <numerusform>%Ln corrections en attente</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln refused</source>
        <translation>
            <numerusform>%Ln refusée</numerusform>
            <numerusform>%Ln refusées</numerusform>
        </translation>
    </message>
    <message>
        <source>Last sync %1 · %2</source>
        <translation>Dernière synchronisation %1 · %2</translation>
    </message>
    <message>
        <source>Never synced · %1</source>
        <translation>Jamais synchronisé · %1</translation>
    </message>
    <message>
        <source>No server is set up: Sync &gt; Sync Settings.</source>
        <translation>Aucun serveur n’est configuré&#xa0;: Synchronisation &gt; Paramètres de synchronisation.</translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation>Serveur&#xa0;: %1</translation>
    </message>
    <message>
        <source>Last sync: %1</source>
        <translation>Dernière synchronisation&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <source>Syncs every %Ln minute(s).</source>
        <translation>
            <numerusform>Synchronise toutes les %Ln minute.</numerusform>
            <numerusform>Synchronise toutes les %Ln minutes.</numerusform>
        </translation>
    </message>
    <message>
        <source>Refused by the server (they stay in the outbox):</source>
        <translation>Refusées par le serveur (elles restent dans la boîte d’envoi)&#xa0;:</translation>
    </message>
    <message>
        <source>%1 of observation %2 (arXiv:%3): HTTP %4: %5</source>
        <translation>%1 de l’observation %2 (arXiv:%3)&#xa0;: HTTP %4&#xa0;: %5</translation>
    </message>
    <message>
        <source>Synced: %L1 sent, %L2 received, records updated: %L3.</source>
        <translation>Synchronisé&#xa0;: %L1 envoyées, %L2 reçues, fiches mises à jour&#xa0;: %L3.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln record(s) kept as cached: the cache holds a newer page.</source>
        <translation>
            <numerusform>%Ln fiche gardée telle qu’en cache&#xa0;: le cache contient une page plus récente.</numerusform>
            <numerusform>%Ln fiches gardées telles qu’en cache&#xa0;: le cache contient une page plus récente.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The server refused %Ln correction(s); they stay in the outbox and are tried again with each sync. The others went through.</source>
        <translation>
            <numerusform>Le serveur a refusé %Ln correction&#xa0;; elle reste dans la boîte d’envoi et sera retentée à chaque synchronisation. Les autres sont passées.</numerusform>
            <numerusform>Le serveur a refusé %Ln corrections&#xa0;; elles restent dans la boîte d’envoi et seront retentées à chaque synchronisation. Les autres sont passées.</numerusform>
        </translation>
    </message>
    <message>
        <source>Sync cancelled: what it completed is kept, the rest follows next time.</source>
        <translation>Synchronisation annulée&#xa0;: ce qui est fait est conservé, le reste suivra la prochaine fois.</translation>
    </message>
    <message>
        <source>Automatic sync failed: %1</source>
        <translation>Échec de la synchronisation automatique&#xa0;: %1</translation>
    </message>
    <message>
        <source>The sync did not complete:
%1</source>
        <translation>La synchronisation n’a pas abouti&#xa0;:
%1</translation>
    </message>
    <message>
        <source>Check the token in Sync &gt; Sync Settings.</source>
        <translation>Vérifiez le jeton dans Synchronisation &gt; Paramètres de synchronisation.</translation>
    </message>
    <message>
        <source>1 correction waits in the outbox and goes out with the next sync.</source>
        <translation>1 correction attend dans la boîte d’envoi et partira à la prochaine synchronisation.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln corrections wait in the outbox and go out with the next sync.</source>
        <translation>
            <numerusform>%Ln correction attend dans la boîte d’envoi et partira à la prochaine synchronisation.</numerusform>
            <numerusform>%Ln corrections attendent dans la boîte d’envoi et partiront à la prochaine synchronisation.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>This computer&apos;s clock is off: corrections are timed by the server&apos;s clock (%Ln re-timed).</source>
        <translation>
            <numerusform>L’horloge de cet ordinateur est décalée&#xa0;: les corrections prennent l’heure du serveur (%Ln redatée).</numerusform>
            <numerusform>L’horloge de cet ordinateur est décalée&#xa0;: les corrections prennent l’heure du serveur (%Ln redatées).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln event(s) by %1 failed the signature check and were not applied. They are kept aside in the cache for inspection.</source>
        <translation>
            <numerusform>%Ln événement de %1 n’a pas passé la vérification de signature et n’a pas été appliqué. Il est mis de côté dans le cache pour examen.</numerusform>
            <numerusform>%Ln événements de %1 n’ont pas passé la vérification de signature et n’ont pas été appliqués. Ils sont mis de côté dans le cache pour examen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Notices: %L1 sent, %L2 received.</source>
        <translation>Notices&#xa0;: %L1 envoyées, %L2 reçues.</translation>
    </message>
    <message>
        <source>Notices not exchanged: %1</source>
        <translation>Notices non échangées&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <source>Not everything was sent: %Ln correction(s) and %1 still wait in the outbox.</source>
        <translation>
            <numerusform>Tout n’a pas été envoyé&#xa0;: %Ln correction et %1 attendent encore dans la boîte d’envoi.</numerusform>
            <numerusform>Tout n’a pas été envoyé&#xa0;: %Ln corrections et %1 attendent encore dans la boîte d’envoi.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln notice(s)</source>
        <translation>
            <numerusform>%Ln notice</numerusform>
            <numerusform>%Ln notices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln record(s) removed here not fetched again.</source>
        <translation>
            <numerusform>%Ln fiche retirée ici non récupérée de nouveau.</numerusform>
            <numerusform>%Ln fiches retirées ici non récupérées de nouveau.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server holds no event at %1 (deleted from its database?). Whatever was there is not in this cache; the sync went on without it. Tell the server&apos;s administrator.</source>
        <translation>Le serveur n&apos;a aucun événement à %1 (supprimé de sa base de données ?). Ce qui s&apos;y trouvait n&apos;est pas dans ce cache ; la synchronisation a continué sans lui. Prévenez l&apos;administrateur du serveur.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln notice(s) imported by %1 failed the signature check and were not applied; this cache keeps the version it held. They are kept aside in the cache for inspection.</source>
        <translation>
            <numerusform>%Ln avis importé par %1 a échoué à la vérification de signature et n’a pas été appliqué&#xa0;; ce cache garde la version qu’il détenait. Il est mis de côté dans le cache pour examen.</numerusform>
            <numerusform>%Ln avis importés par %1 ont échoué à la vérification de signature et n’ont pas été appliqués&#xa0;; ce cache garde la version qu’il détenait. Ils sont mis de côté dans le cache pour examen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::WorksImport</name>
    <message>
        <source>Import Works List</source>
        <translation>Importer une liste d’œuvres</translation>
    </message>
    <message>
        <source>Works lists (*.jsonl *.json *.csv);;arXiv metadata snapshot (*.jsonl *.json);;CSV works list (*.csv);;All files (*)</source>
        <translation>Listes d’œuvres (*.jsonl *.json *.csv);;Instantané des métadonnées d’arXiv (*.jsonl *.json);;Liste d’œuvres CSV (*.csv);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Works list not imported</source>
        <translation>Liste d’œuvres non importée</translation>
    </message>
    <message>
        <source>%1: the format is not known from the file&apos;s name. Name the arXiv metadata snapshot .jsonl (or .json) and a CSV works list .csv, or import it with `ledger-curator works import --format arxiv-jsonl|csv FILE`.</source>
        <translation>%1&#xa0;: le format ne ressort pas du nom du fichier. Nommez l’instantané des métadonnées d’arXiv .jsonl (ou .json) et une liste d’œuvres CSV .csv, ou importez-le avec `ledger-curator works import --format arxiv-jsonl|csv FICHIER`.</translation>
    </message>
    <message>
        <source>Importing the works list %1...</source>
        <translation>Import de la liste d’œuvres %1…</translation>
    </message>
    <message>
        <source>%1: nothing was imported:
%2</source>
        <translation>%1&#xa0;: rien n’a été importé&#xa0;:
%2</translation>
    </message>
    <message>
        <source>Works import stopped</source>
        <translation>Import des œuvres arrêté</translation>
    </message>
    <message>
        <source>Works list imported</source>
        <translation>Liste d’œuvres importée</translation>
    </message>
    <message>
        <source>Stopped after %L1 works of %2. Nothing of it is searched yet; importing the same file again goes on from where it stopped.</source>
        <translation>Arrêté après %L1 œuvres de %2. Rien n’en est encore cherché&#xa0;; importer à nouveau le même fichier reprend là où il s’est arrêté.</translation>
    </message>
    <message>
        <source>%L1 works of %2 are in the works index (%L3 lines read).</source>
        <translation>%L1 œuvres de %2 sont dans l’index des œuvres (%L3 lignes lues).</translation>
    </message>
    <message>
        <source>Went on from line %L1, where an earlier import stopped.</source>
        <translation>Repris à la ligne %L1, où un import précédent s’était arrêté.</translation>
    </message>
    <message numerus="yes">
        <source>Lines skipped: %Ln</source>
        <translation>
            <numerusform>Lignes ignorées&#xa0;: %Ln</numerusform>
            <numerusform>Lignes ignorées&#xa0;: %Ln</numerusform>
        </translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>ligne %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>and %L1 more.</source>
        <translation>et %L1 de plus.</translation>
    </message>
</context>
<context>
    <name>Orcid</name>
    <message>
        <source>the ORCID iD is empty</source>
        <translation>l’identifiant ORCID est vide</translation>
    </message>
    <message>
        <source>%1 is not an ORCID iD: an address must be https://orcid.org/ followed by the iD</source>
        <translation>%1 n’est pas un identifiant ORCID&#xa0;: une adresse doit être https://orcid.org/ suivi de l’identifiant</translation>
    </message>
    <message>
        <source>%1 is not an ORCID iD: expected four groups of four digits joined by hyphens, as in 0000-0002-1825-0097</source>
        <translation>%1 n’est pas un identifiant ORCID&#xa0;: quatre groupes de quatre chiffres reliés par des tirets sont attendus, par exemple 0000-0002-1825-0097</translation>
    </message>
    <message>
        <source>group %1 of %2 has %3 characters, not 4</source>
        <translation>le groupe %1 de %2 a %3 caractères au lieu de 4</translation>
    </message>
    <message>
        <source>the last character of %1 must be a digit or X, found %2</source>
        <translation>le dernier caractère de %1 doit être un chiffre ou X, trouvé&#xa0;: %2</translation>
    </message>
    <message>
        <source>%1 has %2 where a digit belongs (character %3)</source>
        <translation>%1 contient %2 là où un chiffre est attendu (caractère %3)</translation>
    </message>
    <message>
        <source>the check digit of %1 is wrong: the first fifteen digits give %2, not %3 (a digit mistyped or two swapped?)</source>
        <translation>la clé de contrôle de %1 est fausse&#xa0;: les quinze premiers chiffres donnent %2, pas %3 (un chiffre mal tapé ou deux inversés&#xa0;?)</translation>
    </message>
</context>
<context>
    <name>PdfExport</name>
    <message>
        <source>the PDF export needs a QGuiApplication (for fonts)</source>
        <translation>l’export PDF a besoin d’une QGuiApplication (pour les polices)</translation>
    </message>
    <message>
        <source>the PDF export writes A4 or Letter pages</source>
        <translation>l’export PDF écrit des pages A4 ou Letter</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1&#xa0;: écriture impossible&#xa0;: %2</translation>
    </message>
    <message>
        <source>%1: cannot start the PDF</source>
        <translation>%1&#xa0;: impossible de commencer le PDF</translation>
    </message>
    <message>
        <source>a write failed (the disk may be full, or a limit on file sizes was reached)</source>
        <translation>une écriture a échoué (le disque est peut-être plein, ou une limite de taille de fichier a été atteinte)</translation>
    </message>
    <message>
        <source>%1: cannot add page %2</source>
        <translation>%1&#xa0;: impossible d’ajouter la page %2</translation>
    </message>
    <message>
        <source>%1: the page cannot be laid out: observations %2 to %3 of the page take more than %4 pages</source>
        <translation>%1&#xa0;: la page ne peut pas être mise en page&#xa0;: les observations %2 à %3 de la page occupent plus de %4 pages</translation>
    </message>
    <message>
        <source>%1: the page was laid out differently the second time</source>
        <translation>%1&#xa0;: la page a été mise en page différemment la seconde fois</translation>
    </message>
    <message>
        <source>%1: the PDF would be larger than 2 GB, more than the PDF writer can address</source>
        <translation>%1&#xa0;: le PDF dépasserait 2 Go, plus que ce que le générateur de PDF peut adresser</translation>
    </message>
    <message>
        <source>%1: this is a file of the cache that is open; it is not overwritten</source>
        <translation>%1&#xa0;: ce fichier appartient au cache ouvert&#xa0;; il n’est pas écrasé</translation>
    </message>
</context>
<context>
    <name>TextHygiene</name>
    <message>
        <source>contains the control character %1 at position %2</source>
        <translation>contient le caractère de contrôle %1 à la position %2</translation>
    </message>
    <message>
        <source>contains a lone surrogate %1 at position %2</source>
        <translation>contient un demi-codet d’indirection isolé %1 à la position %2</translation>
    </message>
    <message>
        <source>contains the noncharacter %1 at position %2</source>
        <translation>contient le non-caractère %1 à la position %2</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>The cache file.</source>
        <translation>Le fichier cache.</translation>
    </message>
    <message>
        <source>Curate Paper Citation Records. Without a subcommand, opens the window on the cache, importing and showing each FILE named (ledger page text or record JSON), as File &gt; Import does.

Subcommands (ledger-curator SUBCOMMAND --help describes one): %1.</source>
        <translation>Curation des fiches de citations d’articles. Sans sous-commande, ouvre la fenêtre sur le cache, en important et en affichant chaque FICHIER nommé (page de registre en texte ou fiche JSON), comme le fait Fichier &gt; Importer.

Sous-commandes (ledger-curator SOUS-COMMANDE --help en décrit une)&#xa0;: %1.</translation>
    </message>
    <message>
        <source>A ledger page (.txt) or record JSON (.json) to import and show.</source>
        <translation>Une page de registre (.txt) ou une fiche JSON (.json) à importer et afficher.</translation>
    </message>
    <message>
        <source>Try &apos;ledger-curator --help&apos;.</source>
        <translation>Essayez «&#xa0;ledger-curator --help&#xa0;».</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is a subcommand: name it first, as in &apos;ledger-curator %1 ... --db PATH&apos;</source>
        <translation>«&#xa0;%1&#xa0;» est une sous-commande&#xa0;: nommez-la en premier, comme dans «&#xa0;ledger-curator %1 ... --db CHEMIN&#xa0;»</translation>
    </message>
    <message>
        <source>%1: is a folder, not a file</source>
        <translation>%1&#xa0;: est un dossier, pas un fichier</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1&#xa0;: fichier introuvable</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is neither a subcommand nor a file; the subcommands are %2</source>
        <translation>«&#xa0;%1&#xa0;» n’est ni une sous-commande ni un fichier&#x202f;; les sous-commandes sont %2</translation>
    </message>
    <message>
        <source>Ledger Curator</source>
        <translation>Ledger Curator</translation>
    </message>
    <message>
        <source>The cache could not be opened:
%1</source>
        <translation>Le cache n’a pas pu être ouvert&#xa0;:
%1</translation>
    </message>
    <message>
        <source>%1: the folder %2 does not exist; nothing was created</source>
        <translation>%1&#xa0;: le dossier %2 n’existe pas&#xa0;; rien n’a été créé</translation>
    </message>
</context>
</TS>
