import { decodeHTML } from 'entities';

/**
 * The words of a bit of site HTML as plain text (a title WordPress rendered): tags dropped,
 * then every character reference decoded (WordPress writes quotes and dashes as `&#8220;`,
 * `&#8211;`, `&hellip;`...), so a person reads “Hello” and not `&#8220;Hello&#8221;`. The
 * result is text, never markup: it is shown as text (or sanitized where it meets HTML).
 */
export function htmlText(html: string): string {
  return decodeHTML(html.replace(/<[^>]*>/g, '')).trim();
}

/** Character references decoded, markup left as text (a notification then drops it). */
export function decodeReferences(text: string): string {
  return decodeHTML(text);
}
