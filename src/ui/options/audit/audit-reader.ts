// The one place the options page opens the audit database: read-only, for the export
// (A3), which would otherwise carry 50 MB through runtime messages. Everything else the
// page shows about the audit log still comes from the background.
import { AuditDb } from '../../../audit/db';
import { exportParts, type ExportFormat, type ExportPart } from '../../../audit/export-read';
import type { AuditFilter } from '../../../audit/record-query';

/** The audit database, opened by this page for reading an export. */
export interface AuditReader {
  exportParts(filter: AuditFilter, format: ExportFormat): AsyncGenerator<ExportPart>;
  close(): void;
}

/**
 * Opens the audit database with the worker's own schema (`AuditDb`), so this page can
 * neither create another version of it nor block the worker's upgrades for long: Dexie
 * closes a connection another context asks to upgrade.
 */
export function openAuditReader(): AuditReader {
  const db = new AuditDb();
  return {
    exportParts: (filter, format) => exportParts(db, filter, format),
    close: () => db.close(),
  };
}
