import type { ThreadConfigChange, ThreadItem } from '../shared/protocols/thread-protocol';

/** One write's settings changes (A6), as the protocol sends them. */
export type { ThreadConfigChange };

/** A6: the settings a thread changed, in order, gathered from its result cards. */
export function threadConfigChanges(items: readonly ThreadItem[]): ThreadConfigChange[] {
  const changes: ThreadConfigChange[] = [];
  for (const item of items) {
    if (item.kind !== 'result' || !item.card.configChanges?.length) continue;
    changes.push({
      recordId: item.card.recordId,
      toolLabel: item.card.toolLabel,
      items: item.card.configChanges,
    });
  }
  return changes;
}
