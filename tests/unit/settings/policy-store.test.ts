import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTrusted } from '../../../src/settings/trusted-settings';
import {
  readAdminPolicy,
  readEffectivePolicy,
  writeAdminPolicy,
} from '../../../src/settings/policy-store';

const TOOLS = ['wp_get_entity', 'wp_update_post', 'wp_delete_entity'];
const DRAFT_RULE = { '==': [{ var: 'facts.entity.status' }, 'draft'] };

beforeEach(() => fakeBrowser.reset());

const setManaged = (value: unknown) => fakeBrowser.storage.managed.set({ gatePolicy: value });

describe('admin policy storage item (STYLE 7)', () => {
  it('round-trips with the time of the save, never in extension storage (G11)', async () => {
    await writeAdminPolicy({ wp_update_post: { mode: 'ask', rule: DRAFT_RULE } }, 1234);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect(await readAdminPolicy({ tools: TOOLS })).toEqual({
      policy: { wp_update_post: { mode: 'ask', rule: DRAFT_RULE } },
      problems: [],
      updatedAt: 1234,
    });
  });

  it('moves a version 1 bare policy out of extension storage, shorthand modes included', async () => {
    await fakeBrowser.storage.local.set({
      gatePolicy: { '*': 'ask', wp_get_entity: 'allow', wp_update_post: { mode: 'once' } },
    });
    expect(await readAdminPolicy()).toEqual({
      policy: {
        '*': { mode: 'ask' },
        wp_get_entity: { mode: 'allow' },
        wp_update_post: { mode: 'once' },
      },
      problems: [],
      updatedAt: null,
    });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('a version 2 value that lost its metadata survives the move', async () => {
    const current = { policy: { wp_get_entity: { mode: 'deny' } }, updatedAt: 99 };
    await fakeBrowser.storage.local.set({ gatePolicy: current });
    expect((await readAdminPolicy()).updatedAt).toBe(99);
    expect((await readAdminPolicy()).policy).toEqual({ wp_get_entity: { mode: 'deny' } });
  });

  it('after the move, a policy written to extension storage (by a content script) is ignored (G11)', async () => {
    await writeAdminPolicy({ wp_update_post: { mode: 'ask' } }, 5);
    await fakeBrowser.storage.local.set({
      gatePolicy: { policy: { '*': { mode: 'allow' } }, updatedAt: 6 },
      gatePolicy$: { v: 2 },
    });
    expect((await readEffectivePolicy({ tools: TOOLS })).policy).not.toHaveProperty(
      'entries.*.mode',
      'allow',
    );
    expect((await readAdminPolicy()).policy).toEqual({ wp_update_post: { mode: 'ask' } });
  });

  it('a bad entry is ignored and named; the others still apply', async () => {
    await writeTrusted('gatePolicy', {
      policy: {
        wp_update_post: { mode: 'ask', rule: { log: 'x' } },
        wp_get_entity: { mode: 'deny' },
        wp_gone_tool: { mode: 'allow' },
      },
      updatedAt: 1,
    });
    const read = await readAdminPolicy({ tools: TOOLS });
    expect(read.policy).toEqual({ wp_get_entity: { mode: 'deny' } });
    expect(read.problems).toEqual([
      expect.objectContaining({
        entry: 'wp_update_post',
        field: 'rule',
        message: expect.stringMatching(/unknown operator "log"/),
      }),
      expect.objectContaining({
        entry: 'wp_gone_tool',
        message: expect.stringMatching(/not a known tool/),
      }),
    ]);
  });
});

describe('readEffectivePolicy (G11)', () => {
  it('without a managed policy: the admin entries, nothing locked', async () => {
    await writeAdminPolicy({ wp_update_post: { mode: 'ask', rule: DRAFT_RULE } });
    const read = await readEffectivePolicy({ tools: TOOLS });
    expect(read.managed).toBe('none');
    expect(read.locked).toEqual({ all: false, keys: [] });
    expect(read.policy.entries['wp_update_post']).toMatchObject({ mode: 'ask', source: 'admin' });
    expect(read.problems).toEqual([]);
  });

  it('a managed entry wins and is locked; rules arrive as JSON text', async () => {
    await writeAdminPolicy({ wp_update_post: { mode: 'allow' } });
    await setManaged({ wp_update_post: { mode: 'ask', rule: JSON.stringify(DRAFT_RULE) } });
    const read = await readEffectivePolicy({ tools: TOOLS });
    expect(read.managed).toBe('ok');
    expect(read.locked).toEqual({ all: false, keys: ['wp_update_post'] });
    expect(read.policy.entries['wp_update_post']).toEqual({
      mode: 'ask',
      rule: DRAFT_RULE,
      source: 'managed',
    });
    expect(read.policy.shadowed).toEqual(['wp_update_post']);
  });

  it('a managed "*" locks everything', async () => {
    await setManaged({ '*': { mode: 'ask' } });
    expect((await readEffectivePolicy()).locked).toEqual({ all: true, keys: ['*'] });
  });

  it.each([
    ['an unknown mode', { wp_delete_entity: { mode: 'dney' } }, /entry "wp_delete_entity"/],
    [
      'rule text that is not JSON',
      { wp_update_post: { mode: 'ask', rule: '{"==": [' } },
      /rule: is not valid JSON text/,
    ],
    [
      'an unknown operator',
      { wp_update_post: { mode: 'ask', rule: '{"log": 1}' } },
      /unknown operator "log"/,
    ],
    ['a value that is not an object', 'allow everything', /expected an object/],
  ])(
    'a managed policy with %s fails closed to the defaults and says so',
    async (_, managed, why) => {
      await writeAdminPolicy({ '*': { mode: 'allow' }, wp_update_post: { mode: 'allow' } });
      await setManaged(managed);
      const read = await readEffectivePolicy({ tools: TOOLS });
      expect(read.managed).toBe('invalid');
      expect(read.policy).toEqual({ entries: {}, shadowed: [] });
      expect(read.locked.all).toBe(true);
      expect(read.problems.join(' ')).toMatch(why);
      expect(read.problems.join(' ')).toMatch(/uses its defaults/);
    },
  );

  it('a managed entry for a tool this version lacks is reported, not fatal', async () => {
    await setManaged({ wp_future_tool: { mode: 'deny' }, wp_get_entity: { mode: 'deny' } });
    const read = await readEffectivePolicy({ tools: TOOLS });
    expect(read.managed).toBe('ok');
    expect(read.policy.entries['wp_get_entity']?.mode).toBe('deny');
    expect(read.problems).toEqual([expect.stringMatching(/"wp_future_tool" is not a tool/)]);
  });
});
