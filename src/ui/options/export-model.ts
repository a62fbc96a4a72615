import { signal } from '@preact/signals';
import {
  ExportChunkSchema,
  type AuditCursorView,
  type ExportChunk,
  type ExportFormat,
  type OptionsRequest,
} from '../../shared/options-protocol';
import { applied } from './audit-model';
import { ask, messageOf } from './client';
import { downloadBlob } from './download';
import { gunzipBase64 } from './gunzip';

/** Records asked for per request: big enough to be quick, small enough to stay light. */
export const EXPORT_CHUNK = 5000;

/** The export in progress, or the last one's outcome. */
export const exporting = signal<{
  format: ExportFormat;
  count: number;
  running: boolean;
  ms?: number;
  error?: string;
} | null>(null);
let cancelled = false;

/** Stops the running export after the chunk in flight; nothing is downloaded. */
export function cancelExport(): void {
  cancelled = true;
}

/**
 * A3: exports the filtered records (newest first) as JSONL or CSV. The background sends
 * them in chunks by cursor; each chunk's text goes into a Blob part as it arrives, so
 * memory holds the parts once and the progress shows after every chunk.
 */
export async function exportRecords(format: ExportFormat): Promise<void> {
  const filter = applied.value;
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const started = performance.now();
  let cursor: AuditCursorView | null = null;
  cancelled = false;
  exporting.value = { format, count: 0, running: true };
  try {
    do {
      const request: OptionsRequest = {
        type: 'options-audit-export',
        filter,
        format,
        cursor,
        limit: EXPORT_CHUNK,
      };
      const chunk: ExportChunk = await ask(request, ExportChunkSchema);
      parts.push(await gunzipBase64(chunk.gzipBase64));
      cursor = chunk.next;
      exporting.value = {
        format,
        count: (exporting.value?.count ?? 0) + chunk.count,
        running: true,
      };
    } while (cursor !== null && !cancelled);
    if (cancelled) {
      exporting.value = null;
      return;
    }
    const type = format === 'csv' ? 'text/csv' : 'application/x-ndjson';
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    downloadBlob(new Blob(parts, { type }), `countersign-audit-${stamp}.${format}`);
    const count = exporting.value?.count ?? 0;
    exporting.value = {
      format,
      count,
      running: false,
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    exporting.value = { format, count: 0, running: false, error: messageOf(error) };
  }
}
