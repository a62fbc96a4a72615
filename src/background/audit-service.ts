import { AuditDb, AuditLog } from '../audit';

let shared: AuditLog | undefined;

/**
 * The background's one audit log, opened on first use. The options handlers and the
 * retention alarm use it; the thread wiring may share it (or install its own with
 * `useAuditLog`, so every part of the worker writes through one Dexie connection).
 */
export function auditLog(): AuditLog {
  // No mirror target can be configured yet (the server mirror is a later issue): nothing
  // is queued for one, and retention is not held back by the outbox (A2, A5).
  shared ??= new AuditLog(new AuditDb(), { mirror: false });
  return shared;
}

/** Installs the log the background uses (start-up wiring and tests). */
export function useAuditLog(log: AuditLog): void {
  shared = log;
}
