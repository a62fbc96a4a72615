import type { Message, Section } from './message';

const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  y: 'ý',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  z: 'ž',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  Y: 'Ý',
  C: 'Ç',
  N: 'Ñ',
  S: 'Š',
  Z: 'Ž',
};

/**
 * One string in the pseudo-locale: letters accented (placeholders kept), about 35 % longer
 * (German runs that much longer than English), and bracketed with ⟦ ⟧ so that the catalogue
 * check can tell catalogue text from text that bypassed it.
 */
export function pseudoText(text: string): string {
  const parts = text.split(/(\{[A-Za-z][A-Za-z0-9_]*\})/);
  const accented = parts
    .map((part, i) => (i % 2 === 1 ? part : [...part].map((ch) => ACCENTED[ch] ?? ch).join('')))
    .join('');
  const letters = text.replace(/\{[^}]*\}/g, '').length;
  const pad = '·'.repeat(Math.ceil(letters * 0.35));
  return `⟦${accented}${pad ? ` ${pad}` : ''}⟧`;
}

/**
 * One string in the right-to-left pseudo-locale: the English text between right-to-left
 * marks, bracketed, so it lays out from the right as a right-to-left language would.
 */
export function pseudoRtlText(text: string): string {
  return `\u200f⟦${text}⟧\u200f`;
}

function pseudoMessage(message: Message, wrap: (text: string) => string): Message {
  if (typeof message === 'string') return wrap(message);
  const out: Record<string, string> = {};
  for (const [category, text] of Object.entries(message)) out[category] = wrap(text);
  return out as unknown as Message;
}

/** A whole catalogue in a pseudo-locale (`rtl`: the right-to-left one). */
export function pseudoCatalogue<T extends Record<string, Section>>(source: T, rtl = false): T {
  const wrap = rtl ? pseudoRtlText : pseudoText;
  const out: Record<string, Record<string, Message>> = {};
  for (const [name, section] of Object.entries(source)) {
    out[name] = Object.fromEntries(
      Object.entries(section).map(([key, message]) => [key, pseudoMessage(message, wrap)]),
    );
  }
  return out as T;
}
