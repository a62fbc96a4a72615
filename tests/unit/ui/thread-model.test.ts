// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThreadModel } from '../../../src/ui/panel/thread/thread-model';
import { publishFlight } from '../../../src/ui/panel/thread/in-flight';
import { HASH } from '../../support/panel-fixtures/sample-cards';
import { decidedView, pendingView } from '../../support/panel-fixtures/sample-views';
import { openedPorts } from './support';

const { connect, last } = openedPorts;

beforeEach(() => {
  openedPorts.clear();
  vi.useFakeTimers();
});
afterEach(() => void vi.useRealTimers());

describe('thread model: the `thread` port (R2)', () => {
  it('opens the thread of the tab and asks for the thread list', () => {
    const model = createThreadModel(connect);
    model.start(7);
    expect(last().sent).toEqual([
      { type: 'thread-open', tabId: 7, shown: 24 },
      { type: 'thread-list' },
    ]);
    expect(model.connection.value).toBe('connecting');
    last().push({ type: 'thread-view', view: pendingView });
    expect(model.view.value?.threadId).toBe('th-1');
    expect(model.connection.value).toBe('open');
  });

  it('applies text deltas to the streaming assistant item, keeping other items as they were', () => {
    const model = createThreadModel(connect);
    model.start(7);
    last().push({ type: 'thread-view', view: pendingView });
    const before = model.view.value!.items;
    last().push({ type: 'text-delta', threadId: 'th-1', itemId: 'a1', text: ' More.' });
    const after = model.view.value!.items;
    expect(after.find((item) => item.id === 'a1')).toMatchObject({
      text: expect.stringMatching(/ More\.$/),
    });
    expect(after[0]).toBe(before[0]);
    last().push({ type: 'text-delta', threadId: 'th-1', itemId: 'a-new', text: 'Hel' });
    last().push({ type: 'text-delta', threadId: 'th-1', itemId: 'a-new', text: 'lo' });
    expect(model.view.value!.items.at(-1)).toEqual({
      kind: 'assistant',
      id: 'a-new',
      text: 'Hello',
      incomplete: true,
    });
    last().push({ type: 'text-delta', threadId: 'other', itemId: 'a-new', text: '!' });
    expect(model.view.value!.items.at(-1)).toMatchObject({ text: 'Hello' });
  });

  it('reconnects when the service worker restarts and opens the same thread again', () => {
    const model = createThreadModel(connect);
    model.start(7);
    last().push({ type: 'thread-view', view: pendingView });
    last().drop();
    expect(model.connection.value).toBe('reconnecting');
    expect(openedPorts.all).toHaveLength(1);
    vi.advanceTimersByTime(200);
    expect(openedPorts.all).toHaveLength(2);
    expect(last().sent[0]).toEqual({ type: 'thread-open', tabId: 7, shown: 24, threadId: 'th-1' });
    last().push({ type: 'thread-view', view: pendingView });
    expect(model.connection.value).toBe('open');
  });

  it('backs off while the background stays away', () => {
    const model = createThreadModel(connect);
    model.start(7);
    last().drop();
    vi.advanceTimersByTime(200);
    last().drop();
    vi.advanceTimersByTime(200);
    expect(openedPorts.all).toHaveLength(2);
    vi.advanceTimersByTime(200);
    expect(openedPorts.all).toHaveLength(3);
  });

  it('sends decisions bound to the thread, its tab, record id, full hash and card stamp (G7, G13), and marks them in flight', () => {
    const model = createThreadModel(connect);
    model.start(7);
    last().push({ type: 'thread-view', view: pendingView });
    const stamp = '2026-01-01T10:00:00';
    expect(
      model.decide({
        recordId: 'rec-content',
        payloadHash: HASH,
        targetModified: stamp,
        approve: false,
        note: 'No.',
      }),
    ).toBe(true);
    expect(last().sent.at(-1)).toEqual({
      type: 'decision',
      threadId: 'th-1',
      tabId: 7,
      recordId: 'rec-content',
      payloadHash: HASH,
      targetModified: stamp,
      approve: false,
      note: 'No.',
    });
    expect(model.inFlight.value).toBe('decision:rec-content');
    // While the background applies it, views still show the call pending: stay in flight.
    last().push({ type: 'thread-view', view: { ...pendingView, busy: true } });
    expect(model.inFlight.value).toBe('decision:rec-content');
    last().push({ type: 'thread-view', view: { ...pendingView, pending: null } });
    expect(model.inFlight.value).toBeUndefined();
  });

  it('a publish stays in flight until the card says published; errors and drops clear it', () => {
    const model = createThreadModel(connect);
    model.start(7);
    last().push({ type: 'thread-view', view: decidedView });
    model.send({ type: 'publish', recordId: 'rec-draft' }, 'publish:rec-draft');
    last().push({ type: 'thread-view', view: { ...decidedView, busy: true } });
    expect(model.inFlight.value).toBe('publish:rec-draft');
    last().push({ type: 'error', code: 'x', message: 'Publishing failed.' });
    expect(model.inFlight.value).toBeUndefined();
    model.decide({
      recordId: 'rec-content',
      payloadHash: HASH,
      targetModified: null,
      approve: true,
    });
    last().drop();
    expect(model.inFlight.value).toBeUndefined();
  });

  it('a publish settles when the card comes back refreshed because the draft changed (U1)', () => {
    const model = createThreadModel(connect);
    model.start(7);
    last().push({ type: 'thread-view', view: decidedView });
    const flight = publishFlight('rec-draft', 1000);
    model.send({ type: 'publish', recordId: 'rec-draft' }, flight);
    // The background handles the click as an operation on the thread: its views are busy.
    const withCard = (checkedAt: number) => ({
      ...decidedView,
      busy: true,
      items: decidedView.items.map((item) =>
        item.kind === 'result' && item.card.recordId === 'rec-draft'
          ? { ...item, card: { ...item.card, checkedAt, changedSince: [] } }
          : item,
      ),
    });
    // A view still showing the check the click was made on keeps the button disabled.
    last().push({ type: 'thread-view', view: withCard(1000) });
    expect(model.inFlight.value).toBe(flight);
    last().push({ type: 'thread-view', view: withCard(2000) });
    expect(model.inFlight.value).toBeUndefined();
  });

  it('a publish settles when its approval card arrives, or when the request ends (U2)', () => {
    const model = createThreadModel(connect);
    model.start(7);
    last().push({ type: 'thread-view', view: decidedView });
    const flight = publishFlight('rec-draft');
    model.send({ type: 'publish', recordId: 'rec-draft' }, flight);
    last().push({ type: 'thread-view', view: { ...decidedView, busy: true } });
    expect(model.inFlight.value).toBe(flight);
    const asked = {
      ...decidedView,
      busy: true,
      items: decidedView.items.map((item) =>
        item.kind === 'result' && item.card.recordId === 'rec-draft'
          ? { ...item, card: { ...item.card, publish: { state: 'asked' as const } } }
          : item,
      ),
    };
    last().push({ type: 'thread-view', view: asked });
    expect(model.inFlight.value).toBeUndefined();
    // A click refused before any card (a notice) ends the request: the button comes back.
    model.send({ type: 'publish', recordId: 'rec-draft' }, flight);
    last().push({ type: 'thread-view', view: { ...decidedView, busy: true } });
    expect(model.inFlight.value).toBe(flight);
    last().push({ type: 'thread-view', view: { ...decidedView, busy: false } });
    expect(model.inFlight.value).toBeUndefined();
  });

  it('refuses to send what the protocol would refuse (a short hash)', () => {
    const model = createThreadModel(connect);
    model.start(7);
    last().push({ type: 'thread-view', view: pendingView });
    const count = last().sent.length;
    expect(
      model.decide({
        recordId: 'rec-content',
        payloadHash: 'a3f1c29b',
        targetModified: null,
        approve: true,
      }),
    ).toBe(false);
    expect(last().sent).toHaveLength(count);
    expect(model.error.value).toMatch(/nothing was sent/);
  });

  it('switches threads and starts new ones', () => {
    const model = createThreadModel(connect);
    model.start(7);
    last().push({ type: 'thread-view', view: pendingView });
    model.openThread('th-2');
    expect(last().sent.at(-1)).toEqual({
      type: 'thread-open',
      tabId: 7,
      shown: 24,
      threadId: 'th-2',
    });
    last().push({ type: 'thread-view', view: { ...pendingView, threadId: 'th-2' } });
    expect(model.view.value!.threadId).toBe('th-2');
    model.openThread();
    expect(last().sent.at(-1)).toEqual({ type: 'thread-open', tabId: 7, shown: 24, fresh: true });
  });

  it('shows background errors and ignores views of other threads', () => {
    const model = createThreadModel(connect);
    model.start(7);
    last().push({ type: 'thread-view', view: pendingView });
    last().push({ type: 'error', code: 'pending', message: 'A call is waiting for a decision.' });
    expect(model.error.value).toBe('A call is waiting for a decision.');
    last().push({ type: 'thread-view', view: { ...pendingView, threadId: 'elsewhere' } });
    expect(model.view.value!.threadId).toBe('th-1');
    last().push({ type: 'nonsense' });
    expect(model.error.value).toMatch(/does not understand/);
  });

  it('stop() closes the port and does not reconnect', () => {
    const model = createThreadModel(connect);
    model.start(7);
    model.stop();
    expect(last().disconnected).toBe(true);
    last().drop();
    vi.advanceTimersByTime(10_000);
    expect(openedPorts.all).toHaveLength(1);
  });
});

describe('thread model: a reopen the new worker refuses', () => {
  // Seen in the real extension (tests/e2e/message-kill.spec.ts): after a restart the new
  // worker refused to open the thread again; the panel kept the old view, said it was
  // connected, and a message sent then was refused with "Open it first." (now "This panel has not opened the thread yet.").
  it('asks again shortly and stays "reconnecting" (nothing can be sent) until the thread is open', () => {
    const model = createThreadModel(connect, () => undefined);
    model.start(7);
    last().push({ type: 'thread-view', view: { ...pendingView, pending: null } });
    last().drop();
    vi.advanceTimersByTime(200);
    const port = last();
    port.push({ type: 'thread-list', threads: [] });
    port.push({ type: 'error', code: 'no-context', message: 'Reading the page…' });
    expect(model.connection.value).toBe('reconnecting');
    expect(model.submit('Hello')).toBe(false);
    vi.advanceTimersByTime(200);
    expect(port.sent.at(-1)).toEqual({
      type: 'thread-open',
      tabId: 7,
      shown: 24,
      threadId: 'th-1',
    });
    port.push({ type: 'thread-view', view: { ...pendingView, pending: null } });
    expect(model.connection.value).toBe('open');
    expect(model.submit('Hello')).toBe(true);
  });

  it('gives up after a few refusals and shows why', () => {
    const model = createThreadModel(connect, () => undefined);
    model.start(7);
    last().push({ type: 'thread-view', view: pendingView });
    last().drop();
    vi.advanceTimersByTime(200);
    const port = last();
    for (let i = 0; i < 7; i++) {
      port.push({ type: 'error', code: 'no-thread', message: 'This thread no longer exists.' });
      vi.advanceTimersByTime(5_000);
    }
    expect(port.sent.filter((m) => (m as { type: string }).type === 'thread-open')).toHaveLength(7);
    expect(model.connection.value).toBe('open');
    expect(model.error.value).toBe('This thread no longer exists.');
  });
});
