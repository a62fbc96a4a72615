import { t } from '../../../i18n';
import { signal } from '@preact/signals';
import { logger } from '../../../shared/log';
import type { ExportFormat } from '../../../shared/protocols/options-protocol';
import { applied } from './audit-model';
import type { AuditReader } from './audit-reader';
import { downloadBlob } from '../download';

/** The export in progress, or the last one's outcome. */
export const exporting = signal<{
  format: ExportFormat;
  count: number;
  running: boolean;
  ms?: number;
  error?: string;
} | null>(null);
let cancelled = false;
const log = logger('options-export');

/** Stops the running export after the batch in hand; nothing is downloaded. */
export function cancelExport(): void {
  cancelled = true;
}

/**
 * A3: exports the filtered records (oldest first) as JSONL or CSV. The page reads the
 * audit database itself, read-only (src/audit/export-read.ts, loaded on first use), in
 * batches: each batch's text becomes a Blob (handed to the browser's blob storage, so the
 * page does not keep the text) and the progress shows after every batch. Nothing crosses
 * to the worker, so a worker restart cannot interrupt an export.
 */
export async function exportRecords(format: ExportFormat): Promise<void> {
  const filter = applied.value;
  const started = performance.now();
  cancelled = false;
  exporting.value = { format, count: 0, running: true };
  let reader: AuditReader | undefined;
  try {
    const { openAuditReader } = await import('./audit-reader');
    reader = openAuditReader();
    const parts: Blob[] = [];
    let count = 0;
    for await (const part of reader.exportParts(filter, format)) {
      if (cancelled) break;
      parts.push(new Blob([part.text]));
      count += part.count;
      exporting.value = { format, count, running: true };
    }
    if (cancelled) {
      exporting.value = null;
      return;
    }
    const type = format === 'csv' ? 'text/csv' : 'application/x-ndjson';
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    downloadBlob(new Blob(parts, { type }), `countersign-audit-${stamp}.${format}`);
    const ms = Math.round(performance.now() - started);
    exporting.value = { format, count, running: false, ms };
  } catch (error) {
    exporting.value = { format, count: 0, running: false, error: exportError(error) };
  } finally {
    reader?.close();
  }
}

/** A malformed stored record names itself (code `audit-invalid`); anything else is logged. */
function exportError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'audit-invalid' && typeof message === 'string') {
    return t('optionsAudit.export.stopped', { message });
  }
  log.error('the audit export failed', error);
  return t('optionsAudit.export.failedLog');
}
