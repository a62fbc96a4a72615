import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import { Models } from '@anthropic-ai/sdk/resources/models';
import { logger, redact } from '../../shared/log';

const log = logger('claude-sdk');

/** What a client needs from the connection settings. */
export interface ClaudeConnection {
  /** The person's key; null for the site's AI connection, where the site adds its own. */
  apiKey: string | null;
  /** From settings (default https://api.anthropic.com), without `/v1`: the SDK adds it. */
  apiBaseUrl: string;
  /** The site's AI connection: a fetch that carries the person's session to the site. */
  fetch?: typeof fetch;
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
 * The SDK's client with only the two resources Countersign calls: `messages` (the agent's
 * turns) and `models` (the options page's connection test). The SDK's `Anthropic` class
 * attaches every resource (beta, files, skills, organization, ...), which made the SDK
 * most of the background bundle; `BaseAnthropic` is the same client without them, and
 * the resources are the SDK's own classes, so requests, retries, errors and streaming
 * are exactly the SDK's.
 */
export class ClaudeClient extends BaseAnthropic {
  readonly messages: Messages = new Messages(this);
  readonly models: Models = new Models(this);
}

/**
 * The client of the site's AI connection: no credential at all (the site's plugin adds the
 * site's key on its side), so the SDK must neither look for one (its default chain reads
 * profiles and environment) nor insist on one (`authorization: null` tells it the header
 * is left out on purpose).
 */
class KeylessClaudeClient extends ClaudeClient {
  protected override _shouldResolveDefaultCredentials(): boolean {
    return false;
  }
}

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
): ClaudeClient {
  const common = {
    baseURL: connection.apiBaseUrl,
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    timeout: options.timeoutMs ?? 10 * 60_000,
    logger: sdkLogger,
    logLevel: 'warn' as const,
  };
  if (connection.apiKey === null) {
    return new KeylessClaudeClient({
      ...common,
      apiKey: null,
      defaultHeaders: { authorization: null },
      ...(connection.fetch ? { fetch: connection.fetch } : {}),
    });
  }
  return new ClaudeClient({ ...common, apiKey: connection.apiKey });
}
