import type { CardField, WriteCardData } from '../../adapter';
import type { EditableEntity } from '../entity';

const EFFECT: Record<string, string> = {
  publish: 'visitors see it at once',
  future: 'visitors see it from the scheduled time',
  private: 'only signed-in editors see it',
  draft: 'visitors no longer see it',
  pending: 'visitors no longer see it; it waits for review',
  trash: 'it leaves the site and goes to the trash',
};

/** C1: the status change (and the schedule) as card fields. */
export function statusFields(
  { post }: EditableEntity,
  value: { status: string; publish_at?: string },
): CardField[] {
  const fields: CardField[] = [
    {
      key: 'status',
      label: 'Status',
      format: 'text',
      current: { raw: post.status },
      proposed: value.status,
    },
  ];
  if (value.publish_at) {
    fields.push({
      key: 'publish_at',
      label: 'Publish at (UTC)',
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
  const when = publishAt ? ` at ${publishAt}` : '';
  return `${entity.typeLabel} "${entity.title}": status ${entity.status} → ${status}${when}; ${EFFECT[status] ?? 'its visibility changes'}.`;
}
