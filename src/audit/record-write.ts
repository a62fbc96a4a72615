import { Dexie } from 'dexie';
import { z } from 'zod';
import { InputError } from '../shared/errors';
import type { AuditDb } from './db';
import {
  AuditConflictError,
  AuditRecordNotFoundError,
  AuditStorageFullError,
  isQuotaError,
} from './errors';
import { enqueueMirror } from './outbox';
import { readRecord } from './record-read';
import {
  ApprovedEditSchema,
  ConfigChangeRecordSchema,
  DECIDED_BY_EXPIRY,
  NewToolCallRecordSchema,
  RecordErrorSchema,
  type AuditStatus,
  type NewToolCallRecord,
  type ToolCallRecord,
} from './record-schema';
import { sameData } from './same-data';
import { UndoStateSchema } from './undo-state';
import { assertInitialStatus, assertTransition } from './transitions';

/** What a status change may add to a record; everything else is fixed at creation. */
export const TransitionPatchSchema = z.object({
  decidedBy: z.string().min(1).nullable().optional(),
  decidedAt: z.number().nullable().optional(),
  outcome: z.string().max(2000).optional(),
  resultSummary: z.string().max(2000).optional(),
  error: RecordErrorSchema.optional(),
  configChanges: z.array(ConfigChangeRecordSchema).optional(),
  /** E4: what the write changed, recorded with `run`. */
  undo: UndoStateSchema.optional(),
  /** Issue 36: with `approved`: the person's edited input, approved instead of the proposal. */
  approvedEdit: ApprovedEditSchema.optional(),
  /** When the step happened; defaults to the log's clock. Not compared on repeats. */
  at: z.number().optional(),
});
export type TransitionPatch = z.infer<typeof TransitionPatchSchema>;

const DECISIONS: ReadonlySet<AuditStatus> = new Set(['approved', 'rejected', 'expired']);

/** How a write treats the mirror outbox (A5). */
export interface WriteOptions {
  /** A mirror target is configured: queue each version for it. Without one nothing is. */
  mirror: boolean;
}

/** A1: stores a new record and, with a mirror, queues it, in one transaction. */
export async function createRecord(
  db: AuditDb,
  input: NewToolCallRecord,
  now: number,
  options: WriteOptions = { mirror: false },
): Promise<ToolCallRecord> {
  const parsed = NewToolCallRecordSchema.safeParse(input);
  if (!parsed.success) throw new InputError('Invalid audit record.', { cause: parsed.error });
  const fresh = parsed.data;
  assertInitialStatus(fresh.id, fresh.status);
  const createdAt = fresh.createdAt ?? now;
  const record: ToolCallRecord = {
    ...fresh,
    createdAt,
    updatedAt: createdAt,
    version: 1,
    history: [{ status: fresh.status, at: createdAt, by: fresh.decidedBy }],
  };
  return write(db, async () => {
    // Added without a look first: a new call is the usual case, and a repeat (a worker
    // that died after creating it) fails the add, then is compared with what is stored.
    const added = await db.records.add(record).then(
      () => true,
      (error: unknown) => {
        if ((error as { name?: unknown } | null)?.name === 'ConstraintError') return false;
        throw error;
      },
    );
    if (!added) {
      const stored = await db.records.get(fresh.id);
      if (!stored) throw new AuditConflictError(fresh.id, 'the record could not be added');
      return repeatedCreate(readRecord(stored), record);
    }
    if (options.mirror) await enqueueMirror(db, record.id, record.version, now);
    return record;
  });
}

/** A1: moves a record to `to`, appending to its history; a same-data repeat is a no-op. */
export async function transitionRecord(
  db: AuditDb,
  id: string,
  to: AuditStatus,
  patch: TransitionPatch,
  now: number,
  options: WriteOptions = { mirror: false },
): Promise<ToolCallRecord> {
  const parsed = TransitionPatchSchema.safeParse(patch);
  if (!parsed.success) throw new InputError('Invalid audit transition.', { cause: parsed.error });
  const { at = now, ...given } = parsed.data;
  // An explicit `undefined` means "not given": it must neither erase nor conflict.
  const fields = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined),
  ) as Omit<TransitionPatch, 'at'>;
  return write(db, async () => {
    const raw = await db.records.get(id);
    if (!raw) throw new AuditRecordNotFoundError(id);
    const current = readRecord(raw);
    if (current.status === to) return repeatedTransition(current, fields);
    assertTransition(id, current.status, to);
    const decided = DECISIONS.has(to);
    const decidedBy = fields.decidedBy ?? (to === 'expired' ? DECIDED_BY_EXPIRY : undefined);
    const next: ToolCallRecord = {
      ...current,
      ...fields,
      decidedBy: decidedBy ?? current.decidedBy,
      decidedAt: fields.decidedAt ?? (decided ? at : current.decidedAt),
      status: to,
      updatedAt: at,
      version: current.version + 1,
      history: [...current.history, { status: to, at, by: decidedBy ?? null }],
    };
    await db.records.put(next);
    if (options.mirror) await enqueueMirror(db, id, next.version, now);
    return next;
  });
}

/** A worker that died after creating a record creates it again on resume: same call, no-op. */
function repeatedCreate(stored: ToolCallRecord, fresh: ToolCallRecord): ToolCallRecord {
  const first = stored.history[0]?.status;
  const same =
    stored.threadId === fresh.threadId &&
    stored.tool === fresh.tool &&
    stored.payloadHash === fresh.payloadHash &&
    stored.position === fresh.position &&
    first === fresh.status;
  if (same) return stored;
  throw new AuditConflictError(stored.id, 'a different call already has this id');
}

function repeatedTransition(
  current: ToolCallRecord,
  fields: Omit<TransitionPatch, 'at'>,
): ToolCallRecord {
  for (const [key, value] of Object.entries(fields)) {
    if (!sameData(value, current[key as keyof ToolCallRecord])) {
      throw new AuditConflictError(current.id, `already ${current.status} with another ${key}`);
    }
  }
  return current;
}

/**
 * Runs a write in one transaction over records and outbox; quota becomes a typed error.
 * Inside a caller's read-write transaction of this database over both tables (the run
 * state's one commit, issue 15 item 6), the body joins it as it is: a nested Dexie
 * transaction would only add its own bookkeeping to the same IndexedDB transaction, and a
 * failing body aborts the caller's transaction either way.
 */
async function write<T>(db: AuditDb, body: () => Promise<T>): Promise<T> {
  try {
    return await (joinsOuter(db) ? body() : db.transaction('rw', db.records, db.outbox, body));
  } catch (error) {
    if (isQuotaError(error)) throw new AuditStorageFullError({ cause: error });
    throw error;
  }
}

/** Whether the current Dexie transaction is a read-write one of `db` over records and outbox. */
function joinsOuter(db: AuditDb): boolean {
  const outer = Dexie.currentTransaction;
  return (
    outer !== null &&
    outer !== undefined &&
    outer.db === db &&
    outer.mode === 'readwrite' &&
    outer.active &&
    outer.storeNames.includes('records') &&
    outer.storeNames.includes('outbox')
  );
}
