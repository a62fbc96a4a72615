import type { ActingUser } from '../../tools/tool';
import { t } from '../../i18n';

/** Collapses whitespace and clips text for a preview line (P2 keeps lines short). */
export function clip(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A quoted short value, or a size and start for long markup. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    if (value === '') return t('worker.preview.empty');
    return value.length > 120
      ? t('worker.preview.long', { length: String(value.length), start: clip(value, 80) })
      : t('worker.preview.quoted', { text: clip(value) });
  }
  if (Array.isArray(value)) return value.length === 0 ? t('worker.preview.none') : value.join(', ');
  return JSON.stringify(value) ?? t('worker.preview.nothing');
}

/** "Title: replaces "Old" with "New"." — one line per changed field. */
export function changeLine(label: string, current: unknown, proposed: unknown): string {
  if (JSON.stringify(current) === JSON.stringify(proposed)) {
    return t('worker.preview.unchanged', { label });
  }
  return t('worker.preview.replaces', {
    label,
    current: describeValue(current),
    proposed: describeValue(proposed),
  });
}

/**
 * P7 for post tools: a preview shows the entity's current values, which may belong to a
 * private post or another person's draft. A viewer other than the owner may read it only
 * with the type's `edit_others_*` and `read_private_*` capabilities; unknown types fail
 * closed, because their capability names cannot be known without asking the site.
 */
export function viewerMayReadPost(viewer: ActingUser, type: unknown): boolean {
  const plural = type === 'post' ? 'posts' : type === 'page' ? 'pages' : undefined;
  if (!plural) return viewer.capabilities['manage_options'] === true;
  return ['edit_others_', 'read_private_'].every((p) => viewer.capabilities[p + plural] === true);
}
