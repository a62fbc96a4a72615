import { t } from '../../i18n';
import { DECIDED_BY_EXPIRY, DECIDED_BY_POLICY } from '../../shared/vocabulary';

/** Any value as indented JSON for reading (never evaluated or rendered as HTML). */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? String(value);
}

/** `YYYY-MM-DD` of a date input as local midnight, or undefined when empty. */
export function dayStart(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime();
}

/**
 * Who decided a call on the site's audit, as a person reads it: by the display name the
 * site sent, the record's owner (a person approving their own call) or another person (a
 * second approver, `decidedByName`); the gate's own decisions in words; anyone the site
 * did not name by user id (the filter takes ids).
 */
export function decidedByText(record: {
  decidedBy: string | null;
  owner: { userId: string; displayName?: string };
  decidedByName?: string;
}): string {
  const { decidedBy, owner, decidedByName } = record;
  if (decidedBy === null) return '—';
  if (decidedBy === DECIDED_BY_POLICY) return t('optionsAudit.decided.rules');
  if (decidedBy === DECIDED_BY_EXPIRY) return t('optionsAudit.decided.expired');
  if (decidedBy === owner.userId && owner.displayName) return owner.displayName;
  if (decidedBy !== owner.userId && decidedByName) return decidedByName;
  return /^\d+$/.test(decidedBy) ? t('optionsAudit.decided.user', { id: decidedBy }) : decidedBy;
}
