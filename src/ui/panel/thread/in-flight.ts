import type { ThreadView } from '../../../shared/protocols/thread-protocol';

/**
 * Whether the request in flight shows its effect in `view`: the decided call no longer
 * waits (views sent while the decision is being applied still show it pending and busy), or the
 * published card says so. Until then its card stays disabled, so nothing is sent twice.
 */
export function settled(view: ThreadView, flight: string): boolean {
  const kind = flight.slice(0, flight.indexOf(':'));
  const recordId = flightRecord(flight);
  for (const item of view.items) {
    if (kind === 'decision' && item.kind === 'approval' && item.card.recordId === recordId) {
      // A view that is no longer busy has finished with the decision, even when the call
      // still waits: the card was refreshed because its target changed (G13).
      return item.decided !== undefined || view.pending !== recordId || !view.busy;
    }
    if (kind === 'amend' && item.kind === 'approval' && item.card.recordId === recordId) {
      // Issue 36: the card came back with another hash (the person's version, or the
      // proposal again), or the request ended (a refusal comes as a notice).
      if (item.decided !== undefined) continue;
      return item.card.payloadHash !== flight.split('@')[1] || !view.busy;
    }
    if (kind === 'publish' && item.kind === 'result' && item.card.recordId === recordId) {
      // U1, U2: the publish's card arrived (or it ran, or the card says why not), or the
      // background found the draft changed and refreshed the card instead, or the request
      // ended (a refusal comes as a notice).
      const checked = Number(flight.split('@')[1] ?? 0);
      const card = item.card;
      return (
        card.published === true ||
        card.publish !== undefined ||
        (card.checkedAt ?? 0) > checked ||
        !view.busy
      );
    }
    if (kind === 'undo' && item.kind === 'result' && item.card.recordId === recordId) {
      // E4: the undo's card arrived (or the card says why not), or the request ended.
      return item.card.undo?.state !== 'offered' || !view.busy;
    }
  }
  return true;
}

/** The in-flight key of a Publish click on a card last checked at `checkedAt`. */
export function publishFlight(recordId: string, checkedAt?: number): string {
  return `publish:${recordId}@${checkedAt ?? 0}`;
}

/** The record id an in-flight key names (`decision:<id>`, `publish:<id>@<checkedAt>`). */
export function flightRecord(flight: string): string {
  return flight.slice(flight.indexOf(':') + 1).split('@')[0] ?? '';
}
