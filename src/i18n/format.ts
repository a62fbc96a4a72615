import { currentLocale } from './t';

/*
 * Dates, times, numbers and relative times in the person's locale (issue 37): every figure
 * the UI shows goes through these, never `toLocaleString()` with the browser's default or
 * a hard-coded `'en'`.
 */

/** A date and time, as in an audit table. */
export function formatDateTime(ms: number): string {
  return new Intl.DateTimeFormat(currentLocale(), {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(ms);
}

/** A date alone. */
export function formatDate(ms: number): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' }).format(ms);
}

/** Hours and minutes. */
export function formatClock(ms: number): string {
  return new Intl.DateTimeFormat(currentLocale(), { hour: '2-digit', minute: '2-digit' }).format(
    ms,
  );
}

/** A whole or decimal number with the locale's separators. */
export function formatNumber(n: number): string {
  return new Intl.NumberFormat(currentLocale()).format(n);
}

/** A number with one decimal (seconds, say), in the locale's way of writing it. */
export function formatDecimal(n: number): string {
  return new Intl.NumberFormat(currentLocale(), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(n);
}

const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** How far `ms` is from `now`, in words: "in 5 minutes", "vor 2 Stunden". */
export function formatRelative(ms: number, now = Date.now()): string {
  let amount = (ms - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) {
      return new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'auto' }).format(
        Math.round(amount),
        unit,
      );
    }
    amount /= size;
  }
  return formatDate(ms);
}

/** A list joined as the locale joins it ("a, b and c"). */
export function formatList(items: readonly string[]): string {
  return new Intl.ListFormat(currentLocale(), { style: 'long', type: 'conjunction' }).format(items);
}

/** The name of a language in the current locale (`de` → "German" / "Deutsch"). */
export function languageName(tag: string): string {
  return new Intl.DisplayNames([currentLocale()], { type: 'language' }).of(tag) ?? tag;
}
