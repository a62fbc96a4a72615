import { collapseParts, isBigDiff } from './collapse';
import type { DiffSegment } from './diff-types';
import { diffText } from './word-diff';

/**
 * What a card shows for one changed field (C1). Small fields: the current value with its
 * removed words marked, then the proposed value with its added words marked. Big fields:
 * one inline diff with unchanged regions folded (`unified`).
 */
export interface FieldDiffView {
  big: boolean;
  unified: DiffSegment[];
  current: DiffSegment[];
  proposed: DiffSegment[];
}

function kindOf(segment: DiffSegment): 'same' | 'ins' | 'del' {
  return segment.kind === 'collapsed' ? segment.hidden.kind : segment.kind;
}

/** The diff of a field's current and proposed value, ready for the card. */
export function fieldDiffView(current: string, proposed: string): FieldDiffView {
  const parts = diffText(current, proposed);
  const big = isBigDiff(parts);
  const unified = collapseParts(parts);
  return {
    big,
    unified,
    current: big ? [] : unified.filter((segment) => kindOf(segment) !== 'ins'),
    proposed: big ? [] : unified.filter((segment) => kindOf(segment) !== 'del'),
  };
}
