import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { ContextStore } from '../../../../src/background/context-store';
import { createMessageHandler } from '../../../../src/background/messages';
import {
  createOptionsHandler,
  defaultOptionsServices,
} from '../../../../src/background/options-handlers';
import { wordpressAdapter } from '../../../../src/cms/wordpress/wordpress-adapter';

beforeEach(() => fakeBrowser.reset());

const handler = () =>
  createMessageHandler(new ContextStore(chrome.storage.session), () => {}, {
    adapter: wordpressAdapter,
    options: createOptionsHandler(
      defaultOptionsServices(wordpressAdapter, () => wordpressAdapter.tools()),
    ),
  });

describe('options requests are routed only from extension pages (S6)', () => {
  it('the options page reaches the options handlers', async () => {
    const sender = { id: chrome.runtime.id, url: chrome.runtime.getURL('/options.html') };
    const reply = await handler()({ type: 'options-policy-get' }, sender);
    expect(reply).toMatchObject({ ok: true, value: { managed: { status: 'none' } } });
  });

  it('a content script cannot: it may only report page context', async () => {
    const sender = {
      id: chrome.runtime.id,
      tab: { id: 4 } as chrome.tabs.Tab,
      frameId: 0,
      url: 'http://127.0.0.1:8881/wp-admin/',
    };
    const reply = await handler()(
      { type: 'options-policy-save', policy: { '*': { mode: 'allow' } } },
      sender,
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(await fakeBrowser.storage.local.get('gatePolicy')).toEqual({});
  });

  it('nor does another extension', async () => {
    const sender = {
      id: 'another-extension',
      url: 'chrome-extension://another-extension/page.html',
    };
    const reply = await handler()({ type: 'options-retention-purge' }, sender);
    expect(reply).toMatchObject({ ok: false });
  });
});
