/**
 * The one logger. Errors that might carry credentials (S3, S4) are logged here, redacted,
 * and never shown or stored; callers show only the error's class or code.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

const SECRET_PATTERNS: RegExp[] = [
  /sk-ant-[A-Za-z0-9_-]+/g,
  // Auth headers, nonces and cookies, as headers, JSON fields or query parameters.
  /(x-api-key|authorization|x-wp-nonce|_wpnonce|wpnonce|nonce|set-cookie|cookie)["']?\s*[:=]\s*["']?(bearer\s+)?[^"'\s,;&}]+/gi,
  // WordPress session cookies wherever they appear (wordpress_logged_in_<hash>=value).
  /\b(wordpress_(logged_in_|sec_)?[a-f0-9]*|wp-settings(-time)?-\d+)=[^;\s"',]+/gi,
];

/** The shortest value registered as a secret: shorter ones would redact ordinary words. */
const MIN_SECRET_LENGTH = 8;
const secrets = new Set<string>();

/**
 * Makes the logger redact `value` wherever it appears, whatever its shape: the configured
 * API key (which need not start with `sk-ant-` behind a gateway), for example. Values
 * shorter than 8 characters are ignored.
 */
export function registerSecret(value: string | null | undefined): void {
  if (value && value.length >= MIN_SECRET_LENGTH) secrets.add(value);
}

/** Removes registered secrets, API keys, auth headers, nonces and cookies from a string. */
export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('[redacted]');
  return SECRET_PATTERNS.reduce((acc, pattern) => acc.replace(pattern, '[redacted]'), out);
}

/** A log detail as redacted text: errors as name and message, others as JSON. */
function redactDetail(detail: unknown): string {
  if (detail instanceof Error) return redact(`${detail.name}: ${detail.message}`);
  if (typeof detail === 'string') return redact(detail);
  try {
    return redact(JSON.stringify(detail) ?? String(detail));
  } catch {
    return redact(String(detail));
  }
}

function emit(level: Level, scope: string, message: string, detail?: unknown): void {
  const parts: unknown[] = [`[countersign:${scope}] ${redact(message)}`];
  if (detail !== undefined) parts.push(redactDetail(detail));
  // eslint-disable-next-line no-console
  console[level === 'debug' ? 'log' : level](...parts);
}

/** A logger bound to one module's scope. */
export function logger(scope: string) {
  return {
    debug: (message: string, detail?: unknown) => emit('debug', scope, message, detail),
    info: (message: string, detail?: unknown) => emit('info', scope, message, detail),
    warn: (message: string, detail?: unknown) => emit('warn', scope, message, detail),
    error: (message: string, detail?: unknown) => emit('error', scope, message, detail),
  };
}
