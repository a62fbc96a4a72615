import { describe, expect, it } from 'vitest';
import { decidedByText } from '../../../src/ui/options/record-words';
import { SiteRecordViewSchema } from '../../../src/shared/protocols/options-site-audit-view';

describe("the site audit's 'Decided by' column (A3)", () => {
  const owner = { userId: '7', displayName: 'Ada Lovelace' };
  const by = (decidedBy: string | null, extra: { decidedByName?: string } = {}) =>
    decidedByText({ decidedBy, owner, ...extra });
  it('names the owner who approved their own call as the site names them', () => {
    expect(by('7')).toBe('Ada Lovelace');
  });
  it('names a second approver by the name the site sent for them', () => {
    expect(by('8', { decidedByName: 'Grace Hopper' })).toBe('Grace Hopper');
    // A name sent for someone else never renames the owner's own decision.
    expect(by('7', { decidedByName: 'Grace Hopper' })).toBe('Ada Lovelace');
  });
  it("says the gate's own decisions in words and anyone the site did not name by user id", () => {
    expect(by('countersign:policy', { decidedByName: 'Grace Hopper' })).toBe('the rules');
    expect(by('countersign:expiry')).toBe('expired');
    expect(by('8')).toBe('user 8');
    expect(decidedByText({ decidedBy: '7', owner: { userId: '7' } })).toBe('user 7');
    expect(by(null)).toBe('—');
  });
});

describe("the site's name for a decider, as the options page reads it (A3)", () => {
  const record = {
    id: 'rec-1',
    threadId: 'thread-1',
    owner: { userId: '7', siteOrigin: 'https://example.test', displayName: 'Ada Lovelace' },
    tool: 'wp_update_post',
    input: {},
    payloadHash: 'a'.repeat(64),
    status: 'run',
    mode: 'ask',
    classification: null,
    transport: 'agent',
    position: 0,
    decidedBy: '8',
    decidedAt: 2,
    createdAt: 1,
    updatedAt: 2,
    version: 3,
    history: [{ status: 'pending', at: 1, by: null }],
  };
  it('takes a display name, and refuses one that is not text or is too long, naming the field', () => {
    expect(SiteRecordViewSchema.parse({ ...record, decidedByName: 'Grace' }).decidedByName).toBe(
      'Grace',
    );
    for (const bad of [42, 'x'.repeat(251), { name: 'Grace' }]) {
      const parsed = SiteRecordViewSchema.safeParse({ ...record, decidedByName: bad });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['decidedByName']);
    }
  });
});
