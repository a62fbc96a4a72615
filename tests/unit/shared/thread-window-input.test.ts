// Issue 15: the requests and pushes of a panel that shows only a thread's last items are
// validated at the port; malformed ones are refused naming the field that is wrong.
import { describe, expect, it } from 'vitest';
import {
  ThreadPushSchema,
  ThreadRequestSchema,
} from '../../../src/shared/protocols/thread-protocol';

function refusedAt(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => issue.path.join('.'));
}

describe('the thread window at the port (issue 15)', () => {
  it.each([0, -3, 1.5, '24', null])(
    '"Show earlier" with shown = %j is refused at shown',
    (shown) => {
      const result = ThreadRequestSchema.safeParse({ type: 'items-show', threadId: 't1', shown });
      expect(refusedAt(result)).toContain('shown');
    },
  );

  it('"Show earlier" without a thread is refused at threadId', () => {
    const result = ThreadRequestSchema.safeParse({ type: 'items-show', shown: 84 });
    expect(refusedAt(result)).toContain('threadId');
  });

  it('an open asking for no items is refused at shown; one that names none is taken', () => {
    const open = { type: 'thread-open', tabId: 3 };
    expect(refusedAt(ThreadRequestSchema.safeParse({ ...open, shown: 0 }))).toContain('shown');
    expect(ThreadRequestSchema.safeParse(open).success).toBe(true);
    expect(ThreadRequestSchema.safeParse({ ...open, shown: 24 }).success).toBe(true);
  });

  it('a view push whose earlier items are malformed is refused naming them', () => {
    const view = {
      threadId: 't1',
      title: 'T',
      items: [],
      busy: false,
      pending: null,
      untrusted: false,
      grants: [],
      mode: 'agent',
    };
    const push = (earlier: unknown) =>
      ThreadPushSchema.safeParse({ type: 'thread-view', view, earlier });
    expect(push({ count: 4, configChanges: [] }).success).toBe(true);
    expect(refusedAt(push({ count: 0, configChanges: [] }))).toContain('earlier.count');
    expect(refusedAt(push({ count: 4 }))).toContain('earlier.configChanges');
    expect(refusedAt(push({ count: 4, configChanges: [{ recordId: 'r' }] }))).toContain(
      'earlier.configChanges.0.toolLabel',
    );
  });
});
