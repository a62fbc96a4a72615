import { useEffect } from 'preact/hooks';
import { ExpiryForm } from './expiry-form';
import { Field, fieldAria } from './field';
import { formatCount, formatTime } from './format';
import {
  daysText,
  keepAll,
  lastPurge,
  loadRetention,
  purgeNow,
  purging,
  retentionError,
  retentionLoaded,
  retentionStatus,
  saveRetention,
} from './retention-model';

/** What the last purge did, in words. */
function lastPurgeText(): string {
  const last = lastPurge.value;
  if (!last) return 'No purge has run yet.';
  const when = `${formatTime(last.at)} (${last.trigger === 'alarm' ? 'daily' : 'by hand'})`;
  if (last.error) return `The last purge, ${when}, failed (${last.error}).`;
  return `The last purge, ${when}, removed ${formatCount(last.removed)} record${last.removed === 1 ? '' : 's'} older than ${last.days} days.`;
}

/** Issue 7 items 6-7: how long audit records are kept (A2), and pending expiry (G12). */
export function RetentionSection() {
  useEffect(() => void loadRetention(), []);
  const onSubmit = (event: Event) => {
    event.preventDefault();
    void saveRetention();
  };
  return (
    <>
      <section class="opt-card" aria-labelledby="retention-title">
        <h2 id="retention-title">Audit retention</h2>
        <form onSubmit={onSubmit} noValidate aria-busy={!retentionLoaded.value}>
          <fieldset class="opt-fieldset" disabled={!retentionLoaded.value}>
            <div class="opt-field checkbox">
              <input
                id="keep-all"
                type="checkbox"
                checked={keepAll.value}
                onChange={(e) => (keepAll.value = e.currentTarget.checked)}
              />
              <label for="keep-all">Keep every record</label>
            </div>
            <Field
              id="retention-days"
              label="Keep audit records for (days)"
              hint="A daily purge removes older records. Calls still waiting for a decision are never removed."
              error={retentionError.value}
            >
              <input
                {...fieldAria('retention-days', true, retentionError.value)}
                type="number"
                min={1}
                max={3650}
                step={1}
                disabled={keepAll.value}
                value={daysText.value}
                onInput={(e) => (daysText.value = e.currentTarget.value)}
              />
            </Field>
            <div class="opt-actions">
              <button type="submit" class="primary">
                Save retention
              </button>
              <button
                type="button"
                onClick={() => void purgeNow()}
                disabled={purging.value || keepAll.value}
              >
                {purging.value ? 'Purging…' : 'Purge now'}
              </button>
              <span role="status" class="form-status" data-testid="retention-status">
                {retentionStatus.value}
              </span>
            </div>
          </fieldset>
        </form>
        <p class="muted" data-testid="last-purge">
          {lastPurgeText()}
        </p>
      </section>
      <ExpiryForm />
    </>
  );
}
