import { lookup, type Catalogue, type MessageKey, type ParamsOf } from './catalogue';
import {
  directionOf,
  PSEUDO_LOCALE,
  PSEUDO_RTL_LOCALE,
  type ShippedLocale,
  type UiLocale,
} from './locales';
import type { Message } from './message';
import { en } from './messages/en';
import { pseudoCatalogue } from './pseudo';

/**
 * The one way the extension's own words reach a person (issue 37): `t('panel.send')`.
 * Messages come from the typed catalogue (`messages/<lang>/<section>.ts`); the locale is set
 * once per page or worker from the person's choice (`setLocale`), else English. A key the
 * chosen language lacks falls back to English (the unit check keeps that from shipping).
 *
 * English is always here. Another language is given to `t` by whoever runs it
 * (`useTranslations`): a page loads only the one it shows (`loadPageLanguage`), the worker
 * carries the sections it speaks from (`worker-words.ts`), so no bundle holds every language.
 */
let locale: UiLocale = 'en';
let catalogue: Partial<Catalogue> = en;
const given = new Map<Exclude<ShippedLocale, 'en'>, Partial<Catalogue>>();
let pseudo: Catalogue | null = null;
let pseudoRtl: Catalogue | null = null;
let plurals = new Intl.PluralRules('en');
let numbers = new Intl.NumberFormat('en');
let isolate = false;

/**
 * Gives `t` the catalogue (or the sections of it this bundle needs) of `tag`; a later
 * `setLocale(tag)`, or the current locale at once, speaks from it.
 */
export function useTranslations(
  tag: Exclude<ShippedLocale, 'en'>,
  translations: Partial<Catalogue>,
): void {
  given.set(tag, translations);
  if (locale === tag) catalogue = translations;
}

function catalogueOf(tag: UiLocale): Partial<Catalogue> {
  if (tag === 'de' || tag === 'he') return given.get(tag) ?? en;
  if (tag === PSEUDO_LOCALE) return (pseudo ??= pseudoCatalogue(en));
  if (tag === PSEUDO_RTL_LOCALE) return (pseudoRtl ??= pseudoCatalogue(en, true));
  return en;
}

/** Switches every later `t` and `Intl` formatter to `tag`. */
export function setLocale(tag: UiLocale): void {
  locale = tag;
  catalogue = catalogueOf(tag);
  plurals = new Intl.PluralRules(tag);
  numbers = new Intl.NumberFormat(tag);
  isolate = directionOf(tag) === 'rtl';
}

/** The locale `t` speaks now (a BCP 47 tag for `Intl`). */
export function currentLocale(): UiLocale {
  return locale;
}

/** `ltr` or `rtl` for the current locale (pages set `<html dir>` from it). */
export function currentDirection(): 'ltr' | 'rtl' {
  return directionOf(locale);
}

type Args<K extends MessageKey> = [ParamsOf<K>] extends [never]
  ? []
  : [params: { readonly [P in ParamsOf<K>]: string | number }];

function pick(message: Message, count: unknown): string {
  if (typeof message === 'string') return message;
  const n = typeof count === 'number' ? count : Number(count);
  const category = Number.isFinite(n) ? plurals.select(n) : 'other';
  return message[category] ?? message.other;
}

/** The message for `key` in the current locale, with its placeholders filled in as text. */
export function t<K extends MessageKey>(key: K, ...args: Args<K>): string {
  const params = (args[0] ?? {}) as Record<string, string | number>;
  const message = lookup(catalogue, key) ?? lookup(en, key) ?? key;
  return pick(message, params.count).replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (whole, name) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name as string];
    const text = typeof value === 'number' ? numbers.format(value) : String(value);
    // Right to left: a value (a site's English title, a URL, a tool id) is isolated, so its
    // own direction cannot reorder the sentence around it (first-strong isolate … pop).
    return isolate ? `\u2068${text}\u2069` : text;
  });
}
