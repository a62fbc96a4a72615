import type { ThreadItem, ThreadView } from '../../../shared/protocols/thread-protocol';

/**
 * Appends streamed text to the assistant item it belongs to (creating the item, marked
 * incomplete, when the delta arrives before the snapshot that holds it). Other items keep
 * their identity, so only the streaming item re-renders. Deltas for another thread are
 * ignored: they belong to a thread this panel is not showing.
 */
export function applyTextDelta(
  view: ThreadView,
  delta: { threadId: string; itemId: string; text: string },
): ThreadView {
  if (delta.threadId !== view.threadId) return view;
  const items = view.items.slice();
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index]!;
    if (item.id !== delta.itemId) continue;
    if (item.kind !== 'assistant' && item.kind !== 'thinking') return view;
    items[index] = { ...item, text: item.text + delta.text };
    return { ...view, items };
  }
  const created: ThreadItem = {
    kind: 'assistant',
    id: delta.itemId,
    text: delta.text,
    incomplete: true,
  };
  return { ...view, items: [...items, created] };
}
