import { diffWordsWithSpace } from 'diff';
import { alignChunks, type Hunk } from './align-chunks';
import { chunkText } from './chunk-text';
import { pushPart, type DiffPart } from './diff-types';
import { isSpace } from './text-cuts';

/** Texts up to this size (both sides together) are word-diffed directly. */
const DIRECT_LIMIT = 4_000;
/** Word diffs give up past this many edits: the texts are better read as replaced. */
const WORD_EDITS = 240;
/** When more than this share of a hunk changed, a word diff is noise: show it as replaced. */
const NOISE_SHARE = 0.65;

/**
 * The word diff a card shows for one field (C1). Small values are diffed word by word
 * (whitespace kept). Large ones are first aligned chunk by chunk (lines, sentences, tags)
 * with patience diff, then each differing chunk run is word-diffed on its own; a run that
 * is mostly rewritten, or too large, is shown as removed then added. The parts join back
 * to `before` (same + del) and `after` (same + ins) exactly.
 */
export function diffText(before: string, after: string): DiffPart[] {
  if (before === after) return before ? [{ kind: 'same', text: before }] : [];
  if (before.length + after.length <= DIRECT_LIMIT) return diffWordsOrReplace(before, after);
  const left = chunkText(before);
  const right = chunkText(after);
  const ids = new Map<string, number>();
  const intern = (chunk: string) => {
    let id = ids.get(chunk);
    if (id === undefined) ids.set(chunk, (id = ids.size));
    return id;
  };
  const a = left.map(intern);
  const b = right.map(intern);
  const parts: DiffPart[] = [];
  for (const run of mergeSlivers(alignChunks(a, b), left, right)) {
    if (run.same) pushPart(parts, 'same', run.added);
    else
      for (const part of diffWordsOrReplace(run.removed, run.added))
        pushPart(parts, part.kind, part.text);
  }
  return parts;
}

/** Unchanged runs this short between two changes are noise in a rewrite: fold them in. */
const SLIVER = 24;

interface Run {
  same: boolean;
  removed: string;
  added: string;
}

/** Hunks as text, with slivers of unchanged text between changes merged into them. */
function mergeSlivers(hunks: Hunk[], left: string[], right: string[]): Run[] {
  const runs: Run[] = [];
  hunks.forEach((hunk, index) => {
    const removed = left.slice(hunk.aFrom, hunk.aTo).join('');
    const added = right.slice(hunk.bFrom, hunk.bTo).join('');
    const inner = index > 0 && index < hunks.length - 1;
    const same = hunk.kind === 'same' && !(inner && added.length < SLIVER);
    const last = runs[runs.length - 1];
    if (last && !last.same && !same) {
      last.removed += removed;
      last.added += added;
    } else runs.push({ same, removed, added });
  });
  return runs;
}

function replaced(before: string, after: string): DiffPart[] {
  const parts: DiffPart[] = [];
  pushPart(parts, 'del', before);
  pushPart(parts, 'ins', after);
  return parts;
}

function diffWordsOrReplace(before: string, after: string): DiffPart[] {
  if (!before || !after) return replaced(before, after);
  // The words both sides start and end with are the same: only the middle goes to the word
  // diff, which costs far less than tokenizing the whole (most changed chunks differ in a
  // word or two), and a long paragraph with one word changed stays a word diff. The cuts
  // fall at whitespace, so no word is split.
  const [head, tail] = sharedEnds(before, after);
  const left = before.slice(head, before.length - tail);
  const right = after.slice(head, after.length - tail);
  if (left.length + right.length > DIRECT_LIMIT) return replaced(before, after);
  // One word for another (the common edit): what the word diff would say, without it.
  const middle =
    ONE_WORD.test(left) && ONE_WORD.test(right)
      ? [
          { value: left, added: false, removed: true },
          { value: right, added: true, removed: false },
        ]
      : diffWordsWithSpace(left, right, { maxEditLength: WORD_EDITS });
  if (!middle) return replaced(before, after);
  const parts: DiffPart[] = [];
  pushPart(parts, 'same', before.slice(0, head));
  let changed = 0;
  for (const change of middle) {
    const kind = change.added ? 'ins' : change.removed ? 'del' : 'same';
    if (kind !== 'same') changed += change.value.length;
    pushPart(parts, kind, change.value);
  }
  pushPart(parts, 'same', before.slice(before.length - tail));
  return changed / (before.length + after.length) > NOISE_SHARE ? replaced(before, after) : parts;
}

/** A single word as the word diff tokenizes it: letters, marks, digits, underscores only. */
const ONE_WORD = /^[\p{L}\p{M}\p{N}_]+$/u;

/**
 * How many characters `a` and `b` share at their start and at their end, each cut back to
 * whitespace: the shared head ends just after a whitespace character and the shared tail
 * starts just after one on both sides (the space stays in the middle, where the word diff
 * may pair it as it would in the whole text), so both leave whole words to the diff. Head
 * and tail never overlap.
 */
export function sharedEnds(a: string, b: string): [number, number] {
  const most = Math.min(a.length, b.length);
  let head = 0;
  while (head < most && a.charCodeAt(head) === b.charCodeAt(head)) head++;
  if (head < a.length || head < b.length) {
    while (head > 0 && !isSpace(a.charCodeAt(head - 1))) head--;
  }
  let tail = 0;
  while (
    tail < most - head &&
    a.charCodeAt(a.length - 1 - tail) === b.charCodeAt(b.length - 1 - tail)
  ) {
    tail++;
  }
  if (tail < a.length - head || tail < b.length - head) {
    while (tail > 0 && !(afterSpace(a, a.length - tail) && afterSpace(b, b.length - tail))) tail--;
  }
  return [head, tail];
}

/** Whether `at` starts a word: the text's start, or just after whitespace. */
function afterSpace(text: string, at: number): boolean {
  return at === 0 || isSpace(text.charCodeAt(at - 1));
}
