import { t } from '../../../i18n';
import { useEffect } from 'preact/hooks';
import { fieldAria } from '../field';
import {
  amountText,
  expires,
  expiryError,
  expiryStatus,
  loadExpiry,
  saveExpiry,
  unit,
  UNITS,
  type ExpiryUnit,
} from './expiry-model';

/** G12: an optional expiry for calls waiting for approval; off by default. */
export function ExpiryForm() {
  useEffect(() => void loadExpiry(), []);
  const error = expiryError.value;
  return (
    <section class="opt-card" aria-labelledby="expiry-title">
      <h2 id="expiry-title">{t('options.expiry.title')}</h2>
      <p class="opt-hint">{t('options.expiry.hint')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void saveExpiry();
        }}
      >
        <div class="opt-field checkbox">
          <input
            id="expiry-on"
            type="checkbox"
            checked={expires.value}
            onChange={(e) => (expires.value = e.currentTarget.checked)}
          />
          <label for="expiry-on">{t('options.expiry.on')}</label>
        </div>
        <div class={`opt-field inline${error ? ' has-error' : ''}`}>
          <label for="expiry-amount">{t('options.expiry.after')}</label>
          <input
            {...fieldAria('expiry-amount', false, error)}
            type="number"
            min={1}
            step={1}
            disabled={!expires.value}
            value={amountText.value}
            onInput={(e) => (amountText.value = e.currentTarget.value)}
          />
          <label for="expiry-unit" class="visually-hidden">
            {t('options.expiry.unit')}
          </label>
          <select
            id="expiry-unit"
            disabled={!expires.value}
            value={unit.value}
            onChange={(e) => (unit.value = e.currentTarget.value as ExpiryUnit)}
          >
            {(Object.keys(UNITS) as ExpiryUnit[]).map((u) => (
              <option key={u} value={u}>
                {t(`options.expiry.unit.${u}`)}
              </option>
            ))}
          </select>
          {error && (
            <p id="expiry-amount-error" class="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div class="opt-actions">
          <button type="submit" class="primary">
            {t('options.expiry.save')}
          </button>
          <span role="status" class="form-status">
            {expiryStatus.value}
          </span>
        </div>
      </form>
    </section>
  );
}
