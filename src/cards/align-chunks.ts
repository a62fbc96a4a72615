import { diffArrays } from 'diff';
import { uniqueAnchors } from './unique-anchors';

/** A run of an alignment: chunks `a[aFrom, aTo)` and `b[bFrom, bTo)` are equal, or differ. */
export interface Hunk {
  kind: 'same' | 'change';
  aFrom: number;
  aTo: number;
  bFrom: number;
  bTo: number;
}

/** Gaps without anchors are diffed exactly only while small; above, they count as replaced. */
const EXACT_GAP = 600;
const EXACT_EDITS = 60;
const MAX_DEPTH = 24;

/**
 * Aligns two sequences of interned chunks with patience diff: chunks that occur once on
 * each side anchor the alignment, the gaps between anchors are aligned again, and small
 * gaps without anchors fall back to an exact diff with a bounded edit length. This keeps
 * large documents near O(n log n), and a full rewrite ends in one "change" hunk at once.
 */
export function alignChunks(a: readonly number[], b: readonly number[]): Hunk[] {
  const out: Hunk[] = [];
  align(a, 0, a.length, b, 0, b.length, out, 0);
  return out;
}

function emit(
  out: Hunk[],
  kind: Hunk['kind'],
  aFrom: number,
  aTo: number,
  bFrom: number,
  bTo: number,
) {
  if (aFrom === aTo && bFrom === bTo) return;
  const last = out[out.length - 1];
  if (last && last.kind === kind && last.aTo === aFrom && last.bTo === bFrom) {
    last.aTo = aTo;
    last.bTo = bTo;
  } else out.push({ kind, aFrom, aTo, bFrom, bTo });
}

function align(
  a: readonly number[],
  aLo: number,
  aHi: number,
  b: readonly number[],
  bLo: number,
  bHi: number,
  out: Hunk[],
  depth: number,
): void {
  let head = 0;
  while (aLo + head < aHi && bLo + head < bHi && a[aLo + head] === b[bLo + head]) head++;
  emit(out, 'same', aLo, aLo + head, bLo, bLo + head);
  aLo += head;
  bLo += head;
  let tail = 0;
  while (aHi - tail > aLo && bHi - tail > bLo && a[aHi - 1 - tail] === b[bHi - 1 - tail]) tail++;
  const aEnd = aHi - tail;
  const bEnd = bHi - tail;
  const anchors = aLo === aEnd || bLo === bEnd ? [] : uniqueAnchors(a, aLo, aEnd, b, bLo, bEnd);
  if (anchors.length === 0 || depth >= MAX_DEPTH) {
    alignGap(a, aLo, aEnd, b, bLo, bEnd, out);
  } else {
    let i = aLo;
    let j = bLo;
    for (const [ai, bj] of anchors) {
      align(a, i, ai, b, j, bj, out, depth + 1);
      emit(out, 'same', ai, ai + 1, bj, bj + 1);
      i = ai + 1;
      j = bj + 1;
    }
    align(a, i, aEnd, b, j, bEnd, out, depth + 1);
  }
  emit(out, 'same', aEnd, aHi, bEnd, bHi);
}

function alignGap(
  a: readonly number[],
  aLo: number,
  aHi: number,
  b: readonly number[],
  bLo: number,
  bHi: number,
  out: Hunk[],
): void {
  const small = aHi - aLo + (bHi - bLo) <= EXACT_GAP && aLo < aHi && bLo < bHi;
  const changes = small
    ? diffArrays(a.slice(aLo, aHi), b.slice(bLo, bHi), { maxEditLength: EXACT_EDITS })
    : undefined;
  if (!changes) {
    emit(out, 'change', aLo, aHi, bLo, bHi);
    return;
  }
  let i = aLo;
  let j = bLo;
  for (const change of changes) {
    const n = change.count;
    if (change.added) emit(out, 'change', i, i, j, (j += n));
    else if (change.removed) emit(out, 'change', i, (i += n), j, j);
    else emit(out, 'same', i, (i += n), j, (j += n));
  }
}
