import { describe, expect, it } from 'vitest';
import { DecisionSchema } from '../../../src/gate';
import { liveFacts, tools } from './fixtures';
import { ALLOW, ASK, DENY, ONCE, decide, idIs7 } from './gate-table';

function reason(decision: ReturnType<typeof decide>): string {
  return 'reason' in decision ? decision.reason : '';
}

describe('G1/G2/S2: every ask and deny says why, in words', () => {
  it.each([
    [
      'G1: deny names the source and entry',
      { managed: { wp_run_cron: DENY }, tool: tools.run },
      'The managed policy does not allow wp_run_cron (entry "wp_run_cron").',
    ],
    [
      'G2: destructive',
      { tool: tools.destroy },
      '“Delete post” is destructive, so every call asks.',
    ],
    [
      'G2: unclassified',
      { tool: tools.unclassified },
      '“Call endpoint” has no classification, so every call asks.',
    ],
    [
      'G2: live write',
      { tool: tools.write, facts: liveFacts },
      'This call of “Update post” would go live (it does not land as a draft), so it asks.',
    ],
    [
      'G3: default',
      { tool: tools.run },
      '“Run cron” has a side effect, and by default nothing with one runs unasked.',
    ],
    [
      'G1: ask entry',
      { admin: { '*': ASK }, tool: tools.read },
      'The admin policy asks for every “Read post” call (its rule for every tool).',
    ],
    [
      'G1: once entry',
      { admin: { wp_run_cron: ONCE }, tool: tools.run },
      'The admin policy asks for the first “Run cron” call in each thread (its rule for this tool).',
    ],
    [
      'S2: untrusted',
      { admin: { wp_run_cron: ALLOW }, tool: tools.run, untrusted: true },
      'This thread holds words others may have written, so nothing that goes live is approved automatically.',
    ],
    [
      'G4: untrusted rule',
      {
        admin: { wp_update_post: { mode: 'ask' as const, rule: idIs7 } },
        tool: tools.write,
        untrusted: true,
      },
      'This thread holds words others may have written, so auto-approval rules do not apply.',
    ],
  ])('%s', (_name, given, expected) => {
    expect(reason(decide(given))).toBe(expected);
  });

  it('A1: a decision is plain data that the audit can store and validate', () => {
    const decision = decide({ admin: { '*': ALLOW }, tool: tools.destroy });
    const roundTrip: unknown = JSON.parse(JSON.stringify(decision));
    expect(DecisionSchema.parse(roundTrip)).toEqual(decision);
  });
});
