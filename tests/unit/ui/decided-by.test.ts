import { describe, expect, it } from 'vitest';
import { decidedByText } from '../../../src/ui/options/format';

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
