/**
 * The one logger. Errors that might carry credentials (S4) are logged here and never
 * shown or stored; callers show only the error's class or code.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

const SECRET_PATTERNS: RegExp[] = [
  /sk-ant-[A-Za-z0-9_-]+/g,
  /(x-api-key|authorization|x-wp-nonce)["']?\s*[:=]\s*["']?[^"'\s,}]+/gi,
];

/** Removes API keys and auth headers from a string before it reaches the console. */
export function redact(text: string): string {
  return SECRET_PATTERNS.reduce((out, pattern) => out.replace(pattern, '[redacted]'), text);
}

function emit(level: Level, scope: string, message: string, detail?: unknown): void {
  const parts: unknown[] = [`[countersign:${scope}] ${redact(message)}`];
  if (detail !== undefined) {
    parts.push(detail instanceof Error ? redact(`${detail.name}: ${detail.message}`) : detail);
  }
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
