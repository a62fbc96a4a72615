import type { ApprovalCard, ResultCard } from '../../shared/protocols/card-protocol';
import type { ThreadView } from '../../shared/protocols/thread-protocol';

/**
 * The parts of an event's projection onto a view that need a card built from the CMS
 * (view-events.ts has the rest): pure, given the card. A new approval card replaces the
 * undecided card of the same call, marks its row pending and becomes the call that waits.
 */
export function placeApprovalCard(view: ThreadView, card: ApprovalCard): void {
  view.items = view.items.filter(
    (i) => !(i.kind === 'approval' && i.card.recordId === card.recordId && !i.decided),
  );
  const row = view.items.find((i) => i.kind === 'tool' && i.id === card.recordId);
  if (row?.kind === 'tool') row.status = 'pending';
  view.items.push({ kind: 'approval', id: `card:${card.recordId}:${view.items.length}`, card });
  view.pending = card.recordId;
}

/**
 * A call's result card joins the view. The approval card of the same call already names
 * the entity by type and title, so the result keeps those (with the title the call set).
 */
export function placeResultCard(view: ThreadView, recordId: string, card: ResultCard): void {
  const asked = view.items.find((i) => i.kind === 'approval' && i.card.recordId === recordId);
  if (card.entity && asked?.kind === 'approval' && asked.card.entity) {
    const retitled = asked.card.fields?.find((f) => f.key === 'title')?.proposed;
    card.entity = {
      ...asked.card.entity,
      title: retitled ?? asked.card.entity.title,
      type: card.entity.type,
      status: undefined,
    };
  }
  view.items.push({ kind: 'result', id: `result:${recordId}`, card });
}
