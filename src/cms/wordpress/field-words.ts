import { t } from '../../i18n';

/** The fields the catalogue names (`worker.field.<key>`). */
const NAMED = [
  'title',
  'content',
  'excerpt',
  'slug',
  'categories',
  'tags',
  'featured_media',
  'status',
  'meta',
  'date',
  'author',
  'publish_at',
  'comments',
] as const;
type NamedField = (typeof NAMED)[number];

function isNamed(key: string): key is NamedField {
  return (NAMED as readonly string[]).includes(key);
}

/**
 * A post field's name as a card, an editor notice or the classic editor's banner shows it,
 * in the person's language (issue 37). A custom field reads "Meta: <key>"; a field the
 * catalogue does not name keeps `fallback`. Reasons the model reads keep the English labels
 * of `post-fields.ts`.
 */
export function fieldLabel(key: string, fallback: string = key): string {
  if (isNamed(key)) return t(`worker.field.${key}`);
  if (key.startsWith('meta.')) return t('worker.field.metaKey', { key: key.slice(5) });
  return fallback;
}
