import { t } from '../../../i18n';
import { exportPolicy, importPolicy, importProblems } from './transfer-model';

/** Export the saved rules as JSON; import a file into the editor (saved only on Save). */
export function PolicyTransfer() {
  const problems = importProblems.value;
  return (
    <section class="opt-card" aria-labelledby="transfer-title">
      <h3 id="transfer-title">{t('optionsRules.transfer.title')}</h3>
      <div class="opt-actions">
        <button type="button" onClick={exportPolicy}>
          {t('optionsRules.transfer.export')}
        </button>
        <div class={`opt-field inline${problems.length ? ' has-error' : ''}`}>
          <label for="policy-import">{t('optionsRules.transfer.import')}</label>
          <input
            id="policy-import"
            type="file"
            accept=".json,application/json"
            aria-invalid={problems.length ? 'true' : undefined}
            aria-describedby={problems.length ? 'policy-import-error' : undefined}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) void importPolicy(file);
              e.currentTarget.value = '';
            }}
          />
        </div>
      </div>
      {problems.length > 0 && (
        <div id="policy-import-error" class="field-error" role="alert" data-testid="import-error">
          <p>{t('optionsRules.transfer.nothing')}</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
