<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AnomalyHints</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <comment>reference numbers</comment>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same citing paper “%1” appears on %n observations, none with a reference number.</source>
        <translation>
            <numerusform>The same citing paper “%1” appears on %n observation, with no reference number.</numerusform>
            <numerusform>The same citing paper “%1” appears on %n observations, none with a reference number.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same cited work “%1” appears on %n observations, none with a reference number.</source>
        <translation>
            <numerusform>The same cited work “%1” appears on %n observation, with no reference number.</numerusform>
            <numerusform>The same cited work “%1” appears on %n observations, none with a reference number.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same citing paper “%1” appears on %n observations, both with reference %2: likely a duplicate.</source>
        <translation>
            <numerusform>The same citing paper “%1” appears on %n observation, with reference %2.</numerusform>
            <numerusform>The same citing paper “%1” appears on %n observations, both with reference %2: likely a duplicate.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same cited work “%1” appears on %n observations, both with reference %2: likely a duplicate.</source>
        <translation>
            <numerusform>The same cited work “%1” appears on %n observation, with reference %2.</numerusform>
            <numerusform>The same cited work “%1” appears on %n observations, both with reference %2: likely a duplicate.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same citing paper “%1” appears on %n observations, all with reference %2: likely a duplicate.</source>
        <translation>
            <numerusform>The same citing paper “%1” appears on %n observation, with reference %2.</numerusform>
            <numerusform>The same citing paper “%1” appears on %n observations, all with reference %2: likely a duplicate.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same cited work “%1” appears on %n observations, all with reference %2: likely a duplicate.</source>
        <translation>
            <numerusform>The same cited work “%1” appears on %n observation, with reference %2.</numerusform>
            <numerusform>The same cited work “%1” appears on %n observations, all with reference %2: likely a duplicate.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same citing paper “%1” appears on %n observations, with references %2: likely a duplicate.</source>
        <translation>
            <numerusform>The same citing paper “%1” appears on %n observation, with reference %2.</numerusform>
            <numerusform>The same citing paper “%1” appears on %n observations, with references %2: likely a duplicate.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same cited work “%1” appears on %n observations, with references %2: likely a duplicate.</source>
        <translation>
            <numerusform>The same cited work “%1” appears on %n observation, with reference %2.</numerusform>
            <numerusform>The same cited work “%1” appears on %n observations, with references %2: likely a duplicate.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same citing paper “%1” appears on %n observations, with references %2.</source>
        <translation>
            <numerusform>The same citing paper “%1” appears on %n observation, with reference %2.</numerusform>
            <numerusform>The same citing paper “%1” appears on %n observations, with references %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The same cited work “%1” appears on %n observations, with references %2.</source>
        <translation>
            <numerusform>The same cited work “%1” appears on %n observation, with reference %2.</numerusform>
            <numerusform>The same cited work “%1” appears on %n observations, with references %2.</numerusform>
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
            <numerusform>%n inbound observation</numerusform>
            <numerusform>%n inbound observations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n inbound observations</source>
        <translation>
            <numerusform>%n inbound observation</numerusform>
            <numerusform>%n inbound observations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Attention</name>
    <message numerus="yes">
        <source>%Ln in a problem state</source>
        <translation>
            <numerusform>%Ln in a problem state</numerusform>
            <numerusform>%Ln in a problem state</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln with conflicting corrections</source>
        <translation>
            <numerusform>%Ln with conflicting corrections</numerusform>
            <numerusform>%Ln with conflicting corrections</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln with anomaly hints</source>
        <translation>
            <numerusform>%Ln with anomaly hints</numerusform>
            <numerusform>%Ln with anomaly hints</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln with an unreviewed notice</source>
        <translation>
            <numerusform>%Ln with an unreviewed notice</numerusform>
            <numerusform>%Ln with an unreviewed notice</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln need attention: %1.</source>
        <translation>
            <numerusform>%Ln needs attention: %1.</numerusform>
            <numerusform>%Ln need attention: %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BatchEdit</name>
    <message numerus="yes">
        <source>%1 on %n observations</source>
        <comment>field on N observations</comment>
        <translation>
            <numerusform>%1 on %n observation</numerusform>
            <numerusform>%1 on %n observations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The notice review leaves %n observations without a notice as is.</source>
        <translation>
            <numerusform>The notice review leaves %n observation without a notice as is.</numerusform>
            <numerusform>The notice review leaves %n observations without a notice as is.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::BatchEditPanel</name>
    <message numerus="yes">
        <source>%Ln observations selected.</source>
        <translation>
            <numerusform>%Ln observation selected.</numerusform>
            <numerusform>%Ln observations selected.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Refused: %1 for %2 and %Ln more: %3</source>
        <translation>
            <numerusform>Refused: %1 for %2 and %Ln more: %3</numerusform>
            <numerusform>Refused: %1 for %2 and %Ln more: %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ClearMatchesDialog</name>
    <message numerus="yes">
        <source>Clear matches among the observations the table shows: %Ln. A clear match is a candidate whose score is high and well above the next. OK records, for each, the candidate&apos;s identifier, the state verified fuzzy and a note, as one step (Ctrl+Z takes it back). Inbound observations are left out: their candidate is the citing paper, to open and check first.</source>
        <translation>
            <numerusform>Clear matches among the observations the table shows: %Ln. A clear match is a candidate whose score is high and well above the next. OK records, for each, the candidate&apos;s identifier, the state verified fuzzy and a note, as one step (Ctrl+Z takes it back). Inbound observations are left out: their candidate is the citing paper, to open and check first.</numerusform>
            <numerusform>Clear matches among the observations the table shows: %Ln. A clear match is a candidate whose score is high and well above the next. OK records, for each, the candidate&apos;s identifier, the state verified fuzzy and a note, as one step (Ctrl+Z takes it back). Inbound observations are left out: their candidate is the citing paper, to open and check first.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Observations shown still being looked at: %Ln. Their clear matches join the list as they come in.</source>
        <translation>
            <numerusform>Observations shown still being looked at: %Ln. Their clear matches join the list as they come in.</numerusform>
            <numerusform>Observations shown still being looked at: %Ln. Their clear matches join the list as they come in.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Accept All (%Ln)</source>
        <translation>
            <numerusform>&amp;Accept All (%Ln)</numerusform>
            <numerusform>&amp;Accept All (%Ln)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::CurationPanel</name>
    <message numerus="yes">
        <source>Set %1 of %Ln observations</source>
        <translation>
            <numerusform>Set %1 of %Ln observation</numerusform>
            <numerusform>Set %1 of %Ln observations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Dismiss hints on %Ln observations</source>
        <translation>
            <numerusform>Dismiss hints on %Ln observation</numerusform>
            <numerusform>Dismiss hints on %Ln observations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::DuplicatesDialog</name>
    <message numerus="yes">
        <source>%Ln observations side by side. Fields that differ are marked ≠ and highlighted. Choose the one to keep and mark the others as its duplicates, or record that they are different observations.</source>
        <translation>
            <numerusform>%Ln observation side by side. Fields that differ are marked ≠ and highlighted. Choose the one to keep and mark the others as its duplicates, or record that they are different observations.</numerusform>
            <numerusform>%Ln observations side by side. Fields that differ are marked ≠ and highlighted. Choose the one to keep and mark the others as its duplicates, or record that they are different observations.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln more of its observations are not compared here.</source>
        <translation>
            <numerusform>%Ln more of its observations is not compared here.</numerusform>
            <numerusform>%Ln more of its observations are not compared here.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mark as Duplicates keeps %1 and marks the %Ln others its duplicates.</source>
        <translation>
            <numerusform>Mark as Duplicates keeps %1 and marks the %Ln other its duplicate.</numerusform>
            <numerusform>Mark as Duplicates keeps %1 and marks the %Ln others its duplicates.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mark %Ln observations as duplicates of %1</source>
        <translation>
            <numerusform>Mark %Ln observation as a duplicate of %1</numerusform>
            <numerusform>Mark %Ln observations as duplicates of %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mark %Ln observations as different</source>
        <translation>
            <numerusform>Mark %Ln observation as different</numerusform>
            <numerusform>Mark %Ln observations as different</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ImportExport</name>
    <message numerus="yes">
        <source>Importing %n file(s)...</source>
        <translation>
            <numerusform>Importing %n file...</numerusform>
            <numerusform>Importing %n files...</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %Ln record(s).</source>
        <translation>
            <numerusform>Imported %Ln record.</numerusform>
            <numerusform>Imported %Ln records.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::MainWindow</name>
    <message numerus="yes">
        <source>Accept clear matches (%Ln)</source>
        <translation>
            <numerusform>Accept clear matches (%Ln)</numerusform>
            <numerusform>Accept clear matches (%Ln)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Accepted clear matches: %Ln (identifier, verified fuzzy and a note on each).</source>
        <translation>
            <numerusform>Accepted clear matches: %Ln (identifier, verified fuzzy and a note on each).</numerusform>
            <numerusform>Accepted clear matches: %Ln (identifier, verified fuzzy and a note on each).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>You typed corrections that are not applied (%Ln observation(s)). Quit anyway and lose them?</source>
        <translation>
            <numerusform>You typed corrections that are not applied (%Ln observation). Quit anyway and lose them?</numerusform>
            <numerusform>You typed corrections that are not applied (%Ln observations). Quit anyway and lose them?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied %Ln observation UUIDs.</source>
        <translation>
            <numerusform>Copied %Ln observation UUID.</numerusform>
            <numerusform>Copied %Ln observation UUIDs.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticeController</name>
    <message numerus="yes">
        <source>%Ln observations of this record cite a retracted work</source>
        <translation>
            <numerusform>%Ln observation of this record cites a retracted work</numerusform>
            <numerusform>%Ln observations of this record cite a retracted work</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln notices not yet reviewed.</source>
        <translation>
            <numerusform>%Ln notice not yet reviewed.</numerusform>
            <numerusform>%Ln notices not yet reviewed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Review %Ln notices as %1</source>
        <translation>
            <numerusform>Review %Ln notice as %1</numerusform>
            <numerusform>Review %Ln notices as %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticeImport</name>
    <message numerus="yes">
        <source>%1 is to be read as the source&apos;s complete list. It no longer names %Ln of the notices the cache lists from that source: importing it marks them withdrawn by the source, and the pages of the records they concern stop showing them.</source>
        <translation>
            <numerusform>%1 is to be read as the source&apos;s complete list. It no longer names %Ln of the notices the cache lists from that source: importing it marks it withdrawn by the source, and the page of the record it concerns stops showing it.</numerusform>
            <numerusform>%1 is to be read as the source&apos;s complete list. It no longer names %Ln of the notices the cache lists from that source: importing it marks them withdrawn by the source, and the pages of the records they concern stop showing them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln of them concern a record&apos;s own paper (its retraction).</source>
        <translation>
            <numerusform>%Ln of them concerns a record&apos;s own paper (its retraction).</numerusform>
            <numerusform>%Ln of them concern a record&apos;s own paper (its retraction).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Withdraw %Ln Notice(s)</source>
        <translation>
            <numerusform>&amp;Withdraw %Ln Notice</numerusform>
            <numerusform>&amp;Withdraw %Ln Notices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln left as they are: last seen in a newer list.</source>
        <translation>
            <numerusform>%Ln left as it is: last seen in a newer list.</numerusform>
            <numerusform>%Ln left as they are: last seen in a newer list.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Withdraw %Ln notice(s) (%1)</source>
        <translation>
            <numerusform>Withdraw %Ln notice (%1)</numerusform>
            <numerusform>Withdraw %Ln notices (%1)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticeReviewModel</name>
    <message numerus="yes">
        <source>%1 (%n observations)</source>
        <translation>
            <numerusform>%1 (%n observation)</numerusform>
            <numerusform>%1 (%n observations)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticeReviewWindow</name>
    <message numerus="yes">
        <source>Record Re&amp;view for %Ln notices</source>
        <translation>
            <numerusform>Record Re&amp;view for %Ln notice</numerusform>
            <numerusform>Record Re&amp;view for %Ln notices</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::NoticesView</name>
    <message numerus="yes">
        <source>%1 of %n notices</source>
        <translation>
            <numerusform>%1 of %n notice</numerusform>
            <numerusform>%1 of %n notices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n rows: a notice has a row for each record it concerns)</source>
        <translation>
            <numerusform> (%n row: a notice has a row for each record it concerns)</numerusform>
            <numerusform> (%n rows: a notice has a row for each record it concerns)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rows exported to %1</source>
        <translation>
            <numerusform>%n row exported to %1</numerusform>
            <numerusform>%n rows exported to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::ObservationTableModel</name>
    <message numerus="yes">
        <source>%n hints</source>
        <translation>
            <numerusform>%n hint</numerusform>
            <numerusform>%n hints</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::RecordRemover</name>
    <message numerus="yes">
        <source>Its %Ln observation(s) are removed from this cache.</source>
        <translation>
            <numerusform>Its %Ln observation is removed from this cache.</numerusform>
            <numerusform>Its %Ln observations are removed from this cache.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Its %Ln correction(s) are kept aside: importing its page again brings them back.</source>
        <translation>
            <numerusform>Its %Ln correction is kept aside: importing its page again brings it back.</numerusform>
            <numerusform>Its %Ln corrections are kept aside: importing its page again brings them back.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln of them not yet sent still go to the server at the next sync.</source>
        <translation>
            <numerusform>%Ln of them not yet sent still goes to the server at the next sync.</numerusform>
            <numerusform>%Ln of them not yet sent still go to the server at the next sync.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Put back arXiv:%1 with its %Ln correction(s).</source>
        <translation>
            <numerusform>Put back arXiv:%1 with its %Ln correction.</numerusform>
            <numerusform>Put back arXiv:%1 with its %Ln corrections.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Removed arXiv:%1 (%Ln observation(s)); its corrections are kept aside (Edit &gt; Undo puts it back).</source>
        <translation>
            <numerusform>Removed arXiv:%1 (%Ln observation); its corrections are kept aside (Edit &gt; Undo puts it back).</numerusform>
            <numerusform>Removed arXiv:%1 (%Ln observations); its corrections are kept aside (Edit &gt; Undo puts it back).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::RecordView</name>
    <message numerus="yes">
        <source>Loading arXiv:%1: the first %Ln observations are shown, %2 in all...</source>
        <translation>
            <numerusform>Loading arXiv:%1: the first %Ln observation is shown, %2 in all...</numerusform>
            <numerusform>Loading arXiv:%1: the first %Ln observations are shown, %2 in all...</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SearchWindow</name>
    <message numerus="yes">
        <source>Nothing matches “%1” in the %Ln cached records.</source>
        <translation>
            <numerusform>Nothing matches “%1” in the %Ln cached record.</numerusform>
            <numerusform>Nothing matches “%1” in the %Ln cached records.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln hits.</source>
        <translation>
            <numerusform>%Ln hit.</numerusform>
            <numerusform>%Ln hits.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SummaryBar</name>
    <message numerus="yes">
        <source>%Ln observations: %1</source>
        <translation>
            <numerusform>%Ln observation: %1</numerusform>
            <numerusform>%Ln observations: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SyncSettingsDialog</name>
    <message numerus="yes">
        <source>Connected to ledger-server %1; the token is accepted; %Ln records on the server.</source>
        <translation>
            <numerusform>Connected to ledger-server %1; the token is accepted; %Ln record on the server.</numerusform>
            <numerusform>Connected to ledger-server %1; the token is accepted; %Ln records on the server.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::SyncStatus</name>
    <message numerus="yes">
        <source>%Ln corrections waiting</source>
        <translation>
            <numerusform>%Ln correction waiting</numerusform>
            <numerusform>%Ln corrections waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln refused</source>
        <translation>
            <numerusform>%Ln refused</numerusform>
            <numerusform>%Ln refused</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Syncs every %Ln minute(s).</source>
        <translation>
            <numerusform>Syncs every minute.</numerusform>
            <numerusform>Syncs every %Ln minutes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln record(s) kept as cached: the cache holds a newer page.</source>
        <translation>
            <numerusform>%Ln record kept as cached: the cache holds a newer page.</numerusform>
            <numerusform>%Ln records kept as cached: the cache holds a newer page.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln record(s) removed here not fetched again.</source>
        <translation>
            <numerusform>%Ln record removed here not fetched again.</numerusform>
            <numerusform>%Ln records removed here not fetched again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>This computer&apos;s clock is off: corrections are timed by the server&apos;s clock (%Ln re-timed).</source>
        <translation>
            <numerusform>This computer&apos;s clock is off: corrections are timed by the server&apos;s clock (%Ln re-timed).</numerusform>
            <numerusform>This computer&apos;s clock is off: corrections are timed by the server&apos;s clock (%Ln re-timed).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln event(s) by %1 failed the signature check and were not applied. They are kept aside in the cache for inspection.</source>
        <translation>
            <numerusform>%Ln event by %1 failed the signature check and was not applied. It is kept aside in the cache for inspection.</numerusform>
            <numerusform>%Ln events by %1 failed the signature check and were not applied. They are kept aside in the cache for inspection.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln notice(s) imported by %1 failed the signature check and were not applied; this cache keeps the version it held. They are kept aside in the cache for inspection.</source>
        <translation>
            <numerusform>%Ln notice imported by %1 failed the signature check and was not applied; this cache keeps the version it held. It is kept aside in the cache for inspection.</numerusform>
            <numerusform>%Ln notices imported by %1 failed the signature check and were not applied; this cache keeps the version it held. They are kept aside in the cache for inspection.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The server refused %Ln correction(s); they stay in the outbox and are tried again with each sync. The others went through.</source>
        <translation>
            <numerusform>The server refused %Ln correction; it stays in the outbox and is tried again with each sync. The others went through.</numerusform>
            <numerusform>The server refused %Ln corrections; they stay in the outbox and are tried again with each sync. The others went through.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not everything was sent: %Ln correction(s) and %1 still wait in the outbox.</source>
        <translation>
            <numerusform>Not everything was sent: %Ln correction and %1 still wait in the outbox.</numerusform>
            <numerusform>Not everything was sent: %Ln corrections and %1 still wait in the outbox.</numerusform>
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
        <source>%Ln corrections wait in the outbox and go out with the next sync.</source>
        <translation>
            <numerusform>%Ln correction waits in the outbox and goes out with the next sync.</numerusform>
            <numerusform>%Ln corrections wait in the outbox and go out with the next sync.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerCurator::WorksImport</name>
    <message numerus="yes">
        <source>Lines skipped: %Ln</source>
        <translation>
            <numerusform>Lines skipped: %Ln</numerusform>
            <numerusform>Lines skipped: %Ln</numerusform>
        </translation>
    </message>
</context>
</TS>
