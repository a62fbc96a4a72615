// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageLanguages } from '../support/languages';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { setLocale } from '../../../src/i18n';
import { readTrusted } from '../../../src/settings/trusted-settings';
import type { AuditRecordView } from '../../../src/shared/protocols/options-protocol';
import { AuditRecord } from '../../../src/ui/options/audit/audit-record';
import { ConnectionSection } from '../../../src/ui/options/connection/connection-section';
import { loaded as connectionLoaded } from '../../../src/ui/options/connection/connection-model';
import { retentionLoaded } from '../../../src/ui/options/retention/retention-model';
import { RetentionSection } from '../../../src/ui/options/retention/retention-section';
import { byLabel, clickButton, mount, routeToHandler, set, unmountAll, until, loaded } from './dom';
import { optionsHarness } from './support';

beforeAll(pageLanguages);

const KEY = 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx-abcd';
/** What a form stored: the trusted settings store, never extension storage (issue 33). */
const local = async (key: 'apiKey' | 'connection' | 'retention') => {
  expect((await fakeBrowser.storage.local.get(key))[key]).toBeUndefined();
  return readTrusted(key);
};

beforeEach(() => {
  // The page's models are module singletons: each test starts from a page not yet loaded.
  connectionLoaded.value = false;
  retentionLoaded.value = false;
  routeToHandler(optionsHarness());
  // fake-browser does not implement permissions: the site list gets a minimal stand-in.
  const event = { addListener: () => {}, removeListener: () => {} };
  Object.assign(fakeBrowser.permissions, {
    getAll: async () => ({ origins: ['http://127.0.0.1/*'] }),
    onAdded: event,
    onRemoved: event,
  });
  fakeBrowser.runtime.getManifest = () =>
    ({ host_permissions: ['http://127.0.0.1/*'] }) as chrome.runtime.Manifest;
});
afterEach(() => {
  unmountAll();
  setLocale('en');
});

describe('connection form (R4, S3)', () => {
  it('a non-URL base URL is refused at its field and nothing is saved, not even the key', async () => {
    const root = mount(<ConnectionSection />);
    await loaded(root);
    set(byLabel(root, 'API key'), KEY);
    const url = byLabel(root, 'API base URL');
    set(url, 'not a url');
    clickButton(root, 'Save connection');
    await until(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('api-base-url-error')?.textContent).toMatch(
      /^API base URL is not a URL/,
    );
    expect(await local('apiKey')).toBeUndefined();
    expect(await local('connection')).toBeUndefined();
  });

  it('saves, then shows only the masked key and empties the field (write-only)', async () => {
    const root = mount(<ConnectionSection />);
    await loaded(root);
    set(byLabel(root, 'API key'), KEY);
    clickButton(root, 'Save connection');
    await expect.poll(() => local('apiKey')).toBe(KEY);
    await until(() =>
      expect(root.querySelector('[data-testid="masked-key"]')?.textContent).toBe('sk-ant-…abcd'),
    );
    expect(byLabel(root, 'API key').value).toBe('');
    expect(root.innerHTML).not.toContain(KEY);
  });
});

describe('connection form in German (issue 37)', () => {
  it('says what is wrong with each field in German, and saves nothing', async () => {
    setLocale('de');
    const root = mount(<ConnectionSection />);
    await loaded(root);
    set(byLabel(root, 'API-Schlüssel'), 'sk-short');
    set(byLabel(root, 'API-Basis-URL'), 'http://api.example.com');
    set(byLabel(root, 'Standardmodell'), 'not a model');
    clickButton(root, 'Verbindung speichern');
    const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent;
    await until(() =>
      expect(errorOf('api-key')).toBe('Der API-Schlüssel ist zu kurz für einen API-Schlüssel.'),
    );
    expect(errorOf('api-base-url')).toBe(
      'Die API-Basis-URL muss https:// verwenden (http:// ist nur für localhost erlaubt).',
    );
    expect(errorOf('default-model')).toBe(
      'Das Standardmodell muss eine Modell-ID sein, etwa claude-sonnet-5-5.',
    );
    expect(await local('apiKey')).toBeUndefined();
    expect(await local('connection')).toBeUndefined();
  });
});

describe('site access', () => {
  it('lists granted sites, built-in ones without Revoke, and revokes a granted one', async () => {
    const granted = ['http://127.0.0.1/*', 'https://blog.example/*'];
    const removed: string[][] = [];
    Object.assign(fakeBrowser.permissions, {
      getAll: async () => ({ origins: [...granted] }),
      remove: async ({ origins }: { origins: string[] }) => {
        removed.push(origins);
        granted.splice(granted.indexOf(origins[0] as string), 1);
        return true;
      },
    });
    const root = mount(<ConnectionSection />);
    const list = await until(() => {
      const found = root.querySelector('[data-testid="site-list"]') as HTMLElement;
      expect(found.textContent).toContain('http://127.0.0.1 (any port)built in');
      return found;
    });
    expect(list.querySelectorAll('button')).toHaveLength(1);
    clickButton(list, 'Revoke');
    await until(() => expect(removed).toEqual([['https://blog.example/*']]));
    await until(() =>
      expect(root.textContent).toContain('Access to https://blog.example (any port) was revoked'),
    );
    expect(list.textContent).not.toContain('blog.example');
  });
});

describe('retention form (A2)', () => {
  it('refuses a retention of 0 days at the field; saves a valid one', async () => {
    const root = mount(<RetentionSection />);
    await loaded(root);
    const keepAll = byLabel(root, 'Keep every record');
    keepAll.click();
    const days = await until(() => byLabel(root, 'Keep audit records for (days)'));
    set(days, '0');
    clickButton(root, 'Save retention');
    await until(() => expect(days.getAttribute('aria-invalid')).toBe('true'));
    expect(await local('retention')).toBeUndefined();
    set(days, '30');
    clickButton(root, 'Save retention');
    await expect.poll(() => local('retention')).toEqual({ days: 30 });
  });
});

describe('audit record view (A1, S1)', () => {
  it('shows input and reasoning as text, never as markup', () => {
    const record: AuditRecordView = {
      id: 'r1',
      threadId: 't1',
      owner: { userId: '7', siteOrigin: 'https://site.test' },
      tool: 'wp_update_post',
      input: { title: '<img src=x onerror=alert(1)>' },
      payloadHash: 'ab'.repeat(32),
      status: 'run',
      mode: 'ask',
      classification: { kind: 'write', destructive: false, draft: true },
      transport: 'agent',
      position: 0,
      decidedBy: '7',
      decidedAt: 1,
      reasoning: '<script>alert(1)</script> I will update the title.',
      createdAt: 1,
      updatedAt: 2,
      version: 2,
      history: [{ status: 'run', at: 1, by: '7' }],
    };
    const root = mount(<AuditRecord record={record} onClose={() => {}} />);
    expect(root.querySelector('img, script')).toBeNull();
    expect(root.textContent).toContain('<script>alert(1)</script> I will update the title.');
    expect(root.textContent).toContain('ab'.repeat(32));
    expect(root.textContent).toContain('write, lands as a draft');
  });
});
