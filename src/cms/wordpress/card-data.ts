import type { CardField, WriteCardData } from '../adapter';
import type { EditableEntity } from './entity';
import { POST_FIELDS, metaOf } from './post-fields';
import type { PostValues } from './post-checks';
import { htmlText } from '../../shared/html-text';
import { fieldLabel } from './field-words';
import { t } from '../../i18n';

/** Plain text of a title (tags dropped, `&#8220;` and the like decoded), for a card (C1). */
export function plainTitle(rendered: string | undefined, raw?: string): string {
  const text = htmlText(raw ?? rendered ?? '');
  return text || '(no title)';
}

/** The entity as a card names it: type label, title, status, link, modified time. */
export function cardEntity({ type, post }: EditableEntity): WriteCardData['entity'] {
  return {
    ref: { type: type.slug, id: post.id },
    typeLabel: type.label,
    title: htmlText(post.title?.raw ?? post.title?.rendered ?? '') || t('worker.notify.noTitle'),
    status: post.status,
    link: post.link,
    modified: post.modified_gmt ?? post.modified,
  };
}

/**
 * C1: each content field the input sets, with its label, current raw and rendered value,
 * and the proposed value. Meta keys become one field each (`meta.key`). With no entity
 * (a create), the current value is empty.
 */
export function changedFields(values: PostValues, entity: EditableEntity | null): CardField[] {
  const fields: CardField[] = [];
  for (const field of POST_FIELDS) {
    const proposed = values[field.key];
    if (proposed === undefined) continue;
    const current = entity ? field.read(entity.post) : { raw: field.format === 'ids' ? [] : '' };
    fields.push({
      key: field.key,
      label: fieldLabel(field.key, field.label),
      format: field.format,
      current,
      proposed,
    });
  }
  const meta = entity ? metaOf(entity.post) : {};
  for (const [key, proposed] of Object.entries(values.meta ?? {})) {
    fields.push({
      key: `meta.${key}`,
      label: fieldLabel(`meta.${key}`),
      format: 'json',
      current: { raw: meta[key] ?? null },
      proposed,
    });
  }
  return fields;
}

/** The content values of a tool input (drops the entity reference and other keys). */
export function valuesOf(input: PostValues): PostValues {
  const source = input as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const key of [...POST_FIELDS.map((f) => f.key), 'meta']) {
    if (source[key] !== undefined) values[key] = source[key];
  }
  return values as PostValues;
}
