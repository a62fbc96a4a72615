import { t } from '../../../i18n';
import { fieldAria } from '../field';
import { sampleOf, samples, tries, tryEntry } from './rule-try-model';

const DECISION_WORDS = {
  allow: () => t('optionsRules.try.allow'),
  ask: () => t('optionsRules.try.ask'),
  deny: () => t('optionsRules.try.deny'),
} as const;
const RULE_WORDS = {
  approves: () => t('optionsRules.try.approves'),
  'does-not-approve': () => t('optionsRules.try.doesNotApprove'),
  none: () => t('optionsRules.try.noRule'),
} as const;

/** G4 "try it": the edited entry against a sample call `{ input, facts }`, through the gate. */
export function RuleTry({ tool }: { tool: string }) {
  const id = `sample-${tool}`;
  const state = tries.value[tool];
  return (
    <div class="rule-try">
      <div class="opt-field">
        <label for={id}>{t('optionsRules.try.label')}</label>
        <textarea
          {...fieldAria(id, true, state?.error)}
          class="opt-code"
          rows={Math.min(14, Math.max(4, sampleOf(tool).split('\n').length))}
          spellcheck={false}
          value={sampleOf(tool)}
          onInput={(e) => (samples.value = { ...samples.value, [tool]: e.currentTarget.value })}
        />
        <p id={`${id}-hint`} class="opt-hint">
          {t('optionsRules.try.hint')}
        </p>
      </div>
      <button type="button" onClick={() => void tryEntry(tool)} disabled={state?.running}>
        {t('optionsRules.try.button')}
      </button>
      <div role="status" aria-live="polite" class="try-result" data-testid={`try-result-${tool}`}>
        {state?.running && <span class="spinner" aria-hidden="true" />}
        {state?.error && (
          <p id={`${id}-error`} class="field-error">
            {state.error}
          </p>
        )}
        {state?.result && (
          <>
            <p>
              <strong class={`decision decision-${state.result.decision}`}>
                {DECISION_WORDS[state.result.decision]()}
              </strong>{' '}
              {RULE_WORDS[state.result.rule]()}
            </p>
            <p class="muted">{state.result.reason}</p>
            {state.result.inputProblem && (
              <p class="warning-text">
                {t('optionsRules.try.inputProblem', { problem: state.result.inputProblem })}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
