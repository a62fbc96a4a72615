import { formatDateTime, formatNumber, t } from '../../../i18n';
import { useEffect } from 'preact/hooks';
import { ExpiryForm } from './expiry-form';
import { Field, fieldAria } from '../field';
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
  if (!last) return t('options.retention.none');
  const when = formatDateTime(last.at);
  const how =
    last.trigger === 'alarm' ? t('options.retention.daily') : t('options.retention.byHand');
  if (last.error) return t('options.retention.lastFailed', { when, how, error: last.error });
  return t('options.retention.last', {
    when,
    how,
    count: formatNumber(last.removed),
    days: last.days,
  });
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
        <h2 id="retention-title">{t('options.retention.title')}</h2>
        <form onSubmit={onSubmit} noValidate aria-busy={!retentionLoaded.value}>
          <fieldset class="opt-fieldset" disabled={!retentionLoaded.value}>
            <div class="opt-field checkbox">
              <input
                id="keep-all"
                type="checkbox"
                checked={keepAll.value}
                onChange={(e) => (keepAll.value = e.currentTarget.checked)}
              />
              <label for="keep-all">{t('options.retention.keepAll')}</label>
            </div>
            <Field
              id="retention-days"
              label={t('options.retention.daysLabel')}
              hint={t('options.retention.daysHint')}
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
                {t('options.retention.save')}
              </button>
              <button
                type="button"
                onClick={() => void purgeNow()}
                disabled={purging.value || keepAll.value}
              >
                {purging.value ? t('options.retention.purging') : t('options.retention.purge')}
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
