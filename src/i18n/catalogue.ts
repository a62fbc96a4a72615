import type { Message, MessageVars, Translation } from './message';
import type { en } from './messages/en';

/** The English catalogue's type: every section and key, with each message's literal text. */
export type Source = typeof en;

/** A complete catalogue in any language: the same sections and keys as English. */
export type Catalogue = { readonly [S in keyof Source]: Translation<Source[S]> };

/** Every message key, as `section.key`. */
export type MessageKey = {
  [S in keyof Source & string]: `${S}.${keyof Source[S] & string}`;
}[keyof Source & string];

/** The message a key names in the English catalogue (its literal type). */
export type SourceMessage<K extends MessageKey> = K extends `${infer S}.${infer Rest}`
  ? S extends keyof Source
    ? Rest extends keyof Source[S]
      ? Source[S][Rest]
      : never
    : never
  : never;

/** The parameters a key takes (`never` when it takes none). */
export type ParamsOf<K extends MessageKey> = MessageVars<SourceMessage<K>>;

/** A message's value by key in any catalogue, or undefined when the key is not there. */
export function lookup(catalogue: Partial<Catalogue>, key: string): Message | undefined {
  const dot = key.indexOf('.');
  const section = (catalogue as unknown as Record<string, Record<string, Message>>)[
    key.slice(0, dot)
  ];
  return section && Object.hasOwn(section, key.slice(dot + 1))
    ? section[key.slice(dot + 1)]
    : undefined;
}
