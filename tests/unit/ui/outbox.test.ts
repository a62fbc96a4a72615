// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ThreadView } from '../../../src/shared/protocols/thread-protocol';
import { createThreadModel } from '../../../src/ui/panel/thread/thread-model';
import { decidedView } from '../../support/panel-fixtures/sample-views';
import { openedPorts, type FakePort } from './support';

// R1, S5: a message the person sends is never lost: it shows in the thread, or it comes
// back to the message box with a note. While the agent works it waits and goes after.

const { connect, last } = openedPorts;
const idle: ThreadView = { ...decidedView, busy: false, pending: null };
const withMessage = (view: ThreadView, text: string, id = 'u-new'): ThreadView => ({
  ...view,
  items: [...view.items, { kind: 'user', id, text, at: 1 }],
});
const sends = (port: FakePort) =>
  port.sent.filter((m) => (m as { type: string }).type === 'message-send');

function opened(view: ThreadView = idle) {
  const model = createThreadModel(connect, () => undefined);
  model.start(7);
  last().push({ type: 'thread-view', view });
  return model;
}

beforeEach(() => {
  openedPorts.clear();
  vi.useFakeTimers();
});
afterEach(() => void vi.useRealTimers());

describe('the message on its way (R1)', () => {
  it('sent on an idle thread: posted at once, and gone from the outbox once the thread shows it', () => {
    const model = opened();
    expect(model.submit('Shorten the title')).toBe(true);
    expect(sends(last())).toEqual([
      { type: 'message-send', threadId: idle.threadId, text: 'Shorten the title' },
    ]);
    expect(model.outgoing.value?.state).toBe('sent');
    last().push({ type: 'thread-view', view: { ...idle, busy: true } });
    last().push({
      type: 'thread-view',
      view: withMessage({ ...idle, busy: true }, 'Shorten the title'),
    });
    expect(model.outgoing.value).toBeUndefined();
    last().push({ type: 'thread-view', view: withMessage(idle, 'Shorten the title') });
    expect(model.draft.value).toBe('');
    expect(model.unsent.value).toBeUndefined();
  });

  it('the worker stops before it took the message: the reopened thread lacks it, so it is back in the box', () => {
    const model = opened();
    model.submit('Shorten the title');
    last().drop();
    vi.advanceTimersByTime(200);
    last().push({ type: 'thread-view', view: idle }); // reopened: idle, without the message
    expect(model.outgoing.value).toBeUndefined();
    expect(model.draft.value).toBe('Shorten the title');
    expect(model.unsent.value).toMatch(/was not sent: Countersign restarted/);
    // Sent again from the box: it goes, and the note goes away.
    expect(model.submit(model.draft.value)).toBe(true);
    expect(sends(last())).toHaveLength(1);
    expect(model.unsent.value).toBeUndefined();
  });

  it('the worker stops after it took the message: the reopened thread shows it, nothing comes back', () => {
    const model = opened();
    model.submit('Shorten the title');
    last().drop();
    vi.advanceTimersByTime(200);
    last().push({ type: 'thread-view', view: { ...idle, busy: true } }); // its resume runs
    last().push({ type: 'thread-view', view: withMessage(idle, 'Shorten the title') });
    expect(model.draft.value).toBe('');
    expect(model.unsent.value).toBeUndefined();
  });

  it('given back, then shown after all (a recovery took it late): taken out of the box again', () => {
    const model = opened();
    model.submit('Shorten the title');
    last().drop();
    vi.advanceTimersByTime(200);
    last().push({ type: 'thread-view', view: idle });
    expect(model.draft.value).toBe('Shorten the title');
    last().push({ type: 'thread-view', view: withMessage(idle, 'Shorten the title') });
    expect(model.draft.value).toBe('');
    expect(model.unsent.value).toBeUndefined();
  });

  it('refused by the background (its operation ended without it): back in the box, with what was typed since kept', () => {
    const model = opened();
    model.submit('Shorten the title');
    model.setDraft('and the excerpt');
    last().push({ type: 'thread-view', view: { ...idle, busy: true } });
    last().push({ type: 'thread-view', view: idle });
    expect(model.draft.value).toBe('Shorten the title\n\nand the excerpt');
    expect(model.unsent.value).toMatch(/was not sent/);
  });

  it('refused before any operation (an error push): back in the box', () => {
    const model = opened();
    model.submit('Shorten the title');
    last().push({
      type: 'error',
      code: 'not-owner',
      message: 'This thread belongs to another site or person.',
    });
    expect(model.draft.value).toBe('Shorten the title');
  });

  it('a message shown before the one sent, with the same words, does not count as it', () => {
    const model = opened(withMessage(idle, 'Yes', 'u-old'));
    model.submit('Yes');
    last().push({
      type: 'thread-view',
      view: { ...withMessage(idle, 'Yes', 'u-old'), busy: true },
    });
    expect(model.outgoing.value?.state).toBe('sent');
    last().push({ type: 'thread-view', view: withMessage(idle, 'Yes', 'u-old') });
    expect(model.draft.value).toBe('Yes');
  });

  it('sent while the agent works: it waits, through a card that asks, and goes once the thread is idle', () => {
    const model = opened({ ...idle, busy: true });
    expect(model.submit('Also fix the excerpt')).toBe(true);
    expect(sends(last())).toEqual([]);
    expect(model.outgoing.value?.state).toBe('queued');
    expect(model.submit('Another')).toBe(false); // one at a time
    last().push({ type: 'thread-view', view: { ...idle, pending: 'rec-1' } });
    expect(sends(last())).toEqual([]);
    last().push({ type: 'thread-view', view: idle });
    expect(sends(last())).toEqual([
      { type: 'message-send', threadId: idle.threadId, text: 'Also fix the excerpt' },
    ]);
    expect(model.outgoing.value?.state).toBe('sent');
  });

  it('a queued message waits through a restart and goes on the reopened idle thread', () => {
    const model = opened({ ...idle, busy: true });
    model.submit('Also fix the excerpt');
    last().drop();
    vi.advanceTimersByTime(200);
    last().push({ type: 'thread-view', view: idle });
    expect(sends(last())).toHaveLength(1);
  });

  it('a queued message can be taken back; another thread opened gives it back too', () => {
    const model = opened({ ...idle, busy: true });
    model.submit('Also fix the excerpt');
    model.cancelQueued();
    expect(model.outgoing.value).toBeUndefined();
    expect(model.draft.value).toBe('Also fix the excerpt');
    model.setDraft('');
    model.submit('Second try');
    model.openThread('th-other');
    last().push({ type: 'thread-view', view: { ...idle, threadId: 'th-other' } });
    expect(sends(last())).toEqual([]);
    expect(model.draft.value).toBe('Second try');
    expect(model.unsent.value).toMatch(/another thread/);
  });

  it('cannot go while a call waits for a decision (G6) or while reconnecting: the box keeps it', () => {
    const model = opened({ ...idle, pending: 'rec-1' });
    expect(model.submit('Hello')).toBe(false);
    last().push({ type: 'thread-view', view: idle });
    last().drop();
    expect(model.submit('Hello')).toBe(false);
    expect(model.outgoing.value).toBeUndefined();
  });
});
