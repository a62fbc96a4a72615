import type { ApprovalCard, ResultCard } from '../shared/thread-protocol';

/** C6: how a decided card is marked. */
export const DECIDED_TEXT = {
  approved: 'Approved.',
  rejected: 'Rejected.',
  expired: 'Expired.',
} as const;

/** An undecided card that no longer waits (the background moved on): no buttons. */
export const STALE_TEXT = 'No longer waiting for a decision.';

/** P3: what a card says when it has no usable preview (when the card carries no note). */
export const NO_PREVIEW_TEXT = 'No preview: you are deciding without one';
/** P7: what a card says when the preview is withheld (when the card carries no note). */
export const WITHHELD_TEXT =
  'The preview is withheld: you may not read what this call would replace.';

/** G6: how many calls wait behind the one on the card, or nothing when none do. */
export function waitingText(waiting: number): string | undefined {
  if (waiting <= 0) return undefined;
  return waiting === 1
    ? '1 more call waits behind this one.'
    : `${waiting} more calls wait behind this one.`;
}

/** T2: where a content write lands, as a badge and its explanation. */
export function landsText(
  lands: ApprovalCard['lands'],
): { badge: string; detail: string } | undefined {
  if (lands === 'draft') {
    return {
      badge: 'Draft',
      detail: 'Lands as a draft: visitors see nothing until it is published.',
    };
  }
  if (lands === 'live') return { badge: 'Live', detail: 'Goes live: visitors see it at once.' };
  return undefined;
}

/** G13: the banner of a card whose target changed after it was built. */
export function targetChangedText(card: ApprovalCard): string | undefined {
  if (!card.targetChanged) return undefined;
  const what =
    card.layout === 'config' ? 'settings' : card.entity?.typeLabel.toLowerCase() || 'target';
  const fields = card.targetChanged.fields.join(', ') || 'some fields';
  return `The ${what} changed since this card was built: ${fields}. Review the refreshed values and approve again.`;
}

/** Whether the target-changed banner names this field (by key or label). */
export function changedSince(card: ApprovalCard, field: { key: string; label: string }): boolean {
  const fields = card.targetChanged?.fields ?? [];
  return fields.includes(field.key) || fields.includes(field.label);
}

/** P2-P4, P7: the preview lines and notes a card shows, with the standard texts as fallback. */
export function previewTexts(preview: ApprovalCard['preview']): {
  lines: string[];
  notes: string[];
} {
  const fallback =
    preview.state === 'failed'
      ? NO_PREVIEW_TEXT
      : preview.state === 'withheld'
        ? WITHHELD_TEXT
        : '';
  const notes =
    fallback && !preview.notes.includes(fallback) ? [fallback, ...preview.notes] : preview.notes;
  return { lines: preview.state === 'ok' ? preview.lines : [], notes };
}

/** C5, U1: whether visitors see a result, in words (the card's own text when it has one). */
export function visibilityText(card: ResultCard): string {
  if (card.visibilityText) return card.visibilityText;
  return card.visibleToVisitors
    ? 'Live: visitors see this now'
    : 'Draft: visitors see nothing until it is published';
}
