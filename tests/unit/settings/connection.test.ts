import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  DEFAULT_CONNECTION,
  readApiKey,
  readConnectionSettings,
  writeConnectionSettings,
} from '../../../src/settings';
import { writeTrusted } from '../../../src/settings/trusted-settings';

let warn: MockInstance;

beforeEach(() => {
  fakeBrowser.reset();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('connection settings (R4, STYLE 7)', () => {
  it('starts from the defaults: Anthropic API and the picker default model', async () => {
    expect(await readConnectionSettings()).toEqual(DEFAULT_CONNECTION);
    expect(DEFAULT_CONNECTION.apiBaseUrl).toBe('https://api.anthropic.com');
  });

  it('round-trips, normalized, and stores version 2 without any key', async () => {
    await writeConnectionSettings({
      apiBaseUrl: 'https://gateway.example/anthropic/',
      defaultModel: 'claude-opus-5-5',
    });
    expect(await readConnectionSettings()).toEqual({
      apiBaseUrl: 'https://gateway.example/anthropic',
      defaultModel: 'claude-opus-5-5',
      modelSource: 'own-key',
    });
    // S3, G11: nothing of it in extension storage, where content scripts could change it.
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it.each([
    ['not a url', /API base URL: is not a URL/],
    ['ftp://files.example', /API base URL: must start with https/],
    [
      'http://gateway.example',
      /API base URL: must use https:\/\/ \(http:\/\/ is allowed only for localhost\)/,
    ],
    ['https://user:pw@gateway.example', /API base URL: must not contain a user name/],
    ['https://api.anthropic.com/v1', /API base URL: must not end with \/v1/],
  ])('refuses %s with a message naming the field', async (apiBaseUrl, message) => {
    await expect(writeConnectionSettings({ apiBaseUrl })).rejects.toThrow(message);
    expect(await readConnectionSettings()).toEqual(DEFAULT_CONNECTION);
  });

  it('allows plain http on the loopback (local gateway, test server)', async () => {
    await writeConnectionSettings({ apiBaseUrl: 'http://127.0.0.1:4100' });
    expect((await readConnectionSettings()).apiBaseUrl).toBe('http://127.0.0.1:4100');
  });

  it('refuses a model id that is not one, naming the field', async () => {
    await expect(writeConnectionSettings({ defaultModel: 'two words' })).rejects.toThrow(
      /^Default model: /,
    );
  });

  it('a damaged stored field falls back to its default with a warning; the others are kept', async () => {
    await writeTrusted('connection', {
      apiBaseUrl: 'javascript:alert(1)',
      defaultModel: 'claude-haiku-5-5',
    });
    expect(await readConnectionSettings()).toEqual({
      apiBaseUrl: DEFAULT_CONNECTION.apiBaseUrl,
      defaultModel: 'claude-haiku-5-5',
      modelSource: 'own-key',
    });
    expect(warn.mock.calls.join(' ')).toMatch(/stored API base URL is not valid/);
  });

  it('moves the unversioned v0 shape out of extension storage, its key apart', async () => {
    const legacyKey = 'sk-ant-api03-legacy-key-moved-out-1234';
    await fakeBrowser.storage.local.set({
      connection: { baseUrl: 'https://gw.example/', model: 'claude-opus-4-1', apiKey: legacyKey },
    });
    expect(await readApiKey()).toBe(legacyKey);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect(await readConnectionSettings()).toEqual({
      apiBaseUrl: 'https://gw.example',
      defaultModel: 'claude-opus-4-1',
      modelSource: 'own-key',
    });
    expect(warn.mock.calls.join(' ')).not.toContain(legacyKey);
  });

  it('migration keeps a key that is already stored apart', async () => {
    await fakeBrowser.storage.local.set({
      apiKey: 'sk-ant-api03-the-current-key-000000000',
      connection: { apiKey: 'sk-ant-api03-an-older-key-11111111111' },
    });
    expect(await readApiKey()).toBe('sk-ant-api03-the-current-key-000000000');
    expect(await readConnectionSettings()).toEqual(DEFAULT_CONNECTION);
  });

  it('a version 2 value that lost its version metadata survives the migration', async () => {
    const current = { apiBaseUrl: 'https://gw.example', defaultModel: 'claude-haiku-5-5' };
    await fakeBrowser.storage.local.set({ connection: current });
    expect(await readConnectionSettings()).toEqual({ ...current, modelSource: 'own-key' });
  });

  it('after the move, what appears in extension storage again is ignored and deleted (S3, G11)', async () => {
    await writeConnectionSettings({ apiBaseUrl: 'https://gw.example' });
    await fakeBrowser.storage.local.set({
      connection: { apiBaseUrl: 'https://evil.example', defaultModel: 'claude-opus-5-5' },
      connection$: { v: 2 },
      apiKey: 'sk-ant-api03-planted-by-a-page-000000',
    });
    expect(await readConnectionSettings()).toEqual({
      apiBaseUrl: 'https://gw.example',
      defaultModel: DEFAULT_CONNECTION.defaultModel,
      modelSource: 'own-key',
    });
    expect(await readApiKey()).toBeNull();
  });

  it("stores the choice of the site's AI connection, refuses another source, and an older stored value reads as one's own key (issue 34)", async () => {
    await writeConnectionSettings({ modelSource: 'site' });
    expect((await readConnectionSettings()).modelSource).toBe('site');
    await expect(writeConnectionSettings({ modelSource: 'the-moon' })).rejects.toThrow(
      /^Model connection: /,
    );
    expect((await readConnectionSettings()).modelSource).toBe('site');
    await writeTrusted('connection', { apiBaseUrl: 'https://gw.example', defaultModel: 'm-1' });
    expect((await readConnectionSettings()).modelSource).toBe('own-key');
    expect(warn).not.toHaveBeenCalled();
  });
});
