import { test, runConnectionTest } from './connection-model';

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
        {running ? 'Testing…' : 'Test connection'}
      </button>
      <span id="test-hint" class="opt-hint">
        Tests the saved key and base URL; save your changes first.
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
