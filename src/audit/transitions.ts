import { AuditTransitionError } from './errors';
import type { AuditStatus } from './record-schema';

/** Statuses a record may be created with; `rejected` and `expired` need a pending call. */
export const INITIAL_STATUSES: ReadonlySet<AuditStatus> = new Set([
  'pending',
  'approved',
  'run',
  'failed',
  'refused',
  'skipped',
]);

/** A1 / G8 / G12: every allowed step. Anything not listed is refused. */
export const TRANSITIONS: Readonly<Record<AuditStatus, readonly AuditStatus[]>> = {
  pending: ['approved', 'rejected', 'expired', 'skipped'],
  // A4: `refused` when the CMS itself refuses the approved call as it runs (a site's ability
  // checks permission only then).
  approved: ['run', 'failed', 'refused'],
  rejected: [],
  run: [],
  failed: [],
  refused: [],
  skipped: [],
  expired: [],
};

/** Whether a record in `from` may move to `to`. */
export function canTransition(from: AuditStatus, to: AuditStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Whether nothing can follow this status. */
export function isFinalStatus(status: AuditStatus): boolean {
  return TRANSITIONS[status].length === 0;
}

/** Throws `AuditTransitionError` unless a record may be created with `status`. */
export function assertInitialStatus(id: string, status: AuditStatus): void {
  if (!INITIAL_STATUSES.has(status)) {
    throw new AuditTransitionError(id, null, status, 'a record cannot start in this status');
  }
}

/** Throws `AuditTransitionError` unless `from` → `to` is allowed. */
export function assertTransition(id: string, from: AuditStatus, to: AuditStatus): void {
  if (canTransition(from, to)) return;
  const allowed = TRANSITIONS[from];
  const why = allowed.length === 0 ? `${from} is final` : `allowed: ${allowed.join(', ')}`;
  throw new AuditTransitionError(id, from, to, why);
}
