import type { CardField, WriteCardData } from '../../adapter';
import type { EditableEntity, EntityRead } from '../entity';
import type { ToolContext } from '../../../tools/tool';
import { entityWriteCard } from '../post-write';
import { t } from '../../../i18n';

/** What a status does for visitors, in the person's language (read when the line is made). */
function effectOf(status: string): string {
  switch (status) {
    case 'publish':
    case 'future':
    case 'private':
    case 'draft':
    case 'pending':
    case 'trash':
      return t(`worker.preview.effect.${status}`);
    default:
      return t('worker.preview.effect.other');
  }
}

/** C1: the status change (and the schedule) as card fields. */
export function statusFields(
  { post }: EditableEntity,
  value: { status: string; publish_at?: string },
): CardField[] {
  const fields: CardField[] = [
    {
      key: 'status',
      label: t('worker.field.status'),
      format: 'text',
      current: { raw: post.status },
      proposed: value.status,
    },
  ];
  if (value.publish_at) {
    fields.push({
      key: 'publish_at',
      label: t('worker.field.publish_at'),
      format: 'text',
      current: { raw: post.date_gmt ?? '' },
      proposed: value.publish_at,
    });
  }
  return fields;
}

/** P1: one line saying what the status change does for visitors. */
export function statusLine(
  entity: WriteCardData['entity'],
  status: string,
  publishAt?: string,
): string {
  const words = {
    type: entity.typeLabel,
    title: entity.title,
    from: String(entity.status),
    to: status,
    effect: effectOf(status),
  };
  return publishAt
    ? t('worker.preview.statusAt', { ...words, at: publishAt })
    : t('worker.preview.status', words);
}

/**
 * C1 of a status change (set, trash, delete, publish): the entry, from the gate pass's read
 * when given, and its Status field (and schedule).
 */
export function statusCard(
  ctx: ToolContext,
  input: { type: string; id: number },
  change: { status: string; publish_at?: string },
  target?: EntityRead,
): Promise<WriteCardData> {
  return entityWriteCard(ctx, input, {
    extra: (entity) => statusFields(entity, change),
    nextStatus: change.status,
    target,
  });
}
