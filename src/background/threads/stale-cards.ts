import type { AuditPort } from '../../run';
import type { ThreadView } from '../../shared/protocols/thread-protocol';
import { markDecided } from './view-events';

const ROW_STATUS = new Set(['run', 'failed', 'refused', 'skipped', 'rejected', 'expired']);

/**
 * S5, G12: a card whose call the audit log shows decided is marked so. A worker that died
 * after the call's outcome was committed, but before the view heard of it, leaves the card
 * asking; the resume has nothing left to tell the view (the call is done), so the audit
 * log, the truth for history, says what became of it. `pending` is the card still asking.
 */
export async function settleStaleCards(
  view: ThreadView,
  pending: string | null,
  audit: Pick<AuditPort, 'get'>,
): Promise<void> {
  for (const item of view.items) {
    if (item.kind !== 'approval' || item.decided || item.card.recordId === pending) continue;
    const record = await audit.get(item.card.recordId).catch(() => undefined);
    if (!record || record.status === 'pending') continue;
    markDecided(view, record.id, record.status);
    const row = view.items.find((i) => i.kind === 'tool' && i.id === record.id);
    if (row?.kind === 'tool' && ROW_STATUS.has(record.status))
      row.status = record.status as typeof row.status;
  }
}
