import { describe, expect, it } from 'vitest';
import { PanelHub } from '../../../../src/background/threads/panel-hub';
import { viewPush } from '../../../../src/background/threads/view-window';
import {
  ThreadPushSchema,
  type ThreadPush,
} from '../../../../src/shared/protocols/thread-protocol';
import { decidedView, longView } from '../../../support/panel-fixtures/sample-views';

// Issue 15: a panel is sent the last items it shows, and what comes before them.
const whole = { ...decidedView, items: [...decidedView.items, ...longView(100).items] };

describe('the view a panel is sent (issue 15)', () => {
  it('is every item when the panel did not say how many it shows, or shows them all', () => {
    expect(viewPush(whole)).toEqual({ type: 'thread-view', view: whole });
    expect(viewPush(whole, whole.items.length)).toEqual({ type: 'thread-view', view: whole });
  });

  it('is the last items, with how many come before and their settings changes (A6)', () => {
    const push = viewPush(whole, 24);
    expect(ThreadPushSchema.parse(push)).toEqual(push);
    if (push.type !== 'thread-view') throw new Error('not a view');
    expect(push.view.items).toEqual(whole.items.slice(-24));
    expect(push.view).toMatchObject({ threadId: whole.threadId, title: whole.title });
    expect(push.earlier?.count).toBe(whole.items.length - 24);
    expect(push.earlier?.configChanges.map((c) => c.recordId)).toEqual(['rec-draft']);
    // The stored view is not touched.
    expect(whole.items).toHaveLength(decidedView.items.length + 100);
  });

  it('goes to each panel of the thread with the items that panel shows', () => {
    const hub = new PanelHub();
    const got: Record<string, ThreadPush[]> = { tail: [], all: [], other: [] };
    const tail = hub.add((p) => got['tail']!.push(p));
    Object.assign(tail, { threadId: whole.threadId, shown: 24 });
    Object.assign(
      hub.add((p) => got['all']!.push(p)),
      { threadId: whole.threadId },
    );
    Object.assign(
      hub.add((p) => got['other']!.push(p)),
      { threadId: 'another', shown: 24 },
    );
    hub.broadcastView(whole);
    const items = (p?: ThreadPush) => (p?.type === 'thread-view' ? p.view.items.length : 0);
    expect(items(got['tail']![0])).toBe(24);
    expect(items(got['all']![0])).toBe(whole.items.length);
    expect(got['other']).toEqual([]);
  });
});
