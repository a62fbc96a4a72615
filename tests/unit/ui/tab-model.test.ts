import { afterEach, describe, expect, it, vi } from 'vitest';
import { panelError, refresh, tabState } from '../../../src/ui/panel/tab-model';

// S5: the service worker stopped while it answers the panel's tab-state request (Chromium
// closes the message channel: "A listener indicated an asynchronous response by returning
// true, but the message channel closed before a response was received"). Seen in the kill
// e2e tests as an unhandled rejection in a panel opened just as the worker was stopped.
const CLOSED = new Error(
  'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received',
);

/** The panel page opened for a tab (`?tabId=`), as a notification or a test opens it. */
const panelFor = (tabId: number) =>
  Object.assign(globalThis, { location: { search: `?tabId=${tabId}` } });

afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as { location?: unknown }).location;
});

describe('the tab model when the worker stops mid-answer', () => {
  it('asks again once (that starts the next worker) and shows its answer', async () => {
    panelFor(5);
    const send = vi
      .spyOn(chrome.runtime, 'sendMessage')
      .mockRejectedValueOnce(CLOSED)
      .mockRejectedValueOnce(CLOSED)
      .mockResolvedValue({ ok: true, value: { kind: 'not-cms' } } as never);
    await refresh();
    expect(tabState.value).toEqual({ kind: 'not-cms' });
    expect(panelError.value).toBeUndefined();
    expect(send.mock.calls.length).toBeGreaterThanOrEqual(3);
  });

  it('says the background did not answer when it fails again, and rejects nothing', async () => {
    panelFor(6);
    vi.spyOn(chrome.runtime, 'sendMessage').mockRejectedValue(CLOSED as never);
    await expect(refresh()).resolves.toBeUndefined();
    expect(panelError.value).toBe('The background did not answer.');
  });
});
