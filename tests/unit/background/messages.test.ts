import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContextStore } from '../../../src/background/context-store';
import { createMessageHandler } from '../../../src/background/messages';
import { wordpressAdapter } from '../../../src/cms/wordpress/wordpress-adapter';

const globals = {
  wpApiSettings: { root: 'http://127.0.0.1:8881/wp-json/', nonce: '12725adda2' },
  pagenow: 'post',
  typenow: 'post',
  adminpage: 'post-php',
  userSettingsUid: '3',
};
const dom = {
  bodyClasses: ['wp-admin', 'block-editor-page'],
  postIdInput: '4',
  hasClassicForm: false,
};
const pageFacts = { type: 'page-facts', globals, dom };

function contentSender(
  tabId: number,
  url = 'http://127.0.0.1:8881/wp-admin/post.php?post=4&action=edit',
) {
  return { id: chrome.runtime.id, tab: { id: tabId } as chrome.tabs.Tab, frameId: 0, url };
}

describe('background message handling (S6)', () => {
  let store: ContextStore;
  let handle: ReturnType<typeof createMessageHandler>;
  const notified: number[] = [];

  beforeEach(() => {
    fakeBrowser.reset();
    notified.length = 0;
    store = new ContextStore(chrome.storage.session);
    handle = createMessageHandler(store, (tabId) => notified.push(tabId), {
      adapter: wordpressAdapter,
      options: () => Promise.reject(new Error('no options requests here')),
    });
  });

  it('keeps the context of the tab that sent it, with the nonce only in session storage', async () => {
    await handle(pageFacts, contentSender(5));
    const entry = await store.get(5);
    expect(entry).toMatchObject({
      kind: 'context',
      nonce: '12725adda2',
      context: { userId: 3, entity: { id: 4 } },
    });
    expect(await chrome.storage.local.get(null)).toEqual({});
    expect(notified).toEqual([5]);
  });

  it('a content script cannot set the context of another tab: the tab comes from the sender', async () => {
    await handle(pageFacts, contentSender(5));
    await handle(
      { ...pageFacts, tabId: 9 },
      contentSender(7, 'http://127.0.0.1:8881/wp-admin/index.php'),
    );
    expect((await store.get(5))?.kind).toBe('context');
    expect(await store.get(9)).toBeUndefined();
  });

  it('takes the page URL from the browser, not from the page', async () => {
    await handle(pageFacts, contentSender(5, 'http://127.0.0.2:8881/wp-admin/post.php?post=4'));
    // The page claims a REST root on 127.0.0.1 while the browser says it is 127.0.0.2.
    expect(await store.get(5)).toMatchObject({
      kind: 'invalid',
      reason: /restRoot is on another origin/,
    });
  });

  it('records malformed page messages as an untrusted page', async () => {
    await handle(
      { type: 'page-facts', globals, dom: { bodyClasses: 'wp-admin' } },
      contentSender(5),
    );
    expect(await store.get(5)).toMatchObject({
      kind: 'invalid',
      reason: 'the page context message is malformed',
    });
  });

  it('refuses messages from subframes and from other extensions', async () => {
    const fromFrame = await handle(pageFacts, { ...contentSender(5), frameId: 3 });
    const fromOther = await handle(pageFacts, { ...contentSender(5), id: 'another-extension' });
    expect(fromFrame).toMatchObject({ ok: false, error: { code: 'bad-sender' } });
    expect(fromOther).toMatchObject({ ok: false, error: { code: 'bad-sender' } });
    expect(await store.get(5)).toBeUndefined();
  });

  it('a web page cannot make panel requests', async () => {
    const reply = await handle({ type: 'tab-state-get', tabId: 5 }, contentSender(5));
    // Treated as a content message, which it is not: refused and recorded as malformed.
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad-message' } });
    expect(await store.get(5)).toMatchObject({ kind: 'invalid' });
  });

  it('answers malformed requests from extension pages with a clear error', async () => {
    const panel = { id: chrome.runtime.id, url: chrome.runtime.getURL('/sidepanel.html') };
    expect(await handle({ type: 'tab-state-get', tabId: 'five' }, panel)).toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    });
    // The quick flag is a boolean or absent; anything else is refused, not read as truthy.
    expect(await handle({ type: 'tab-state-get', tabId: 5, quick: 'yes' }, panel)).toMatchObject({
      ok: false,
      error: { code: 'bad-request', message: expect.stringContaining('quick: ') },
    });
  });

  it('the list of what the agent may use answers only a well-formed request from an extension page (issue 34)', async () => {
    const listed: number[] = [];
    const withTools = createMessageHandler(store, () => {}, {
      adapter: wordpressAdapter,
      options: () => Promise.reject(new Error('no options requests here')),
      toolsHere: (tabId) => {
        listed.push(tabId);
        return Promise.resolve({ cms: 'WordPress', tools: [] });
      },
    });
    const panel = { id: chrome.runtime.id, url: chrome.runtime.getURL('/sidepanel.html') };
    expect(await withTools({ type: 'tools-here', tabId: 'five' }, panel)).toMatchObject({
      ok: false,
      error: { code: 'bad-request', message: expect.stringContaining('tabId: ') },
    });
    expect(await withTools({ type: 'tools-here', tabId: -1 }, panel)).toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    });
    // A page's content script asking for it is refused as a malformed page message.
    expect(await withTools({ type: 'tools-here', tabId: 5 }, contentSender(5))).toMatchObject({
      ok: false,
    });
    expect(listed).toEqual([]);
    expect(await withTools({ type: 'tools-here', tabId: 5 }, panel)).toMatchObject({
      ok: true,
      value: { cms: 'WordPress' },
    });
    expect(listed).toEqual([5]);
  });

  it('a quick tab state answers "checking" from the stored context, without asking the site', async () => {
    const url = 'http://127.0.0.1:8881/wp-admin/post.php?post=4&action=edit';
    await handle(pageFacts, contentSender(5, url));
    vi.spyOn(chrome.tabs, 'get').mockResolvedValue({ id: 5, url } as never);
    vi.spyOn(chrome.permissions, 'contains').mockResolvedValue(true as never);
    const fetched = vi.spyOn(globalThis, 'fetch');
    const panel = { id: chrome.runtime.id, url: chrome.runtime.getURL('/sidepanel.html') };
    const reply = await handle({ type: 'tab-state-get', tabId: 5, quick: true }, panel);
    expect(reply).toMatchObject({
      ok: true,
      value: { kind: 'checking', context: { origin: 'http://127.0.0.1:8881', userId: 3 } },
    });
    expect(fetched).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
