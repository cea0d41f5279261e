#!/usr/bin/env python3
"""Fills translations/ledger-curator_en.ts (lupdate -pluralonly): the English singular and plural
forms of each message with %n. The plural is the source with "(s)" made "s"; the singular is
written out here; a new message with %n needs its line here.
Usage: scripts/fill-en-plurals.py translations/ledger-curator_en.ts"""
import sys
import xml.etree.ElementTree as ET

SINGULAR = {
 '%1 and %n more': '%1 and %n more',
 'The same citing paper “%1” appears on %n observations, none with a reference number.': 'The same citing paper “%1” appears on %n observation, with no reference number.',
 'The same cited work “%1” appears on %n observations, none with a reference number.': 'The same cited work “%1” appears on %n observation, with no reference number.',
 'The same citing paper “%1” appears on %n observations, both with reference %2: likely a duplicate.': 'The same citing paper “%1” appears on %n observation, with reference %2.',
 'The same cited work “%1” appears on %n observations, both with reference %2: likely a duplicate.': 'The same cited work “%1” appears on %n observation, with reference %2.',
 'The same citing paper “%1” appears on %n observations, all with reference %2: likely a duplicate.': 'The same citing paper “%1” appears on %n observation, with reference %2.',
 'The same cited work “%1” appears on %n observations, all with reference %2: likely a duplicate.': 'The same cited work “%1” appears on %n observation, with reference %2.',
 'The same citing paper “%1” appears on %n observations, with references %2: likely a duplicate.': 'The same citing paper “%1” appears on %n observation, with reference %2.',
 'The same cited work “%1” appears on %n observations, with references %2: likely a duplicate.': 'The same cited work “%1” appears on %n observation, with reference %2.',
 'The same citing paper “%1” appears on %n observations, with references %2.': 'The same citing paper “%1” appears on %n observation, with reference %2.',
 'The same cited work “%1” appears on %n observations, with references %2.': 'The same cited work “%1” appears on %n observation, with reference %2.',
 '%n citation': '%n citation',
 '%n citations': '%n citation',
 '%n inbound observation': '%n inbound observation',
 '%n inbound observations': '%n inbound observation',
 '%Ln in a problem state': '%Ln in a problem state',
 '%Ln with conflicting corrections': '%Ln with conflicting corrections',
 '%Ln with anomaly hints': '%Ln with anomaly hints',
 '%Ln with an unreviewed notice': '%Ln with an unreviewed notice',
 '%Ln need attention: %1.': '%Ln needs attention: %1.',
 '%1 on %n observations': '%1 on %n observation',
 'The notice review leaves %n observations without a notice as is.': 'The notice review leaves %n observation without a notice as is.',
 '%Ln observations selected.': '%Ln observation selected.',
 'Refused: %1 for %2 and %Ln more: %3': 'Refused: %1 for %2 and %Ln more: %3',
 "Clear matches among the observations the table shows: %Ln. A clear match is a candidate whose score is high and well above the next. OK records, for each, the candidate's identifier, the state verified fuzzy and a note, as one step (Ctrl+Z takes it back). Inbound observations are left out: their candidate is the citing paper, to open and check first.": None,
 'Observations shown still being looked at: %Ln. Their clear matches join the list as they come in.': None,
 '&Accept All (%Ln)': None,
 'Set %1 of %Ln observations': 'Set %1 of %Ln observation',
 'Dismiss hints on %Ln observations': 'Dismiss hints on %Ln observation',
 '%Ln observations side by side. Fields that differ are marked ≠ and highlighted. Choose the one to keep and mark the others as its duplicates, or record that they are different observations.': '%Ln observation side by side. Fields that differ are marked ≠ and highlighted. Choose the one to keep and mark the others as its duplicates, or record that they are different observations.',
 '%Ln more of its observations are not compared here.': '%Ln more of its observations is not compared here.',
 'Mark as Duplicates keeps %1 and marks the %Ln others its duplicates.': 'Mark as Duplicates keeps %1 and marks the %Ln other its duplicate.',
 'Mark %Ln observations as duplicates of %1': 'Mark %Ln observation as a duplicate of %1',
 'Mark %Ln observations as different': 'Mark %Ln observation as different',
 'Importing %n file(s)...': 'Importing %n file...',
 'Imported %Ln record(s).': 'Imported %Ln record.',
 'Copied %Ln observation UUIDs.': 'Copied %Ln observation UUID.',
 'Accept clear matches (%Ln)': None,
 'Accepted clear matches: %Ln (identifier, verified fuzzy and a note on each).': None,
 'You typed corrections that are not applied (%Ln observation(s)). Quit anyway and lose them?': 'You typed corrections that are not applied (%Ln observation). Quit anyway and lose them?',
 'Review %Ln notices as %1': 'Review %Ln notice as %1',
 '%Ln observations of this record cite a retracted work': '%Ln observation of this record cites a retracted work',
 '%Ln notices not yet reviewed.': '%Ln notice not yet reviewed.',
 "%1 is to be read as the source's complete list. It no longer names %Ln of the notices the cache lists from that source: importing it marks them withdrawn by the source, and the pages of the records they concern stop showing them.": "%1 is to be read as the source's complete list. It no longer names %Ln of the notices the cache lists from that source: importing it marks it withdrawn by the source, and the page of the record it concerns stops showing it.",
 "%Ln of them concern a record's own paper (its retraction).": "%Ln of them concerns a record's own paper (its retraction).",
 '&Withdraw %Ln Notice(s)': '&Withdraw %Ln Notice',
 '%Ln left as they are: last seen in a newer list.': '%Ln left as it is: last seen in a newer list.',
 'Withdraw %Ln notice(s) (%1)': 'Withdraw %Ln notice (%1)',
 '%1 (%n observations)': '%1 (%n observation)',
 'Record Re&view for %Ln notices': 'Record Re&view for %Ln notice',
 '%1 of %n notices': '%1 of %n notice',
 ' (%n rows: a notice has a row for each record it concerns)': ' (%n row: a notice has a row for each record it concerns)',
 '%n rows exported to %1': '%n row exported to %1',
 '%n hints': '%n hint',
 'Its %Ln observation(s) are removed from this cache.': 'Its %Ln observation is removed from this cache.',
 'Its %Ln correction(s) are kept aside: importing its page again brings them back.': 'Its %Ln correction is kept aside: importing its page again brings it back.',
 '%Ln of them not yet sent still go to the server at the next sync.': '%Ln of them not yet sent still goes to the server at the next sync.',
 'Put back arXiv:%1 with its %Ln correction(s).': 'Put back arXiv:%1 with its %Ln correction.',
 'Removed arXiv:%1 (%Ln observation(s)); its corrections are kept aside (Edit > Undo puts it back).': 'Removed arXiv:%1 (%Ln observation); its corrections are kept aside (Edit > Undo puts it back).',
 'Loading arXiv:%1: the first %Ln observations are shown, %2 in all...': 'Loading arXiv:%1: the first %Ln observation is shown, %2 in all...',
 'Nothing matches “%1” in the %Ln cached records.': 'Nothing matches “%1” in the %Ln cached record.',
 '%Ln hits.': '%Ln hit.',
 '%Ln observations: %1': '%Ln observation: %1',
 'Connected to ledger-server %1; the token is accepted; %Ln records on the server.': 'Connected to ledger-server %1; the token is accepted; %Ln record on the server.',
 '%Ln corrections waiting': '%Ln correction waiting',
 '%Ln refused': '%Ln refused',
 'Syncs every %Ln minute(s).': 'Syncs every minute.',
 '%Ln record(s) kept as cached: the cache holds a newer page.': '%Ln record kept as cached: the cache holds a newer page.',
 'The server refused %Ln correction(s); they stay in the outbox and are tried again with each sync. The others went through.': 'The server refused %Ln correction; it stays in the outbox and is tried again with each sync. The others went through.',
 '%Ln corrections wait in the outbox and go out with the next sync.': '%Ln correction waits in the outbox and goes out with the next sync.',
 "This computer's clock is off: corrections are timed by the server's clock (%Ln re-timed).": None,
 '%Ln event(s) by %1 failed the signature check and were not applied. They are kept aside in the cache for inspection.': '%Ln event by %1 failed the signature check and was not applied. It is kept aside in the cache for inspection.',
 'Not everything was sent: %Ln correction(s) and %1 still wait in the outbox.': 'Not everything was sent: %Ln correction and %1 still wait in the outbox.',
 '%Ln notice(s)': '%Ln notice',
 '%Ln record(s) removed here not fetched again.': '%Ln record removed here not fetched again.',
 '%Ln notice(s) imported by %1 failed the signature check and were not applied; this cache keeps the version it held. They are kept aside in the cache for inspection.': '%Ln notice imported by %1 failed the signature check and was not applied; this cache keeps the version it held. It is kept aside in the cache for inspection.',
 'Lines skipped: %Ln': None,
}

PLURAL_FIX = {
 '%n citation': '%n citations',
 '%n inbound observation': '%n inbound observations',
}

def plural(source):
    if source in PLURAL_FIX:
        return PLURAL_FIX[source]
    return source.replace('(s)', 's')

def main(path):
    tree = ET.parse(path)
    missing = []
    for m in tree.iter('message'):
        if m.get('numerus') != 'yes':
            continue
        source = m.find('source').text
        if source not in SINGULAR:
            missing.append(source)
            continue
        one = SINGULAR[source] if SINGULAR[source] is not None else source
        t = m.find('translation')
        forms = t.findall('numerusform')
        forms[0].text = one
        forms[1].text = plural(source)
        if 'type' in t.attrib:
            del t.attrib['type']
    if missing:
        sys.exit('no English singular for:\n' + '\n'.join(missing))
    tree.write(path, encoding='utf-8', xml_declaration=True)
    # lupdate's own layout (doctype) back on top
    text = open(path, encoding='utf-8').read()
    text = text.replace("<?xml version='1.0' encoding='utf-8'?>\n", '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n', 1)
    open(path, 'w', encoding='utf-8').write(text)

main(sys.argv[1])
