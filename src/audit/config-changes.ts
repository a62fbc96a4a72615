import type { AuditDb } from './db';
import { compareThreadOrder, readRecord } from './record-read';
import type { AuditStatus, ConfigChangeRecord } from './record-schema';

/** A6: the configuration one call changed (or, while not run, proposed to change). */
export interface ThreadConfigChange {
  recordId: string;
  tool: string;
  status: AuditStatus;
  createdAt: number;
  changes: ConfigChangeRecord[];
}

/**
 * A6: every call in the thread that carries configuration changes, in thread order.
 * Entries with status `run` are the changes applied; the rest were only proposed.
 */
export async function configChangesForThread(
  db: AuditDb,
  threadId: string,
): Promise<ThreadConfigChange[]> {
  const rows = await db.records
    .where('[threadId+createdAt]')
    .between([threadId, -Infinity], [threadId, Infinity])
    .filter((record) => (record.configChanges?.length ?? 0) > 0)
    .toArray();
  return rows
    .map(readRecord)
    .sort(compareThreadOrder)
    .map((record) => ({
      recordId: record.id,
      tool: record.tool,
      status: record.status,
      createdAt: record.createdAt,
      changes: record.configChanges ?? [],
    }));
}
