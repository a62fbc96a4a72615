/**
 * The card diff bench's browser entry (scripts/bench-diff.mjs runs it in Chromium through
 * bench/page-runner.mjs). It times the card's field diff (diffText + collapseParts, what
 * a card computes before it draws) beside google's diff-match-patch on the same inputs in
 * the same page: a ~200 KB post body with 1% of its words changed, and a full rewrite.
 * Runs are interleaved so both see the same machine load.
 */
import DiffMatchPatch from 'diff-match-patch';
import { benchInputs } from './diff-inputs';
import { collapseParts } from '../../src/cards/collapse';
import { diffText } from '../../src/cards/word-diff';
import type { DiffSegment } from '../../src/cards/diff-types';

export interface DiffBenchOptions {
  runs: number;
}

/** Samples in milliseconds per case, and what each side produced on its last run. */
export interface DiffCase {
  ours: number[];
  /** diff_main with its defaults (1 s timeout, line mode on large texts). */
  dmp: number[];
  /** diff_main then diff_cleanupSemantic: what one would show a person. */
  dmpSemantic: number[];
  /** Our output: segments drawn, characters visible before any fold is opened. */
  segments: number;
  visibleChars: number;
  /** Characters in changed segments a reader sees (inserted + deleted, unfolded). */
  changedVisibleChars: number;
  dmpDiffs: number;
}

export interface DiffBenchResult {
  size: number;
  edited: DiffCase;
  rewritten: DiffCase;
}

declare global {
  interface Window {
    diffBench?: (options: DiffBenchOptions) => Promise<DiffBenchResult>;
  }
}

function visible(segments: readonly DiffSegment[]): { all: number; changed: number } {
  let all = 0;
  let changed = 0;
  for (const segment of segments) {
    if (segment.kind === 'collapsed') {
      all += segment.label.length;
      continue;
    }
    all += segment.text.length;
    if (segment.kind !== 'same') changed += segment.text.length;
  }
  return { all, changed };
}

function timeCase(before: string, after: string, runs: number): DiffCase {
  const dmp = new DiffMatchPatch();
  const result: DiffCase = {
    ours: [],
    dmp: [],
    dmpSemantic: [],
    segments: 0,
    visibleChars: 0,
    changedVisibleChars: 0,
    dmpDiffs: 0,
  };
  for (let run = 0; run < runs; run++) {
    let start = performance.now();
    const segments = collapseParts(diffText(before, after));
    result.ours.push(performance.now() - start);
    const shown = visible(segments);
    result.segments = segments.length;
    result.visibleChars = shown.all;
    result.changedVisibleChars = shown.changed;

    start = performance.now();
    const diffs = dmp.diff_main(before, after);
    result.dmp.push(performance.now() - start);
    result.dmpDiffs = diffs.length;

    start = performance.now();
    dmp.diff_cleanupSemantic(dmp.diff_main(before, after));
    result.dmpSemantic.push(performance.now() - start);
  }
  return result;
}

window.diffBench = async ({ runs }) => {
  const { before, edited, rewritten } = benchInputs();
  // One warm-up of each, so the first timed run does not pay for compiling the code.
  timeCase(before.slice(0, 20_000), edited.slice(0, 20_000), 1);
  return {
    size: before.length,
    edited: timeCase(before, edited, runs),
    rewritten: timeCase(before, rewritten, runs),
  };
};
