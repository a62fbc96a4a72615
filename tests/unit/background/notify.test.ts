import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { takeThreadFocus } from '../../../src/background/notify';

describe('notification focus (issue 6: a click opens the panel on the notified card)', () => {
  beforeEach(() => fakeBrowser.reset());

  it('gives the thread a click named for the tab once, and keeps other tabs’ focus', async () => {
    await chrome.storage.session.set({ threadFocus: { '7': 'thread-a', '9': 'thread-b' } });
    expect(await takeThreadFocus(7)).toBe('thread-a');
    expect(await takeThreadFocus(7)).toBeUndefined();
    expect(await takeThreadFocus(9)).toBe('thread-b');
  });

  it('drops a focus entry storage holds in the wrong shape, and opens the latest thread', async () => {
    await chrome.storage.session.set({ threadFocus: { '7': 42 } });
    expect(await takeThreadFocus(7)).toBeUndefined();
    expect(await chrome.storage.session.get('threadFocus')).toEqual({});
  });
});
