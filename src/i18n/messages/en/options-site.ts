/**
 * The options page's view of a site's audit (A3, A7): the site's records, whether its chain
 * of audit entries holds and where it breaks, what the site attests of a record, and the
 * export's status line. The labels it shares with the local audit log (Tool, Status, Export
 * JSONL…) are `optionsAudit`'s.
 */
export const optionsSite = {
  // The site's records.
  'list.titleLoading': 'Records on {site}',
  'list.titleEveryone': "Everyone's records on {site}",
  'list.titleMine': 'Your records on {site}',
  'list.userId': 'User id',
  'list.filter': 'Filter',
  'list.page': 'Page {page}',
  'list.pageRecords': { one: 'Page {page}, {count} record', other: 'Page {page}, {count} records' },
  'list.empty': 'No record on the site matches these filters.',
  'list.caption': "The site's audit records, newest first",
  'list.user': 'User',
  'list.changed': 'changed in the database',
  // Whether the chain holds (A7). An entry is a link of the chain, a record what the agent did.
  'chain.checking': "Checking the site's chain of audit entries…",
  'chain.error': 'The site could not check its audit chain: {message}',
  'chain.checkAgain': 'Check again',
  'chain.empty': 'The site holds no audit entries yet; there is nothing to check.',
  'chain.intact': {
    one: "The site's audit is intact: its one entry is in place, and every record matches what the site received.",
    other:
      "The site's audit is intact: all {count} entries are linked, and every record matches what the site received.",
  },
  'chain.brokenAt':
    "The site's audit has been tampered with: its chain of entries breaks at entry {entry}. Records from there on cannot be relied on as evidence.",
  'chain.broken':
    "The site's audit has been tampered with: its chain of entries breaks. Records from there on cannot be relied on as evidence.",
  // What a break names first, as the subject of the sentences below: an entry of the chain
  // (missing, unlinked, altered, truncated), or a record (changed, deleted, unchained).
  'chain.entry': 'Entry {entry}',
  'chain.entryOfRecord': 'Entry {entry} (record {record})',
  'chain.anEntry': 'An entry',
  'chain.anEntryOfRecord': 'An entry (record {record})',
  'chain.record': 'Record {record}',
  'chain.recordAt': 'Record {record} (entry {entry})',
  'chain.aRecord': 'A record',
  'chain.aRecordAt': 'A record (entry {entry})',
  // One break of the chain, each a whole sentence about its subject.
  'chain.missing': '{subject} is missing: it was deleted from the database.',
  'chain.unlinked':
    '{subject} does not follow the entry before it: an entry before it was removed or changed.',
  'chain.altered': '{subject} was changed in the database after the site wrote it.',
  'chain.truncated':
    '{subject} and the entries after it are missing: the end of the chain was deleted.',
  'chain.changed': '{subject} was changed in the database after the site received it.',
  'chain.deleted': '{subject} was deleted from the database (not by the retention setting).',
  'chain.unchained':
    '{subject} is in the database but not in the chain: it was put there by hand, not received by the site.',
  // The export's status line, and what the export's chain header says.
  'export.exporting': 'Exporting…',
  'export.done': { one: 'Exported {count} record.', other: 'Exported {count} records.' },
  'export.chainUnknown':
    'The site did not say whether its audit chain holds, so this file cannot be vouched for.',
  'export.chainIntact': {
    one: 'The site checked its audit chain: intact ({count} entry).',
    other: 'The site checked its audit chain: intact ({count} entries).',
  },
  'export.chainBrokenAt':
    "Warning: the site's audit chain is broken at entry {entry}; this file holds what the database holds now, which may have been tampered with.",
  'export.chainBroken':
    "Warning: the site's audit chain is broken; this file holds what the database holds now, which may have been tampered with.",
  // Who vouches for a record's facts (A7).
  'attest.title': 'Who vouches for this record',
  'attest.none':
    "This site's plugin does not attest its records: everything below is what the browser reported.",
  'attest.seenBySite': 'Seen by the site',
  'attest.reportedByBrowser': 'Reported by the browser (the site did not see these)',
  'attest.decidedBy': 'Decided by',
  'attest.created': 'Created',
  'attest.steps': 'Steps',
  'attest.step': '{status} {when}',
  'attest.sentBy': 'Sent by',
  'attest.received': 'Received',
  'attest.lastReceived': 'Last version received',
  'attest.decidedOnSite': 'Decided on the site',
  'attest.decided': '{status} by {person}, {when}',
  'attest.expired': 'Expired: nobody decided in time, {when}',
  'attest.written': 'Written',
  'attest.writtenBySite': 'by the site itself (the browser reported nothing)',
  // A person as the site names them.
  'person.user': 'user {id}',
  'person.named': '{name} (user {id})',
  'person.withLogin': '{name} ({login}, user {id})',
} as const;
