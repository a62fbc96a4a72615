import { describe, expect, it } from 'vitest';
import { cardStamp, changedSettings, settingsStamp } from '../../../src/run/call/settings-stamp';
import type { Approval } from '../../../src/run/state/run-state-schema';

const approval = (targetSettings?: Record<string, unknown>): Approval => ({
  payloadHash: 'a'.repeat(64),
  askedAt: 0,
  reason: 'asks',
  mode: 'ask',
  canGrantOnce: false,
  targetModified: null,
  ...(targetSettings ? { targetSettings } : {}),
});

describe('G13 for configuration writes: the settings a card was built with', () => {
  it('stamps the current values of the items a call changes, and nothing for other calls', async () => {
    expect(await settingsStamp({ settings: { title: 'A' } })).toEqual({
      targetSettings: { title: 'A' },
      settingsHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await settingsStamp({ entity: { modified: 'x' } })).toEqual({});
  });

  it('G15: the card stamp changes with the values, not with their key order', async () => {
    const stamp = async (settings: Record<string, unknown>) =>
      cardStamp({ ...approval(), ...(await settingsStamp({ settings })) });
    const a = await stamp({ title: 'A', nested: { a: 1, b: 2 } });
    expect(a).toMatch(/^settings:[0-9a-f]{64}$/);
    expect(await stamp({ nested: { b: 2, a: 1 }, title: 'A' })).toBe(a);
    expect(await stamp({ title: 'B', nested: { a: 1, b: 2 } })).not.toBe(a);
    // An entity's stamp is its `modified`, as before; a card from before hashes keeps it.
    expect(cardStamp({ ...approval(), targetModified: 'm1' })).toBe('m1');
    expect(cardStamp(approval({ title: 'A' }))).toBeNull();
  });

  it('names each item whose value changed since, whatever the key order inside it', () => {
    const card = approval({ title: 'A', posts_per_page: 10, nested: { a: 1, b: 2 } });
    expect(
      changedSettings(card, {
        settings: { title: 'A', posts_per_page: 10, nested: { b: 2, a: 1 } },
      }),
    ).toEqual([]);
    expect(
      changedSettings(card, {
        settings: { title: 'B', posts_per_page: 10, nested: { a: 1, b: 2 } },
      }),
    ).toEqual(['title']);
  });

  it('a card stamped before stamps were kept refreshes once; an entity call is never affected', () => {
    expect(changedSettings(approval(), { settings: { title: 'A' } })).toEqual(['title']);
    expect(changedSettings(approval(), { entity: { modified: 'x' } })).toEqual([]);
  });
});
