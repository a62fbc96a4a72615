import type { ConfigItem, ThreadItem } from '../shared/thread-protocol';

/** One setting a thread changed, with the write that changed it. */
export interface ThreadConfigChange {
  recordId: string;
  toolLabel: string;
  items: ConfigItem[];
}

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
