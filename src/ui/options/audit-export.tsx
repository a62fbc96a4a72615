import { formatCount } from './format';
import { cancelExport, exporting, exportRecords } from './export-model';

/** A3: export the filtered records, with progress while it runs. */
export function AuditExport() {
  const state = exporting.value;
  const running = state?.running === true;
  return (
    <div class="opt-export" aria-label="Export">
      <button type="button" onClick={() => void exportRecords('jsonl')} disabled={running}>
        Export JSONL
      </button>
      <button type="button" onClick={() => void exportRecords('csv')} disabled={running}>
        Export CSV
      </button>
      {running && (
        <button type="button" onClick={cancelExport}>
          Cancel export
        </button>
      )}
      <div role="status" aria-live="polite" data-testid="export-status" class="export-status">
        {running && (
          <>
            <progress aria-label="Export progress" /> {formatCount(state.count)} records so far…
          </>
        )}
        {state && !running && !state.error && (
          <>
            Exported {formatCount(state.count)} records as {state.format.toUpperCase()}
            {state.ms !== undefined ? ` in ${(state.ms / 1000).toFixed(1)} s` : ''}.
          </>
        )}
        {state?.error && <span class="inline-error">Export failed: {state.error}</span>}
      </div>
    </div>
  );
}
