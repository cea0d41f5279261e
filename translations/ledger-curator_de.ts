<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>LedgerCurator::MainWindow</name>
    <message>
        <location filename="../ui/MainWindow.cpp" line="33"/>
        <location filename="../ui/MainWindow.cpp" line="237"/>
        <source>Ledger Curator</source>
        <translation>Ledger Curator</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="47"/>
        <source>Filter by title, id or state (Ctrl+F)</source>
        <translation>Nach Titel, Kennung oder Status filtern (Strg+F)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="77"/>
        <source>The cache holds no records.
Use File &gt; Import (Ctrl+O) to add a ledger page or a record JSON file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="101"/>
        <source>Loaded the demo ledger page of arXiv:2104.04473.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="109"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="110"/>
        <source>&amp;Import...</source>
        <translation>&amp;Importieren …</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="114"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="117"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="118"/>
        <source>&amp;Filter Observations</source>
        <translation>Beobachtungen &amp;filtern</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="137"/>
        <source>%1
arXiv:%2 v%3 · as of %4
%5 of %6 need attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="172"/>
        <source>Record %1 is no longer in the cache.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="185"/>
        <source>%1 — arXiv:%2 v%3, as of %4
%5 observations: %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="197"/>
        <source>Import Ledger Pages</source>
        <translation>Ledger-Seiten importieren</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="198"/>
        <source>Ledger pages (*.txt *.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="205"/>
        <source>%1: cannot read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="232"/>
        <source>Imported %n record(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ObservationTableModel</name>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="43"/>
        <source>none found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="45"/>
        <source>unavailable</source>
        <translation>nicht verfügbar</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="124"/>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="126"/>
        <source>Citing title</source>
        <translation>Zitierender Titel</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="128"/>
        <source>Ref.</source>
        <translation>Ref.</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="130"/>
        <source>Basis</source>
        <translation>Grundlage</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="132"/>
        <source>Observed</source>
        <translation>Beobachtet</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="134"/>
        <source>Notices</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="136"/>
        <source>Direction</source>
        <translation>Richtung</translation>
    </message>
    <message>
        <location filename="../models/ObservationTableModel.cpp" line="138"/>
        <source>Observation</source>
        <translation>Beobachtung</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/main.cpp" line="43"/>
        <source>Curate Paper Citation Records. Subcommands: import, list, show, render.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="47"/>
        <source>The cache file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="54"/>
        <source>Ledger Curator</source>
        <translation>Ledger Curator</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="55"/>
        <source>The cache could not be opened:
%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
