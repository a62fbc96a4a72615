import { t } from '../../../i18n';
import { summarizeRule } from '../../../settings/policy-summary';
import { fieldAria } from '../field';
import { RuleTry } from './rule-try';
import { draft, editEntry, problemAt } from './rules-model';

const EXAMPLE = JSON.stringify({ '==': [{ var: 'facts.entity.status' }, 'draft'] }, null, 2);

/** What the rule says in words, or why it cannot be read yet. */
function summaryOf(text: string): string {
  if (!text.trim()) return t('optionsRules.rule.none');
  try {
    return summarizeRule(JSON.parse(text));
  } catch {
    return t('optionsRules.rule.notJsonYet');
  }
}

/**
 * G4: the narrow auto-approval rule of an ask/once entry, as JSON-Logic over
 * `{ input, facts }`: validated on save, read back in words, and tried on a sample call.
 */
export function RuleEditor({ tool, disabled }: { tool: string; disabled: boolean }) {
  const text = draft.value[tool]?.ruleText ?? '';
  const error = problemAt(tool, 'rule');
  const id = `rule-${tool}`;
  return (
    <details class="rule-editor" open={Boolean(text.trim()) || Boolean(error)}>
      <summary>
        {t('optionsRules.rule.summary')}
        {text.trim() ? t('optionsRules.rule.set') : ''}
      </summary>
      <div class={`opt-field${error ? ' has-error' : ''}`}>
        <label for={id}>{t('optionsRules.rule.label')}</label>
        <textarea
          {...fieldAria(id, true, error)}
          class="opt-code"
          rows={Math.min(12, Math.max(3, text.split('\n').length))}
          spellcheck={false}
          disabled={disabled}
          placeholder={EXAMPLE}
          data-i18n-label="exempt"
          value={text}
          onInput={(e) => editEntry(tool, { ruleText: e.currentTarget.value })}
        />
        <p id={`${id}-hint`} class="opt-hint rule-summary" data-testid={`rule-summary-${tool}`}>
          {summaryOf(text)}
        </p>
        {error && (
          <p id={`${id}-error`} class="field-error" role="alert">
            {error}
          </p>
        )}
        {!text.trim() && !disabled && (
          <button
            type="button"
            class="opt-link"
            onClick={() => editEntry(tool, { ruleText: EXAMPLE })}
          >
            {t('optionsRules.rule.useExample')}
          </button>
        )}
      </div>
      <RuleTry tool={tool} />
    </details>
  );
}
