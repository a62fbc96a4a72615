import { describe, expect, it } from 'vitest';
import { decidedByText } from '../../../src/ui/options/format';

describe("the site audit's 'Decided by' column (A3)", () => {
  const owner = { userId: '7', displayName: 'Ada Lovelace' };
  it('names the owner who approved their own call as the site names them', () => {
    expect(decidedByText('7', owner)).toBe('Ada Lovelace');
  });
  it("says the gate's own decisions in words and anyone else by user id", () => {
    expect(decidedByText('countersign:policy', owner)).toBe('the rules');
    expect(decidedByText('countersign:expiry', owner)).toBe('expired');
    expect(decidedByText('8', owner)).toBe('user 8');
    expect(decidedByText('7', { userId: '7' })).toBe('user 7');
    expect(decidedByText(null, owner)).toBe('—');
  });
});
