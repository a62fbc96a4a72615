import { describe, expect, it } from 'vitest';
import { changedSettings, settingsStamp } from '../../../src/run/call/settings-stamp';
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
  it('stamps the current values of the items a call changes, and nothing for other calls', () => {
    expect(settingsStamp({ settings: { title: 'A' } })).toEqual({ targetSettings: { title: 'A' } });
    expect(settingsStamp({ entity: { modified: 'x' } })).toEqual({});
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
