// A7: the options page's words for the site's audit chain and for what the site attests.
import { describe, expect, it } from 'vitest';
import {
  attestedFacts,
  chainSummary,
  exportChainText,
} from '../../src/ui/options/site-chain-words';
import type { SiteRecordView } from '../../src/shared/options-site-audit-view';

describe('chainSummary', () => {
  it('an intact chain says so with its size', () => {
    const s = chainSummary({ intact: true, rows: 3, breaks: [] });
    expect(s.intact).toBe(true);
    expect(s.headline).toContain('all 3 entries are linked');
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
    expect(s.headline).toContain('tampered with');
    expect(s.headline).toContain('breaks at entry 2');
    expect(s.details[0]).toBe(
      'Record rec-1 (entry 2) was changed in the database after the site received it.',
    );
    expect(s.details[1]).toContain('Entry 4 is missing: it was deleted from the database');
  });
});

describe('exportChainText', () => {
  it('reads the intact and broken headers, and a missing one', () => {
    expect(exportChainText('intact; entries=3')).toContain('intact (3 entries)');
    const broken = exportChainText('broken; entry=2; problem=deleted; breaks=1');
    expect(broken).toContain('broken at entry 2');
    expect(broken).toContain('deleted from the database');
    expect(exportChainText(null)).toContain('cannot be vouched for');
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
    const site = facts.filter((f) => f.by === 'site').map((f) => f.label);
    expect(site).toEqual(['Sent by', 'Received', 'Decided on the site']);
    expect(facts.find((f) => f.label === 'Sent by')?.value).toBe('Ed (ed, user 3)');
    expect(facts.find((f) => f.label === 'Decided by')?.by).toBe('browser');
  });
  it('an approval that expired on the site names nobody: the site says nobody decided in time', () => {
    const facts = decidedOnSite({ status: 'expired', by: '0', login: '', name: '', at: 1_500 });
    const decided = facts.find((f) => f.label === 'Decided on the site');
    expect(decided?.by).toBe('site');
    expect(decided?.value).toMatch(/^Expired: nobody decided in time, /);
    expect(decided?.value).not.toMatch(/user 0/);
  });
});
