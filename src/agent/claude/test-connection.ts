import { logger } from '../../shared/log';
import { classifyError } from './classify-error';
import { type ClaudeConnection, createClient } from './client';
import { t } from '../../i18n';
import { failureMessage, optionsHint } from './failure-message';

const log = logger('claude');

/** The outcome of the options page's "Test connection" button. */
export type ConnectionTestResult =
  | { status: 'ok'; modelCount: number; models: string[]; message: string }
  | { status: 'invalid-key' | 'unreachable' | 'error'; message: string };

/**
 * Lists the models the key may use (`GET /v1/models`, first page of up to 100) at the
 * given base URL, and says in plain words whether that worked. It never throws, and no
 * result or log line carries the key.
 */
export async function testConnection(
  connection: ClaudeConnection,
  options: { timeoutMs?: number } = {},
): Promise<ConnectionTestResult> {
  const host = new URL(connection.apiBaseUrl).host;
  try {
    const client = createClient(connection, { timeoutMs: options.timeoutMs ?? 15_000 });
    const page = await client.models.list({ limit: 100 });
    const models = page.data.map((model) => model.id);
    const message = t('worker.model.test.ok', { host, count: models.length });
    return { status: 'ok', modelCount: models.length, models, message };
  } catch (error) {
    const failure = classifyError(error);
    log.warn(`connection test against ${host} failed (${failure.kind}, ${failure.label})`, error);
    if (failure.kind === 'auth') {
      return {
        status: 'invalid-key',
        message: t('worker.model.test.invalidKey', {
          host,
          label: failure.label,
          options: optionsHint(),
        }),
      };
    }
    if (failure.kind === 'network') {
      return {
        status: 'unreachable',
        message: t('worker.model.test.unreachable', { host }),
      };
    }
    return { status: 'error', message: failureMessage(failure, { host, retries: 0 }) };
  }
}
