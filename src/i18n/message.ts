/**
 * The shape of one catalogue entry. A message is a string with `{name}` placeholders, or a
 * plural: one string per CLDR plural category of the language (`other` always), chosen by
 * `Intl.PluralRules` on the `count` parameter. Nothing in a message is ever evaluated: a
 * placeholder is replaced by text, so messages are safe under the extension's MV3 CSP and a
 * translation cannot inject markup (the UI renders the result as text).
 */
export interface Plural {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

/** One catalogue entry. */
export type Message = string | Plural;

/** A section of the catalogue: message keys to messages. */
export type Section = { readonly [key: string]: Message };

/** The placeholder names in one string, from its type (`'Hi {name}'` → `'name'`). */
export type VarsOf<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | VarsOf<Rest>
  : never;

/** The parameters a message takes: its placeholders, and `count` for a plural. */
export type MessageVars<M> = M extends string
  ? VarsOf<M>
  : M extends Plural
    ? 'count' | VarsOf<Extract<M[keyof M], string>>
    : never;

/** What a translation of a section must provide: every key the English one has. */
export type Translation<T extends Section> = { readonly [K in keyof T]: Message };

/** The placeholder names a message uses, at run time (for the catalogue check). */
export function placeholdersOf(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  const names = new Set<string>();
  for (const text of texts) {
    for (const match of (text ?? '').matchAll(/\{([A-Za-z][A-Za-z0-9_]*)\}/g)) names.add(match[1]!);
  }
  if (typeof message !== 'string') names.add('count');
  return [...names].sort();
}
