import { describe, expect, it } from 'vitest';
import {
  EffectivePolicySchema,
  PolicyError,
  lockedBy,
  mergePolicies,
  parsePolicy,
  resolvePolicyEntry,
  wildcardAllowOptIn,
} from '../../../src/gate';
import { ALLOW, ASK, DENY, ONCE, idIs7 } from './gate-table';

const TOOLS = ['wp_update_post', 'wp_delete_post'];

function parseError(raw: unknown, tools: string[] | undefined = TOOLS, source = 'admin' as const) {
  try {
    parsePolicy(raw, tools ? { source, tools } : { source });
  } catch (error) {
    if (error instanceof PolicyError) return error.message;
    throw error;
  }
  throw new Error('expected the policy to be refused');
}

describe('G11: mergePolicies keeps each entry with its source', () => {
  const merged = mergePolicies(
    { wp_delete_post: DENY, '*': ASK },
    { wp_delete_post: ALLOW, wp_update_post: { mode: 'ask', rule: idIs7 } },
  );

  it('G11: a managed entry replaces the admin entry of the same key, which is listed as shadowed', () => {
    expect(merged).toEqual({
      entries: {
        wp_delete_post: { mode: 'deny', source: 'managed' },
        wp_update_post: { mode: 'ask', rule: idIs7, source: 'admin' },
        '*': { mode: 'ask', source: 'managed' },
      },
      shadowed: ['wp_delete_post'],
    });
    expect(EffectivePolicySchema.parse(merged)).toEqual(merged);
  });

  it('G11: the options page can tell which entries are locked, and by what', () => {
    expect(lockedBy(merged, 'wp_delete_post')).toBe('wp_delete_post');
    expect(lockedBy(merged, 'wp_update_post')).toBe('*');
    expect(lockedBy(merged, '*')).toBe('*');
    const adminOnly = mergePolicies({ wp_delete_post: DENY }, { '*': ALLOW });
    expect(lockedBy(adminOnly, 'wp_update_post')).toBeNull();
    expect(lockedBy(adminOnly, '*')).toBeNull();
  });

  it('G11: no policies at all resolve to the defaults', () => {
    const empty = mergePolicies({}, {});
    expect(resolvePolicyEntry(empty, 'wp_update_post')).toBeUndefined();
    expect(wildcardAllowOptIn(empty)).toBe(false);
  });

  it('G2: the opt-in is the "*" entry of the stronger source', () => {
    expect(wildcardAllowOptIn(mergePolicies({}, { '*': ALLOW }))).toBe(true);
    expect(wildcardAllowOptIn(mergePolicies({ '*': ONCE }, { '*': ALLOW }))).toBe(false);
    expect(wildcardAllowOptIn(mergePolicies({}, { '*': ONCE, wp_update_post: ALLOW }))).toBe(false);
  });

  it('G11: a tool named like an Object.prototype key does not resolve to it', () => {
    expect(resolvePolicyEntry(mergePolicies({}, {}), 'constructor')).toBeUndefined();
  });
});

describe('G4/G11: parsePolicy refuses what it cannot apply, naming the entry', () => {
  it('G11: a valid policy comes back as it was', () => {
    const raw = { '*': ASK, wp_update_post: { mode: 'once', rule: idIs7 }, wp_delete_post: DENY };
    expect(parsePolicy(raw, { source: 'managed', tools: TOOLS })).toEqual(raw);
  });

  it.each<[string, unknown, string]>([
    [
      'G1: an unknown mode',
      { wp_update_post: { mode: 'sometimes' } },
      'Admin policy: entry "wp_update_post" mode: Invalid option: expected one of "allow"|"once"|"ask"|"deny".',
    ],
    [
      'G4: an unknown operator',
      { wp_update_post: { mode: 'ask', rule: { regex: ['a', 'b'] } } },
      'Admin policy: entry "wp_update_post" rule: the rule uses unknown operator "regex"',
    ],
    [
      'G4: an unknown operator deep inside',
      { wp_delete_post: { mode: 'ask', rule: { and: [idIs7, { or: [{ matches: 1 }] }] } } },
      'entry "wp_delete_post" rule: the rule uses unknown operator "matches"',
    ],
    [
      'G4: the log operator (it writes to the console)',
      { wp_update_post: { mode: 'ask', rule: { log: 1 } } },
      'unknown operator "log"',
    ],
    [
      'G4: a dotted method operator',
      { wp_update_post: { mode: 'ask', rule: { 'toString.call': [] } } },
      'unknown operator "toString.call"',
    ],
    [
      'G4: a rule that is not an operation',
      { wp_update_post: { mode: 'ask', rule: true } },
      'the rule must be a JSON-Logic operation',
    ],
    [
      'G4: a rule that is not JSON',
      { wp_update_post: { mode: 'ask', rule: { '==': [1, () => 1] } } },
      'the rule must be plain JSON data',
    ],
    [
      'G4: a rule on an allow entry',
      { wp_update_post: { mode: 'allow', rule: idIs7 } },
      'a rule only auto-approves calls of an "ask" or "once" entry; with mode "allow"',
    ],
    [
      'G4: a rule on a deny entry',
      { wp_update_post: { mode: 'deny', rule: idIs7 } },
      'with mode "deny" it would do nothing',
    ],
    [
      'G11: an unknown entry field',
      { wp_update_post: { mode: 'ask', when: 'always' } },
      'entry "wp_update_post": Unrecognized key: "when"',
    ],
    [
      'G11: a key that cannot be a tool name',
      { wpUpdatePost: ASK },
      'entry "wpUpdatePost": the key must be a tool name (snake_case verb_noun) or "*"',
    ],
    [
      'G11: not an object',
      ['wp_update_post'],
      'Admin policy: expected an object of entries keyed by tool name or "*".',
    ],
    [
      'G11: a tool not in the tool list',
      { wp_updte_post: ASK },
      'Admin policy: "wp_updte_post" is not a known tool.',
    ],
    [
      'G11: several unknown tools',
      { wp_a_b: ASK, wp_c_d: ASK, '*': ASK },
      '"wp_a_b", "wp_c_d" are not a known tool',
    ],
  ])('%s is refused', (_name, raw, expected) => {
    expect(parseError(raw)).toContain(expected);
  });

  it('G11: without a tool list, any well-formed tool name is accepted', () => {
    expect(parsePolicy({ wp_updte_post: ASK }, { source: 'admin' })).toEqual({
      wp_updte_post: ASK,
    });
  });

  it('G11: the managed source is named in its errors', () => {
    expect(parseError({ wp_update_post: { mode: 'x' } }, TOOLS, 'managed' as never)).toMatch(
      /^Managed policy: /,
    );
  });
});
