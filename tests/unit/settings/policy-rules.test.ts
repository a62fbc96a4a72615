import { describe, expect, it } from 'vitest';
import { mergePolicies } from '../../../src/gate';
import { WORDPRESS_TOOLS } from '../../../src/cms/wordpress/tools';
import { alwaysAskOf, sampleCall, toolSummary } from '../../../src/settings/policy-catalog';
import { WILDCARD_ALLOW_PHRASE } from '../../../src/settings/policy-opt-in';
import { checkPolicySave, diffPolicies } from '../../../src/settings/policy-save';
import { summarizeRule } from '../../../src/settings/policy-summary';
import { tryRule } from '../../../src/settings/policy-try';

const DRAFT_RULE = { '==': [{ var: 'facts.entity.status' }, 'draft'] };
const tool = (name: string) => WORDPRESS_TOOLS.find((t) => t.name === name)!;
const NAMES = WORDPRESS_TOOLS.map((t) => t.name);
const NONE = mergePolicies({}, {});

describe('rule summary in plain words (G4)', () => {
  it.each([
    [DRAFT_RULE, `the entry's current status is "draft"`],
    [
      { and: [DRAFT_RULE, { '!': { var: 'input.content' } }] },
      `the entry's current status is "draft" and the call's "content" is not set`,
    ],
    [
      { in: [{ var: 'facts.entity.status' }, ['draft', 'pending']] },
      `the entry's current status is one of "draft", "pending"`,
    ],
    [
      { or: [{ '<': [{ var: 'input.id' }, 100] }, DRAFT_RULE] },
      `the call's "id" is less than 100 or the entry's current status is "draft"`,
    ],
    [{ '<=': [1, { var: 'input.id' }, 9] }, `the call's "id" is between 1 and 9`],
    [{ '!': DRAFT_RULE }, `it is not true that the entry's current status is "draft"`],
    [{ substr: [{ var: 'input.title' }, 0, 3] }, `substr(the call's "title", 0, 3)`],
  ])('%j reads as a sentence', (rule, words) => {
    expect(summarizeRule(rule)).toBe(`Auto-approves a call when ${words}. Any other call asks.`);
  });
});

describe('tool catalog (T1, T2, G2)', () => {
  it('says which calls always ask, from the classification', () => {
    expect(alwaysAskOf(tool('wp_get_entity'))).toBeNull();
    expect(alwaysAskOf(tool('wp_update_post'))).toBe('live-write-unless-draft');
    expect(alwaysAskOf(tool('wp_update_settings'))).toBe('live-write');
    expect(alwaysAskOf(tool('wp_delete_entity'))).toBe('destructive');
    expect(alwaysAskOf({ classification: undefined })).toBe('unclassified');
  });

  it('summarizes a tool with its label, card description and a sample call', () => {
    const summary = toolSummary(tool('wp_update_post'));
    expect(summary).toMatchObject({
      name: 'wp_update_post',
      label: 'Update an entry',
      kind: 'write',
      defaultMode: 'ask',
    });
    expect(summary.accessHint).toMatch(/edit/);
    expect(JSON.parse(summary.sample)).toEqual(sampleCall(tool('wp_update_post')));
    expect(sampleCall(tool('wp_update_post'))).toEqual({
      input: { type: 'post', id: 12, title: 'A new title' },
      facts: { entity: { status: 'draft' } },
    });
  });
});

describe('"try it" (G4 through the whole gate)', () => {
  const entry = { mode: 'ask', rule: DRAFT_RULE };
  const call = (status: string) => ({
    input: { type: 'post', id: 12, title: 'T' },
    facts: { entity: { status } },
  });

  it('a draft edit: the rule approves and the call runs without a card', () => {
    const tried = tryRule(tool('wp_update_post'), entry, call('draft'), NONE);
    expect(tried).toEqual({
      ok: true,
      view: { rule: 'approves', decision: 'allow', reason: expect.stringMatching(/rule approves/) },
    });
  });

  it('a live edit: the rule does not match and G2 asks anyway', () => {
    const tried = tryRule(tool('wp_update_post'), entry, call('publish'), NONE);
    expect(tried.ok && tried.view).toMatchObject({
      rule: 'does-not-approve',
      decision: 'ask',
      reason: expect.stringMatching(/would go live/),
    });
  });

  it('a managed entry still wins over the edited one', () => {
    const managed = mergePolicies({ wp_update_post: { mode: 'deny' } }, {});
    const tried = tryRule(tool('wp_update_post'), entry, call('draft'), managed);
    expect(tried.ok && tried.view).toMatchObject({ rule: 'approves', decision: 'deny' });
  });

  it('reports a sample input the tool would refuse, and a sample of the wrong shape', () => {
    const tried = tryRule(tool('wp_update_post'), entry, { input: { id: 'x' }, facts: {} }, NONE);
    expect(tried.ok && tried.view.inputProblem).toMatch(/Invalid input for wp_update_post/);
    const wrong = tryRule(tool('wp_update_post'), entry, [1], NONE);
    expect(wrong).toEqual({
      ok: false,
      problems: [
        expect.objectContaining({
          message: expect.stringMatching(/Sample call: must be an object/),
        }),
      ],
    });
  });

  it('an invalid rule is a problem at the rule field', () => {
    const tried = tryRule(
      tool('wp_update_post'),
      { mode: 'ask', rule: 'draft' },
      call('draft'),
      NONE,
    );
    expect(tried).toMatchObject({
      ok: false,
      problems: [{ entry: 'wp_update_post', field: 'rule' }],
    });
  });
});

describe('saving a policy: all or nothing (G2, G4)', () => {
  it('refuses every bad entry at once, each at its field', () => {
    const checked = checkPolicySave(
      {
        wp_update_post: { mode: 'sometimes' },
        wp_get_entity: { mode: 'ask', rule: 7 },
        wp_nope: { mode: 'ask' },
      },
      { tools: NAMES, before: {} },
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.map((p) => [p.entry, p.field])).toEqual([
      ['wp_update_post', 'mode'],
      ['wp_get_entity', 'rule'],
      ['wp_nope', null],
    ]);
  });

  it('"*": "allow" needs the typed phrase to turn on, not to stay on', () => {
    const policy = { '*': { mode: 'allow' } };
    const without = checkPolicySave(policy, { tools: NAMES, before: {} });
    expect(without).toMatchObject({ ok: false, problems: [{ entry: '*', field: 'confirmation' }] });
    const wrong = checkPolicySave(policy, { tools: NAMES, before: {}, confirmation: 'yes' });
    expect(wrong.ok).toBe(false);
    const typed = checkPolicySave(policy, {
      tools: NAMES,
      before: {},
      confirmation: ` ${WILDCARD_ALLOW_PHRASE.toUpperCase()} `,
    });
    expect(typed).toMatchObject({ ok: true, save: { optInOn: true, optInOff: false } });
    const kept = checkPolicySave(
      { ...policy, wp_get_entity: { mode: 'deny' } },
      { tools: NAMES, before: { '*': { mode: 'allow' } } },
    );
    expect(kept).toMatchObject({ ok: true, save: { optInOn: false } });
    const off = checkPolicySave({}, { tools: NAMES, before: { '*': { mode: 'allow' } } });
    expect(off).toMatchObject({ ok: true, save: { optInOff: true } });
  });

  it('lists what changed, entry by entry (A6)', () => {
    expect(
      diffPolicies(
        { wp_get_entity: { mode: 'allow' }, wp_update_post: { mode: 'ask' } },
        { wp_update_post: { mode: 'ask', rule: DRAFT_RULE }, '*': { mode: 'ask' } },
      ),
    ).toEqual([
      { key: '*', current: null, proposed: { mode: 'ask' } },
      { key: 'wp_get_entity', current: { mode: 'allow' }, proposed: null, deleted: true },
      {
        key: 'wp_update_post',
        current: { mode: 'ask' },
        proposed: { mode: 'ask', rule: DRAFT_RULE },
      },
    ]);
  });
});
