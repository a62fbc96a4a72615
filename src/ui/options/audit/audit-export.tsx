import { formatDecimal, t } from '../../../i18n';
import { cancelExport, exporting, exportRecords } from './export-model';

/** A3: export the filtered records, with progress while it runs. */
export function AuditExport() {
  const state = exporting.value;
  const running = state?.running === true;
  return (
    <div class="opt-export" aria-label={t('optionsAudit.export.label')}>
      <button type="button" onClick={() => void exportRecords('jsonl')} disabled={running}>
        {t('optionsAudit.export.jsonl')}
      </button>
      <button type="button" onClick={() => void exportRecords('csv')} disabled={running}>
        {t('optionsAudit.export.csv')}
      </button>
      {running && (
        <button type="button" onClick={cancelExport}>
          {t('optionsAudit.export.cancel')}
        </button>
      )}
      <div role="status" aria-live="polite" data-testid="export-status" class="export-status">
        {running && (
          <>
            <progress aria-label={t('optionsAudit.export.progress')} />{' '}
            {t('optionsAudit.export.soFar', { count: state.count })}
          </>
        )}
        {state && !running && !state.error && (
          <>
            {state.ms !== undefined
              ? t('optionsAudit.export.doneIn', {
                  count: state.count,
                  format: state.format.toUpperCase(),
                  seconds: formatDecimal(state.ms / 1000),
                })
              : t('optionsAudit.export.done', {
                  count: state.count,
                  format: state.format.toUpperCase(),
                })}
          </>
        )}
        {state?.error && (
          <span class="inline-error">
            {t('optionsAudit.export.failed', { error: state.error })}
          </span>
        )}
      </div>
    </div>
  );
}
