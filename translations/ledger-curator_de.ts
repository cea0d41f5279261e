<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>AnomalyHints</name>
    <message>
        <source>Reference number %1 looks like a year: the parser may have read a year as the reference number.</source>
        <translation>Die Referenznummer %1 sieht wie eine Jahreszahl aus: Der Parser hat womöglich ein Jahr als Referenznummer gelesen.</translation>
    </message>
    <message>
        <source>none</source>
        <comment>a missing reference number in a list</comment>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <comment>reference numbers</comment>
        <translation>
            <numerusform>%1 und %n weitere</numerusform>
            <numerusform>%1 und %n weitere</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same citing paper “%1” appears on %n observations, none with a reference number.</source>
        <translation>
            <numerusform>Dasselbe zitierende Paper „%1“ erscheint in %n Beobachtung, keine mit Referenznummer.</numerusform>
            <numerusform>Dasselbe zitierende Paper „%1“ erscheint in %n Beobachtungen, keine mit Referenznummer.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same cited work “%1” appears on %n observations, none with a reference number.</source>
        <translation>
            <numerusform>Dasselbe zitierte Werk „%1“ erscheint in %n Beobachtung, keine mit Referenznummer.</numerusform>
            <numerusform>Dasselbe zitierte Werk „%1“ erscheint in %n Beobachtungen, keine mit Referenznummer.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same citing paper “%1” appears on %n observations, both with reference %2: likely a duplicate.</source>
        <translation>
            <numerusform>Dasselbe zitierende Paper „%1“ erscheint in %n Beobachtung, beide mit Referenz %2: wahrscheinlich ein Duplikat.</numerusform>
            <numerusform>Dasselbe zitierende Paper „%1“ erscheint in %n Beobachtungen, beide mit Referenz %2: wahrscheinlich ein Duplikat.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same cited work “%1” appears on %n observations, both with reference %2: likely a duplicate.</source>
        <translation>
            <numerusform>Dasselbe zitierte Werk „%1“ erscheint in %n Beobachtung, beide mit Referenz %2: wahrscheinlich ein Duplikat.</numerusform>
            <numerusform>Dasselbe zitierte Werk „%1“ erscheint in %n Beobachtungen, beide mit Referenz %2: wahrscheinlich ein Duplikat.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same citing paper “%1” appears on %n observations, all with reference %2: likely a duplicate.</source>
        <translation>
            <numerusform>Dasselbe zitierende Paper „%1“ erscheint in %n Beobachtung, alle mit Referenz %2: wahrscheinlich ein Duplikat.</numerusform>
            <numerusform>Dasselbe zitierende Paper „%1“ erscheint in %n Beobachtungen, alle mit Referenz %2: wahrscheinlich ein Duplikat.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same cited work “%1” appears on %n observations, all with reference %2: likely a duplicate.</source>
        <translation>
            <numerusform>Dasselbe zitierte Werk „%1“ erscheint in %n Beobachtung, alle mit Referenz %2: wahrscheinlich ein Duplikat.</numerusform>
            <numerusform>Dasselbe zitierte Werk „%1“ erscheint in %n Beobachtungen, alle mit Referenz %2: wahrscheinlich ein Duplikat.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same citing paper “%1” appears on %n observations, with references %2: likely a duplicate.</source>
        <translation>
            <numerusform>Dasselbe zitierende Paper „%1“ erscheint in %n Beobachtung, mit den Referenzen %2: wahrscheinlich ein Duplikat.</numerusform>
            <numerusform>Dasselbe zitierende Paper „%1“ erscheint in %n Beobachtungen, mit den Referenzen %2: wahrscheinlich ein Duplikat.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same cited work “%1” appears on %n observations, with references %2: likely a duplicate.</source>
        <translation>
            <numerusform>Dasselbe zitierte Werk „%1“ erscheint in %n Beobachtung, mit den Referenzen %2: wahrscheinlich ein Duplikat.</numerusform>
            <numerusform>Dasselbe zitierte Werk „%1“ erscheint in %n Beobachtungen, mit den Referenzen %2: wahrscheinlich ein Duplikat.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same citing paper “%1” appears on %n observations, with references %2.</source>
        <translation>
            <numerusform>Dasselbe zitierende Paper „%1“ erscheint in %n Beobachtung, mit den Referenzen %2.</numerusform>
            <numerusform>Dasselbe zitierende Paper „%1“ erscheint in %n Beobachtungen, mit den Referenzen %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same cited work “%1” appears on %n observations, with references %2.</source>
        <translation>
            <numerusform>Dasselbe zitierte Werk „%1“ erscheint in %n Beobachtung, mit den Referenzen %2.</numerusform>
            <numerusform>Dasselbe zitierte Werk „%1“ erscheint in %n Beobachtungen, mit den Referenzen %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n citation</source>
        <translation>
            <numerusform>%n Zitation</numerusform>
            <numerusform>%n Zitationen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n citations</source>
        <translation>
            <numerusform>%n Zitation</numerusform>
            <numerusform>%n Zitationen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n inbound observation</source>
        <translation>
            <numerusform>%n eingehende Beobachtung</numerusform>
            <numerusform>%n eingehende Beobachtungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n inbound observations</source>
        <translation>
            <numerusform>%n eingehende Beobachtung</numerusform>
            <numerusform>%n eingehende Beobachtungen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 measures %2, the page itemizes %3.</source>
        <comment>source, citations, inbound observations</comment>
        <translation>%1 misst %2, die Seite führt %3 auf.</translation>
    </message>
    <message>
        <source>%1 measures %2 (observed %3), the page itemizes %4.</source>
        <comment>source, citations, timestamp, inbound observations</comment>
        <translation>%1 misst %2 (beobachtet %3), die Seite führt %4 auf.</translation>
    </message>
</context>
<context>
    <name>Attention</name>
    <message>
        <source>Nothing needs attention.</source>
        <translation>Kein Handlungsbedarf.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln in a problem state</source>
        <translation>
            <numerusform>%Ln in einem Problemzustand</numerusform>
            <numerusform>%Ln in einem Problemzustand</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln with conflicting corrections</source>
        <translation>
            <numerusform>%Ln mit widersprüchlichen Korrekturen</numerusform>
            <numerusform>%Ln mit widersprüchlichen Korrekturen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln with anomaly hints</source>
        <translation>
            <numerusform>%Ln mit Anomaliehinweisen</numerusform>
            <numerusform>%Ln mit Anomaliehinweisen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln with an unreviewed notice</source>
        <translation>
            <numerusform>%Ln mit einem ungeprüften Hinweis</numerusform>
            <numerusform>%Ln mit einem ungeprüften Hinweis</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln need attention: %1.</source>
        <translation>
            <numerusform>%Ln mit Handlungsbedarf: %1.</numerusform>
            <numerusform>%Ln mit Handlungsbedarf: %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BatchEdit</name>
    <message>
        <source>state</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>basis</source>
        <translation>Grundlage</translation>
    </message>
    <message>
        <source>identifier</source>
        <translation>Kennung</translation>
    </message>
    <message>
        <source>excluded</source>
        <translation>ausgeschlossen</translation>
    </message>
    <message>
        <source>note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>notice review</source>
        <translation>Hinweisprüfung</translation>
    </message>
    <message>
        <source>%1 on 1 observation</source>
        <comment>field on one</comment>
        <translation>%1 bei 1 Beobachtung</translation>
    </message>
    <message numerus="yes">
        <source>%1 on %n observations</source>
        <comment>field on N observations</comment>
        <translation>
            <numerusform>%1 bei %n Beobachtung</numerusform>
            <numerusform>%1 bei %n Beobachtungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to change: the selected observations already show these values.</source>
        <translation>Nichts zu ändern: Die ausgewählten Beobachtungen zeigen diese Werte bereits.</translation>
    </message>
    <message>
        <source>Set %1.</source>
        <comment>a list of changes</comment>
        <translation>Setzt %1.</translation>
    </message>
    <message>
        <source>The notice review leaves 1 observation without a notice as is.</source>
        <translation>Die Hinweisprüfung lässt 1 Beobachtung ohne Hinweis unverändert.</translation>
    </message>
    <message numerus="yes">
        <source>The notice review leaves %n observations without a notice as is.</source>
        <translation>
            <numerusform>Die Hinweisprüfung lässt %n Beobachtung ohne Hinweis unverändert.</numerusform>
            <numerusform>Die Hinweisprüfung lässt %n Beobachtungen ohne Hinweis unverändert.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CuratedRecord</name>
    <message>
        <source>unknown state &apos;%1&apos;; expected verified exact, verified fuzzy, unresolved, parse uncertain, malformed identifier or metadata mismatch</source>
        <translation>unbekannter Status „%1“; erwartet: verified exact, unscharf verifiziert, unresolved, parse uncertain, malformed identifier oder metadata mismatch</translation>
    </message>
    <message>
        <source>a basis is one line without commas, such as arxiv_id or doi</source>
        <translation>eine Grundlage ist eine Zeile ohne Kommas, etwa arxiv_id oder doi</translation>
    </message>
    <message>
        <source>a title is one line</source>
        <translation>ein Titel ist eine Zeile</translation>
    </message>
    <message>
        <source>a reference number is a whole number such as 12, found &apos;%1&apos;</source>
        <translation>eine Referenznummer ist eine ganze Zahl wie 12, gefunden: „%1“</translation>
    </message>
    <message>
        <source>a note is one line</source>
        <translation>eine Notiz ist eine Zeile</translation>
    </message>
    <message>
        <source>duplicate-of takes the UUID of another observation, found &apos;%1&apos;</source>
        <translation>duplicate-of erwartet die UUID einer anderen Beobachtung, gefunden: „%1“</translation>
    </message>
    <message>
        <source>an observation cannot be a duplicate of itself</source>
        <translation>eine Beobachtung kann kein Duplikat ihrer selbst sein</translation>
    </message>
    <message>
        <source>the record has no observation %1</source>
        <translation>der Datensatz hat keine Beobachtung %1</translation>
    </message>
    <message>
        <source>excluded takes yes or no, found &apos;%1&apos;</source>
        <translation>excluded erwartet yes oder no, gefunden: „%1“</translation>
    </message>
    <message>
        <source>review takes unreviewed, acknowledged, dismissed or escalated, found &apos;%1&apos;</source>
        <translation>review erwartet unreviewed, acknowledged, dismissed oder escalated, gefunden: „%1“</translation>
    </message>
    <message>
        <source>the value %1</source>
        <translation>der Wert %1</translation>
    </message>
    <message>
        <source>dismissed-hints takes hint kinds such as repeated_citing_paper, found &apos;%1&apos;</source>
        <translation>dismissed-hints erwartet Hinweisarten wie repeated_citing_paper, gefunden: „%1“</translation>
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
        <translation>Zitierender Titel</translation>
    </message>
    <message>
        <source>Cited title</source>
        <translation>Zitierter Titel</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Basis</source>
        <translation>Grundlage</translation>
    </message>
    <message>
        <source>Identifier</source>
        <translation>Kennung</translation>
    </message>
    <message>
        <source>Observed at</source>
        <translation>Beobachtet am</translation>
    </message>
    <message>
        <source>Notices</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
</context>
<context>
    <name>Identifier</name>
    <message>
        <source>a version is written with a lower-case v, as in v2, found %1 in %2</source>
        <translation>eine Version wird mit kleinem v geschrieben, wie in v2, gefunden: %1 in %2</translation>
    </message>
    <message>
        <source>unexpected %1 after the number in %2; only a version such as v2 may follow</source>
        <translation>unerwartetes %1 nach der Nummer in %2; nur eine Version wie v2 darf folgen</translation>
    </message>
    <message>
        <source>version must be v followed by a number from 1, found v with no number in %1</source>
        <translation>eine Version ist v gefolgt von einer Zahl ab 1, gefunden: v ohne Zahl in %1</translation>
    </message>
    <message>
        <source>version must be v followed by a number from 1, found %1 in %2</source>
        <translation>eine Version ist v gefolgt von einer Zahl ab 1, gefunden: %1 in %2</translation>
    </message>
    <message>
        <source>version %1 in %2 is too large (at most v%3)</source>
        <translation>Version %1 in %2 ist zu groß (höchstens v%3)</translation>
    </message>
    <message>
        <source>new-style arXiv ids have four digits YYMM before the dot, found %1</source>
        <translation>arXiv-IDs im neuen Format haben vier Ziffern JJMM vor dem Punkt, gefunden: %1</translation>
    </message>
    <message>
        <source>month %1 in %2 is not a month</source>
        <translation>Monat %1 in %2 ist kein Monat</translation>
    </message>
    <message>
        <source>new-style arXiv ids start at 0704 (April 2007), found %1 in %2</source>
        <translation>arXiv-IDs im neuen Format beginnen bei 0704 (April 2007), gefunden: %1 in %2</translation>
    </message>
    <message>
        <source>arXiv ids from 1501 on have five digits after the dot, found %1 in %2</source>
        <translation>arXiv-IDs ab 1501 haben fünf Ziffern nach dem Punkt, gefunden: %1 in %2</translation>
    </message>
    <message>
        <source>arXiv ids before 1501 have four digits after the dot, found %1 in %2</source>
        <translation>arXiv-IDs vor 1501 haben vier Ziffern nach dem Punkt, gefunden: %1 in %2</translation>
    </message>
    <message>
        <source>the number after the dot in %1 cannot be all zeros</source>
        <translation>die Nummer nach dem Punkt in %1 kann nicht nur aus Nullen bestehen</translation>
    </message>
    <message>
        <source>an arXiv archive name is lower-case letters and hyphens, as in hep-th or cond-mat, found %1</source>
        <translation>ein arXiv-Archivname besteht aus Kleinbuchstaben und Bindestrichen, wie hep-th oder cond-mat, gefunden: %1</translation>
    </message>
    <message>
        <source>a subject class is a dot and two letters, as in math.GT, found %1</source>
        <translation>eine Fachklasse ist ein Punkt und zwei Buchstaben, wie in math.GT, gefunden: %1</translation>
    </message>
    <message>
        <source>old-style arXiv ids have seven digits after the slash (YYMMNNN), found %1 in %2</source>
        <translation>arXiv-IDs im alten Format haben sieben Ziffern nach dem Schrägstrich (JJMMNNN), gefunden: %1 in %2</translation>
    </message>
    <message>
        <source>old-style arXiv ids run from 9108 (August 1991) to 0703 (March 2007), found %1 in %2</source>
        <translation>arXiv-IDs im alten Format reichen von 9108 (August 1991) bis 0703 (März 2007), gefunden: %1 in %2</translation>
    </message>
    <message>
        <source>the paper number in %1 cannot be 000</source>
        <translation>die Artikelnummer in %1 kann nicht 000 sein</translation>
    </message>
    <message>
        <source>not an arXiv id: expected YYMM.NNNNN or archive/YYMMNNN, found %1</source>
        <translation>keine arXiv-ID: erwartet JJMM.NNNNN oder Archiv/JJMMNNN, gefunden: %1</translation>
    </message>
    <message>
        <source>a DOI starts with 10. followed by 4 to 9 digits, a slash and a suffix, found %1</source>
        <translation>ein DOI beginnt mit 10. gefolgt von 4 bis 9 Ziffern, einem Schrägstrich und einem Suffix, gefunden: %1</translation>
    </message>
    <message>
        <source>a DOI cannot contain spaces, found %1</source>
        <translation>ein DOI darf keine Leerzeichen enthalten, gefunden: %1</translation>
    </message>
    <message>
        <source>a DOI cannot contain invisible or control characters, found %1</source>
        <translation>ein DOI darf keine unsichtbaren Zeichen oder Steuerzeichen enthalten, gefunden: %1</translation>
    </message>
    <message>
        <source>a DOI prefix is 10. followed by 4 to 9 digits, found %1</source>
        <translation>ein DOI-Präfix ist 10. gefolgt von 4 bis 9 Ziffern, gefunden: %1</translation>
    </message>
    <message>
        <source>a DOI needs a slash and a suffix after the prefix, as in 10.1000/xyz, found %1</source>
        <translation>ein DOI braucht nach dem Präfix einen Schrägstrich und ein Suffix, wie in 10.1000/xyz, gefunden: %1</translation>
    </message>
    <message>
        <source>a DOI prefix is 10. followed by 4 to 9 digits and then a slash, found %1</source>
        <translation>ein DOI-Präfix ist 10. gefolgt von 4 bis 9 Ziffern und dann einem Schrägstrich, gefunden: %1</translation>
    </message>
    <message>
        <source>a DOI needs a suffix after the slash, found %1</source>
        <translation>ein DOI braucht ein Suffix nach dem Schrägstrich, gefunden: %1</translation>
    </message>
    <message>
        <source>empty identifier</source>
        <translation>leere Kennung</translation>
    </message>
    <message>
        <source>not an arXiv id or a DOI: expected YYMM.NNNNN, archive/YYMMNNN or 10.NNNN/suffix, found %1</source>
        <translation>weder arXiv-ID noch DOI: erwartet JJMM.NNNNN, Archiv/JJMMNNN oder 10.NNNN/Suffix, gefunden: %1</translation>
    </message>
    <message>
        <source>a DOI is not an arXiv id: expected YYMM.NNNNN or archive/YYMMNNN, found %1</source>
        <translation>ein DOI ist keine arXiv-ID: erwartet JJMM.NNNNN oder Archiv/JJMMNNN, gefunden: %1</translation>
    </message>
    <message>
        <source>%1 is a web address but not one of an identifier: expected https://arxiv.org/abs/ID, https://arxiv.org/pdf/ID or https://doi.org/DOI</source>
        <translation>%1 ist eine Webadresse, aber nicht die einer Kennung: erwartet https://arxiv.org/abs/ID, https://arxiv.org/pdf/ID oder https://doi.org/DOI</translation>
    </message>
    <message>
        <source>%1 is an arXiv address but not one of a paper: expected https://arxiv.org/abs/ID or https://arxiv.org/pdf/ID, as in https://arxiv.org/abs/2104.04473v2</source>
        <translation>%1 ist eine arXiv-Adresse, aber nicht die eines Artikels: erwartet https://arxiv.org/abs/ID oder https://arxiv.org/pdf/ID, wie in https://arxiv.org/abs/2104.04473v2</translation>
    </message>
    <message>
        <source>in the arXiv address %1: %2</source>
        <translation>in der arXiv-Adresse %1: %2</translation>
    </message>
</context>
<context>
    <name>LedgerCurator</name>
    <message>
        <source>and %1 more</source>
        <translation>und %1 weitere</translation>
    </message>
    <message>
        <source>%1 (%2 · %3)</source>
        <translation>%1 (%2 · %3)</translation>
    </message>
    <message>
        <source>%1: no cached record yet</source>
        <translation>%1: noch kein Eintrag im Cache</translation>
    </message>
    <message>
        <source>%1: about arXiv:%2 itself</source>
        <translation>%1: über arXiv:%2 selbst</translation>
    </message>
    <message>
        <source>%1: cited by 1 observation of arXiv:%2</source>
        <translation>%1: zitiert von 1 Beobachtung von arXiv:%2</translation>
    </message>
    <message>
        <source>%1: cited by %2 observations of arXiv:%3</source>
        <translation>%1: zitiert von %2 Beobachtungen von arXiv:%3</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::AboutDialog</name>
    <message>
        <source>About Ledger Curator</source>
        <translation>Über Ledger Curator</translation>
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
        <translation>Zitationsdatensätze von Artikeln kuratieren: Zitationsbeobachtungen finden, korrigieren und prüfen, die Seiten in der Vorschau ansehen und exportieren und Korrekturen teilen.</translation>
    </message>
    <message>
        <source>License: GPL-3.0-or-later. Free software: you may share and change it under the GNU General Public License, version 3 or later; it comes with no warranty.</source>
        <translation>Lizenz: GPL-3.0-or-later. Freie Software: Sie dürfen sie unter der GNU General Public License, Version 3 oder später, weitergeben und verändern; sie kommt ohne jede Gewährleistung.</translation>
    </message>
    <message>
        <source>Built with Qt %1, running on Qt %2</source>
        <translation>Erstellt mit Qt %1, läuft unter Qt %2</translation>
    </message>
    <message>
        <source>Qt:</source>
        <translation>Qt:</translation>
    </message>
    <message>
        <source>Cache:</source>
        <translation>Cache:</translation>
    </message>
    <message>
        <source>Settings:</source>
        <translation>Einstellungen:</translation>
    </message>
    <message>
        <source>Homepage:</source>
        <translation>Webseite:</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::BackgroundJob</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::BatchEditPanel</name>
    <message>
        <source>ref. %1 “%2” (%3)</source>
        <translation>Ref. %1 „%2“ (%3)</translation>
    </message>
    <message>
        <source>“%1” (%2)</source>
        <translation>„%1“ (%2)</translation>
    </message>
    <message>
        <source>Correction of the selected observations</source>
        <translation>Korrektur der ausgewählten Beobachtungen</translation>
    </message>
    <message>
        <source>Choose a value for the fields to change on every selected observation; the others are left as they are. Apply records them as one step, undone with Ctrl+Z.</source>
        <translation>Wählen Sie einen Wert für die Felder, die bei jeder ausgewählten Beobachtung geändert werden sollen; die übrigen bleiben, wie sie sind. Übernehmen zeichnet sie als einen Schritt auf, rückgängig mit Strg+Z.</translation>
    </message>
    <message>
        <source>(leave as is)</source>
        <translation>(unverändert lassen)</translation>
    </message>
    <message>
        <source>&amp;Basis</source>
        <translation>Grund&amp;lage</translation>
    </message>
    <message>
        <source>arXiv id or DOI, e.g. 2205.01068 or 10.1234/abc</source>
        <translation>arXiv-ID oder DOI, z. B. 2205.01068 oder 10.1234/abc</translation>
    </message>
    <message>
        <source>&amp;Identifier</source>
        <translation>K&amp;ennung</translation>
    </message>
    <message>
        <source>Identifier</source>
        <translation>Kennung</translation>
    </message>
    <message>
        <source>Identifier to set</source>
        <translation>Zu setzende Kennung</translation>
    </message>
    <message>
        <source>Excluded from the ledger</source>
        <translation>Vom Verzeichnis ausgeschlossen</translation>
    </message>
    <message>
        <source>Not excluded</source>
        <translation>Nicht ausgeschlossen</translation>
    </message>
    <message>
        <source>E&amp;xcluded</source>
        <translation>A&amp;usgeschlossen</translation>
    </message>
    <message>
        <source>One line of text</source>
        <translation>Eine Textzeile</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>Note to set</source>
        <translation>Zu setzende Notiz</translation>
    </message>
    <message>
        <source>The notice review of each selected observation that has notices on its cited work</source>
        <translation>Die Hinweisprüfung jeder ausgewählten Beobachtung, deren zitiertes Werk Hinweise hat</translation>
    </message>
    <message>
        <source>Record the chosen values as one correction (Ctrl+Return)</source>
        <translation>Die gewählten Werte als eine Korrektur aufzeichnen (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>Set to</source>
        <translation>Setzen auf</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message numerus="yes">
        <source>%Ln observations selected.</source>
        <translation>
            <numerusform>%Ln Beobachtung ausgewählt.</numerusform>
            <numerusform>%Ln Beobachtungen ausgewählt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing chosen yet: every field is left as is.</source>
        <translation>Noch nichts gewählt: Jedes Feld bleibt, wie es ist.</translation>
    </message>
    <message>
        <source>Nothing will be recorded until every value is accepted.</source>
        <translation>Nichts wird aufgezeichnet, bis jeder Wert angenommen ist.</translation>
    </message>
    <message>
        <source>Refused: %1 for %2: %3</source>
        <translation>Abgelehnt: %1 für %2: %3</translation>
    </message>
    <message numerus="yes">
        <source>Refused: %1 for %2 and %Ln more: %3</source>
        <translation>
            <numerusform>Abgelehnt: %1 für %2 und %Ln weitere: %3</numerusform>
            <numerusform>Abgelehnt: %1 für %2 und %Ln weitere: %3</numerusform>
        </translation>
    </message>
    <message>
        <source>S&amp;tate</source>
        <translation>&amp;Zustand</translation>
    </message>
    <message>
        <source>N&amp;ote</source>
        <translation>&amp;Notiz</translation>
    </message>
    <message>
        <source>Notice &amp;review</source>
        <translation>Hinweis&amp;prüfung</translation>
    </message>
    <message>
        <source>A&amp;pply to all</source>
        <translation>Au&amp;f alle anwenden</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::CacheWatch</name>
    <message>
        <source>Not writing to the cache</source>
        <translation>Schreibt nicht in den Cache</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ClearMatchesDialog</name>
    <message>
        <source>Accept Clear Matches</source>
        <translation>Eindeutige Treffer übernehmen</translation>
    </message>
    <message>
        <source>Clear matches</source>
        <translation>Eindeutige Treffer</translation>
    </message>
    <message>
        <source>Observation</source>
        <translation>Beobachtung</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Kandidat</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>No observation the table shows has a clear match.</source>
        <translation>Keine Beobachtung der Tabelle hat einen eindeutigen Treffer.</translation>
    </message>
    <message numerus="yes">
        <source>Clear matches among the observations the table shows: %Ln. A clear match is a candidate whose score is high and well above the next. OK records, for each, the candidate&apos;s identifier, the state verified fuzzy and a note, as one step (Ctrl+Z takes it back). Inbound observations are left out: their candidate is the citing paper, to open and check first.</source>
        <translation>
            <numerusform>Eindeutige Treffer unter den Beobachtungen der Tabelle: %Ln. Ein eindeutiger Treffer ist ein Kandidat mit hohem Wert, deutlich über dem nächsten. OK erfasst für jeden die Kennung des Kandidaten, den Zustand „unscharf verifiziert“ und eine Notiz, in einem Schritt (Strg+Z nimmt ihn zurück). Eingehende Beobachtungen bleiben außen vor: ihr Kandidat ist die zitierende Arbeit, die erst zu öffnen und zu prüfen ist.</numerusform>
            <numerusform>Eindeutige Treffer unter den Beobachtungen der Tabelle: %Ln. Ein eindeutiger Treffer ist ein Kandidat mit hohem Wert, deutlich über dem nächsten. OK erfasst für jeden die Kennung des Kandidaten, den Zustand „unscharf verifiziert“ und eine Notiz, in einem Schritt (Strg+Z nimmt ihn zurück). Eingehende Beobachtungen bleiben außen vor: ihr Kandidat ist die zitierende Arbeit, die erst zu öffnen und zu prüfen ist.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Observations shown still being looked at: %Ln. Their clear matches join the list as they come in.</source>
        <translation>
            <numerusform>Noch in Suche: %Ln angezeigte Beobachtung. Ihre eindeutigen Treffer kommen hinzu, sobald sie da sind.</numerusform>
            <numerusform>Noch in Suche: %Ln angezeigte Beobachtungen. Ihre eindeutigen Treffer kommen hinzu, sobald sie da sind.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Accept All (%Ln)</source>
        <translation>
            <numerusform>Alle &amp;übernehmen (%Ln)</numerusform>
            <numerusform>Alle &amp;übernehmen (%Ln)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::CurationPanel</name>
    <message>
        <source>&amp;Basis</source>
        <translation>Grund&amp;lage</translation>
    </message>
    <message>
        <source>&amp;Reference</source>
        <translation>&amp;Referenz</translation>
    </message>
    <message>
        <source>&amp;Duplicate of</source>
        <translation>Duplikat &amp;von</translation>
    </message>
    <message>
        <source>E&amp;xcluded</source>
        <translation>Ausgeschl&amp;ossen</translation>
    </message>
    <message>
        <source>Select an observation in the table to see and correct it.

F8 goes to the next observation that needs attention.</source>
        <translation>Wählen Sie eine Beobachtung in der Tabelle, um sie anzusehen und zu korrigieren.

F8 springt zur nächsten Beobachtung mit Handlungsbedarf.</translation>
    </message>
    <message>
        <source>Correction (upstream value on the left)</source>
        <translation>Korrektur (links der Ursprungswert)</translation>
    </message>
    <message>
        <source>(not reviewed)</source>
        <translation>(nicht geprüft)</translation>
    </message>
    <message>
        <source>exclude</source>
        <translation>ausschließen</translation>
    </message>
    <message>
        <source>arXiv id or DOI, e.g. 2205.01068 or 10.1234/abc</source>
        <translation>arXiv-ID oder DOI, z. B. 2205.01068 oder 10.1234/abc</translation>
    </message>
    <message>
        <source>UUID of the observation this one repeats</source>
        <translation>UUID der Beobachtung, die diese wiederholt</translation>
    </message>
    <message>
        <source>Conflicting corrections</source>
        <translation>Widersprüchliche Korrekturen</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Wer</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Nach</translation>
    </message>
    <message>
        <source>%1
%2 · %3</source>
        <translation>%1
%2 · %3</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>Nicht angewendet: %1</translation>
    </message>
    <message>
        <source>Correct %1</source>
        <translation>Korrektur (%1)</translation>
    </message>
    <message>
        <source>Recorded: %1.</source>
        <translation>Erfasst: %1.</translation>
    </message>
    <message>
        <source>Revert to upstream</source>
        <translation>Auf Ursprungswert zurücksetzen</translation>
    </message>
    <message>
        <source>Reverted to the upstream values.</source>
        <translation>Auf die Ursprungswerte zurückgesetzt.</translation>
    </message>
    <message>
        <source>(upstream: none)</source>
        <translation>(Ursprungswert: keiner)</translation>
    </message>
    <message>
        <source>%1 (upstream)</source>
        <translation>%1 (Ursprungswert)</translation>
    </message>
    <message>
        <source>%1 was corrected differently by several curators; choose the value to keep:</source>
        <translation>%1 wurde von mehreren Kuratoren unterschiedlich korrigiert; wählen Sie den Wert, der bleiben soll:</translation>
    </message>
    <message>
        <source>Keep “%1” (%2, %3)</source>
        <translation>„%1“ behalten (%2, %3)</translation>
    </message>
    <message>
        <source>Resolve conflict on %1</source>
        <translation>Konflikt bei %1 auflösen</translation>
    </message>
    <message>
        <source>state</source>
        <comment>correction field</comment>
        <translation>Status</translation>
    </message>
    <message>
        <source>basis</source>
        <comment>correction field</comment>
        <translation>Grundlage</translation>
    </message>
    <message>
        <source>identifier</source>
        <comment>correction field</comment>
        <translation>Kennung</translation>
    </message>
    <message>
        <source>title</source>
        <comment>correction field</comment>
        <translation>Titel</translation>
    </message>
    <message>
        <source>reference</source>
        <comment>correction field</comment>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>note</source>
        <comment>correction field</comment>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>duplicate-of</source>
        <comment>correction field</comment>
        <translation>Duplikat von</translation>
    </message>
    <message>
        <source>excluded</source>
        <comment>correction field</comment>
        <translation>ausgeschlossen</translation>
    </message>
    <message>
        <source>review</source>
        <comment>correction field</comment>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>review-note</source>
        <comment>correction field</comment>
        <translation>Prüfnotiz</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Correction of the selected observation</source>
        <translation>Korrektur der ausgewählten Beobachtung</translation>
    </message>
    <message>
        <source>Correction history</source>
        <translation>Korrekturverlauf</translation>
    </message>
    <message numerus="yes">
        <source>Set %1 of %Ln observations</source>
        <translation>
            <numerusform>%1 von %Ln Beobachtung festlegen</numerusform>
            <numerusform>%1 von %Ln Beobachtungen festlegen</numerusform>
        </translation>
    </message>
    <message>
        <source>upstream</source>
        <comment>the value as received</comment>
        <translation>Ursprungswert</translation>
    </message>
    <message>
        <source>%1 (unsigned)</source>
        <comment>an event made before signatures</comment>
        <translation>%1 (unsigniert)</translation>
    </message>
    <message>
        <source>Signed with key %1</source>
        <translation>Signiert mit Schlüssel %1</translation>
    </message>
    <message>
        <source>Not signed: made before corrections were signed. It never outranks a signed correction.</source>
        <translation>Nicht signiert: entstanden, bevor Korrekturen signiert wurden. Sie hat nie Vorrang vor einer signierten Korrektur.</translation>
    </message>
    <message>
        <source>dismissed hints</source>
        <comment>correction field</comment>
        <translation>verworfene Hinweise</translation>
    </message>
    <message>
        <source>Dismissed hints</source>
        <translation>Verworfene Hinweise</translation>
    </message>
    <message>
        <source>Anomaly hints</source>
        <translation>Anomaliehinweise</translation>
    </message>
    <message>
        <source>Record that these hints are no problem (for a repeated paper: the observations are different), then go on (Ctrl+Shift+H dismisses and goes to the next)</source>
        <translation>Aufzeichnen, dass diese Hinweise kein Problem sind (bei einem wiederholten Paper: die Beobachtungen sind verschieden), dann weiter (Strg+Umschalt+H verwirft und geht zur nächsten)</translation>
    </message>
    <message>
        <source>Record the changed fields as one correction (Ctrl+Return; Ctrl+Shift+Return also goes to the next observation that needs attention)</source>
        <translation>Die geänderten Felder als eine Korrektur aufzeichnen (Strg+Eingabe; Strg+Umschalt+Eingabe geht außerdem zur nächsten Beobachtung, mit Handlungsbedarf)</translation>
    </message>
    <message>
        <source>The arXiv id or DOI of the work reference %1 of the citing paper points to (this record&apos;s paper: arXiv:%2).</source>
        <translation>Die arXiv-ID oder DOI des Werks, auf das Referenz %1 des zitierenden Papers verweist (das Paper dieses Eintrags: arXiv:%2).</translation>
    </message>
    <message>
        <source>(no number)</source>
        <translation>(ohne Nummer)</translation>
    </message>
    <message>
        <source>The arXiv id or DOI of the work this paper cites: “%1”.</source>
        <translation>Die arXiv-ID oder DOI des Werks, das dieses Paper zitiert: „%1“.</translation>
    </message>
    <message>
        <source>%1 Recorded anyway, with your note.</source>
        <translation>%1 Wird trotzdem aufgezeichnet, mit Ihrer Notiz.</translation>
    </message>
    <message>
        <source>%1 Give an identifier, or say in the note why it is right, to record it.</source>
        <translation>%1 Geben Sie eine Kennung an oder begründen Sie in der Notiz, warum es stimmt, um es aufzuzeichnen.</translation>
    </message>
    <message>
        <source>Verified, yet with no resolver link and no identifier: nothing says what the link was verified against.</source>
        <translation>Verifiziert, aber ohne Resolver-Link und ohne Kennung: Nichts sagt, woran die Verknüpfung geprüft wurde.</translation>
    </message>
    <message>
        <source>State set to verified exact for the identifier given; choose another if the match is not exact.</source>
        <translation>Zustand für die angegebene Kennung auf „exakt verifiziert“ gesetzt; wählen Sie einen anderen, wenn die Übereinstimmung nicht exakt ist.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Metadata mismatch.&lt;/b&gt; The citing paper&apos;s reference gives this record&apos;s title word for word, so the mismatch is in what the page does not show (authors, year or venue): check reference %1 in the citing paper.</source>
        <translation>&lt;b&gt;Metadaten-Abweichung.&lt;/b&gt; Die Referenz des zitierenden Papers nennt den Titel dieses Eintrags Wort für Wort; die Abweichung liegt also in dem, was die Seite nicht zeigt (Autoren, Jahr oder Erscheinungsort): Prüfen Sie Referenz %1 im zitierenden Paper.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Metadata mismatch.&lt;/b&gt; Words that differ are underlined.&lt;br&gt;As the citing paper gives it: %1&lt;br&gt;This record&apos;s title: %2</source>
        <translation>&lt;b&gt;Metadaten-Abweichung.&lt;/b&gt; Abweichende Wörter sind unterstrichen.&lt;br&gt;Wie das zitierende Paper ihn angibt: %1&lt;br&gt;Titel dieses Eintrags: %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Metadata mismatch.&lt;/b&gt; This paper cites “%1”; the resolved work&apos;s metadata differs. Check the identifier against the cited work.</source>
        <translation>&lt;b&gt;Metadaten-Abweichung.&lt;/b&gt; Dieses Paper zitiert „%1“; die Metadaten des aufgelösten Werks weichen ab. Prüfen Sie die Kennung am zitierten Werk.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Unresolved.&lt;/b&gt; No resolver found the cited work: give its identifier below.</source>
        <translation>&lt;b&gt;Nicht aufgelöst.&lt;/b&gt; Kein Resolver fand das zitierte Werk: Geben Sie unten seine Kennung an.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Malformed identifier.&lt;/b&gt; The reference names an identifier that is no valid arXiv id or DOI: give the right one below.</source>
        <translation>&lt;b&gt;Fehlerhafte Kennung.&lt;/b&gt; Die Referenz nennt eine Kennung, die keine gültige arXiv-ID oder DOI ist: Geben Sie unten die richtige an.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Parse uncertain.&lt;/b&gt; The reference could not be read with certainty: check it in the citing paper.</source>
        <translation>&lt;b&gt;Unsichere Auswertung.&lt;/b&gt; Die Referenz konnte nicht sicher gelesen werden: Prüfen Sie sie im zitierenden Paper.</translation>
    </message>
    <message numerus="yes">
        <source>Dismiss hints on %Ln observations</source>
        <translation>
            <numerusform>Hinweise bei %Ln Beobachtung verwerfen</numerusform>
            <numerusform>Hinweise bei %Ln Beobachtungen verwerfen</numerusform>
        </translation>
    </message>
    <message>
        <source>No works index yet: File &gt; Import Works List... or `ledger-curator works import FILE`</source>
        <translation>Noch kein Werkverzeichnis: Datei &gt; Werkliste importieren … oder `ledger-curator works import DATEI`</translation>
    </message>
    <message>
        <source>Suggestions unavailable: %1</source>
        <translation>Vorschläge nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>Not accepted: %1</source>
        <translation>Nicht übernommen: %1</translation>
    </message>
    <message>
        <source>Accept citing paper %1 (score %2)</source>
        <translation>Zitierende Arbeit %1 übernehmen (Wert %2)</translation>
    </message>
    <message>
        <source>Accept %1 (score %2)</source>
        <translation>%1 übernehmen (Wert %2)</translation>
    </message>
    <message>
        <source>Not recorded: %1</source>
        <translation>Nicht erfasst: %1</translation>
    </message>
    <message>
        <source>The note already says none of these is the work.</source>
        <translation>Die Notiz sagt schon, dass keiner davon das Werk ist.</translation>
    </message>
    <message>
        <source>None of the candidates</source>
        <translation>Keiner dieser Kandidaten</translation>
    </message>
    <message>
        <source>Not a Problem: Dismiss</source>
        <translation>Kein Problem: Verwerfen</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <source>Send every corrected field of this observation back to its upstream value, as one step (Ctrl+Shift+R)</source>
        <translation>Jedes korrigierte Feld dieser Beobachtung in einem Schritt auf seinen Ursprungswert zurücksetzen (Strg+Umschalt+R)</translation>
    </message>
    <message>
        <source>Upstream value: %1</source>
        <translation>Ursprungswert: %1</translation>
    </message>
    <message>
        <source>S&amp;tate</source>
        <translation>Stat&amp;us</translation>
    </message>
    <message>
        <source>Identifier (cited wor&amp;k)</source>
        <translation>Kennung (&amp;zitiertes Werk)</translation>
    </message>
    <message>
        <source>Citing tit&amp;le</source>
        <translation>Zitierender &amp;Titel</translation>
    </message>
    <message>
        <source>N&amp;ote</source>
        <translation>&amp;Notiz</translation>
    </message>
    <message>
        <source>Not&amp;ice review</source>
        <translation>Mitt&amp;eilungsprüfung</translation>
    </message>
    <message>
        <source>Revie&amp;w note</source>
        <translation>&amp;Prüfnotiz</translation>
    </message>
    <message>
        <source>“%1” (%2, %3)</source>
        <comment>a conflicting value, who set it, when</comment>
        <translation>„%1“ (%2, %3)</translation>
    </message>
    <message>
        <source>Keep This Value</source>
        <translation>Diesen Wert behalten</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::CurationSession</name>
    <message>
        <source>Record %1 is not in the cache.</source>
        <translation>Der Datensatz %1 ist nicht im Cache.</translation>
    </message>
    <message>
        <source>Record %1 is no longer in the cache.</source>
        <translation>Der Datensatz %1 ist nicht mehr im Cache.</translation>
    </message>
    <message>
        <source>No record is open.</source>
        <translation>Kein Datensatz ist geöffnet.</translation>
    </message>
    <message>
        <source>Not recorded: a correction needs your curator name (Edit &gt; Settings).</source>
        <translation>Nicht gespeichert: Eine Korrektur braucht Ihren Kuratorennamen (Bearbeiten &gt; Einstellungen).</translation>
    </message>
    <message>
        <source>Not recorded: the signing key of %1 could not be loaded: %2</source>
        <translation>Nicht gespeichert: Der Signaturschlüssel von %1 konnte nicht geladen werden: %2</translation>
    </message>
    <message>
        <source>Enter a name: every correction carries its curator&apos;s name.</source>
        <translation>Geben Sie einen Namen ein: Jede Korrektur trägt den Namen ihres Kurators.</translation>
    </message>
    <message>
        <source>The name has %1 characters; at most 100 are allowed.</source>
        <translation>Der Name hat %1 Zeichen; erlaubt sind höchstens 100.</translation>
    </message>
    <message>
        <source>The name cannot contain spaces or control characters (it must match your sync token&apos;s name), as in %1.</source>
        <translation>Der Name darf keine Leer- oder Steuerzeichen enthalten (er muss dem Namen Ihres Synchronisationstokens entsprechen), etwa %1.</translation>
    </message>
    <message>
        <source>The name %1.</source>
        <translation>Der Name %1.</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::CuratorIdentityDialog</name>
    <message>
        <source>Who Is Curating?</source>
        <translation>Wer kuratiert?</translation>
    </message>
    <message>
        <source>Every correction records who made it, and is signed with a key kept on this computer for that name. Enter the name to record; if you sync with a server, use the name your sync token was issued to. You can change it later in Edit &gt; Settings.</source>
        <translation>Jede Korrektur hält fest, wer sie gemacht hat, und wird mit einem Schlüssel signiert, der auf diesem Computer für diesen Namen aufbewahrt wird. Geben Sie den Namen ein, der festgehalten werden soll; wenn Sie mit einem Server synchronisieren, den Namen, auf den Ihr Synchronisationstoken ausgestellt ist. Sie können ihn später unter Bearbeiten &gt; Einstellungen ändern.</translation>
    </message>
    <message>
        <source>&amp;Save and Record</source>
        <translation>&amp;Speichern und festhalten</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::CuratorIdentityFields</name>
    <message>
        <source>The name every correction you make carries; when you sync, it must be the name your token was issued to.</source>
        <translation>Der Name, den jede Ihrer Korrekturen trägt; beim Synchronisieren muss es der Name sein, auf den Ihr Token ausgestellt ist.</translation>
    </message>
    <message>
        <source>optional, as in %1</source>
        <translation>optional, etwa %1</translation>
    </message>
    <message>
        <source>Your ORCID iD, or its https://orcid.org/ address</source>
        <translation>Ihre ORCID iD oder ihre https://orcid.org/-Adresse</translation>
    </message>
    <message>
        <source>Curator &amp;name:</source>
        <translation>Kuratoren&amp;name:</translation>
    </message>
    <message>
        <source>&amp;ORCID iD:</source>
        <translation>&amp;ORCID iD:</translation>
    </message>
    <message>
        <source>ORCID iD: %1</source>
        <translation>ORCID iD: %1</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::DisplayText</name>
    <message>
        <source>verified exact</source>
        <comment>resolution state</comment>
        <translation>exakt verifiziert</translation>
    </message>
    <message>
        <source>verified fuzzy</source>
        <comment>resolution state</comment>
        <translation>unscharf verifiziert</translation>
    </message>
    <message>
        <source>unresolved</source>
        <comment>resolution state</comment>
        <translation>nicht aufgelöst</translation>
    </message>
    <message>
        <source>parse uncertain</source>
        <comment>resolution state</comment>
        <translation>Auslesen unsicher</translation>
    </message>
    <message>
        <source>malformed identifier</source>
        <comment>resolution state</comment>
        <translation>fehlerhafte Kennung</translation>
    </message>
    <message>
        <source>metadata mismatch</source>
        <comment>resolution state</comment>
        <translation>Metadatenabweichung</translation>
    </message>
    <message>
        <source>inbound</source>
        <comment>citation direction</comment>
        <translation>eingehend</translation>
    </message>
    <message>
        <source>outbound</source>
        <comment>citation direction</comment>
        <translation>ausgehend</translation>
    </message>
    <message>
        <source>Retraction</source>
        <comment>notice kind</comment>
        <translation>Rückzug</translation>
    </message>
    <message>
        <source>Correction</source>
        <comment>notice kind</comment>
        <translation>Korrektur</translation>
    </message>
    <message>
        <source>Expression of concern</source>
        <comment>notice kind</comment>
        <translation>Bedenkenäußerung</translation>
    </message>
    <message>
        <source>Withdrawal</source>
        <comment>notice kind</comment>
        <translation>Zurückziehung</translation>
    </message>
    <message>
        <source>Reinstatement</source>
        <comment>notice kind</comment>
        <translation>Wiedereinsetzung</translation>
    </message>
    <message>
        <source>unreviewed</source>
        <comment>notice review status</comment>
        <translation>ungeprüft</translation>
    </message>
    <message>
        <source>acknowledged</source>
        <comment>notice review status</comment>
        <translation>zur Kenntnis genommen</translation>
    </message>
    <message>
        <source>dismissed</source>
        <comment>notice review status</comment>
        <translation>verworfen</translation>
    </message>
    <message>
        <source>escalated</source>
        <comment>notice review status</comment>
        <translation>eskaliert</translation>
    </message>
    <message>
        <source>Retraction Watch record %1</source>
        <comment>a notice&apos;s origin: the record&apos;s number in the Retraction Watch database</comment>
        <translation>Retraction-Watch-Datensatz %1</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::DraftNotice</name>
    <message>
        <source>While you typed, %1 was changed elsewhere to “%2”. Your text “%3” is kept in the field: apply it, or take the new value.</source>
        <translation>Während Sie tippten, wurde %1 anderswo in „%2“ geändert. Ihr Text „%3“ bleibt im Feld: Übernehmen Sie ihn oder den neuen Wert.</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <source>Keep M&amp;y Text</source>
        <translation>Meinen Te&amp;xt behalten</translation>
    </message>
    <message>
        <source>&amp;Use the New Value</source>
        <translation>Neuen &amp;Wert übernehmen</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::DuplicatesDialog</name>
    <message>
        <source>ref. %1 (%2)</source>
        <translation>Ref. %1 (%2)</translation>
    </message>
    <message>
        <source>Compare Observations</source>
        <translation>Beobachtungen vergleichen</translation>
    </message>
    <message numerus="yes">
        <source>%Ln observations side by side. Fields that differ are marked ≠ and highlighted. Choose the one to keep and mark the others as its duplicates, or record that they are different observations.</source>
        <translation>
            <numerusform>%Ln Beobachtung nebeneinander. Abweichende Felder sind mit ≠ markiert und hervorgehoben. Wählen Sie die zu behaltende und markieren Sie die anderen als ihre Duplikate, oder zeichnen Sie auf, dass es verschiedene Beobachtungen sind.</numerusform>
            <numerusform>%Ln Beobachtungen nebeneinander. Abweichende Felder sind mit ≠ markiert und hervorgehoben. Wählen Sie die zu behaltende und markieren Sie die anderen als ihre Duplikate, oder zeichnen Sie auf, dass es verschiedene Beobachtungen sind.</numerusform>
        </translation>
    </message>
    <message>
        <source>Hint (told apart before): %1</source>
        <translation>Hinweis (schon unterschieden): %1</translation>
    </message>
    <message>
        <source>Hint: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln more of its observations are not compared here.</source>
        <translation>
            <numerusform>%Ln weitere seiner Beobachtungen wird hier nicht verglichen.</numerusform>
            <numerusform>%Ln weitere seiner Beobachtungen werden hier nicht verglichen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Observations compared field by field</source>
        <translation>Beobachtungen Feld für Feld verglichen</translation>
    </message>
    <message>
        <source>Mark as &amp;Duplicates</source>
        <translation>Als &amp;Duplikate markieren</translation>
    </message>
    <message>
        <source>Record every other observation as a duplicate of the kept one (one step, undone with Ctrl+Z)</source>
        <translation>Jede andere Beobachtung als Duplikat der behaltenen aufzeichnen (ein Schritt, rückgängig mit Strg+Z)</translation>
    </message>
    <message>
        <source>Record that these are different observations: their repeated citing paper hint is dismissed</source>
        <translation>Aufzeichnen, dass es verschiedene Beobachtungen sind: Ihr Hinweis auf ein wiederholtes zitierendes Paper wird verworfen</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Behalten</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>weicht ab</translation>
    </message>
    <message>
        <source>Keep this one</source>
        <translation>Diese behalten</translation>
    </message>
    <message>
        <source>Keep observation %1</source>
        <translation>Beobachtung %1 behalten</translation>
    </message>
    <message>
        <source>kept</source>
        <comment>the observation kept of duplicates</comment>
        <translation>behalten</translation>
    </message>
    <message>
        <source>duplicate</source>
        <comment>an observation marked a duplicate of the kept one</comment>
        <translation>Duplikat</translation>
    </message>
    <message>
        <source>Observation %1 · %2
%3</source>
        <translation>Beobachtung %1 · %2
%3</translation>
    </message>
    <message>
        <source>Mark as Duplicates keeps %1 and marks the other observation its duplicate.</source>
        <translation>„Als Duplikate markieren“ behält %1 und markiert die andere Beobachtung als ihr Duplikat.</translation>
    </message>
    <message numerus="yes">
        <source>Mark as Duplicates keeps %1 and marks the %Ln others its duplicates.</source>
        <translation>
            <numerusform>„Als Duplikate markieren“ behält %1 und markiert die %Ln andere als ihr Duplikat.</numerusform>
            <numerusform>„Als Duplikate markieren“ behält %1 und markiert die %Ln anderen als ihre Duplikate.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to record: the observations already are so marked.</source>
        <translation>Nichts aufzuzeichnen: Die Beobachtungen sind bereits so markiert.</translation>
    </message>
    <message>
        <source>Mark 1 observation as a duplicate of %1</source>
        <translation>1 Beobachtung als Duplikat von %1 markieren</translation>
    </message>
    <message numerus="yes">
        <source>Mark %Ln observations as duplicates of %1</source>
        <translation>
            <numerusform>%Ln Beobachtung als Duplikat von %1 markieren</numerusform>
            <numerusform>%Ln Beobachtungen als Duplikate von %1 markieren</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mark %Ln observations as different</source>
        <translation>
            <numerusform>%Ln Beobachtung als verschieden markieren</numerusform>
            <numerusform>%Ln Beobachtungen als verschieden markieren</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;These Are Different</source>
        <translation>Diese sind &amp;verschieden</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ImportExport</name>
    <message numerus="yes">
        <source>Importing %n file(s)...</source>
        <translation>
            <numerusform>%n Datei wird importiert …</numerusform>
            <numerusform>%n Dateien werden importiert …</numerusform>
        </translation>
    </message>
    <message>
        <source>Import cancelled; the cache is as it was.</source>
        <translation>Import abgebrochen; der Cache ist unverändert.</translation>
    </message>
    <message>
        <source>Nothing was imported:
%1</source>
        <translation>Nichts wurde importiert:
%1</translation>
    </message>
    <message numerus="yes">
        <source>Imported %Ln record(s).</source>
        <translation>
            <numerusform>%Ln Datensatz importiert.</numerusform>
            <numerusform>%Ln Datensätze importiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Imported with warnings</source>
        <translation>Mit Warnungen importiert</translation>
    </message>
    <message>
        <source>The pages state counts that disagree with what they itemize; the stated counts were kept:

%1</source>
        <translation>Die Seiten nennen Anzahlen, die nicht zu dem passen, was sie aufführen; die genannten Anzahlen wurden beibehalten:

%1</translation>
    </message>
    <message>
        <source>Writing %1...</source>
        <translation>%1 wird geschrieben …</translation>
    </message>
    <message>
        <source>PDF export cancelled; no file was written.</source>
        <translation>PDF-Export abgebrochen; es wurde keine Datei geschrieben.</translation>
    </message>
    <message>
        <source>The PDF was not written:
%1</source>
        <translation>Das PDF wurde nicht geschrieben:
%1</translation>
    </message>
    <message>
        <source>Exported %1.</source>
        <translation>%1 exportiert.</translation>
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
        <translation>Die Demo-Ledger-Seite von arXiv:2104.04473 wurde geladen.</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>Korrigieren</translation>
    </message>
    <message>
        <source>Page preview</source>
        <translation>Seitenvorschau</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Import...</source>
        <translation>&amp;Importieren …</translation>
    </message>
    <message>
        <source>Import ledger page text or record JSON files (also by drag and drop)</source>
        <translation>Ledger-Seiten als Text oder Datensätze als JSON importieren (auch per Ziehen und Ablegen)</translation>
    </message>
    <message>
        <source>&amp;Export PDF...</source>
        <translation>PDF &amp;exportieren …</translation>
    </message>
    <message>
        <source>Export PDF</source>
        <translation>PDF exportieren</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF-Dateien (*.pdf)</translation>
    </message>
    <message>
        <source>Write the rendered page, every observation included, to a PDF file</source>
        <translation>Die gerenderte Seite mit allen Beobachtungen in eine PDF-Datei schreiben</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Apply Correction</source>
        <translation>Korrektur &amp;anwenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Filter Observations</source>
        <translation>Beobachtungen &amp;filtern</translation>
    </message>
    <message>
        <source>Only Observations Needing &amp;Attention</source>
        <translation>Nur Beobachtungen mit &amp;Handlungsbedarf</translation>
    </message>
    <message>
        <source>&amp;Clear Filters</source>
        <translation>Filter &amp;löschen</translation>
    </message>
    <message>
        <source>Page &amp;Preview</source>
        <translation>Seiten&amp;vorschau</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Gehe zu</translation>
    </message>
    <message>
        <source>&amp;Next Needing Attention</source>
        <translation>&amp;Nächste mit Handlungsbedarf</translation>
    </message>
    <message>
        <source>&amp;Previous Needing Attention</source>
        <translation>&amp;Vorherige mit Handlungsbedarf</translation>
    </message>
    <message>
        <source>Go to the &amp;Table</source>
        <translation>Zur &amp;Tabelle</translation>
    </message>
    <message>
        <source>Go to the &amp;Correction Panel</source>
        <translation>Zum &amp;Korrekturbereich</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Ledger Curator</source>
        <translation>Ü&amp;ber Ledger Curator</translation>
    </message>
    <message>
        <source>The cache holds no records.

Use File &gt; Import (Ctrl+O), or drop a ledger page text or record JSON file here, to add one.</source>
        <translation>Der Cache enthält keine Datensätze.

Nutzen Sie Datei &gt; Importieren (Strg+O) oder legen Sie hier eine Ledger-Seite als Text oder einen Datensatz als JSON-Datei ab, um einen hinzuzufügen.</translation>
    </message>
    <message>
        <source>Import Ledger Pages</source>
        <translation>Ledger-Seiten importieren</translation>
    </message>
    <message>
        <source>Ledger pages (*.txt *.json);;All files (*)</source>
        <translation>Ledger-Seiten (*.txt *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Correction and page preview</source>
        <translation>Korrektur und Seitenvorschau</translation>
    </message>
    <message>
        <source>&amp;Settings...</source>
        <translation>&amp;Einstellungen …</translation>
    </message>
    <message>
        <source>Language, the preview&apos;s page cap, the record shown on start, sync, layout</source>
        <translation>Sprache, Seitenlimit der Vorschau, beim Start gezeigter Datensatz, Synchronisation, Layout</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>&amp;Notices</source>
        <translation>&amp;Mitteilungen</translation>
    </message>
    <message>
        <source>&amp;Review Notices...</source>
        <translation>Mitteilungen &amp;prüfen …</translation>
    </message>
    <message>
        <source>&amp;Import Notices...</source>
        <translation>Mitteilungen &amp;importieren …</translation>
    </message>
    <message>
        <source>Import Notices</source>
        <translation>Mitteilungen importieren</translation>
    </message>
    <message>
        <source>Retraction Watch CSV (*.csv);;All files (*)</source>
        <translation>Retraction-Watch-CSV (*.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Sync</source>
        <translation>&amp;Synchronisation</translation>
    </message>
    <message>
        <source>Sync &amp;Now</source>
        <translation>&amp;Jetzt synchronisieren</translation>
    </message>
    <message>
        <source>Send your corrections to the server and fetch the other curators&apos; (F5)</source>
        <translation>Ihre Korrekturen an den Server senden und die der anderen Kuratoren abrufen (F5)</translation>
    </message>
    <message>
        <source>&amp;Cancel Sync</source>
        <translation>Synchronisation a&amp;bbrechen</translation>
    </message>
    <message>
        <source>Sync &amp;Settings...</source>
        <translation>Synchronisations&amp;einstellungen …</translation>
    </message>
    <message>
        <source>The server to sync with, your token, and automatic syncs</source>
        <translation>Der Server für die Synchronisation, Ihr Token und automatische Synchronisationen</translation>
    </message>
    <message>
        <source>Set up the server to sync with, and your token.</source>
        <translation>Richten Sie den Server für die Synchronisation und Ihr Token ein.</translation>
    </message>
    <message>
        <source>arXiv:%1 is still loading: export it once it is shown.</source>
        <translation>arXiv:%1 wird noch geladen: exportieren Sie es, sobald es angezeigt wird.</translation>
    </message>
    <message>
        <source>&amp;All Notices...</source>
        <translation>&amp;Alle Hinweise...</translation>
    </message>
    <message>
        <source>Every notice the team knows, with the records it concerns; filters and CSV export</source>
        <translation>Jeder Hinweis, den das Team kennt, mit den betroffenen Datensätzen; Filter und CSV-Export</translation>
    </message>
    <message>
        <source>Export Observations as &amp;CSV...</source>
        <translation>Beobachtungen als &amp;CSV exportieren …</translation>
    </message>
    <message>
        <source>Write the shown record&apos;s observations, as corrected, to a CSV file</source>
        <translation>Die Beobachtungen des angezeigten Eintrags, wie korrigiert, in eine CSV-Datei schreiben</translation>
    </message>
    <message>
        <source>Export Corrections &amp;Report...</source>
        <translation>&amp;Korrekturbericht exportieren …</translation>
    </message>
    <message>
        <source>Write every correction of every cached record (when, who, what) to a CSV file</source>
        <translation>Jede Korrektur jedes zwischengespeicherten Eintrags (wann, wer, was) in eine CSV-Datei schreiben</translation>
    </message>
    <message>
        <source>Apply and &amp;Next</source>
        <translation>Übernehmen und &amp;nächste</translation>
    </message>
    <message>
        <source>Record the correction, then go to the next observation that needs attention</source>
        <translation>Die Korrektur aufzeichnen, dann zur nächsten Beobachtung gehen, mit Handlungsbedarf</translation>
    </message>
    <message>
        <source>Dismiss &amp;Hints and Next</source>
        <translation>&amp;Hinweise verwerfen und weiter</translation>
    </message>
    <message>
        <source>The anomaly hints of the selected observation are no problem: dismiss them and go to the next observation that needs attention</source>
        <translation>Die Anomaliehinweise der ausgewählten Beobachtung sind kein Problem: verwerfen und zur nächsten Beobachtung gehen, mit Handlungsbedarf</translation>
    </message>
    <message>
        <source>Mark as &amp;Duplicates...</source>
        <translation>Als &amp;Duplikate markieren …</translation>
    </message>
    <message>
        <source>Compare the selected observations side by side; keep one and mark the others as its duplicates, or record that they are different</source>
        <translation>Die ausgewählten Beobachtungen nebeneinander vergleichen; eine behalten und die anderen als ihre Duplikate markieren, oder aufzeichnen, dass sie verschieden sind</translation>
    </message>
    <message>
        <source>Compare the selected observation with the others from the same citing paper</source>
        <translation>Die ausgewählte Beobachtung mit den anderen desselben zitierenden Papers vergleichen</translation>
    </message>
    <message>
        <source>&amp;Copy Observation UUID</source>
        <translation>Beobachtungs-UUID &amp;kopieren</translation>
    </message>
    <message>
        <source>Copied the UUID %1.</source>
        <translation>UUID %1 kopiert.</translation>
    </message>
    <message numerus="yes">
        <source>Copied %Ln observation UUIDs.</source>
        <translation>
            <numerusform>%Ln Beobachtungs-UUID kopiert.</numerusform>
            <numerusform>%Ln Beobachtungs-UUIDs kopiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Search every cached record&apos;s titles, observation UUIDs, identifiers and notes</source>
        <translation>Titel, Beobachtungs-UUIDs, Kennungen und Notizen aller zwischengespeicherten Einträge durchsuchen</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Recorded: %1.</source>
        <translation>Aufgezeichnet: %1.</translation>
    </message>
    <message>
        <source>Nothing else in this view needs attention.</source>
        <translation>Nichts anderes in dieser Ansicht hat Handlungsbedarf.</translation>
    </message>
    <message>
        <source>Import &amp;Works List...</source>
        <translation>&amp;Werkliste importieren …</translation>
    </message>
    <message>
        <source>Import the arXiv metadata snapshot (JSON Lines) or a CSV list of works, to suggest the works observations point to</source>
        <translation>Den arXiv-Metadaten-Snapshot (JSON Lines) oder eine CSV-Werkliste importieren, um die Werke vorzuschlagen, auf die Beobachtungen verweisen</translation>
    </message>
    <message>
        <source>None of &amp;These Candidates</source>
        <translation>Ke&amp;iner dieser Kandidaten</translation>
    </message>
    <message>
        <source>None of the suggested works is the selected observation&apos;s: record that in its note</source>
        <translation>Keines der vorgeschlagenen Werke gehört zur gewählten Beobachtung: das in ihrer Notiz festhalten</translation>
    </message>
    <message>
        <source>Accept Clear &amp;Matches...</source>
        <translation>Eindeutige &amp;Treffer übernehmen …</translation>
    </message>
    <message>
        <source>List the clear matches among the observations shown, then accept them as one step</source>
        <translation>Die eindeutigen Treffer der angezeigten Beobachtungen auflisten und in einem Schritt übernehmen</translation>
    </message>
    <message>
        <source>No works index yet: File &gt; Import Works List... or `ledger-curator works import FILE`</source>
        <translation>Noch kein Werkverzeichnis: Datei &gt; Werkliste importieren … oder `ledger-curator works import DATEI`</translation>
    </message>
    <message>
        <source>Suggestions unavailable: %1</source>
        <translation>Vorschläge nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>ref. %1 (%2)</source>
        <translation>Ref. %1 (%2)</translation>
    </message>
    <message>
        <source>No clear match was accepted: %1</source>
        <translation>Kein eindeutiger Treffer wurde übernommen: %1</translation>
    </message>
    <message numerus="yes">
        <source>Accept clear matches (%Ln)</source>
        <translation>
            <numerusform>Eindeutigen Treffer übernehmen (%Ln)</numerusform>
            <numerusform>Eindeutige Treffer übernehmen (%Ln)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Accepted clear matches: %Ln (identifier, verified fuzzy and a note on each).</source>
        <translation>
            <numerusform>Übernommene eindeutige Treffer: %Ln (jeweils Kennung, unscharf verifiziert und eine Notiz).</numerusform>
            <numerusform>Übernommene eindeutige Treffer: %Ln (jeweils Kennung, unscharf verifiziert und eine Notiz).</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to accept: the clear matches were already recorded.</source>
        <translation>Nichts zu übernehmen: die eindeutigen Treffer sind schon erfasst.</translation>
    </message>
    <message>
        <source>Unapplied Corrections</source>
        <translation>Nicht übernommene Korrekturen</translation>
    </message>
    <message numerus="yes">
        <source>You typed corrections that are not applied (%Ln observation(s)). Quit anyway and lose them?</source>
        <translation>
            <numerusform>Sie haben Korrekturen eingegeben, die nicht übernommen sind (%Ln Beobachtung). Trotzdem beenden und sie verlieren?</numerusform>
            <numerusform>Sie haben Korrekturen eingegeben, die nicht übernommen sind (%Ln Beobachtungen). Trotzdem beenden und sie verlieren?</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Discard and Quit</source>
        <translation>&amp;Verwerfen und beenden</translation>
    </message>
    <message>
        <source>&amp;Go Back</source>
        <translation>&amp;Zurück</translation>
    </message>
    <message>
        <source>User &amp;Manual</source>
        <translation>Benutzer&amp;handbuch</translation>
    </message>
    <message>
        <source>Open the manual at the section for where you are (F1)</source>
        <translation>Das Handbuch beim Abschnitt zu Ihrer aktuellen Stelle öffnen (F1)</translation>
    </message>
    <message>
        <source>Re&amp;vert to Upstream</source>
        <translation>Auf &amp;Ursprungswert zurücksetzen</translation>
    </message>
    <message>
        <source>Com&amp;pare with Repeated...</source>
        <translation>Mit Wiederholten &amp;vergleichen …</translation>
    </message>
    <message>
        <source>Search A&amp;ll Records...</source>
        <translation>Alle Einträge durch&amp;suchen …</translation>
    </message>
    <message>
        <source>Preview Pa&amp;ge Cap...</source>
        <translation>Seitenli&amp;mit der Vorschau …</translation>
    </message>
    <message>
        <source>The pane is as wide or as narrow as it can be.</source>
        <translation>Der Bereich ist schon so breit oder so schmal wie möglich.</translation>
    </message>
    <message>
        <source>Wi&amp;den Side Panel</source>
        <translation>Seitenbereich &amp;breiter</translation>
    </message>
    <message>
        <source>Narro&amp;w Side Panel</source>
        <translation>Seitenbereich s&amp;chmaler</translation>
    </message>
    <message>
        <source>Widen &amp;Record List</source>
        <translation>Eintragsliste b&amp;reiter</translation>
    </message>
    <message>
        <source>Narrow Record &amp;List</source>
        <translation>Eintragsliste schmal&amp;er</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ManualWindow</name>
    <message>
        <source>Ledger Curator Manual</source>
        <translation>Handbuch zu Ledger Curator</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>Manual text</source>
        <translation>Handbuchtext</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticeController</name>
    <message>
        <source>Review Notices...</source>
        <translation>Mitteilungen prüfen …</translation>
    </message>
    <message>
        <source>Show Them</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>Filters the table to the observations needing attention</source>
        <translation>Filtert die Tabelle auf die Beobachtungen mit Handlungsbedarf</translation>
    </message>
    <message>
        <source>Review 1 notice as %1</source>
        <translation>1 Mitteilung als „%1“ prüfen</translation>
    </message>
    <message numerus="yes">
        <source>Review %Ln notices as %1</source>
        <translation>
            <numerusform>%Ln Mitteilung als „%1“ prüfen</numerusform>
            <numerusform>%Ln Mitteilungen als „%1“ prüfen</numerusform>
        </translation>
    </message>
    <message>
        <source>The review was not recorded:
%1</source>
        <translation>Die Prüfung wurde nicht erfasst:
%1</translation>
    </message>
    <message>
        <source>Nothing to record: the review was already so.</source>
        <translation>Nichts zu erfassen: Die Prüfung lautete bereits so.</translation>
    </message>
    <message>
        <source>notice %1</source>
        <translation>Hinweis %1</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>This paper (arXiv:%1) is retracted: %2.</source>
        <translation>Dieses Paper (arXiv:%1) ist zurückgezogen: %2.</translation>
    </message>
    <message>
        <source>1 observation of this record cites a retracted work</source>
        <translation>1 Beobachtung dieses Datensatzes zitiert ein zurückgezogenes Werk</translation>
    </message>
    <message numerus="yes">
        <source>%Ln observations of this record cite a retracted work</source>
        <translation>
            <numerusform>%Ln Beobachtung dieses Datensatzes zitiert ein zurückgezogenes Werk</numerusform>
            <numerusform>%Ln Beobachtungen dieses Datensatzes zitieren ein zurückgezogenes Werk</numerusform>
        </translation>
    </message>
    <message>
        <source>All notices reviewed.</source>
        <translation>Alle Hinweise geprüft.</translation>
    </message>
    <message>
        <source>1 notice not yet reviewed.</source>
        <translation>1 Hinweis noch nicht geprüft.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln notices not yet reviewed.</source>
        <translation>
            <numerusform>%Ln Hinweis noch nicht geprüft.</numerusform>
            <numerusform>%Ln Hinweise noch nicht geprüft.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>&amp;Rückgängig: %1</translation>
    </message>
    <message>
        <source>&amp;Undo Review</source>
        <translation>Prüfung &amp;rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>&amp;Wiederholen: %1</translation>
    </message>
    <message>
        <source>&amp;Redo Review</source>
        <translation>Prüfung &amp;wiederholen</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticeImport</name>
    <message>
        <source>Import Notices</source>
        <translation>Mitteilungen importieren</translation>
    </message>
    <message>
        <source>What does %1 hold?</source>
        <translation>Was enthält %1?</translation>
    </message>
    <message>
        <source>&amp;An excerpt of the source&apos;s list: add and update the notices it names</source>
        <translation>&amp;Einen Auszug aus der Liste der Quelle: die genannten Mitteilungen hinzufügen und aktualisieren</translation>
    </message>
    <message>
        <source>The source&apos;s &amp;complete list: also withdraw the notices it no longer names (you are shown them first)</source>
        <translation>Die &amp;vollständige Liste der Quelle: auch die nicht mehr genannten Mitteilungen zurückziehen (sie werden Ihnen zuerst gezeigt)</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <source>Reading notices from %1...</source>
        <translation>Mitteilungen aus %1 werden gelesen …</translation>
    </message>
    <message>
        <source>No notices were imported:
%1</source>
        <translation>Es wurden keine Mitteilungen importiert:
%1</translation>
    </message>
    <message numerus="yes">
        <source>%1 is to be read as the source&apos;s complete list. It no longer names %Ln of the notices the cache lists from that source: importing it marks them withdrawn by the source, and the pages of the records they concern stop showing them.</source>
        <translation>
            <numerusform>%1 soll als vollständige Liste der Quelle gelesen werden. Sie nennt %Ln der Mitteilungen, die der Cache von dieser Quelle führt, nicht mehr: Der Import markiert sie als von der Quelle zurückgezogen, und die Seiten der betroffenen Datensätze zeigen sie nicht mehr.</numerusform>
            <numerusform>%1 soll als vollständige Liste der Quelle gelesen werden. Sie nennt %Ln der Mitteilungen, die der Cache von dieser Quelle führt, nicht mehr: Der Import markiert sie als von der Quelle zurückgezogen, und die Seiten der betroffenen Datensätze zeigen sie nicht mehr.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln of them concern a record&apos;s own paper (its retraction).</source>
        <translation>
            <numerusform>%Ln davon betrifft die eigene Arbeit eines Datensatzes (ihre Zurückziehung).</numerusform>
            <numerusform>%Ln davon betreffen die eigene Arbeit eines Datensatzes (ihre Zurückziehung).</numerusform>
        </translation>
    </message>
    <message>
        <source>Withdraw Notices?</source>
        <translation>Mitteilungen zurückziehen?</translation>
    </message>
    <message>
        <source>Records concerned: %1</source>
        <translation>Betroffene Datensätze: %1</translation>
    </message>
    <message>
        <source>none cached</source>
        <translation>keiner im Cache</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Withdraw %Ln Notice(s)</source>
        <translation>
            <numerusform>%Ln Mitteilung &amp;zurückziehen</numerusform>
            <numerusform>%Ln Mitteilungen &amp;zurückziehen</numerusform>
        </translation>
    </message>
    <message>
        <source>Import as an &amp;Excerpt</source>
        <translation>Als &amp;Auszug importieren</translation>
    </message>
    <message>
        <source>No notices were imported.</source>
        <translation>Es wurden keine Mitteilungen importiert.</translation>
    </message>
    <message>
        <source>Importing notices from %1...</source>
        <translation>Mitteilungen aus %1 werden importiert …</translation>
    </message>
    <message>
        <source>%L1 notices read: %L2 new, %L3 updated, %L4 unchanged, %L5 withdrawn by the source.</source>
        <translation>%L1 Hinweise gelesen: %L2 neu, %L3 aktualisiert, %L4 unverändert, %L5 von der Quelle zurückgezogen.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln left as they are: last seen in a newer list.</source>
        <translation>
            <numerusform>%Ln unverändert gelassen: zuletzt in einer neueren Liste gesehen.</numerusform>
            <numerusform>%Ln unverändert gelassen: zuletzt in einer neueren Liste gesehen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Withdraw %Ln notice(s) (%1)</source>
        <translation>
            <numerusform>%Ln Mitteilung zurückziehen (%1)</numerusform>
            <numerusform>%Ln Mitteilungen zurückziehen (%1)</numerusform>
        </translation>
    </message>
    <message>
        <source>Notices imported with skipped rows</source>
        <translation>Mitteilungen mit übersprungenen Zeilen importiert</translation>
    </message>
    <message>
        <source>Rows skipped or left out: %L1</source>
        <translation>Übersprungene oder ausgelassene Zeilen: %L1</translation>
    </message>
    <message>
        <source>No notices were imported: the signing key of %1 could not be loaded: %2</source>
        <translation>Es wurden keine Hinweise importiert: Der Signaturschlüssel von %1 konnte nicht geladen werden: %2</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticeListModel</name>
    <message>
        <source>listed</source>
        <translation>gelistet</translation>
    </message>
    <message>
        <source>withdrawn by the source</source>
        <translation>von der Quelle zurückgenommen</translation>
    </message>
    <message>
        <source>%1 (conflicting decisions)</source>
        <translation>%1 (widersprüchliche Entscheidungen)</translation>
    </message>
    <message>
        <source>no cached record yet</source>
        <translation>noch kein Datensatz im Cache</translation>
    </message>
    <message>
        <source>Reasons: %1</source>
        <translation>Gründe: %1</translation>
    </message>
    <message>
        <source>Journal: %1</source>
        <translation>Zeitschrift: %1</translation>
    </message>
    <message>
        <source>Links: %1</source>
        <translation>Links: %1</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>Importiert %1</translation>
    </message>
    <message>
        <source>Imported %1 by %2</source>
        <translation>Importiert %1 von %2</translation>
    </message>
    <message>
        <source>The source lists this notice.</source>
        <translation>Die Quelle listet diesen Hinweis.</translation>
    </message>
    <message>
        <source>The source no longer lists this notice; it is kept, with its history, and no longer shown on the records&apos; pages.</source>
        <translation>Die Quelle listet diesen Hinweis nicht mehr; er bleibt mit seiner Geschichte erhalten und wird auf den Seiten der Datensätze nicht mehr gezeigt.</translation>
    </message>
    <message>
        <source>No cached record cites this work yet: the notice attaches to a record when a matching page is imported.</source>
        <translation>Noch kein Datensatz im Cache zitiert dieses Werk: Der Hinweis wird einem Datensatz zugeordnet, sobald eine passende Seite importiert wird.</translation>
    </message>
    <message>
        <source>The notice is about this record&apos;s own paper.</source>
        <translation>Der Hinweis betrifft das Paper dieses Datensatzes selbst.</translation>
    </message>
    <message>
        <source>Observations of this record cite the work.</source>
        <translation>Beobachtungen dieses Datensatzes zitieren das Werk.</translation>
    </message>
    <message>
        <source>Reviewed %1 by %2</source>
        <translation>Geprüft %1 von %2</translation>
    </message>
    <message>
        <source>Notice</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Nature</source>
        <translation>Beschaffenheit</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Work</source>
        <translation>Werk</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Notice DOI</source>
        <translation>DOI des Hinweises</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>Observations</source>
        <translation>Beobachtungen</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Reviewed by</source>
        <translation>Geprüft von</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>Listed in %1.</source>
        <translation>Aufgeführt in %1.</translation>
    </message>
    <message>
        <source>Withdrawn: %1 no longer lists it.</source>
        <translation>Zurückgezogen: %1 führt sie nicht mehr auf.</translation>
    </message>
    <message>
        <source>Recorded %1.</source>
        <translation>Erfasst %1.</translation>
    </message>
    <message>
        <source>Recorded %1 by %2.</source>
        <translation>Erfasst %1 von %2.</translation>
    </message>
    <message>
        <source>The list is dated %1.</source>
        <translation>Die Liste ist vom %1.</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticeReviewModel</name>
    <message>
        <source>%1 (1 observation)</source>
        <translation>%1 (1 Beobachtung)</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n observations)</source>
        <translation>
            <numerusform>%1 (%n Beobachtung)</numerusform>
            <numerusform>%1 (%n Beobachtungen)</numerusform>
        </translation>
    </message>
    <message>
        <source>cited by: %1</source>
        <translation>zitiert von: %1</translation>
    </message>
    <message>
        <source>cites: %1</source>
        <translation>zitiert: %1</translation>
    </message>
    <message>
        <source>mixed: %1</source>
        <translation>gemischt: %1</translation>
    </message>
    <message>
        <source>Cited work / observation</source>
        <translation>Zitiertes Werk / Beobachtung</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>%1 by %2 for every observation of arXiv:%3 citing the work</source>
        <translation>%1 von %2 für jede Beobachtung von arXiv:%3, die das Werk zitiert</translation>
    </message>
    <message>
        <source>Curators decided differently at the same time: the most recent decision is shown; a new one settles it.</source>
        <translation>Kuratoren haben gleichzeitig verschieden entschieden: Die neueste Entscheidung wird gezeigt; eine neue klärt es.</translation>
    </message>
    <message>
        <source> (conflict)</source>
        <translation> (Konflikt)</translation>
    </message>
    <message>
        <source>Notice (newest first)</source>
        <translation>Hinweis (neueste zuerst)</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticeReviewWindow</name>
    <message>
        <source>Review Notices - Ledger Curator</source>
        <translation>Mitteilungen prüfen – Ledger Curator</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>Alle Arten</translation>
    </message>
    <message>
        <source>Show notices of kind</source>
        <translation>Mitteilungen dieser Art zeigen</translation>
    </message>
    <message>
        <source>Any review status</source>
        <translation>Jeder Prüfstatus</translation>
    </message>
    <message>
        <source>Show observations with review status</source>
        <translation>Beobachtungen mit diesem Prüfstatus zeigen</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Art:</translation>
    </message>
    <message>
        <source>&amp;Review:</source>
        <translation>&amp;Prüfung:</translation>
    </message>
    <message>
        <source>Review status to record</source>
        <translation>Zu erfassender Prüfstatus</translation>
    </message>
    <message>
        <source>Note (optional): why, and what was checked</source>
        <translation>Notiz (optional): warum, und was geprüft wurde</translation>
    </message>
    <message>
        <source>Review note</source>
        <translation>Prüfnotiz</translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation>&amp;Status:</translation>
    </message>
    <message>
        <source>Reading the notices of every record...</source>
        <translation>Die Mitteilungen aller Datensätze werden gelesen …</translation>
    </message>
    <message>
        <source>The notices could not be read:
%1</source>
        <translation>Die Mitteilungen konnten nicht gelesen werden:
%1</translation>
    </message>
    <message>
        <source>No notices found in any record.

Retractions, corrections and expressions of concern appear here when a page reports them, or after Notices &gt; Import Notices... reads a Retraction Watch CSV file.</source>
        <translation>In keinem Datensatz wurden Mitteilungen gefunden.

Rückzüge, Korrekturen und Bedenkenäußerungen erscheinen hier, wenn eine Seite sie meldet oder nachdem Mitteilungen &gt; Mitteilungen importieren … eine Retraction-Watch-CSV-Datei gelesen hat.</translation>
    </message>
    <message>
        <source>No notice matches the filters.</source>
        <translation>Keine Mitteilung passt zu den Filtern.</translation>
    </message>
    <message>
        <source>Notices with the observations they touch</source>
        <translation>Hinweise mit den betroffenen Beobachtungen</translation>
    </message>
    <message>
        <source>Records the status and note for the selected notices: one decision per record and notice, covering every observation of the record that cites the work (Ctrl+Return)</source>
        <translation>Erfasst Status und Notiz für die ausgewählten Hinweise: eine Entscheidung je Datensatz und Hinweis, für jede Beobachtung des Datensatzes, die das Werk zitiert (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 shown</source>
        <translation>%1 · %2 · %3 angezeigt</translation>
    </message>
    <message>
        <source>1 notice</source>
        <translation>1 Hinweis</translation>
    </message>
    <message>
        <source>%L1 notices</source>
        <translation>%L1 Hinweise</translation>
    </message>
    <message>
        <source>1 review</source>
        <translation>1 Prüfung</translation>
    </message>
    <message>
        <source>%L1 reviews</source>
        <translation>%L1 Prüfungen</translation>
    </message>
    <message>
        <source>1 observation</source>
        <translation>1 Beobachtung</translation>
    </message>
    <message>
        <source>%L1 observations</source>
        <translation>%L1 Beobachtungen</translation>
    </message>
    <message>
        <source>Record Re&amp;view</source>
        <translation>Prüfung &amp;erfassen</translation>
    </message>
    <message>
        <source>Show in &amp;Ledger</source>
        <translation>Im Ledger &amp;zeigen</translation>
    </message>
    <message numerus="yes">
        <source>Record Re&amp;view for %Ln notices</source>
        <translation>
            <numerusform>Prüfung für %Ln Hinweis &amp;erfassen</numerusform>
            <numerusform>Prüfung für %Ln Hinweise &amp;erfassen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticesView</name>
    <message>
        <source>Notices - Ledger Curator</source>
        <translation>Hinweise - Ledger Curator</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>Alle Arten</translation>
    </message>
    <message>
        <source>Show notices of kind</source>
        <translation>Hinweise dieser Art zeigen</translation>
    </message>
    <message>
        <source>Show notices whose nature the source words as</source>
        <translation>Hinweise zeigen, deren Beschaffenheit die Quelle so benennt</translation>
    </message>
    <message>
        <source>Listed and withdrawn</source>
        <translation>Gelistet und zurückgenommen</translation>
    </message>
    <message>
        <source>Listed by the source</source>
        <translation>Von der Quelle gelistet</translation>
    </message>
    <message>
        <source>Withdrawn by the source</source>
        <translation>Von der Quelle zurückgenommen</translation>
    </message>
    <message>
        <source>Show notices the source lists or withdrew</source>
        <translation>Hinweise zeigen, die die Quelle listet oder zurücknahm</translation>
    </message>
    <message>
        <source>Any review status</source>
        <translation>Jeder Prüfstatus</translation>
    </message>
    <message>
        <source>Show notices with review status</source>
        <translation>Hinweise mit diesem Prüfstatus zeigen</translation>
    </message>
    <message>
        <source>Show notices of record</source>
        <translation>Hinweise dieses Datensatzes zeigen</translation>
    </message>
    <message>
        <source>Search: notice, DOI, title, arXiv id, note</source>
        <translation>Suche: Hinweis, DOI, Titel, arXiv-ID, Notiz</translation>
    </message>
    <message>
        <source>Search the notices</source>
        <translation>Hinweise durchsuchen</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Art:</translation>
    </message>
    <message>
        <source>&amp;Nature:</source>
        <translation>&amp;Beschaffenheit:</translation>
    </message>
    <message>
        <source>S&amp;tatus:</source>
        <translation>S&amp;tatus:</translation>
    </message>
    <message>
        <source>&amp;Review:</source>
        <translation>&amp;Prüfung:</translation>
    </message>
    <message>
        <source>Re&amp;cord:</source>
        <translation>Daten&amp;satz:</translation>
    </message>
    <message>
        <source>Notices</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <source>&amp;Export CSV...</source>
        <translation>CSV &amp;exportieren...</translation>
    </message>
    <message>
        <source>Writes the notices shown, as filtered and sorted, to a CSV file for a report (Ctrl+E)</source>
        <translation>Schreibt die angezeigten Hinweise, gefiltert und sortiert, in eine CSV-Datei für einen Bericht (Strg+E)</translation>
    </message>
    <message>
        <source>All natures</source>
        <translation>Alle Beschaffenheiten</translation>
    </message>
    <message>
        <source>Any record</source>
        <translation>Jeder Datensatz</translation>
    </message>
    <message>
        <source>No cached record yet</source>
        <translation>Noch kein Datensatz im Cache</translation>
    </message>
    <message>
        <source>%1 of 1 notice</source>
        <translation>%1 von 1 Hinweis</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n notices</source>
        <translation>
            <numerusform>%1 von %n Hinweis</numerusform>
            <numerusform>%1 von %n Hinweisen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n rows: a notice has a row for each record it concerns)</source>
        <translation>
            <numerusform> (%n Zeile: Ein Hinweis hat eine Zeile je betroffenem Datensatz)</numerusform>
            <numerusform> (%n Zeilen: Ein Hinweis hat eine Zeile je betroffenem Datensatz)</numerusform>
        </translation>
    </message>
    <message>
        <source>reading the cache again...</source>
        <translation>Cache wird neu gelesen...</translation>
    </message>
    <message>
        <source>Reading the notices and every record of the cache...</source>
        <translation>Die Hinweise und alle Datensätze des Caches werden gelesen...</translation>
    </message>
    <message>
        <source>The notices could not be read:
%1</source>
        <translation>Die Hinweise konnten nicht gelesen werden:
%1</translation>
    </message>
    <message>
        <source>No notices yet: import a Retraction Watch CSV with Notices &gt; Import Notices... or sync with the team&apos;s server.</source>
        <translation>Noch keine Hinweise: Importieren Sie eine Retraction-Watch-CSV mit Hinweise &gt; Hinweise importieren... oder synchronisieren Sie mit dem Server des Teams.</translation>
    </message>
    <message>
        <source>No notice matches the filters.</source>
        <translation>Kein Hinweis passt zu den Filtern.</translation>
    </message>
    <message>
        <source>Export Notices as CSV</source>
        <translation>Hinweise als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV-Dateien (*.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>The notices were not exported; no file was changed.
%1</source>
        <translation>Die Hinweise wurden nicht exportiert; keine Datei wurde geändert.
%1</translation>
    </message>
    <message>
        <source>1 row exported to %1</source>
        <translation>1 Zeile nach %1 exportiert</translation>
    </message>
    <message numerus="yes">
        <source>%n rows exported to %1</source>
        <translation>
            <numerusform>%n Zeile nach %1 exportiert</numerusform>
            <numerusform>%n Zeilen nach %1 exportiert</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ObservationTableModel</name>
    <message>
        <source>none found</source>
        <translation>keine gefunden</translation>
    </message>
    <message>
        <source>unavailable</source>
        <translation>nicht verfügbar</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>Konflikt</translation>
    </message>
    <message>
        <source>corrected</source>
        <translation>korrigiert</translation>
    </message>
    <message>
        <source>excluded</source>
        <translation>ausgeschlossen</translation>
    </message>
    <message>
        <source>1 hint</source>
        <translation>1 Hinweis</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Citing title</source>
        <translation>Zitierender Titel</translation>
    </message>
    <message>
        <source>Ref.</source>
        <translation>Ref.</translation>
    </message>
    <message>
        <source>Basis</source>
        <translation>Grundlage</translation>
    </message>
    <message>
        <source>Observed</source>
        <translation>Beobachtet</translation>
    </message>
    <message>
        <source>Notices</source>
        <translation>Mitteilungen</translation>
    </message>
    <message>
        <source>Curation</source>
        <translation>Kuratierung</translation>
    </message>
    <message>
        <source>Hints</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <source>Direction</source>
        <translation>Richtung</translation>
    </message>
    <message>
        <source>Observation</source>
        <translation>Beobachtung</translation>
    </message>
    <message>
        <source>Review: %1</source>
        <translation>Prüfung: %1</translation>
    </message>
    <message>
        <source>⚠ Retracted (%1)</source>
        <translation>⚠ Zurückgezogen (%1)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>%n hints</source>
        <translation>
            <numerusform>%n Hinweis</numerusform>
            <numerusform>%n Hinweise</numerusform>
        </translation>
    </message>
    <message>
        <source>this paper</source>
        <translation>dieses Paper</translation>
    </message>
    <message>
        <source>Cited title</source>
        <translation>Zitierter Titel</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::PreviewPane</name>
    <message>
        <source>Rendered page</source>
        <translation>Gerenderte Seite</translation>
    </message>
    <message>
        <source>Preparing the page preview of %L1 observations…</source>
        <translation>Die Seitenvorschau von %L1 Beobachtungen wird vorbereitet…</translation>
    </message>
    <message>
        <source>Preview Page Cap</source>
        <translation>Seitenlimit der Vorschau</translation>
    </message>
    <message>
        <source>Inbound observations itemized in the preview (0 for all; the PDF export always holds all of them):</source>
        <translation>In der Vorschau aufgeführte eingehende Beobachtungen (0 für alle; der PDF-Export enthält immer alle):</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::RecordList</name>
    <message>
        <source>Records</source>
        <translation>Datensätze</translation>
    </message>
    <message>
        <source>Every cached record with how many observations need attention</source>
        <translation>Alle Datensätze im Cache, jeweils mit der Zahl der Beobachtungen mit Handlungsbedarf</translation>
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
        <translation>arXiv:%1 v%2 · Stand %3</translation>
    </message>
    <message>
        <source>no observations</source>
        <translation>keine Beobachtungen</translation>
    </message>
    <message>
        <source>%1 of %2 need attention</source>
        <translation>%1 von %2 mit Handlungsbedarf</translation>
    </message>
    <message>
        <source>%1 observations · attention not counted yet</source>
        <translation>%1 Beobachtungen · Handlungsbedarf noch nicht gezählt</translation>
    </message>
    <message>
        <source>none of %1 need attention</source>
        <translation>kein Handlungsbedarf bei %1</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::RecordLoader</name>
    <message>
        <source>Loading arXiv:%1...</source>
        <translation>arXiv:%1 wird geladen …</translation>
    </message>
    <message>
        <source>arXiv:%1 could not be loaded:
%2

Try again, or import the page again with File &gt; Import.</source>
        <translation>arXiv:%1 konnte nicht geladen werden:
%2

Versuchen Sie es erneut oder importieren Sie die Seite erneut über Datei &gt; Importieren.</translation>
    </message>
    <message>
        <source>arXiv:%1 is no longer in the cache.</source>
        <translation>arXiv:%1 ist nicht mehr im Cache.</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::RecordRemover</name>
    <message>
        <source>R&amp;emove Record...</source>
        <translation>Eintrag ent&amp;fernen …</translation>
    </message>
    <message>
        <source>Remove the shown record from this cache; its corrections are kept aside, and importing its page again brings them back</source>
        <translation>Den angezeigten Eintrag aus diesem Cache entfernen; seine Korrekturen werden beiseitegelegt, und ein erneuter Import seiner Seite bringt sie zurück</translation>
    </message>
    <message numerus="yes">
        <source>Its %Ln observation(s) are removed from this cache.</source>
        <translation>
            <numerusform>Seine %Ln Beobachtung wird aus diesem Cache entfernt.</numerusform>
            <numerusform>Seine %Ln Beobachtungen werden aus diesem Cache entfernt.</numerusform>
        </translation>
    </message>
    <message>
        <source>It has no corrections.</source>
        <translation>Er hat keine Korrekturen.</translation>
    </message>
    <message numerus="yes">
        <source>Its %Ln correction(s) are kept aside: importing its page again brings them back.</source>
        <translation>
            <numerusform>Seine %Ln Korrektur wird beiseitegelegt: ein erneuter Import seiner Seite bringt sie zurück.</numerusform>
            <numerusform>Seine %Ln Korrekturen werden beiseitegelegt: ein erneuter Import seiner Seite bringt sie zurück.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln of them not yet sent still go to the server at the next sync.</source>
        <translation>
            <numerusform>%Ln davon, noch nicht gesendet, geht beim nächsten Abgleich trotzdem an den Server.</numerusform>
            <numerusform>%Ln davon, noch nicht gesendet, gehen beim nächsten Abgleich trotzdem an den Server.</numerusform>
        </translation>
    </message>
    <message>
        <source>The team server is not changed, and syncing does not fetch this page again. Edit &gt; Undo puts the record back.</source>
        <translation>Der Team-Server wird nicht verändert, und der Abgleich holt diese Seite nicht erneut. Bearbeiten &gt; Rückgängig bringt den Eintrag zurück.</translation>
    </message>
    <message>
        <source>Remove Record</source>
        <translation>Eintrag entfernen</translation>
    </message>
    <message>
        <source>Remove arXiv:%1 v%2, %3, from this cache?</source>
        <translation>arXiv:%1 v%2, %3, aus diesem Cache entfernen?</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>arXiv:%1 was not removed: %2</source>
        <translation>arXiv:%1 wurde nicht entfernt: %2</translation>
    </message>
    <message>
        <source>arXiv:%1 is no longer in the cache.</source>
        <translation>arXiv:%1 ist nicht mehr im Cache.</translation>
    </message>
    <message>
        <source>Remove arXiv:%1</source>
        <translation>arXiv:%1 entfernen</translation>
    </message>
    <message>
        <source>arXiv:%1 was not put back: %2</source>
        <translation>arXiv:%1 wurde nicht zurückgelegt: %2</translation>
    </message>
    <message numerus="yes">
        <source>Put back arXiv:%1 with its %Ln correction(s).</source>
        <translation>
            <numerusform>arXiv:%1 mit seiner %Ln Korrektur zurückgelegt.</numerusform>
            <numerusform>arXiv:%1 mit seinen %Ln Korrekturen zurückgelegt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Removed arXiv:%1 (%Ln observation(s)); its corrections are kept aside (Edit &gt; Undo puts it back).</source>
        <translation>
            <numerusform>arXiv:%1 entfernt (%Ln Beobachtung); seine Korrekturen sind beiseitegelegt (Bearbeiten &gt; Rückgängig bringt ihn zurück).</numerusform>
            <numerusform>arXiv:%1 entfernt (%Ln Beobachtungen); seine Korrekturen sind beiseitegelegt (Bearbeiten &gt; Rückgängig bringt ihn zurück).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::RecordView</name>
    <message>
        <source>Filter observations</source>
        <translation>Beobachtungen filtern</translation>
    </message>
    <message>
        <source>All words must match a title, UUID, identifier or state</source>
        <translation>Alle Wörter müssen in Titel, UUID, Kennung oder Status vorkommen</translation>
    </message>
    <message>
        <source>Filter by title, UUID, identifier or state (Ctrl+F)</source>
        <translation>Nach Titel, UUID, Kennung oder Status filtern (Strg+F)</translation>
    </message>
    <message>
        <source>Show only observations that are %1 (combine several)</source>
        <translation>Nur Beobachtungen mit dem Status %1 zeigen (mehrere kombinierbar)</translation>
    </message>
    <message>
        <source>Both directions</source>
        <translation>Beide Richtungen</translation>
    </message>
    <message>
        <source>Inbound</source>
        <translation>Eingehend</translation>
    </message>
    <message>
        <source>Outbound</source>
        <translation>Ausgehend</translation>
    </message>
    <message>
        <source>Needs &amp;attention</source>
        <translation>M&amp;it Handlungsbedarf</translation>
    </message>
    <message>
        <source>&amp;Corrected</source>
        <translation>&amp;Korrigiert</translation>
    </message>
    <message>
        <source>Observations</source>
        <translation>Beobachtungen</translation>
    </message>
    <message>
        <source>The observations of the record with their resolution states</source>
        <translation>Die Beobachtungen des Datensatzes mit ihrem Auflösungsstatus</translation>
    </message>
    <message>
        <source>%1
arXiv:%2 v%3 · as of %4</source>
        <translation>%1
arXiv:%2 v%3 · Stand %4</translation>
    </message>
    <message numerus="yes">
        <source>Loading arXiv:%1: the first %Ln observations are shown, %2 in all...</source>
        <translation>
            <numerusform>arXiv:%1 wird geladen: die erste %Ln Beobachtung wird angezeigt, %2 insgesamt …</numerusform>
            <numerusform>arXiv:%1 wird geladen: die ersten %Ln Beobachtungen werden angezeigt, %2 insgesamt …</numerusform>
        </translation>
    </message>
    <message>
        <source>Showing %L1 of %L2 observations · %L3 need attention · %L4 anomaly hints</source>
        <translation>%L1 von %L2 Beobachtungen angezeigt · %L3 mit Handlungsbedarf · Anomaliehinweise: %L4</translation>
    </message>
    <message>
        <source>Wrapped to the top.</source>
        <translation>Am Anfang fortgesetzt.</translation>
    </message>
    <message>
        <source>Wrapped to the bottom.</source>
        <translation>Am Ende fortgesetzt.</translation>
    </message>
    <message>
        <source>No observation in this view needs attention.</source>
        <translation>Keine Beobachtung in dieser Ansicht hat Handlungsbedarf.</translation>
    </message>
    <message>
        <source>Observations that still need a decision: unresolved, mismatched, uncertain or malformed ones, conflicting corrections, anomaly hints not dismissed and notices not yet reviewed (Ctrl+Shift+A)</source>
        <translation>Beobachtungen, die noch eine Entscheidung brauchen: nicht aufgelöste, abweichende, unsichere oder fehlerhafte, widersprüchliche Korrekturen, nicht verworfene Anomaliehinweise und noch nicht geprüfte Hinweise (Strg+Umschalt+A)</translation>
    </message>
    <message>
        <source>Direction:</source>
        <translation>Richtung:</translation>
    </message>
    <message>
        <source>Direction</source>
        <translation>Richtung</translation>
    </message>
    <message>
        <source>Show the observations of both directions, or only the inbound citations or only the outbound references</source>
        <translation>Die Beobachtungen beider Richtungen zeigen, oder nur die eingehenden Zitate oder nur die ausgehenden Referenzen</translation>
    </message>
    <message>
        <source>Colu&amp;mns</source>
        <translation>&amp;Spalten</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ReportExport</name>
    <message>
        <source>Export Observations as CSV</source>
        <translation>Beobachtungen als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV-Dateien (*.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Writing %1...</source>
        <translation>%1 wird geschrieben...</translation>
    </message>
    <message>
        <source>The observations were not exported; no file was changed.</source>
        <translation>Die Beobachtungen wurden nicht exportiert; keine Datei wurde geändert.</translation>
    </message>
    <message>
        <source>Export Corrections Report</source>
        <translation>Korrekturbericht exportieren</translation>
    </message>
    <message>
        <source>The corrections report was not exported; no file was changed.</source>
        <translation>Der Korrekturbericht wurde nicht exportiert; keine Datei wurde geändert.</translation>
    </message>
    <message>
        <source>Exported %1.</source>
        <translation>%1 exportiert.</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SearchResultModel</name>
    <message>
        <source>Citing title</source>
        <translation>Zitierender Titel</translation>
    </message>
    <message>
        <source>Cited title</source>
        <translation>Zitierter Titel</translation>
    </message>
    <message>
        <source>Observation UUID</source>
        <translation>Beobachtungs-UUID</translation>
    </message>
    <message>
        <source>Identifier</source>
        <translation>Kennung</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>Citing title (upstream)</source>
        <translation>Zitierender Titel (Quelle)</translation>
    </message>
    <message>
        <source>Identifier (upstream)</source>
        <translation>Kennung (Quelle)</translation>
    </message>
    <message>
        <source>Record title</source>
        <translation>Titel des Eintrags</translation>
    </message>
    <message>
        <source>(the record)</source>
        <translation>(der Eintrag)</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Observation</source>
        <translation>Beobachtung</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SearchWindow</name>
    <message>
        <source>Search All Records - Ledger Curator</source>
        <translation>Alle Einträge durchsuchen - Ledger Curator</translation>
    </message>
    <message>
        <source>Title, observation UUID, identifier or note</source>
        <translation>Titel, Beobachtungs-UUID, Kennung oder Notiz</translation>
    </message>
    <message>
        <source>Search every cached record</source>
        <translation>Alle zwischengespeicherten Einträge durchsuchen</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>&amp;Suche:</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>Suchergebnisse</translation>
    </message>
    <message>
        <source>Type what to look for: a title or part of one, an observation UUID, an identifier or a note. Every cached record is searched.</source>
        <translation>Geben Sie ein, wonach gesucht werden soll: einen Titel oder einen Teil davon, eine Beobachtungs-UUID, eine Kennung oder eine Notiz. Jeder zwischengespeicherte Eintrag wird durchsucht.</translation>
    </message>
    <message>
        <source>Searching every cached record for “%1”...</source>
        <translation>Alle zwischengespeicherten Einträge werden nach „%1“ durchsucht...</translation>
    </message>
    <message>
        <source>The cache could not be searched:
%1</source>
        <translation>Der Zwischenspeicher konnte nicht durchsucht werden:
%1</translation>
    </message>
    <message>
        <source>Nothing matches “%1” in the one cached record.</source>
        <translation>Nichts passt zu „%1“ im einzigen zwischengespeicherten Eintrag.</translation>
    </message>
    <message numerus="yes">
        <source>Nothing matches “%1” in the %Ln cached records.</source>
        <translation>
            <numerusform>Nichts passt zu „%1“ im %Ln zwischengespeicherten Eintrag.</numerusform>
            <numerusform>Nichts passt zu „%1“ in den %Ln zwischengespeicherten Einträgen.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 observations of %2 records searched.</source>
        <translation>%1 Beobachtungen aus %2 Einträgen durchsucht.</translation>
    </message>
    <message>
        <source>1 hit.</source>
        <translation>1 Treffer.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln hits.</source>
        <translation>
            <numerusform>%Ln Treffer.</numerusform>
            <numerusform>%Ln Treffer.</numerusform>
        </translation>
    </message>
    <message>
        <source>The first %1 are listed: add words to narrow the search.</source>
        <translation>Die ersten %1 werden aufgeführt: Fügen Sie Wörter hinzu, um die Suche einzugrenzen.</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <source>A new language takes effect the next time Ledger Curator starts.</source>
        <translation>Eine neue Sprache gilt ab dem nächsten Start von Ledger Curator.</translation>
    </message>
    <message>
        <source>Inbound observations itemized in the page preview; 0 itemizes all of them. The PDF export always holds all of them.</source>
        <translation>In der Seitenvorschau aufgeführte eingehende Beobachtungen; 0 führt alle auf. Der PDF-Export enthält immer alle.</translation>
    </message>
    <message>
        <source>&amp;Show the last record again on start</source>
        <translation>Den letzten Datensatz beim Start wieder &amp;zeigen</translation>
    </message>
    <message>
        <source>Otherwise the first record of the list is shown.</source>
        <translation>Sonst wird der erste Datensatz der Liste gezeigt.</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Allgemein</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>Preview page &amp;cap:</source>
        <translation>Seiten&amp;limit der Vorschau:</translation>
    </message>
    <message>
        <source>Inbound observations itemized in the page preview (0 for all).</source>
        <translation>In der Seitenvorschau aufgeführte eingehende Beobachtungen (0 für alle).</translation>
    </message>
    <message>
        <source>S&amp;ync Settings...</source>
        <translation>S&amp;ynchronisationseinstellungen …</translation>
    </message>
    <message>
        <source>The server to sync with, your token, and automatic syncs</source>
        <translation>Der Server für die Synchronisation, Ihr Token und automatische Synchronisationen</translation>
    </message>
    <message>
        <source>&amp;Reset Window Layout</source>
        <translation>Fenster&amp;anordnung zurücksetzen</translation>
    </message>
    <message>
        <source>Put the window size, the panes and the table columns back as they were at the first start</source>
        <translation>Fenstergröße, Bereiche und Tabellenspalten wieder so einstellen wie beim ersten Start</translation>
    </message>
    <message>
        <source>Sync and Layout</source>
        <translation>Synchronisation und Layout</translation>
    </message>
    <message>
        <source>The window layout is back to its defaults.</source>
        <translation>Die Fensteranordnung ist auf die Vorgaben zurückgesetzt.</translation>
    </message>
    <message>
        <source>Enter the number of inbound observations to itemize (0 for all).</source>
        <translation>Geben Sie die Zahl der aufzuführenden eingehenden Beobachtungen ein (0 für alle).</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a whole number: enter digits only, such as 500.</source>
        <translation>„%1“ ist keine ganze Zahl: Geben Sie nur Ziffern ein, etwa 500.</translation>
    </message>
    <message>
        <source>The cap cannot be negative: enter 0 to itemize every inbound observation.</source>
        <translation>Das Limit kann nicht negativ sein: Geben Sie 0 ein, um alle eingehenden Beobachtungen aufzuführen.</translation>
    </message>
    <message>
        <source>The cap can be at most %1: enter 0 to itemize every inbound observation.</source>
        <translation>Das Limit kann höchstens %1 sein: Geben Sie 0 ein, um alle eingehenden Beobachtungen aufzuführen.</translation>
    </message>
    <message>
        <source>Curator</source>
        <translation>Kurator</translation>
    </message>
    <message>
        <source>Every correction carries this name and is signed with your key for it. When you sync, it must be the name your sync token was issued to.</source>
        <translation>Jede Korrektur trägt diesen Namen und wird mit Ihrem Schlüssel dafür signiert. Beim Synchronisieren muss es der Name sein, auf den Ihr Synchronisationstoken ausgestellt ist.</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>Hoher Kontrast</translation>
    </message>
    <message>
        <source>System follows the system&apos;s light or dark colours; High contrast shows white text on black, with a yellow selection.</source>
        <translation>System folgt den hellen oder dunklen Farben des Systems; Hoher Kontrast zeigt weiße Schrift auf Schwarz mit gelber Auswahl.</translation>
    </message>
    <message>
        <source>Con&amp;trast:</source>
        <translation>Kon&amp;trast:</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Kürzel</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::StateStyle</name>
    <message>
        <source>exact</source>
        <translation>exakt</translation>
    </message>
    <message>
        <source>fuzzy</source>
        <translation>unscharf</translation>
    </message>
    <message>
        <source>unresolved</source>
        <translation>unaufgelöst</translation>
    </message>
    <message>
        <source>uncertain</source>
        <translation>unsicher</translation>
    </message>
    <message>
        <source>malformed</source>
        <translation>fehlerhaft</translation>
    </message>
    <message>
        <source>mismatch</source>
        <translation>Abweichung</translation>
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
        <translation>Vorgeschlagene Werke</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <source>Keys 1 to 5 accept that candidate, Enter the one chosen</source>
        <translation>Die Tasten 1 bis 5 übernehmen diesen Kandidaten, Eingabe den gewählten</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Work</source>
        <translation>Werk</translation>
    </message>
    <message>
        <source>Record the chosen candidate&apos;s identifier, the state verified fuzzy and a note saying so, as one step (Ctrl+Z takes it back), then go to the next observation needing attention. In the table or this list, 1 to 5 accept that candidate and Enter the first.</source>
        <translation>Die Kennung des gewählten Kandidaten, den Zustand „unscharf verifiziert“ und eine Notiz dazu in einem Schritt erfassen (Strg+Z nimmt ihn zurück), dann zur nächsten Beobachtung mit Handlungsbedarf gehen. In der Tabelle oder dieser Liste übernehmen 1 bis 5 diesen Kandidaten und Eingabe den ersten.</translation>
    </message>
    <message>
        <source>O&amp;pen</source>
        <translation>Ö&amp;ffnen</translation>
    </message>
    <message>
        <source>None of these candidates is the work: record that in the note (Ctrl+Shift+X), then give the identifier yourself.</source>
        <translation>Keiner dieser Kandidaten ist das Werk: das in der Notiz festhalten (Strg+Umschalt+X), dann die Kennung selbst angeben.</translation>
    </message>
    <message>
        <source>Looking for candidates...</source>
        <translation>Kandidaten werden gesucht …</translation>
    </message>
    <message>
        <source>Suggestions unavailable: %1</source>
        <translation>Vorschläge nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>No candidates found.</source>
        <translation>Keine Kandidaten gefunden.</translation>
    </message>
    <message>
        <source>Citing paper found: “%1” (%2). Open it to check the reference, then accept: the link to this record&apos;s paper is verified and the citing paper&apos;s id goes to the note.</source>
        <translation>Zitierende Arbeit gefunden: „%1“ (%2). Öffnen, um den Verweis zu prüfen, dann übernehmen: der Verweis auf die Arbeit dieses Datensatzes gilt als geprüft, die Kennung der zitierenden Arbeit kommt in die Notiz.</translation>
    </message>
    <message>
        <source>Valid identifiers nearest to “%1”:</source>
        <translation>Gültige Kennungen, die „%1“ am nächsten sind:</translation>
    </message>
    <message>
        <source>A clear match for the cited title (✓); 1 or Enter accepts it.</source>
        <translation>Ein eindeutiger Treffer für den zitierten Titel (✓); 1 oder Eingabe übernimmt ihn.</translation>
    </message>
    <message>
        <source>Works whose titles are near the cited title; none is a clear match.</source>
        <translation>Werke mit Titeln nahe am zitierten Titel; keines ist ein eindeutiger Treffer.</translation>
    </message>
    <message>
        <source> · the citing paper</source>
        <comment>after the candidate&apos;s id</comment>
        <translation> · die zitierende Arbeit</translation>
    </message>
    <message>
        <source> · clear match</source>
        <comment>after the candidate&apos;s id</comment>
        <translation> · eindeutiger Treffer</translation>
    </message>
    <message>
        <source>%1 ✓</source>
        <comment>a candidate&apos;s number, a clear match</comment>
        <translation>%1 ✓</translation>
    </message>
    <message>
        <source>A clear match: its score is high and well above the next.</source>
        <translation>Ein eindeutiger Treffer: sein Wert ist hoch und deutlich über dem nächsten.</translation>
    </message>
    <message>
        <source>O&amp;pen Citing Paper</source>
        <translation>Zitierende Arbeit ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Open %1 in the web browser</source>
        <translation>%1 im Webbrowser öffnen</translation>
    </message>
    <message>
        <source>title %1% similar</source>
        <translation>Titel zu %1 % ähnlich</translation>
    </message>
    <message>
        <source>edit distance %1 from the identifier given</source>
        <translation>Editierabstand %1 zur angegebenen Kennung</translation>
    </message>
    <message>
        <source>missing: %1</source>
        <translation>fehlt: %1</translation>
    </message>
    <message>
        <source>extra: %1</source>
        <translation>zusätzlich: %1</translation>
    </message>
    <message>
        <source>year %1 matches</source>
        <translation>Jahr %1 stimmt</translation>
    </message>
    <message>
        <source>year %1 differs</source>
        <translation>Jahr %1 weicht ab</translation>
    </message>
    <message>
        <source>authors match</source>
        <translation>Autoren stimmen</translation>
    </message>
    <message>
        <source>authors differ</source>
        <translation>Autoren weichen ab</translation>
    </message>
    <message>
        <source>authors %1% match</source>
        <translation>Autoren zu %1 % gleich</translation>
    </message>
    <message>
        <source>Chosen candidate</source>
        <translation>Gewählter Kandidat</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <comment>a candidate&apos;s number and title</comment>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Score %1</source>
        <comment>a candidate&apos;s score, 0 to 100</comment>
        <translation>Wert %1</translation>
    </message>
    <message>
        <source>, a clear match</source>
        <comment>after the score</comment>
        <translation>, ein eindeutiger Treffer</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>Übernehmen</translation>
    </message>
    <message>
        <source>None of the&amp;m</source>
        <translation>Keiner der Vors&amp;chläge</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SummaryBar</name>
    <message>
        <source>Resolution states</source>
        <translation>Auflösungsstatus</translation>
    </message>
    <message>
        <source>No observations</source>
        <translation>Keine Beobachtungen</translation>
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
        <translation>1 Beobachtung: %1</translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1: %2 von %3</translation>
    </message>
    <message numerus="yes">
        <source>%Ln observations: %1</source>
        <translation>
            <numerusform>%Ln Beobachtung: %1</numerusform>
            <numerusform>%Ln Beobachtungen: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SyncController</name>
    <message>
        <source>the keyring did not answer within %1 seconds</source>
        <translation>der Schlüsselbund hat nicht innerhalb von %1 Sekunden geantwortet</translation>
    </message>
    <message>
        <source>This is not a valid URL.</source>
        <translation>Dies ist keine gültige URL.</translation>
    </message>
    <message>
        <source>The URL must start with http:// or https://.</source>
        <translation>Die URL muss mit http:// oder https:// beginnen.</translation>
    </message>
    <message>
        <source>The URL names no host.</source>
        <translation>Die URL nennt keinen Host.</translation>
    </message>
    <message>
        <source>The URL must not have a query (?...) or a fragment (#...).</source>
        <translation>Die URL darf keine Abfrage (?...) und kein Fragment (#...) enthalten.</translation>
    </message>
    <message>
        <source>no system keyring is available</source>
        <translation>kein Schlüsselbund im System verfügbar</translation>
    </message>
    <message>
        <source>cannot create the folder of %1</source>
        <translation>der Ordner von %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>The token could not be stored (it is kept until the app quits): %1</source>
        <translation>Das Token konnte nicht gespeichert werden (es bleibt bis zum Beenden der App erhalten): %1</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SyncSettingsDialog</name>
    <message>
        <source>Sync Settings</source>
        <translation>Synchronisationseinstellungen</translation>
    </message>
    <message>
        <source>https://ledger.example.org</source>
        <translation>https://ledger.example.org</translation>
    </message>
    <message>
        <source>The token printed by &quot;ledger-server token add&quot;</source>
        <translation>Das von „ledger-server token add“ ausgegebene Token</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source> min</source>
        <translation> Min.</translation>
    </message>
    <message>
        <source>Sync every so many minutes while the app is open (0: only when you ask).</source>
        <translation>Alle so viele Minuten synchronisieren, solange die App geöffnet ist (0: nur auf Anforderung).</translation>
    </message>
    <message>
        <source>&amp;Test Connection</source>
        <translation>Verbindung &amp;testen</translation>
    </message>
    <message>
        <source>&amp;Server URL:</source>
        <translation>&amp;Server-URL:</translation>
    </message>
    <message>
        <source>T&amp;oken:</source>
        <translation>T&amp;oken:</translation>
    </message>
    <message>
        <source>Sync &amp;every:</source>
        <translation>Synchronisieren &amp;alle:</translation>
    </message>
    <message>
        <source>Looking for the system keyring...</source>
        <translation>Schlüsselbund des Systems wird gesucht …</translation>
    </message>
    <message>
        <source>The token is stored in the system keyring.</source>
        <translation>Das Token ist im Schlüsselbund des Systems gespeichert.</translation>
    </message>
    <message>
        <source>No system keyring is available: the token is stored in a file readable only by you, %1.</source>
        <translation>Kein Schlüsselbund im System verfügbar: Das Token ist in einer nur für Sie lesbaren Datei gespeichert, %1.</translation>
    </message>
    <message>
        <source>The keyring said: %1</source>
        <translation>Der Schlüsselbund meldete: %1</translation>
    </message>
    <message>
        <source>The token is never written to the settings file.</source>
        <translation>Das Token wird nie in die Einstellungsdatei geschrieben.</translation>
    </message>
    <message>
        <source>Connecting...</source>
        <translation>Verbindung wird aufgebaut …</translation>
    </message>
    <message>
        <source>Cannot reach %1: %2</source>
        <translation>%1 ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>%1 is not a ledger-server (HTTP %2).</source>
        <translation>%1 ist kein ledger-server (HTTP %2).</translation>
    </message>
    <message>
        <source>The server answers (ledger-server %1), but no token is entered.</source>
        <translation>Der Server antwortet (ledger-server %1), aber es ist kein Token eingegeben.</translation>
    </message>
    <message>
        <source>The server answers (ledger-server %1), but refused the token: %2</source>
        <translation>Der Server antwortet (ledger-server %1), hat das Token aber abgelehnt: %2</translation>
    </message>
    <message>
        <source>The server answers (ledger-server %1), but listing the records failed: %2</source>
        <translation>Der Server antwortet (ledger-server %1), aber das Auflisten der Datensätze ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Connected to ledger-server %1; the token is accepted; 1 record on the server.</source>
        <translation>Verbunden mit ledger-server %1; das Token wird akzeptiert; 1 Datensatz auf dem Server.</translation>
    </message>
    <message numerus="yes">
        <source>Connected to ledger-server %1; the token is accepted; %Ln records on the server.</source>
        <translation>
            <numerusform>Verbunden mit ledger-server %1; das Token wird akzeptiert; %Ln Datensatz auf dem Server.</numerusform>
            <numerusform>Verbunden mit ledger-server %1; das Token wird akzeptiert; %Ln Datensätze auf dem Server.</numerusform>
        </translation>
    </message>
    <message>
        <source>Connection test result</source>
        <translation>Ergebnis des Verbindungstests</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SyncStatus</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the sync; what it completed is kept, the rest follows next time</source>
        <translation>Die Synchronisation anhalten; Erledigtes bleibt erhalten, der Rest folgt beim nächsten Mal</translation>
    </message>
    <message>
        <source>The token is stored in the system keyring.</source>
        <translation>Das Token ist im Schlüsselbund des Systems gespeichert.</translation>
    </message>
    <message>
        <source>No system keyring: the token is stored in %1, readable only by you.</source>
        <translation>Kein Schlüsselbund im System: Das Token ist in %1 gespeichert und nur für Sie lesbar.</translation>
    </message>
    <message>
        <source>Syncing...</source>
        <translation>Synchronisiere …</translation>
    </message>
    <message>
        <source>Sending %L1 of %L2</source>
        <translation>Sende %L1 von %L2</translation>
    </message>
    <message>
        <source>Records %L1 of %L2</source>
        <translation>Datensätze %L1 von %L2</translation>
    </message>
    <message>
        <source>Corrections %L1 of %L2</source>
        <translation>Korrekturen %L1 von %L2</translation>
    </message>
    <message>
        <source>1 correction waiting</source>
        <translation>1 Korrektur wartet</translation>
    </message>
    <message numerus="yes">
        <source>%Ln corrections waiting</source>
        <translation>
            <numerusform>%Ln Korrektur wartet</numerusform>
            <numerusform>%Ln Korrekturen warten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln refused</source>
        <translation>
            <numerusform>%Ln abgelehnt</numerusform>
            <numerusform>%Ln abgelehnt</numerusform>
        </translation>
    </message>
    <message>
        <source>Last sync %1 · %2</source>
        <translation>Letzte Synchronisation %1 · %2</translation>
    </message>
    <message>
        <source>Never synced · %1</source>
        <translation>Nie synchronisiert · %1</translation>
    </message>
    <message>
        <source>No server is set up: Sync &gt; Sync Settings.</source>
        <translation>Kein Server eingerichtet: Synchronisation &gt; Synchronisationseinstellungen.</translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation>Server: %1</translation>
    </message>
    <message>
        <source>Last sync: %1</source>
        <translation>Letzte Synchronisation: %1</translation>
    </message>
    <message numerus="yes">
        <source>Syncs every %Ln minute(s).</source>
        <translation>
            <numerusform>Synchronisiert alle %Ln Minute.</numerusform>
            <numerusform>Synchronisiert alle %Ln Minuten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Refused by the server (they stay in the outbox):</source>
        <translation>Vom Server abgelehnt (bleiben im Postausgang):</translation>
    </message>
    <message>
        <source>%1 of observation %2 (arXiv:%3): HTTP %4: %5</source>
        <translation>%1 der Beobachtung %2 (arXiv:%3): HTTP %4: %5</translation>
    </message>
    <message>
        <source>Synced: %L1 sent, %L2 received, records updated: %L3.</source>
        <translation>Synchronisiert: %L1 gesendet, %L2 empfangen, Datensätze aktualisiert: %L3.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln record(s) kept as cached: the cache holds a newer page.</source>
        <translation>
            <numerusform>%Ln Datensatz wie im Cache belassen: Der Cache enthält eine neuere Seite.</numerusform>
            <numerusform>%Ln Datensätze wie im Cache belassen: Der Cache enthält eine neuere Seite.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The server refused %Ln correction(s); they stay in the outbox and are tried again with each sync. The others went through.</source>
        <translation>
            <numerusform>Der Server hat %Ln Korrektur abgelehnt; sie bleibt im Postausgang und wird bei jeder Synchronisierung erneut versucht. Die anderen wurden übertragen.</numerusform>
            <numerusform>Der Server hat %Ln Korrekturen abgelehnt; sie bleiben im Postausgang und werden bei jeder Synchronisierung erneut versucht. Die anderen wurden übertragen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Sync cancelled: what it completed is kept, the rest follows next time.</source>
        <translation>Synchronisation abgebrochen: Erledigtes bleibt erhalten, der Rest folgt beim nächsten Mal.</translation>
    </message>
    <message>
        <source>Automatic sync failed: %1</source>
        <translation>Automatische Synchronisation fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>The sync did not complete:
%1</source>
        <translation>Die Synchronisation wurde nicht abgeschlossen:
%1</translation>
    </message>
    <message>
        <source>Check the token in Sync &gt; Sync Settings.</source>
        <translation>Prüfen Sie das Token unter Synchronisation &gt; Synchronisationseinstellungen.</translation>
    </message>
    <message>
        <source>1 correction waits in the outbox and goes out with the next sync.</source>
        <translation>1 Korrektur wartet im Postausgang und geht mit der nächsten Synchronisation hinaus.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln corrections wait in the outbox and go out with the next sync.</source>
        <translation>
            <numerusform>%Ln Korrektur wartet im Postausgang und geht mit der nächsten Synchronisation hinaus.</numerusform>
            <numerusform>%Ln Korrekturen warten im Postausgang und gehen mit der nächsten Synchronisation hinaus.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>This computer&apos;s clock is off: corrections are timed by the server&apos;s clock (%Ln re-timed).</source>
        <translation>
            <numerusform>Die Uhr dieses Computers geht falsch: Korrekturen erhalten die Zeit des Servers (%Ln neu datiert).</numerusform>
            <numerusform>Die Uhr dieses Computers geht falsch: Korrekturen erhalten die Zeit des Servers (%Ln neu datiert).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln event(s) by %1 failed the signature check and were not applied. They are kept aside in the cache for inspection.</source>
        <translation>
            <numerusform>%Ln Ereignis von %1 hat die Signaturprüfung nicht bestanden und wurde nicht übernommen. Es wird zur Prüfung im Cache beiseitegelegt.</numerusform>
            <numerusform>%Ln Ereignisse von %1 haben die Signaturprüfung nicht bestanden und wurden nicht übernommen. Sie werden zur Prüfung im Cache beiseitegelegt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Notices: %L1 sent, %L2 received.</source>
        <translation>Hinweise: %L1 gesendet, %L2 empfangen.</translation>
    </message>
    <message>
        <source>Notices not exchanged: %1</source>
        <translation>Hinweise nicht ausgetauscht: %1</translation>
    </message>
    <message numerus="yes">
        <source>Not everything was sent: %Ln correction(s) and %1 still wait in the outbox.</source>
        <translation>
            <numerusform>Nicht alles wurde gesendet: %Ln Korrektur und %1 warten noch im Postausgang.</numerusform>
            <numerusform>Nicht alles wurde gesendet: %Ln Korrekturen und %1 warten noch im Postausgang.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln notice(s)</source>
        <translation>
            <numerusform>%Ln Mitteilung</numerusform>
            <numerusform>%Ln Mitteilungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln record(s) removed here not fetched again.</source>
        <translation>
            <numerusform>%Ln hier entfernter Eintrag nicht erneut geholt.</numerusform>
            <numerusform>%Ln hier entfernte Einträge nicht erneut geholt.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server holds no event at %1 (deleted from its database?). Whatever was there is not in this cache; the sync went on without it. Tell the server&apos;s administrator.</source>
        <translation>Der Server hat kein Ereignis bei %1 (aus seiner Datenbank gelöscht?). Was dort war, ist nicht in diesem Cache; die Synchronisierung ging ohne es weiter. Sagen Sie es der Administration des Servers.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln notice(s) imported by %1 failed the signature check and were not applied; this cache keeps the version it held. They are kept aside in the cache for inspection.</source>
        <translation>
            <numerusform>%Ln Hinweis, importiert von %1, hat die Signaturprüfung nicht bestanden und wurde nicht übernommen; dieser Cache behält die Fassung, die er hatte. Er wird im Cache zur Prüfung beiseitegelegt.</numerusform>
            <numerusform>%Ln Hinweise, importiert von %1, haben die Signaturprüfung nicht bestanden und wurden nicht übernommen; dieser Cache behält die Fassung, die er hatte. Sie werden im Cache zur Prüfung beiseitegelegt.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::WorksImport</name>
    <message>
        <source>Import Works List</source>
        <translation>Werkliste importieren</translation>
    </message>
    <message>
        <source>Works lists (*.jsonl *.json *.csv);;arXiv metadata snapshot (*.jsonl *.json);;CSV works list (*.csv);;All files (*)</source>
        <translation>Werklisten (*.jsonl *.json *.csv);;arXiv-Metadaten-Snapshot (*.jsonl *.json);;CSV-Werkliste (*.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Works list not imported</source>
        <translation>Werkliste nicht importiert</translation>
    </message>
    <message>
        <source>%1: the format is not known from the file&apos;s name. Name the arXiv metadata snapshot .jsonl (or .json) and a CSV works list .csv, or import it with `ledger-curator works import --format arxiv-jsonl|csv FILE`.</source>
        <translation>%1: das Format geht aus dem Dateinamen nicht hervor. Den arXiv-Metadaten-Snapshot .jsonl (oder .json) und eine CSV-Werkliste .csv nennen, oder mit `ledger-curator works import --format arxiv-jsonl|csv DATEI` importieren.</translation>
    </message>
    <message>
        <source>Importing the works list %1...</source>
        <translation>Werkliste %1 wird importiert …</translation>
    </message>
    <message>
        <source>%1: nothing was imported:
%2</source>
        <translation>%1: nichts wurde importiert:
%2</translation>
    </message>
    <message>
        <source>Works import stopped</source>
        <translation>Werkimport angehalten</translation>
    </message>
    <message>
        <source>Works list imported</source>
        <translation>Werkliste importiert</translation>
    </message>
    <message>
        <source>Stopped after %L1 works of %2. Nothing of it is searched yet; importing the same file again goes on from where it stopped.</source>
        <translation>Nach %L1 Werken aus %2 angehalten. Davon wird noch nichts durchsucht; ein erneuter Import derselben Datei macht dort weiter, wo er stehen blieb.</translation>
    </message>
    <message>
        <source>%L1 works of %2 are in the works index (%L3 lines read).</source>
        <translation>%L1 Werke aus %2 sind im Werkverzeichnis (%L3 Zeilen gelesen).</translation>
    </message>
    <message>
        <source>Went on from line %L1, where an earlier import stopped.</source>
        <translation>Ab Zeile %L1 fortgesetzt, wo ein früherer Import stehen blieb.</translation>
    </message>
    <message numerus="yes">
        <source>Lines skipped: %Ln</source>
        <translation>
            <numerusform>Übersprungene Zeilen: %Ln</numerusform>
            <numerusform>Übersprungene Zeilen: %Ln</numerusform>
        </translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>Zeile %1: %2</translation>
    </message>
    <message>
        <source>and %L1 more.</source>
        <translation>und %L1 weitere.</translation>
    </message>
</context>
<context>
    <name>Orcid</name>
    <message>
        <source>the ORCID iD is empty</source>
        <translation>die ORCID iD ist leer</translation>
    </message>
    <message>
        <source>%1 is not an ORCID iD: an address must be https://orcid.org/ followed by the iD</source>
        <translation>%1 ist keine ORCID iD: Eine Adresse muss https://orcid.org/ gefolgt von der iD sein</translation>
    </message>
    <message>
        <source>%1 is not an ORCID iD: expected four groups of four digits joined by hyphens, as in 0000-0002-1825-0097</source>
        <translation>%1 ist keine ORCID iD: erwartet werden vier Gruppen aus vier Ziffern, durch Bindestriche verbunden, etwa 0000-0002-1825-0097</translation>
    </message>
    <message>
        <source>group %1 of %2 has %3 characters, not 4</source>
        <translation>Gruppe %1 von %2 hat %3 Zeichen statt 4</translation>
    </message>
    <message>
        <source>the last character of %1 must be a digit or X, found %2</source>
        <translation>das letzte Zeichen von %1 muss eine Ziffer oder X sein, gefunden: %2</translation>
    </message>
    <message>
        <source>%1 has %2 where a digit belongs (character %3)</source>
        <translation>%1 hat %2, wo eine Ziffer stehen muss (Zeichen %3)</translation>
    </message>
    <message>
        <source>the check digit of %1 is wrong: the first fifteen digits give %2, not %3 (a digit mistyped or two swapped?)</source>
        <translation>die Prüfziffer von %1 ist falsch: Die ersten fünfzehn Ziffern ergeben %2, nicht %3 (eine Ziffer vertippt oder zwei vertauscht?)</translation>
    </message>
</context>
<context>
    <name>PdfExport</name>
    <message>
        <source>the PDF export needs a QGuiApplication (for fonts)</source>
        <translation>der PDF-Export braucht eine QGuiApplication (für Schriften)</translation>
    </message>
    <message>
        <source>the PDF export writes A4 or Letter pages</source>
        <translation>der PDF-Export schreibt A4- oder Letter-Seiten</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1: cannot start the PDF</source>
        <translation>%1: das PDF kann nicht begonnen werden</translation>
    </message>
    <message>
        <source>a write failed (the disk may be full, or a limit on file sizes was reached)</source>
        <translation>ein Schreibvorgang ist fehlgeschlagen (der Datenträger ist vielleicht voll oder eine Grenze für Dateigrößen erreicht)</translation>
    </message>
    <message>
        <source>%1: cannot add page %2</source>
        <translation>%1: Seite %2 kann nicht hinzugefügt werden</translation>
    </message>
    <message>
        <source>%1: the page cannot be laid out: observations %2 to %3 of the page take more than %4 pages</source>
        <translation>%1: die Seite kann nicht gesetzt werden: die Beobachtungen %2 bis %3 der Seite brauchen mehr als %4 Seiten</translation>
    </message>
    <message>
        <source>%1: the page was laid out differently the second time</source>
        <translation>%1: die Seite wurde beim zweiten Mal anders gesetzt</translation>
    </message>
    <message>
        <source>%1: the PDF would be larger than 2 GB, more than the PDF writer can address</source>
        <translation>%1: das PDF würde größer als 2 GB, mehr als der PDF-Schreiber adressieren kann</translation>
    </message>
    <message>
        <source>%1: this is a file of the cache that is open; it is not overwritten</source>
        <translation>%1: Dies ist eine Datei des geöffneten Caches; sie wird nicht überschrieben</translation>
    </message>
</context>
<context>
    <name>TextHygiene</name>
    <message>
        <source>contains the control character %1 at position %2</source>
        <translation>enthält das Steuerzeichen %1 an Position %2</translation>
    </message>
    <message>
        <source>contains a lone surrogate %1 at position %2</source>
        <translation>enthält ein einzelnes Surrogat %1 an Position %2</translation>
    </message>
    <message>
        <source>contains the noncharacter %1 at position %2</source>
        <translation>enthält das Nichtzeichen %1 an Position %2</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>The cache file.</source>
        <translation>Die Cache-Datei.</translation>
    </message>
    <message>
        <source>Ledger Curator</source>
        <translation>Ledger Curator</translation>
    </message>
    <message>
        <source>The cache could not be opened:
%1</source>
        <translation>Der Cache konnte nicht geöffnet werden:
%1</translation>
    </message>
    <message>
        <source>Curate Paper Citation Records. Without a subcommand, opens the window on the cache, importing and showing each FILE named (ledger page text or record JSON), as File &gt; Import does.

Subcommands (ledger-curator SUBCOMMAND --help describes one): %1.</source>
        <translation>Zitationsdatensätze von Artikeln kuratieren. Ohne Unterbefehl öffnet sich das Fenster auf dem Cache und importiert und zeigt jede genannte DATEI (Ledger-Seite als Text oder Datensatz als JSON), wie Datei &gt; Importieren.

Unterbefehle (ledger-curator UNTERBEFEHL --help beschreibt einen): %1.</translation>
    </message>
    <message>
        <source>A ledger page (.txt) or record JSON (.json) to import and show.</source>
        <translation>Eine Ledger-Seite (.txt) oder ein Datensatz als JSON (.json) zum Importieren und Anzeigen.</translation>
    </message>
    <message>
        <source>Try &apos;ledger-curator --help&apos;.</source>
        <translation>Versuchen Sie „ledger-curator --help“.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is a subcommand: name it first, as in &apos;ledger-curator %1 ... --db PATH&apos;</source>
        <translation>„%1“ ist ein Unterbefehl: Nennen Sie ihn zuerst, wie in „ledger-curator %1 ... --db PFAD“</translation>
    </message>
    <message>
        <source>%1: is a folder, not a file</source>
        <translation>%1: ist ein Ordner, keine Datei</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1: keine solche Datei</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is neither a subcommand nor a file; the subcommands are %2</source>
        <translation>„%1“ ist weder ein Unterbefehl noch eine Datei; die Unterbefehle sind %2</translation>
    </message>
    <message>
        <source>%1: the folder %2 does not exist; nothing was created</source>
        <translation>%1: Der Ordner %2 existiert nicht; es wurde nichts angelegt</translation>
    </message>
</context>
</TS>
