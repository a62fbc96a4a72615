import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readTrusted } from '../../../../src/settings/trusted-settings';
import { beforeEach, describe, expect, it } from 'vitest';
import { isOptionsRequest } from '../../../../src/background/options-handlers';
import { POLICY_CHANGE_TOOL } from '../../../../src/background/audit-policy-change';
import { WILDCARD_ALLOW_PHRASE } from '../../../../src/settings/policy-opt-in';
import type { PolicyView, RuleTryView } from '../../../../src/shared/protocols/options-protocol';
import { optionsHarness } from '../../options/support';

const DRAFT_RULE = { '==': [{ var: 'facts.entity.status' }, 'draft'] };
let h: ReturnType<typeof optionsHarness>;

beforeEach(() => {
  h = optionsHarness();
});

const stored = () => readTrusted('gatePolicy');
const policyRecords = async () => (await h.log.query({ tool: POLICY_CHANGE_TOOL })).records;

describe('options requests (S6, STYLE 2)', () => {
  it('recognises its own request types only', () => {
    expect(isOptionsRequest({ type: 'options-policy-get' })).toBe(true);
    expect(isOptionsRequest({ type: 'tab-state-get' })).toBe(false);
    expect(isOptionsRequest(null)).toBe(false);
  });

  it('refuses a malformed request without throwing', async () => {
    expect(await h.handle({ type: 'options-audit-query', filter: {}, limit: 10_000 })).toEqual({
      ok: false,
      error: { code: 'bad-request', message: 'The request is malformed.' },
    });
    expect((await h.handle({ type: 'options-policy-get', extra: 1 })).ok).toBe(false);
  });
});

describe('the rules editor through the background (G1-G4, G11)', () => {
  it('lists every tool with its classification, and the empty admin policy', async () => {
    const view = await h.send<PolicyView>({ type: 'options-policy-get' });
    expect(view.tools.map((t) => t.name)).toContain('wp_update_post');
    expect(view.tools.find((t) => t.name === 'wp_delete_entity')).toMatchObject({
      label: 'Delete permanently',
      alwaysAsk: 'destructive',
    });
    expect(view).toMatchObject({ admin: {}, managed: { status: 'none' }, problems: [] });
    expect(view.wildcardPhrase).toBe(WILDCARD_ALLOW_PHRASE);
  });

  it('saves a rule, returns the new view and records the change (A1, A6)', async () => {
    h.clock.now += 5;
    const policy = { wp_update_post: { mode: 'ask', rule: DRAFT_RULE } };
    const view = await h.send<PolicyView>({ type: 'options-policy-save', policy });
    expect(view.admin).toEqual(policy);
    expect(await stored()).toEqual({ policy, updatedAt: h.clock.now });
    const [record] = await policyRecords();
    expect(record).toMatchObject({
      status: 'run',
      decidedBy: 'countersign:options-page',
      mode: 'command',
      input: { policy, optIn: null },
      configChanges: [
        { key: 'gatePolicy.wp_update_post', current: null, proposed: policy.wp_update_post },
      ],
      resultSummary: 'Admin policy saved (1 entry changed).',
    });
    expect(record?.payloadHash).toMatch(/^[0-9a-f]{64}$/);
    expect(record?.history.map((step) => step.status)).toEqual(['approved', 'run']);
  });

  it('saving the same policy again records nothing', async () => {
    const policy = { wp_get_entity: { mode: 'deny' } };
    await h.send({ type: 'options-policy-save', policy });
    await h.send({ type: 'options-policy-save', policy });
    expect(await policyRecords()).toHaveLength(1);
  });

  it('bad input: every problem at its field, nothing stored, nothing recorded', async () => {
    await h.send({ type: 'options-policy-save', policy: { wp_get_entity: { mode: 'deny' } } });
    const reply = await h.handle({
      type: 'options-policy-save',
      policy: {
        wp_get_entity: { mode: 'allow' },
        wp_update_post: { mode: 'ask', rule: { '==': [{ var: 'facts.entity.status' }], x: 1 } },
        wp_unknown_tool: { mode: 'ask' },
      },
    });
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.code).toBe('bad-input');
    expect(reply.error.problems?.map((p) => [p.entry, p.field])).toEqual([
      ['wp_update_post', 'rule'],
      ['wp_unknown_tool', null],
    ]);
    expect(reply.error.message).toMatch(/"wp_unknown_tool" is not a known tool/);
    expect(((await stored()) as { policy: unknown }).policy).toEqual({
      wp_get_entity: { mode: 'deny' },
    });
    expect(await policyRecords()).toHaveLength(1);
  });

  it('"*": "allow" is refused without the typed phrase, then recorded as an opt-in (G2)', async () => {
    const policy = { '*': { mode: 'allow' } };
    const refused = await h.handle({ type: 'options-policy-save', policy, confirmation: 'ok' });
    expect(refused).toMatchObject({
      ok: false,
      error: { problems: [{ entry: '*', field: 'confirmation' }] },
    });
    expect(await stored()).toBeUndefined();
    await h.send({ type: 'options-policy-save', policy, confirmation: WILDCARD_ALLOW_PHRASE });
    const [record] = await policyRecords();
    expect(record?.input).toEqual({ policy, optIn: 'on' });
    expect(record?.resultSummary).toMatch(
      /"\*": "allow" turned ON, confirmed by typing the phrase/,
    );
  });

  it('shows managed entries so the editor can lock them', async () => {
    await fakeBrowser.storage.managed.set({ gatePolicy: { wp_delete_entity: { mode: 'deny' } } });
    const view = await h.send<PolicyView>({ type: 'options-policy-get' });
    expect(view.managed).toEqual({ status: 'ok', entries: { wp_delete_entity: { mode: 'deny' } } });
  });

  it('an unusable managed policy is reported as failing closed', async () => {
    await fakeBrowser.storage.managed.set({ gatePolicy: { wp_delete_entity: { mode: 'nope' } } });
    const view = await h.send<PolicyView>({ type: 'options-policy-get' });
    expect(view.managed.status).toBe('invalid');
    expect(view.problems.join(' ')).toMatch(/uses its defaults/);
  });

  it('tries a rule against a sample call through the whole gate', async () => {
    const entry = { mode: 'ask', rule: DRAFT_RULE };
    const sample = {
      input: { type: 'post', id: 3, title: 'x' },
      facts: { entity: { status: 'draft' } },
    };
    const draft = await h.send<RuleTryView>({
      type: 'options-rule-try',
      tool: 'wp_update_post',
      entry,
      sample,
    });
    expect(draft).toMatchObject({ rule: 'approves', decision: 'allow' });
    const live = { ...sample, facts: { entity: { status: 'publish' } } };
    const asked = await h.send<RuleTryView>({
      type: 'options-rule-try',
      tool: 'wp_update_post',
      entry,
      sample: live,
    });
    expect(asked).toMatchObject({ rule: 'does-not-approve', decision: 'ask' });
    const unknown = await h.handle({ type: 'options-rule-try', tool: 'wp_nope', entry, sample });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});
