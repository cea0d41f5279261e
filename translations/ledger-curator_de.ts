<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>AnomalyHints</name>
    <message>
        <location filename="../models/AnomalyHints.cpp" line="108"/>
        <source>Reference number %1 looks like a year: the parser may have read a year as the reference number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/AnomalyHints.cpp" line="123"/>
        <source>none</source>
        <comment>a missing reference number in a list</comment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../models/AnomalyHints.cpp" line="128"/>
        <source>%1 and %n more</source>
        <comment>reference numbers</comment>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/AnomalyHints.cpp" line="155"/>
        <source>The same citing paper “%1” appears on %n observations, none with a reference number.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/AnomalyHints.cpp" line="156"/>
        <source>The same cited work “%1” appears on %n observations, none with a reference number.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/AnomalyHints.cpp" line="159"/>
        <source>The same citing paper “%1” appears on %n observations, both with reference %2: likely a duplicate.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/AnomalyHints.cpp" line="160"/>
        <source>The same cited work “%1” appears on %n observations, both with reference %2: likely a duplicate.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/AnomalyHints.cpp" line="163"/>
        <source>The same citing paper “%1” appears on %n observations, all with reference %2: likely a duplicate.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/AnomalyHints.cpp" line="164"/>
        <source>The same cited work “%1” appears on %n observations, all with reference %2: likely a duplicate.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/AnomalyHints.cpp" line="167"/>
        <source>The same citing paper “%1” appears on %n observations, with references %2: likely a duplicate.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/AnomalyHints.cpp" line="168"/>
        <source>The same cited work “%1” appears on %n observations, with references %2: likely a duplicate.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/AnomalyHints.cpp" line="171"/>
        <source>The same citing paper “%1” appears on %n observations, with references %2.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/AnomalyHints.cpp" line="172"/>
        <source>The same cited work “%1” appears on %n observations, with references %2.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/AnomalyHints.cpp" line="188"/>
        <source>%n citation</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/AnomalyHints.cpp" line="189"/>
        <source>%n citations</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/AnomalyHints.cpp" line="196"/>
        <source>%n inbound observation</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/AnomalyHints.cpp" line="197"/>
        <source>%n inbound observations</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/AnomalyHints.cpp" line="203"/>
        <source>%1 measures %2, the page itemizes %3.</source>
        <comment>source, citations, inbound observations</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/AnomalyHints.cpp" line="206"/>
        <source>%1 measures %2 (observed %3), the page itemizes %4.</source>
        <comment>source, citations, timestamp, inbound observations</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LedgerCurator</name>
    <message>
        <location filename="../models/CuratedRecord.cpp" line="245"/>
        <source>unknown state &apos;%1&apos;; expected verified exact, verified fuzzy, unresolved, parse uncertain, malformed identifier or metadata mismatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/CuratedRecord.cpp" line="252"/>
        <source>a basis is one line without commas, such as arxiv_id or doi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/CuratedRecord.cpp" line="262"/>
        <source>a title is one line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/CuratedRecord.cpp" line="269"/>
        <source>a reference number is a whole number such as 12, found &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/CuratedRecord.cpp" line="274"/>
        <source>a note is one line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/CuratedRecord.cpp" line="279"/>
        <source>duplicate-of takes the UUID of another observation, found &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/CuratedRecord.cpp" line="281"/>
        <source>an observation cannot be a duplicate of itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/CuratedRecord.cpp" line="285"/>
        <source>the record has no observation %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/CuratedRecord.cpp" line="294"/>
        <source>excluded takes yes or no, found &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/CuratedRecord.cpp" line="299"/>
        <source>review takes unreviewed, acknowledged, dismissed or escalated, found &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/CuratedRecord.cpp" line="304"/>
        <source>unknown field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PdfExport.cpp" line="59"/>
        <source>Paper Citation Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PdfExport.cpp" line="74"/>
        <source>arXiv:%1 · page %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PdfExport.cpp" line="85"/>
        <source>the PDF export needs a QGuiApplication (for fonts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PdfExport.cpp" line="87"/>
        <source>the PDF export writes A4 or Letter pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PdfExport.cpp" line="102"/>
        <location filename="../models/PdfExport.cpp" line="166"/>
        <source>%1: cannot write: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PdfExport.cpp" line="138"/>
        <source>%1: cannot start the PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PdfExport.cpp" line="145"/>
        <source>%1: cannot add a page</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LedgerCurator::CurationPanel</name>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="36"/>
        <source>&amp;State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="38"/>
        <source>&amp;Basis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="40"/>
        <source>&amp;Identifier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="42"/>
        <source>Citing &amp;title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="44"/>
        <source>&amp;Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="46"/>
        <source>&amp;Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="48"/>
        <source>&amp;Duplicate of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="50"/>
        <source>E&amp;xcluded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="52"/>
        <source>Notice re&amp;view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="102"/>
        <source>Select an observation in the table to see and correct it.

F8 goes to the next observation that needs attention.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="137"/>
        <source>Correction (upstream value on the left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="169"/>
        <source>(not reviewed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="177"/>
        <source>exclude</source>
        <translation>ausschließen</translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="186"/>
        <source>arXiv id or DOI, e.g. 2205.01068 or 10.1234/abc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="188"/>
        <source>UUID of the observation this one repeats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="213"/>
        <source>&amp;Apply</source>
        <translation>&amp;Anwenden</translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="215"/>
        <source>Record the changed fields as one correction (Ctrl+Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="216"/>
        <source>Revert to &amp;upstream</source>
        <translation>Auf &amp;Quelle zurücksetzen</translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="225"/>
        <source>Conflicting corrections</source>
        <translation>Widersprüchliche Korrekturen</translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="230"/>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="235"/>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="235"/>
        <source>Who</source>
        <translation>Wer</translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="235"/>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="235"/>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="235"/>
        <source>To</source>
        <translation>Nach</translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="254"/>
        <location filename="../ui/CurationPanel.cpp" line="259"/>
        <source>(leave as is)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="262"/>
        <source>Set &amp;state of all to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="263"/>
        <source>Set &amp;basis of all to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="265"/>
        <source>&amp;Apply to all</source>
        <translation>Auf alle &amp;anwenden</translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="293"/>
        <source>%1 observations selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="302"/>
        <source>%1
%2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="307"/>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="439"/>
        <source>Not applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="450"/>
        <source>Set %1 of %2 observations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="451"/>
        <source>Correct %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="458"/>
        <source>Recorded: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="478"/>
        <source>Revert to upstream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="483"/>
        <source>Reverted to the upstream values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="500"/>
        <source>(upstream: none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="500"/>
        <source>%1 (upstream)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="524"/>
        <source>%1 was corrected differently by several curators; choose the value to keep:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="530"/>
        <source>Keep “%1” (%2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CurationPanel.cpp" line="537"/>
        <source>Resolve conflict on %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LedgerCurator::CurationSession</name>
    <message>
        <location filename="../models/CurationSession.cpp" line="73"/>
        <source>Record %1 is not in the cache.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/CurationSession.cpp" line="91"/>
        <source>Record %1 is no longer in the cache.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/CurationSession.cpp" line="103"/>
        <location filename="../models/CurationSession.cpp" line="127"/>
        <source>No record is open.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LedgerCurator::MainWindow</name>
    <message>
        <location filename="../ui/MainWindow.cpp" line="57"/>
        <location filename="../ui/MainWindow.cpp" line="561"/>
        <source>Ledger Curator</source>
        <translation>Ledger Curator</translation>
    </message>
    <message>
        <source>Filter by title, id or state (Ctrl+F)</source>
        <translation type="vanished">Nach Titel, Kennung oder Status filtern (Strg+F)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="86"/>
        <source>Loaded the demo ledger page of arXiv:2104.04473.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="120"/>
        <source>Filter by title, UUID, identifier or state (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="131"/>
        <source>Show only observations that are %1 (combine several)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="149"/>
        <source>Both directions</source>
        <translation>Beide Richtungen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="150"/>
        <source>Inbound</source>
        <translation>Eingehend</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="151"/>
        <source>Outbound</source>
        <translation>Ausgehend</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="153"/>
        <source>Needs &amp;attention</source>
        <translation>&amp;Braucht Aufmerksamkeit</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="155"/>
        <source>Unresolved, mismatched, uncertain or malformed observations, conflicts and observations with anomaly hints (Ctrl+Shift+A)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="158"/>
        <source>&amp;Corrected</source>
        <translation>&amp;Korrigiert</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="230"/>
        <source>Correct</source>
        <translation>Korrigieren</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="231"/>
        <source>Page preview</source>
        <translation>Seitenvorschau</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="290"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="291"/>
        <source>&amp;Import...</source>
        <translation>&amp;Importieren …</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="294"/>
        <source>Import ledger page text or record JSON files (also by drag and drop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="295"/>
        <source>&amp;Export PDF...</source>
        <translation>PDF &amp;exportieren …</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="299"/>
        <source>Export PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="301"/>
        <source>PDF files (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="307"/>
        <source>Write the rendered page, every observation included, to a PDF file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="309"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="312"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="313"/>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="316"/>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="322"/>
        <source>&amp;Apply Correction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="326"/>
        <source>Revert to &amp;Upstream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="330"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="331"/>
        <source>&amp;Filter Observations</source>
        <translation>Beobachtungen &amp;filtern</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="336"/>
        <source>Only Observations Needing &amp;Attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="342"/>
        <source>&amp;Clear Filters</source>
        <translation>Filter &amp;löschen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="352"/>
        <source>Page &amp;Preview</source>
        <translation>Seiten&amp;vorschau</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="359"/>
        <source>&amp;Go</source>
        <translation>&amp;Gehe zu</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="360"/>
        <source>&amp;Next Needing Attention</source>
        <translation>&amp;Nächste mit Handlungsbedarf</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="363"/>
        <source>&amp;Previous Needing Attention</source>
        <translation>&amp;Vorherige mit Handlungsbedarf</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="366"/>
        <source>Go to the &amp;Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="368"/>
        <source>Go to the &amp;Correction Panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="375"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="376"/>
        <source>&amp;About Ledger Curator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="377"/>
        <source>About Ledger Curator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="378"/>
        <source>Ledger Curator %1
Curate Paper Citation Records: find, correct and review citation observations.
Licensed under the GNU GPL, version 3 or later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="394"/>
        <source>The cache holds no records.

Use File &gt; Import (Ctrl+O), or drop a ledger page text or record JSON file here, to add one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="419"/>
        <source>Loading arXiv:%1...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="435"/>
        <source>arXiv:%1 could not be loaded:
%2

Try again, or import the page again with File &gt; Import.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="441"/>
        <source>arXiv:%1 is no longer in the cache.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="479"/>
        <source>%1
arXiv:%2 v%3 · as of %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="494"/>
        <source>Showing %1 of %2 observations · %3 need attention · %4 anomaly hints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="544"/>
        <source>Wrapped to the top.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="544"/>
        <source>Wrapped to the bottom.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="547"/>
        <source>No observation in this view needs attention.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="578"/>
        <source>Importing %n file(s)...</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="578"/>
        <location filename="../ui/MainWindow.cpp" line="646"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="602"/>
        <source>Import cancelled; the cache is as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="604"/>
        <source>Nothing was imported:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="616"/>
        <source>Imported %1 record(s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="618"/>
        <source>Imported with warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="619"/>
        <source>The pages state counts that disagree with what they itemize; the stated counts were kept:

%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="646"/>
        <source>Writing %1...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="667"/>
        <source>PDF export cancelled; no file was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="669"/>
        <source>The PDF was not written:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="673"/>
        <source>Exported %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="569"/>
        <source>Import Ledger Pages</source>
        <translation>Ledger-Seiten importieren</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="570"/>
        <source>Ledger pages (*.txt *.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ObservationTableModel</name>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="154"/>
        <source>none found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="156"/>
        <source>unavailable</source>
        <translation>nicht verfügbar</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="244"/>
        <source>conflict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="246"/>
        <source>corrected</source>
        <translation>korrigiert</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="248"/>
        <source>excluded</source>
        <translation>ausgeschlossen</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="254"/>
        <source>1 hint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="254"/>
        <source>%1 hints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="273"/>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="275"/>
        <source>Citing title</source>
        <translation>Zitierender Titel</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="277"/>
        <source>Ref.</source>
        <translation>Ref.</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="279"/>
        <source>Basis</source>
        <translation>Grundlage</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="281"/>
        <source>Observed</source>
        <translation>Beobachtet</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="283"/>
        <source>Notices</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="285"/>
        <source>Curation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="287"/>
        <source>Hints</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="289"/>
        <source>Direction</source>
        <translation>Richtung</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="291"/>
        <source>Observation</source>
        <translation>Beobachtung</translation>
    </message>
</context>
<context>
    <name>LedgerCurator::PageWriter</name>
    <message>
        <location filename="../models/PageHtml.cpp" line="165"/>
        <source>Notes for the librarian:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PageHtml.cpp" line="227"/>
        <source>Showing %1 of %2 inbound observations (page cap).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PageHtml.cpp" line="228"/>
        <source>Showing %1 of %2 inbound observations (page cap); export to PDF for all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PageHtml.cpp" line="233"/>
        <source>The page itself states: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PageHtml.cpp" line="253"/>
        <source>%1 more inbound observations are not itemized on this page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PageHtml.cpp" line="271"/>
        <source>excluded</source>
        <translation>ausgeschlossen</translation>
    </message>
    <message>
        <location filename="../models/PageHtml.cpp" line="274"/>
        <source>curated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PageHtml.cpp" line="283"/>
        <source>Citing:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PageHtml.cpp" line="285"/>
        <source>Cited:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PageHtml.cpp" line="301"/>
        <source>Identifier:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PageHtml.cpp" line="305"/>
        <source>Corrected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PageHtml.cpp" line="308"/>
        <source>Conflicting corrections:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PageHtml.cpp" line="309"/>
        <source>%1. The most recent value is shown; a new correction resolves the conflict.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/PageHtml.cpp" line="317"/>
        <source>Hint:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LedgerCurator::PreviewPane</name>
    <message>
        <location filename="../ui/PreviewPane.cpp" line="37"/>
        <source>Rendered page</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LedgerCurator::RecordListModel</name>
    <message>
        <location filename="../models/RecordListModel.cpp" line="83"/>
        <source>arXiv:%1 v%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/RecordListModel.cpp" line="84"/>
        <source>arXiv:%1 v%2 · as of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/RecordListModel.cpp" line="87"/>
        <source>no observations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/RecordListModel.cpp" line="89"/>
        <source>all %1 resolved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/RecordListModel.cpp" line="91"/>
        <source>%1 of %2 need attention</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LedgerCurator::StateStyle</name>
    <message>
        <location filename="../ui/StateStyle.cpp" line="22"/>
        <source>exact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StateStyle.cpp" line="23"/>
        <source>fuzzy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StateStyle.cpp" line="24"/>
        <source>unresolved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StateStyle.cpp" line="25"/>
        <source>uncertain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StateStyle.cpp" line="26"/>
        <source>malformed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StateStyle.cpp" line="27"/>
        <source>mismatch</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SummaryBar</name>
    <message>
        <location filename="../ui/SummaryBar.cpp" line="102"/>
        <source>Resolution states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SummaryBar.cpp" line="130"/>
        <location filename="../ui/SummaryBar.cpp" line="240"/>
        <location filename="../ui/SummaryBar.cpp" line="258"/>
        <source>No observations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SummaryBar.cpp" line="135"/>
        <location filename="../ui/SummaryBar.cpp" line="170"/>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SummaryBar.cpp" line="137"/>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SummaryBar.cpp" line="138"/>
        <source>1 observation: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SummaryBar.cpp" line="139"/>
        <source>%1 observations: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SummaryBar.cpp" line="357"/>
        <source>%1: %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/main.cpp" line="44"/>
        <source>Curate Paper Citation Records. Subcommands: import, list, show, render.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="48"/>
        <source>The cache file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="55"/>
        <source>Ledger Curator</source>
        <translation>Ledger Curator</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="56"/>
        <source>The cache could not be opened:
%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
