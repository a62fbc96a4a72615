import { formatList, t } from '../i18n';
import type { ApprovalCard, ResultCard } from '../shared/protocols/thread-protocol';

/**
 * C6: how a decided card is marked; `stale`: an undecided card that no longer waits (the
 * background moved on), shown without buttons. Read at render, in the person's language.
 */
export function decidedText(decided: 'approved' | 'rejected' | 'expired' | 'stale'): string {
  return t(`cards.decided.${decided}`);
}

/** P4: the worker's note on every captured preview (said in the person's language here). */
export const CAPTURED_TEXT = 'Captured when the run paused: the target may have changed since.';
/** P3: what a card says when it has no usable preview (when the card carries no note). */
export const NO_PREVIEW_TEXT = 'No preview: you are deciding without one';
/** P7: what a card says when the preview is withheld (when the card carries no note). */
export const WITHHELD_TEXT =
  'The preview is withheld: you may not read what this call would replace.';

/** G6: how many calls wait behind the one on the card, or nothing when none do. */
export function waitingText(waiting: number): string | undefined {
  if (waiting <= 0) return undefined;
  return t('cards.waiting.behind', { count: waiting });
}

/** T2: where a content write lands, as a badge and its explanation. */
export function landsText(
  lands: ApprovalCard['lands'],
): { badge: string; detail: string } | undefined {
  if (lands === 'draft') {
    return { badge: t('cards.lands.draft'), detail: t('cards.lands.draftDetail') };
  }
  if (lands === 'live')
    return { badge: t('cards.lands.live'), detail: t('cards.lands.liveDetail') };
  return undefined;
}

/** G13: the banner of a card whose target changed after it was built. */
export function targetChangedText(card: ApprovalCard): string | undefined {
  if (!card.targetChanged) return undefined;
  const what =
    card.layout === 'config'
      ? t('cards.targetChanged.settings')
      : card.entity?.typeLabel.toLowerCase() || t('cards.targetChanged.target');
  const named = card.targetChanged.fields;
  const fields = named.length ? formatList(named) : t('cards.targetChanged.someFields');
  return t('cards.targetChanged.text', { what, fields });
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
  // The worker may already carry the standard text (in English): then it is said once.
  const [english, fallback] =
    preview.state === 'failed'
      ? [NO_PREVIEW_TEXT, t('cards.preview.none')]
      : preview.state === 'withheld'
        ? [WITHHELD_TEXT, t('cards.preview.withheld')]
        : ['', ''];
  const others = preview.notes
    .filter((note) => note !== english && note !== fallback)
    .map((note) => (note === CAPTURED_TEXT ? t('cards.preview.captured') : note));
  const notes = fallback ? [fallback, ...others] : others;
  return { lines: preview.state === 'ok' ? preview.lines : [], notes };
}

/** C5, U1: whether visitors see a result, in words (the card's own text when it has one). */
export function visibilityText(card: ResultCard): string {
  if (card.visibilityText) return card.visibilityText;
  return card.visibleToVisitors ? t('cards.result.live') : t('cards.result.draft');
}
