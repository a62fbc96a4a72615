/** Argument values longer than this are cut in the card, with the rest behind "Show all". */
export const VALUE_PREVIEW_CHARS = 280;

/** An argument value as a person reads it: strings as they are, the rest as compact JSON. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '(none)';
  try {
    return JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
  } catch {
    return String(value);
  }
}

/** A value cut for display, and how much was left out (0 when shown whole). */
export function shortValue(value: unknown): { text: string; rest: number; full: string } {
  const full = formatValue(value);
  if (full.length <= VALUE_PREVIEW_CHARS) return { text: full, rest: 0, full };
  const cut = full.lastIndexOf(' ', VALUE_PREVIEW_CHARS);
  const end = cut > VALUE_PREVIEW_CHARS / 2 ? cut : VALUE_PREVIEW_CHARS;
  return { text: full.slice(0, end) + '…', rest: full.length - end, full };
}
