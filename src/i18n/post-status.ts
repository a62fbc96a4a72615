import { t } from './t';

const KNOWN = [
  'publish',
  'future',
  'draft',
  'pending',
  'private',
  'trash',
  'auto-draft',
  'inherit',
] as const;

/**
 * WordPress's post status in the person's words ("publish" → "published"). A status a
 * plugin registered is shown as the site names it: the site, not the catalogue, knows it.
 */
export function statusLabel(status: string): string {
  const known = KNOWN.find((name) => name === status);
  return known ? t(`cards.status.${known}`) : status;
}
