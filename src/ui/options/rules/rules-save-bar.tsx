import { formatDateTime, t } from '../../../i18n';
import { focusFirstInvalid } from '../field';
import { dirty, notice, problems, resetDraft, saveRules, saveStatus, view } from './rules-model';

/** Save and discard, what happened, and every problem listed (each also at its field). */
export function RulesSaveBar() {
  const status = saveStatus.value;
  const updatedAt = view.value?.updatedAt;
  return (
    <div class="save-bar" data-testid="rules-save-bar">
      {notice.value && <p class="notice">{notice.value}</p>}
      {problems.value.length > 0 && (
        <ul class="field-error" aria-label={t('optionsRules.problems')}>
          {problems.value.map((problem, i) => (
            <li key={i}>{problem.message}</li>
          ))}
        </ul>
      )}
      <div class="opt-actions">
        <button
          type="button"
          class="primary"
          onClick={() => void saveRules().then(focusFirstInvalid)}
          disabled={status.kind === 'saving'}
        >
          {status.kind === 'saving' ? t('optionsRules.saving') : t('optionsRules.save')}
        </button>
        <button type="button" onClick={resetDraft} disabled={!dirty.value && !notice.value}>
          {t('optionsRules.discard')}
        </button>
        <span role="status" class={`form-status ${status.kind}`}>
          {status.text ??
            (dirty.value
              ? t('optionsRules.unsaved')
              : updatedAt
                ? t('optionsRules.lastSaved', { when: formatDateTime(updatedAt) })
                : '')}
        </span>
      </div>
    </div>
  );
}
