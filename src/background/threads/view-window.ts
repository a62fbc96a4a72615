import { threadConfigChanges } from '../../cards/view-config-changes';
import type { ThreadPush, ThreadView } from '../../shared/protocols/thread-protocol';

/**
 * Issue 15: the `thread-view` push for a panel that shows the last `shown` items of the
 * thread: those items, and what comes before them (how many, and the settings changes
 * among them, which the header lists for the whole thread, A6). A panel that did not say
 * how many it shows gets every item. A 500-turn view is some 200 KB: sending its tail
 * keeps the clone over the port and the panel's validation small, so the panel opens fast;
 * earlier items follow when the person asks for them (`items-show`).
 */
export function viewPush(view: ThreadView, shown?: number): ThreadPush {
  const count = shown === undefined ? 0 : view.items.length - shown;
  if (count <= 0) return { type: 'thread-view', view };
  return {
    type: 'thread-view',
    view: { ...view, items: view.items.slice(count) },
    earlier: { count, configChanges: threadConfigChanges(view.items.slice(0, count)) },
  };
}
