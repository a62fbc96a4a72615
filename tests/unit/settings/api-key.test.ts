import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { writeTrusted } from '../../../src/settings/trusted-settings';
import {
  clearApiKey,
  describeApiKey,
  maskedKey,
  readApiKey,
  writeApiKey,
  writeConnectionSettings,
} from '../../../src/settings';

const KEY = 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx-abcd';
let spies: MockInstance[] = [];

beforeEach(() => {
  fakeBrowser.reset();
  spies = (['log', 'info', 'warn', 'error'] as const).map((m) =>
    vi.spyOn(console, m).mockImplementation(() => {}),
  );
});
afterEach(() => spies.forEach((spy) => spy.mockRestore()));

const logged = () =>
  spies
    .flatMap((spy) => spy.mock.calls)
    .map((args) => args.join(' '))
    .join('\n');

describe('the API key, stored apart (S3)', () => {
  it('round-trips, trimmed, and never reaches extension storage (content scripts read it)', async () => {
    await writeApiKey(`  ${KEY}\n`);
    expect(await readApiKey()).toBe(KEY);
    await writeConnectionSettings({ defaultModel: 'claude-haiku-5-5' });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(KEY);
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
  });

  it('is shown only masked', async () => {
    expect(maskedKey(KEY)).toBe('sk-ant-…abcd');
    expect(maskedKey('gw_0123456789abcdefWXYZ')).toBe('gw_…WXYZ');
    expect(maskedKey('shortkey')).toBe('…ey');
    await writeApiKey(KEY);
    expect(await describeApiKey()).toEqual({ set: true, masked: 'sk-ant-…abcd' });
    await clearApiKey();
    expect(await describeApiKey()).toEqual({ set: false, masked: null });
  });

  it('refuses a malformed key without repeating it', async () => {
    const bad = 'sk-ant-api03 has spaces in the middle';
    const error = await writeApiKey(bad).catch((e: unknown) => e as Error);
    expect(error?.message).toMatch(/^API key: must not contain spaces/);
    expect(error?.message).not.toContain('has spaces in the middle');
    await expect(writeApiKey('short')).rejects.toThrow(/API key: is too short/);
  });

  it('an unusable stored key reads as none, with a warning that does not contain it', async () => {
    const broken = 'sk-ant-broken key with spaces-0000000';
    await writeTrusted('apiKey', broken);
    expect(await readApiKey()).toBeNull();
    expect(logged()).toMatch(/stored API key is not usable/);
    expect(logged()).not.toContain('with spaces');
  });
});
