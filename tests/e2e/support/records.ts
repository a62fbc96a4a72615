import type { Worker } from '@playwright/test';

/** An audit record as the extension stores it (the fields tests look at). */
export interface StoredRecord {
  id: string;
  tool: string;
  status: string;
  transport: string;
  input: unknown;
  result?: unknown;
}

/** The audit records the extension holds, as stored (its IndexedDB, read in the worker). */
export function auditRecords(worker: Worker): Promise<StoredRecord[]> {
  return worker.evaluate(
    () =>
      new Promise<StoredRecord[]>((resolve, reject) => {
        const open = indexedDB.open('countersign');
        open.onsuccess = () => {
          const all = open.result.transaction('records').objectStore('records').getAll();
          all.onsuccess = () => resolve(all.result as StoredRecord[]);
          all.onerror = () => reject(all.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
}

/** The records of one tool on one entry id. */
export async function recordsOf(worker: Worker, tool: string, id: number) {
  return (await auditRecords(worker)).filter(
    (r) => r.tool === tool && (r.input as { id?: number }).id === id,
  );
}
