import { t } from '../../../i18n';
import { fieldAria } from '../field';
import { ModeSelect } from './mode-select';
import {
  confirmation,
  draft,
  editEntry,
  lockOf,
  optInPending,
  problemAt,
  view,
} from './rules-model';

/**
 * The `"*"` entry: what every tool without its own entry gets. Its `allow` is the G2
 * opt-in that lifts the always-ask classes, so turning it on takes typed words, and the
 * audit records it.
 */
export function WildcardEntry() {
  const lock = lockOf('*');
  const managed = view.value?.managed.entries['*'];
  const mode = managed?.mode ?? draft.value['*']?.mode ?? 'default';
  const phrase = view.value?.wildcardPhrase ?? '';
  const error = problemAt('*', 'confirmation');
  return (
    <section class="opt-card opt-wildcard" aria-labelledby="wildcard-title">
      <h3 id="wildcard-title">
        {t('optionsRules.wildcard.title')} <code>*</code>
      </h3>
      <div class="opt-field">
        <label for="mode-wildcard">{t('optionsRules.wildcard.label')}</label>
        <ModeSelect
          id="mode-wildcard"
          value={mode}
          defaultLabel={t('optionsRules.wildcard.default')}
          alwaysAsk={null}
          optIn={false}
          disabled={lock !== null}
          describedBy="wildcard-hint"
          onChange={(next) => editEntry('*', { mode: next })}
        />
        <p id="wildcard-hint" class="opt-hint">
          {lock ? t('optionsRules.wildcard.locked') : t('optionsRules.wildcard.hint')}
        </p>
      </div>
      {optInPending.value && (
        <div class={`notice danger opt-field${error ? ' has-error' : ''}`}>
          <p>
            <strong>{t('optionsRules.wildcard.warningStrong')}</strong>
            {t('optionsRules.wildcard.warning')}
          </p>
          <label for="wildcard-confirm">
            {t('optionsRules.wildcard.confirm')} <code>{phrase}</code>
          </label>
          <input
            {...fieldAria('wildcard-confirm', false, error)}
            autocomplete="off"
            value={confirmation.value}
            onInput={(e) => (confirmation.value = e.currentTarget.value)}
          />
          {error && (
            <p id="wildcard-confirm-error" class="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
