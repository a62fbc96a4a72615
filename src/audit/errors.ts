import { CountersignError } from '../shared/errors';
import type { AuditStatus } from './record-schema';

/** A status change the record's lifecycle does not allow (A1). */
export class AuditTransitionError extends CountersignError {
  constructor(
    readonly recordId: string,
    readonly from: AuditStatus | null,
    readonly to: AuditStatus,
    why: string,
  ) {
    super(
      'audit-transition',
      `Audit record ${recordId}: cannot go from ${from ?? '(new)'} to ${to} (${why}).`,
    );
  }
}

/** No audit record has this id. */
export class AuditRecordNotFoundError extends CountersignError {
  constructor(readonly recordId: string) {
    super('audit-not-found', `Audit record ${recordId} does not exist.`);
  }
}

/**
 * A repeated write that carries different data than the first one: records are
 * append-only, so a second, different version of the same step is refused.
 */
export class AuditConflictError extends CountersignError {
  constructor(
    readonly recordId: string,
    what: string,
  ) {
    super('audit-conflict', `Audit record ${recordId}: ${what}.`);
  }
}

/**
 * A stored record that no longer matches its schema (validated on read, STYLE 7).
 * `problem` names the first field that is wrong and how (`history: Invalid input:
 * expected array, received undefined`); it never quotes the stored value.
 */
export class AuditRecordInvalidError extends CountersignError {
  constructor(
    readonly recordId: string,
    options?: { cause?: unknown; problem?: string },
  ) {
    const why = options?.problem ? `: ${options.problem}` : '.';
    super('audit-invalid', `Audit record ${recordId} is malformed in storage${why}`, {
      cause: options?.cause,
    });
  }
}

/** IndexedDB refused a write for lack of space; nothing was written (S5). */
export class AuditStorageFullError extends CountersignError {
  constructor(options?: { cause?: unknown }) {
    super(
      'storage-full',
      'The browser has no room left for the audit log; free space and retry.',
      options,
    );
  }
}

/** Whether an error, or one it wraps (Dexie's `inner`, or `cause`), is a quota error. */
export function isQuotaError(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    const named = e as { name?: unknown; inner?: unknown; cause?: unknown };
    if (named.name === 'QuotaExceededError') return true;
    e = named.inner ?? named.cause;
  }
  return false;
}
