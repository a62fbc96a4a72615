import { test, runConnectionTest } from './connection-model';
import { t } from '../../../i18n';

/** "Test connection": tries the saved key and base URL and says what happened, in words. */
export function ConnectionTest() {
  const { running, result } = test.value;
  return (
    <div class="connection-test">
      <button
        type="button"
        onClick={() => void runConnectionTest()}
        disabled={running}
        aria-describedby="test-hint"
      >
        {running ? t('options.connection.testing') : t('options.connection.test')}
      </button>
      <span id="test-hint" class="opt-hint">
        {t('options.connection.testHint')}
      </span>
      <p
        role="status"
        aria-live="polite"
        data-testid="connection-result"
        class={result ? `opt-result ${result.status === 'ok' ? 'ok' : 'bad'}` : 'opt-result'}
      >
        {running && <span class="spinner" aria-hidden="true" />}
        {result?.message}
      </p>
    </div>
  );
}
