import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { acceptThreadPorts } from '../../../../src/background/threads/thread-port';
import type { ThreadService } from '../../../../src/background/threads/thread-service';
import type { ThreadRequest } from '../../../../src/shared/protocols/thread-protocol';
import { setLocale } from '../../../../src/i18n';
import { workerLanguages } from '../../support/languages';

type Listener = (port: chrome.runtime.Port) => void;

/** A port as the browser hands it to onConnect, recording what happened to it. */
function fakePort(name: string, sender: chrome.runtime.MessageSender) {
  const onMessage: Array<(m: unknown) => void> = [];
  const port = {
    name,
    sender,
    disconnected: false,
    posted: [] as unknown[],
    postMessage(message: unknown) {
      port.posted.push(message);
    },
    disconnect() {
      port.disconnected = true;
    },
    onMessage: { addListener: (l: (m: unknown) => void) => onMessage.push(l) },
    onDisconnect: { addListener: () => undefined },
    deliver: (message: unknown) => onMessage.forEach((l) => l(message)),
  };
  return port;
}

const decision: ThreadRequest = {
  type: 'decision',
  threadId: 't1',
  tabId: 4,
  recordId: 'r1',
  targetModified: null,
  payloadHash: 'a'.repeat(64),
  approve: true,
};

describe('the thread port takes decisions only from the extension’s own pages (S6)', () => {
  let connect: Listener;
  const handled: ThreadRequest[] = [];
  const threads = {
    connect: vi.fn(() => ({
      handle: (request: ThreadRequest) => {
        handled.push(request);
        return Promise.resolve();
      },
      close: () => undefined,
    })),
  } as unknown as ThreadService;

  beforeEach(() => {
    fakeBrowser.reset();
    handled.length = 0;
    vi.mocked(threads.connect).mockClear();
    vi.spyOn(chrome.runtime.onConnect, 'addListener').mockImplementation((l) => {
      connect = l as Listener;
    });
    acceptThreadPorts(threads);
  });

  const own = () => chrome.runtime.getURL('/sidepanel.html?tabId=4');

  it('a content script on an admin page (the extension’s id, the page’s URL) is disconnected', () => {
    const port = fakePort('thread', {
      id: chrome.runtime.id,
      url: 'http://127.0.0.1:8881/wp-admin/post.php?post=4&action=edit',
      tab: { id: 4 } as chrome.tabs.Tab,
      frameId: 0,
    });
    connect(port as unknown as chrome.runtime.Port);
    port.deliver(decision);
    expect(port.disconnected).toBe(true);
    expect(threads.connect).not.toHaveBeenCalled();
    expect(handled).toEqual([]);
  });

  it('another extension’s page is disconnected, even one whose URL starts like ours', () => {
    for (const sender of [
      { id: 'abcdefghijklmnopabcdefghijklmnop', url: own() },
      { id: chrome.runtime.id, url: `https://evil.test/?${own()}` },
      { id: chrome.runtime.id },
    ]) {
      const port = fakePort('thread', sender);
      connect(port as unknown as chrome.runtime.Port);
      port.deliver(decision);
      expect(port.disconnected, JSON.stringify(sender)).toBe(true);
    }
    expect(handled).toEqual([]);
  });

  it('the side panel is served, and a request it garbles is refused naming no value', async () => {
    const port = fakePort('thread', { id: chrome.runtime.id, url: own() });
    connect(port as unknown as chrome.runtime.Port);
    port.deliver(decision);
    port.deliver({ ...decision, payloadHash: 'not-a-hash' });
    await Promise.resolve();
    expect(port.disconnected).toBe(false);
    expect(handled).toEqual([decision]);
    expect(port.posted.at(-1)).toEqual({
      type: 'error',
      code: 'bad-request',
      message: 'The panel sent a request the background does not understand (payloadHash).',
    });
    expect(JSON.stringify(port.posted)).not.toContain('not-a-hash');
  });

  it('says what it refused in the person’s language (it was English in every language)', async () => {
    workerLanguages();
    setLocale('de');
    try {
      const port = fakePort('thread', { id: chrome.runtime.id, url: own() });
      connect(port as unknown as chrome.runtime.Port);
      port.deliver({ ...decision, payloadHash: 'not-a-hash' });
      await Promise.resolve();
      expect(port.posted.at(-1)).toMatchObject({
        code: 'bad-request',
        message:
          'Die Seitenleiste hat eine Anfrage gesendet, die der Hintergrunddienst nicht versteht (bei payloadHash).',
      });
    } finally {
      setLocale('en');
    }
  });
});
