import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readableTitle, setThreadFocus, takeThreadFocus } from '../../../src/background/notify';

describe('notification focus (issue 6: a click opens the panel on the notified card)', () => {
  beforeEach(() => fakeBrowser.reset());

  it('gives the thread a click named for the tab once, and keeps other tabs’ focus', async () => {
    await chrome.storage.session.set({ threadFocus: { '7': 'thread-a', '9': 'thread-b' } });
    expect(await takeThreadFocus(7)).toBe('thread-a');
    expect(await takeThreadFocus(7)).toBeUndefined();
    expect(await takeThreadFocus(9)).toBe('thread-b');
  });

  it('clicks on notifications of several tabs at once each keep their thread', async () => {
    await Promise.all([
      setThreadFocus(7, 'thread-a'),
      setThreadFocus(9, 'thread-b'),
      setThreadFocus(11, 'thread-c'),
      takeThreadFocus(5),
    ]);
    expect(await takeThreadFocus(7)).toBe('thread-a');
    expect(await takeThreadFocus(9)).toBe('thread-b');
    expect(await takeThreadFocus(11)).toBe('thread-c');
  });

  it('drops a focus entry storage holds in the wrong shape, and opens the latest thread', async () => {
    await chrome.storage.session.set({ threadFocus: { '7': 42 } });
    expect(await takeThreadFocus(7)).toBeUndefined();
    expect(await chrome.storage.session.get('threadFocus')).toEqual({});
  });
});

describe('the title a notification shows (S1: Chromium prints it as it is)', () => {
  it('drops markup, decodes entity codes and keeps the words', () => {
    expect(readableTitle('Sale <img src=x onerror=alert(1)> &amp; more &#8217;s &lt;b&gt;')).toBe(
      'Sale & more ’s',
    );
    expect(readableTitle('"><script>alert(1)</script> Hello <<img src=x')).toBe('" alert(1) Hello');
    expect(readableTitle('<b></b>')).toBe('(no title)');
  });

  it('cuts a long title to 80 characters', () => {
    const title = readableTitle('word '.repeat(100));
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title.endsWith('…')).toBe(true);
  });
});
