import { t } from '../../../i18n';
import type { Ability } from './discover';

/** An argument an entity id names, so the card can show the entity by name (C3). */
export type NamedEntityKind = 'post' | 'term' | 'user' | 'media' | 'comment';

/** One argument as the card lists it: the schema's title and description, the value as data. */
export interface AbilityCardArgument {
  key: string;
  title: string;
  description?: string;
  /** The value as JSON text, bounded: shown as text, never as markup. */
  value: string;
  /** Set when the argument names an entity by id: the card looks its name up. */
  names?: { kind: NamedEntityKind; id: number };
}

/** What the approval card of an ability shows besides its label and description. */
export interface AbilityCardData {
  arguments: AbilityCardArgument[];
  /** Plain sentences for the person (no requirement ids). */
  notes: string[];
}

const MAX_VALUE_CHARS = 2_000;

/** Argument names that carry an entity id, by the convention WordPress and plugins use. */
const ENTITY_KEYS: [RegExp, NamedEntityKind][] = [
  [/^(post|page)(_?id)?$/i, 'post'],
  [/^(term|category|tag)(_?id)?$/i, 'term'],
  [/^(user|author)(_?id)?$/i, 'user'],
  [/^(media|attachment|image)(_?id)?$/i, 'media'],
  [/^comment(_?id)?$/i, 'comment'],
];

/**
 * The card's view of an ability call: each argument with the title and description its
 * schema gives (the key when it gives none), and what the person must know that the site
 * does not say: permission is checked only when it runs, and what a write replaces is not
 * declared. The ability tool (`tool.ts`) hands it to the approval card (argument-card.tsx).
 */
export function abilityCardData(
  ability: Pick<Ability, 'cls' | 'inputSchema' | 'notes'> & Partial<Pick<Ability, 'home'>>,
  input: unknown,
): AbilityCardData {
  const properties = propertiesOf(ability.inputSchema);
  const args: AbilityCardArgument[] = [];
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    for (const [key, value] of Object.entries(input)) {
      const schema = properties[key] ?? {};
      const title = typeof schema.title === 'string' && schema.title.trim() ? schema.title : key;
      const description =
        typeof schema.description === 'string' && schema.description.trim()
          ? schema.description
          : undefined;
      const kind = ENTITY_KEYS.find(([pattern]) => pattern.test(key))?.[1];
      const names =
        kind && Number.isSafeInteger(value) && (value as number) > 0
          ? { kind, id: value as number }
          : undefined;
      args.push({ key, title, description, value: shown(value), names });
    }
  } else if (input !== undefined) {
    args.push({ key: '', title: t('worker.ability.input'), value: shown(input) });
  }
  const notes = [
    t(ability.home === 'page' ? 'worker.ability.inPage' : 'worker.ability.noTrialRun'),
  ];
  if (ability.cls !== 'read') {
    notes.push(t('worker.ability.noReplaceSaid'));
  }
  if (ability.cls === 'unclassified') {
    notes.push(t('worker.ability.unclassified'));
  }
  for (const note of ability.notes) notes.push(capitalized(note) + '.');
  return { arguments: args, notes };
}

function propertiesOf(schema: Record<string, unknown> | undefined) {
  const props = schema?.properties;
  return props && typeof props === 'object' && !Array.isArray(props)
    ? (props as Record<string, Record<string, unknown>>)
    : {};
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
  return text.length > MAX_VALUE_CHARS ? text.slice(0, MAX_VALUE_CHARS) + '…' : text;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
