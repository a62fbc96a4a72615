// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEarly, takeEarlyPort } from '../../../src/ui/panel/thread/early-port';
import { askTabStateEarly, takeTabState } from '../../../src/ui/panel/early-tab-state';
import { createThreadModel } from '../../../src/ui/panel/thread/thread-model';
import { decidedView, pendingView } from '../../support/panel-fixtures/sample-views';
import { FakePort } from './support';

// Issue 15: the panel's first script asks for the tab's thread; the thread model takes
// that port over, with what arrived on it, instead of asking again.
function earlyPortFor(tabId: number): FakePort {
  const port = new FakePort();
  vi.spyOn(chrome.runtime, 'connect').mockReturnValue(port as unknown as chrome.runtime.Port);
  openEarly(tabId);
  return port;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
  takeEarlyPort(-1);
});

describe('the early thread port (issue 15)', () => {
  it('asks for the last items of the tab’s thread and the list before the panel loads', async () => {
    const port = earlyPortFor(7);
    await settle();
    expect(port.sent).toEqual([
      { type: 'thread-open', tabId: 7, shown: 24 },
      { type: 'thread-list' },
    ]);
  });

  it('is taken over by the thread model with the views that came meanwhile', async () => {
    const port = earlyPortFor(7);
    await settle();
    port.push({ type: 'thread-view', view: pendingView });
    const fresh: FakePort[] = [];
    const model = createThreadModel(() => {
      fresh.push(new FakePort());
      return fresh.at(-1)!;
    });
    model.start(7);
    expect(fresh).toEqual([]); // no second port, nothing asked twice
    expect(port.sent).toHaveLength(2);
    expect(model.view.value?.threadId).toBe('th-1');
    port.push({ type: 'thread-view', view: decidedView });
    expect(model.view.value?.pending).toBeNull();
    // What came early is validated like any push.
    port.push({ type: 'thread-view', view: { threadId: 7 } });
    expect(model.error.value).toBe('The background sent something the panel does not understand.');
  });

  it('is closed, and a new port opened, when the panel serves another tab', async () => {
    const port = earlyPortFor(7);
    await settle();
    const fresh = new FakePort();
    createThreadModel(() => fresh).start(8);
    expect(port.disconnected).toBe(true);
    expect(fresh.sent[0]).toEqual({ type: 'thread-open', tabId: 8, shown: 24 });
  });

  it('asks again once the background knows the tab, when it asked too soon', async () => {
    const port = earlyPortFor(7);
    await settle();
    port.push({ type: 'error', code: 'no-session', message: 'Open this site first.' });
    const model = createThreadModel(() => new FakePort());
    model.start(7);
    expect(model.view.value).toBeNull();
    model.start(7); // the quick tab state: the page is known now
    expect(port.sent.at(-1)).toEqual({ type: 'thread-open', tabId: 7, shown: 24 });
    port.push({ type: 'thread-view', view: pendingView });
    expect(model.view.value?.threadId).toBe('th-1');
    expect(model.error.value).toBeUndefined();
  });

  it('keeps the tab state answers asked early for the tab model, once', async () => {
    const send = vi
      .spyOn(chrome.runtime, 'sendMessage')
      .mockImplementation((message: unknown) =>
        Promise.resolve({ ok: true, value: { asked: message } }),
      );
    askTabStateEarly(7);
    expect(send).toHaveBeenCalledTimes(2);
    const quick = { type: 'tab-state-get', tabId: 7, quick: true };
    expect(await takeTabState(7, true)).toEqual({ ok: true, value: { asked: quick } });
    expect(await takeTabState(7, false)).toEqual({
      ok: true,
      value: { asked: { type: 'tab-state-get', tabId: 7 } },
    });
    expect(send).toHaveBeenCalledTimes(2);
    await takeTabState(7, true); // taken already: asked again
    expect(send).toHaveBeenCalledTimes(3);
  });
});
