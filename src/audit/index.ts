/** The audit log's public surface (A1–A6); callers import from here. */
export { AuditDb, AUDIT_DB_NAME, AUDIT_SCHEMA_V1, AUDIT_SCHEMA_V2 } from './db';
export { LEGACY_SEALED_DB_NAME } from './db-migrate';
export { AuditLog, type AuditLogOptions } from './audit-log';
export {
  AuditConflictError,
  AuditRecordInvalidError,
  AuditRecordNotFoundError,
  AuditStorageFullError,
  AuditTransitionError,
  isQuotaError,
} from './errors';
export * from './record-schema';
export { TrashedCommentSchema, UndoStateSchema, type UndoState } from './undo-state';
export { TransitionPatchSchema, type TransitionPatch } from './record-write';
export {
  AuditCursorSchema,
  AuditFilterSchema,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type AuditCursor,
  type AuditFilter,
  type AuditPage,
  type AuditPageResult,
} from './record-query';
export type { RefusedReportRow } from './refused-report';
export type { ThreadConfigChange } from './config-changes';
export { PURGE_BATCH_SIZE } from './retention';
export { OutboxEntrySchema, type OutboxEntry } from './outbox';
export {
  confirmDelivered,
  deferRecords,
  releaseForRetention,
  queuedByTarget,
  takeBatch,
  targetKey,
  targetOf,
  type MirrorAck,
  type MirrorTarget,
  type QueuedTarget,
} from './mirror-queue';
export { normalSiteRoot } from './site-root';
export { canTransition, INITIAL_STATUSES, isFinalStatus, TRANSITIONS } from './transitions';
export { CSV_COLUMNS, csvHeader, eachRecord, toCsvLine, toJsonlLine } from './export';
