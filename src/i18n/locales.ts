/**
 * The languages the extension's own words ship in, and how the one to show is chosen.
 * `en` is the source; `de` and `he` (right to left) are complete; `en-XA` is the pseudo-locale (every English message
 * accented, bracketed and lengthened) that the catalogue check uses to find text that did not
 * come from the catalogue. The options page does not offer it; tests choose it by storage.
 */
export const SHIPPED_LOCALES = ['en', 'de', 'he'] as const;
export type ShippedLocale = (typeof SHIPPED_LOCALES)[number];

/** The pseudo-locale's tag (a private-use region Chrome and CLDR reserve for this). */
export const PSEUDO_LOCALE = 'en-XA';

/**
 * Issue 37 item 2: the right-to-left pseudo-locale (Chrome's own tag for it): the English
 * messages, bracketed, laid out right to left, so every page can be checked in a right-to-left
 * layout before a right-to-left language ships.
 */
export const PSEUDO_RTL_LOCALE = 'ar-XB';

/** A locale the catalogue can speak: a shipped one or a pseudo-locale. */
export type UiLocale = ShippedLocale | typeof PSEUDO_LOCALE | typeof PSEUDO_RTL_LOCALE;

/** The person's choice in the options page: follow the browser, or one language. */
export type UiLanguageChoice = 'auto' | UiLocale;

/** Languages written right to left (the panel sets `dir` from this). */
const RTL = new Set(['ar', 'fa', 'he', 'ur', 'yi', 'ps', 'sd', 'ug', 'dv', 'ckb']);

/** True when `value` is a choice this build understands. */
export function isUiLanguageChoice(value: unknown): value is UiLanguageChoice {
  return (
    value === 'auto' ||
    value === PSEUDO_LOCALE ||
    value === PSEUDO_RTL_LOCALE ||
    (SHIPPED_LOCALES as readonly unknown[]).includes(value)
  );
}

/**
 * The locale to show: the person's choice, else the first of the browser's languages we ship
 * (`de-AT` → `de`), else English.
 */
export function resolveLocale(choice: UiLanguageChoice, browser: readonly string[]): UiLocale {
  if (choice !== 'auto') return choice;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    const found = SHIPPED_LOCALES.find((locale) => locale === base);
    if (found) return found;
  }
  return 'en';
}

/** `rtl` for a language written right to left, else `ltr`. */
export function directionOf(tag: string): 'ltr' | 'rtl' {
  return RTL.has(tag.toLowerCase().split('-')[0]!) ? 'rtl' : 'ltr';
}
