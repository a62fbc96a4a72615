import { AuditDb, AuditLog } from '../audit';

let shared: AuditLog | undefined;

/**
 * The background's one audit log, opened on first use. The options handlers and the
 * retention alarm use it; the thread wiring may share it (or install its own with
 * `useAuditLog`, so every part of the worker writes through one Dexie connection).
 */
export function auditLog(): AuditLog {
  shared ??= new AuditLog(new AuditDb());
  return shared;
}

/** Installs the log the background uses (start-up wiring and tests). */
export function useAuditLog(log: AuditLog): void {
  shared = log;
}
