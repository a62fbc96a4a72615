import { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { ModelErrorKind } from '../../run/model-port';
import { redact } from '../../shared/log';

/** What went wrong with one attempt, in the port's terms. */
export interface Failure {
  kind: ModelErrorKind;
  /** Whether another attempt may succeed (the server's `x-should-retry` has the last word). */
  retryable: boolean;
  /** How long the server asked to wait (`retry-after-ms` or `retry-after`), in ms. */
  retryAfterMs?: number;
  /** A short label for logs and messages: the HTTP status or the API's error type. */
  label: string;
  /** The API's own explanation, redacted and shortened; absent for connection errors. */
  apiMessage?: string;
  /**
   * Set when the answer came from a WordPress site rather than from Claude: the companion
   * plugin's `countersign.reason` (its AI connection refused: `limit`, `disabled`, ...) or
   * WordPress's own error `code` (`rest_no_route`, `rest_not_logged_in`, ...).
   */
  site?: { reason?: string; wpCode?: string };
}

/** What a site's error body says about itself, checked: short identifiers only. */
function siteOf(body: unknown): { site?: Failure['site']; wpMessage?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const ours = record['countersign'];
  const reason =
    typeof ours === 'object' && ours !== null ? (ours as Record<string, unknown>)['reason'] : null;
  const code = record['code'];
  const site: NonNullable<Failure['site']> = {
    ...(typeof reason === 'string' && /^[a-z-]{1,40}$/.test(reason) ? { reason } : {}),
    ...(typeof code === 'string' && /^[a-z0-9_]{1,80}$/.test(code) ? { wpCode: code } : {}),
  };
  if (!site.reason && !site.wpCode) return {};
  const message = record['message'];
  return {
    site,
    ...(site.wpCode && typeof message === 'string' ? { wpMessage: message } : {}),
  };
}

const STATUS_KINDS: Record<number, ModelErrorKind> = {
  401: 'auth',
  403: 'auth',
  429: 'rate-limit',
  529: 'overloaded',
};
const TYPE_KINDS: Record<string, ModelErrorKind> = {
  authentication_error: 'auth',
  permission_error: 'auth',
  rate_limit_error: 'rate-limit',
  overloaded_error: 'overloaded',
  api_error: 'server',
  timeout_error: 'server',
};
const RETRYABLE: ReadonlySet<ModelErrorKind> = new Set([
  'rate-limit',
  'overloaded',
  'server',
  'network',
]);

/** Reads `retry-after-ms`, then `retry-after` (seconds or an HTTP date), as milliseconds. */
export function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function kindOf(error: APIError): ModelErrorKind {
  if (error.status !== undefined) {
    const byStatus = STATUS_KINDS[error.status];
    if (byStatus) return byStatus;
    return error.status >= 500 || error.status === 408 || error.status === 409
      ? 'server'
      : 'bad-request';
  }
  return (error.type && TYPE_KINDS[error.type]) || 'server';
}

/**
 * Sorts an error thrown by the SDK (or by fetch underneath it) into a port error kind.
 * Nothing here reads the request, so no credential can end up in a Failure; the API's
 * message is redacted anyway because a gateway may echo what it was sent (S4).
 */
export function classifyError(error: unknown): Failure {
  if (error instanceof APIUserAbortError)
    return { kind: 'interrupted', retryable: false, label: 'aborted' };
  if (error instanceof APIConnectionError) {
    return { kind: 'network', retryable: true, label: error.name };
  }
  if (error instanceof APIError) {
    const kind = kindOf(error);
    const shouldRetry = error.headers?.get('x-should-retry');
    const retryable = shouldRetry === 'true' || (shouldRetry !== 'false' && RETRYABLE.has(kind));
    const wait = retryAfterMs(error.headers);
    const { site, wpMessage } = siteOf(error.error);
    const message = error.apiMessage ?? wpMessage;
    return {
      kind,
      retryable,
      label: error.status !== undefined ? String(error.status) : (error.type ?? 'stream error'),
      ...(wait === undefined ? {} : { retryAfterMs: wait }),
      ...(message ? { apiMessage: redact(message).slice(0, 300) } : {}),
      ...(site ? { site } : {}),
    };
  }
  // fetch failing outside the SDK's wrapping (a dropped socket, a refused connection).
  return {
    kind: 'network',
    retryable: true,
    label: error instanceof Error ? error.name : 'unknown',
  };
}
