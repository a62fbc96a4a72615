// A7: the options page's words for the site's audit chain and for what the site attests.
import { describe, expect, it } from 'vitest';
import {
  attestedFacts,
  chainSummary,
  exportChainText,
  exportStatusText,
  personOf,
} from '../../src/ui/options/site-audit/site-chain-words';
import type { SiteRecordView } from '../../src/shared/protocols/options-site-audit-view';

describe('chainSummary', () => {
  it('an intact chain says so with its size', () => {
    const s = chainSummary({ intact: true, rows: 3, breaks: [] });
    expect(s.intact).toBe(true);
    expect(s.headline).toBe(
      "The site's audit is intact: all 3 entries are linked, and every record matches what the site received.",
    );
  });
  it('a chain of one entry is said in the singular, and an empty one has nothing to check', () => {
    const one = chainSummary({ intact: true, rows: 1, breaks: [] }).headline;
    expect(one).toContain('its one entry is in place');
    expect(one).not.toMatch(/entries|all 1/);
    expect(chainSummary({ intact: true, rows: 0, breaks: [] }).headline).toBe(
      'The site holds no audit entries yet; there is nothing to check.',
    );
  });
  it('positions are grouped as numbers are', () => {
    const s = chainSummary({
      intact: false,
      rows: 20_000,
      breaks: [{ position: 12_345, recordId: null, problem: 'altered' }],
    });
    expect(s.headline).toContain('breaks at entry 12,345.');
    expect(s.details).toEqual([
      'Entry 12,345 was changed in the database after the site wrote it.',
    ]);
  });
  it('a broken chain names the first position and says what happened, in plain words', () => {
    const s = chainSummary({
      intact: false,
      rows: 5,
      breaks: [
        { position: 2, recordId: 'rec-1', problem: 'changed' },
        { position: 4, recordId: null, problem: 'missing' },
      ],
    });
    expect(s.intact).toBe(false);
    expect(s.headline).toBe(
      "The site's audit has been tampered with: its chain of entries breaks at entry 2. Records from there on cannot be relied on as evidence.",
    );
    expect(s.details[0]).toBe(
      'Record rec-1 (entry 2) was changed in the database after the site received it.',
    );
    expect(s.details[1]).toBe('Entry 4 is missing: it was deleted from the database.');
  });
  it('each break names what it is about first: the record, or the entry and its record', () => {
    const [unchained, deleted, unlinked, truncated] = chainSummary({
      intact: false,
      rows: 5,
      breaks: [
        { position: null, recordId: 'rec-9', problem: 'unchained' },
        { position: null, recordId: null, problem: 'deleted' },
        { position: 3, recordId: 'rec-3', problem: 'unlinked' },
        { position: null, recordId: null, problem: 'truncated' },
      ],
    }).details;
    expect(unchained).toBe(
      'Record rec-9 is in the database but not in the chain: it was put there by hand, not received by the site.',
    );
    expect(deleted).toBe('A record was deleted from the database (not by the retention setting).');
    expect(unlinked).toBe(
      'Entry 3 (record rec-3) does not follow the entry before it: an entry before it was removed or changed.',
    );
    expect(truncated).toBe(
      'An entry and the entries after it are missing: the end of the chain was deleted.',
    );
  });
});

describe('exportChainText', () => {
  it('reads the intact and broken headers, and a missing one', () => {
    expect(exportChainText('intact; entries=3')).toBe(
      'The site checked its audit chain: intact (3 entries).',
    );
    expect(exportChainText('intact; entries=1')).toBe(
      'The site checked its audit chain: intact (1 entry).',
    );
    const broken = exportChainText('broken; entry=2; problem=deleted; breaks=1');
    expect(broken).toBe(
      "Warning: the site's audit chain is broken at entry 2; this file holds what the database holds now, which may have been tampered with. A record (entry 2) was deleted from the database (not by the retention setting).",
    );
    expect(exportChainText('broken; problem=nonsense')).toBe(
      "Warning: the site's audit chain is broken; this file holds what the database holds now, which may have been tampered with.",
    );
    expect(exportChainText(null)).toBe(
      'The site did not say whether its audit chain holds, so this file cannot be vouched for.',
    );
    expect(exportChainText('unknown')).toContain('cannot be vouched for');
  });
  it('the status line counts the records exported, in the singular for one', () => {
    expect(exportStatusText(1, 'intact; entries=1')).toBe(
      'Exported 1 record. The site checked its audit chain: intact (1 entry).',
    );
    expect(exportStatusText(2_500, 'intact; entries=2500')).toBe(
      'Exported 2,500 records. The site checked its audit chain: intact (2,500 entries).',
    );
  });
});

describe('attestedFacts', () => {
  const base = {
    id: 'r1',
    threadId: 't',
    tool: 'wp_update_post',
    status: 'run',
    decidedBy: '1',
    createdAt: 1_000,
    history: [{ status: 'run', at: 1_000, by: '1' }],
    owner: { userId: '3', siteOrigin: 'http://x', displayName: 'Ed' },
  } as unknown as SiteRecordView;
  it('without an attestation everything is the browser’s word', () => {
    expect(attestedFacts(base).every((f) => f.by === 'browser')).toBe(true);
  });
  type Decision = NonNullable<NonNullable<SiteRecordView['attestation']>['site']['decision']>;
  /** The record as Ed's browser sent it, with a decision the site saw. */
  const decidedOnSite = (decision: Decision) =>
    attestedFacts({
      ...base,
      attestation: {
        site: {
          sender: { userId: '3', login: 'ed', displayName: 'Ed' },
          receivedAt: 2_000,
          firstReceivedAt: 2_000,
          writtenBySite: false,
          decision,
        },
        reported: ['decidedBy', 'createdAt'],
      },
    });
  it('the sender and a decision the site saw are the site’s; decidedBy stays reported', () => {
    const facts = decidedOnSite({
      status: 'approved',
      by: '5',
      login: 'ana',
      name: 'Ana',
      at: 1_500,
    });
    const site = facts.filter((f) => f.by === 'site');
    expect(site.map((f) => f.label)).toEqual(['Sent by', 'Received', 'Decided on the site']);
    expect(site.map((f) => f.key)).toEqual(['sentBy', 'received', 'decidedOnSite']);
    expect(facts.find((f) => f.key === 'sentBy')?.value).toBe('Ed (ed, user 3)');
    expect(facts.find((f) => f.key === 'decidedOnSite')?.value).toMatch(
      /^approved by Ana \(ana, user 5\), \S/,
    );
    // A time alone is marked as one, so the page shows it as a <time>.
    expect(facts.find((f) => f.key === 'received')?.at).toBe(2_000);
    expect(facts.find((f) => f.label === 'Decided by')?.by).toBe('browser');
  });
  it('an approval that expired on the site names nobody: the site says nobody decided in time', () => {
    const facts = decidedOnSite({ status: 'expired', by: '0', login: '', name: '', at: 1_500 });
    const decided = facts.find((f) => f.label === 'Decided on the site');
    expect(decided?.by).toBe('site');
    expect(decided?.value).toMatch(/^Expired: nobody decided in time, /);
    expect(decided?.value).not.toMatch(/user 0/);
  });
  it('a person the site names by neither name nor login is their user id, once', () => {
    expect(personOf({ userId: '9', login: '', displayName: '' })).toBe('user 9');
    expect(personOf({ userId: '9', login: 'ana', displayName: '' })).toBe('ana (user 9)');
    expect(personOf({ userId: '9', login: 'ana', displayName: 'Ana' })).toBe('Ana (ana, user 9)');
  });
});
