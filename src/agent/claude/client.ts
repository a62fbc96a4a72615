import Anthropic from '@anthropic-ai/sdk';
import { logger, redact } from '../../shared/log';

const log = logger('claude-sdk');

/** What a client needs from the connection settings. */
export interface ClaudeConnection {
  apiKey: string;
  /** From settings (default https://api.anthropic.com), without `/v1`: the SDK adds it. */
  apiBaseUrl: string;
}

/** The SDK's log lines go through the redacting logger, flattened to text first. */
function line(message: string, rest: unknown[]): string {
  const extra = rest.map((item) => (typeof item === 'string' ? item : safeJson(item)));
  return redact([message, ...extra].join(' '));
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const sdkLogger = {
  error: (message: string, ...rest: unknown[]) => log.error(line(message, rest)),
  warn: (message: string, ...rest: unknown[]) => log.warn(line(message, rest)),
  info: (message: string, ...rest: unknown[]) => log.info(line(message, rest)),
  debug: (message: string, ...rest: unknown[]) => log.debug(line(message, rest)),
};

/**
 * An SDK client for one connection. `dangerouslyAllowBrowser` is needed because the SDK
 * refuses to run in a browser-like context, where a key shipped in a web page would be
 * read by every visitor. Here none of that holds: the key is the person's own, typed into
 * the extension's options and kept in the extension's local storage, which web pages and
 * the CMS cannot read; the client runs in the background worker, never in a page; and the
 * key is sent only to the configured API base URL (S3). The SDK's own retries are off:
 * the model retries itself so the panel can say "retrying in N s".
 */
export function createClient(
  connection: ClaudeConnection,
  options: { timeoutMs?: number } = {},
): Anthropic {
  return new Anthropic({
    apiKey: connection.apiKey,
    baseURL: connection.apiBaseUrl,
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    timeout: options.timeoutMs ?? 10 * 60_000,
    logger: sdkLogger,
    logLevel: 'warn',
  });
}
