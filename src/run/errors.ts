import { CountersignError, toWireError, type WireError } from '../shared/errors';
import { t } from '../i18n';

/**
 * An error as a person reads it (issue 37): an unexpected one says so in their language; a
 * typed one keeps its own message (written for people, and read by the model as well).
 */
export function personWireError(error: unknown): WireError {
  const wire = toWireError(error);
  return error instanceof CountersignError
    ? wire
    : { ...wire, message: t('worker.error.internal') };
}

/** Why a stored run state cannot be used. */
export type RunStateFailure =
  /** Saved by a newer Countersign: this version cannot read it. */
  | 'version'
  /** A required part is missing or has the wrong shape; `fields` names where. */
  | 'invalid'
  /** It holds a `__proto__`, `constructor` or `prototype` key: tampered or corrupt. */
  | 'unsafe'
  /** The sealed value does not open (tampered, another key, bad envelope). */
  | 'unreadable'
  /** No run state is stored for the thread. */
  | 'missing'
  /** A thread with this id already exists. */
  | 'exists';

/**
 * STYLE 8: a run state that cannot be read or written as it is. Nothing is thrown away:
 * the stored value stays where it is, and `pendingRecordIds` lists the calls the audit
 * log still holds as pending for the thread, so a person can see what waits.
 */
export class RunStateError extends CountersignError {
  pendingRecordIds: string[] = [];
  constructor(
    readonly reason: RunStateFailure,
    readonly threadId: string,
    message: string,
    readonly fields: string[] = [],
    options?: { cause?: unknown },
  ) {
    super(`run-state-${reason}`, message, options);
  }
}

/** Why a decision was refused (G7, G12, G14); nothing changed. */
export type DecisionFailure =
  | 'not-found'
  | 'stale'
  | 'already-decided'
  | 'wrong-owner'
  | 'wrong-hash'
  | 'grant-not-offered'
  | 'second-approver'
  | 'expired'
  /** Issue 36: an edit before approval that cannot be used (the card stays as it was). */
  | 'edit-refused';

/** G7: a decision that does not match the pending call it names. */
export class DecisionError extends CountersignError {
  constructor(
    readonly reason: DecisionFailure,
    readonly recordId: string,
    message: string,
  ) {
    super(`decision-${reason}`, message);
  }
}

/** Why the thread refuses a request right now. */
export type ThreadRefusal = 'call-pending' | 'not-owner' | 'run-unfinished' | 'no-message';

/** G6, G7: a request the thread refuses now (a call is pending, another user, ...). */
export class ThreadRefusedError extends CountersignError {
  constructor(
    readonly reason: ThreadRefusal,
    readonly threadId: string,
    message: string,
  ) {
    super(`thread-${reason}`, message);
  }
}
