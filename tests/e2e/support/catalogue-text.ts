import { lookup, type MessageKey } from '../../../src/i18n/catalogue';
import { de } from '../../../src/i18n/messages/de';
import { he } from '../../../src/i18n/messages/he';

const CATALOGUES = { de, he };

/**
 * A plain message of a shipped language as the page shows it, for a test that finds a control
 * by its name in that language (a message with placeholders is not plain: fill it in the test).
 */
export function textIn(lang: keyof typeof CATALOGUES, key: MessageKey): string {
  const message = lookup(CATALOGUES[lang], key);
  if (typeof message !== 'string' || /\{[A-Za-z]/.test(message)) {
    throw new Error(`${lang}: "${key}" is not a plain message`);
  }
  return message;
}

/** A message of a shipped language with its placeholders filled in, as `t` would. */
export function filledIn(
  lang: keyof typeof CATALOGUES,
  key: MessageKey,
  params: Record<string, string>,
): string {
  const message = lookup(CATALOGUES[lang], key);
  if (typeof message !== 'string') throw new Error(`${lang}: "${key}" is a plural`);
  // Right to left, `t` isolates each value (first-strong isolate … pop), as here.
  const [open, close] = lang === 'he' ? ['\u2068', '\u2069'] : ['', ''];
  return message.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? `${open}${params[name]!}${close}` : whole,
  );
}
