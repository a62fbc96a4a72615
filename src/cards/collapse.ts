import { t } from '../i18n';
import type { DiffPart, DiffSegment } from './diff-types';
import { countNewlines, countWords, cutAtLines, cutAtWords } from './text-cuts';

/** Fields smaller than this are shown whole. */
const BIG_CHARS = 1_500;
const BIG_LINES = 16;
/** Unchanged lines kept around each change, and the least worth folding away. */
const CONTEXT_LINES = 2;
const MIN_HIDDEN_LINES = 4;
/** For long unchanged runs on few lines: characters kept on each side of a change. */
const CONTEXT_CHARS = 160;
/** Added or removed runs longer than this show their start, then fold. */
const LONG_RUN_LINES = 30;
const LONG_RUN_CHARS = 2_400;

/** Whether a diff is big enough to fold its unchanged regions. */
export function isBigDiff(parts: readonly DiffPart[]): boolean {
  let chars = 0;
  let lines = 0;
  for (const part of parts) {
    chars += part.text.length;
    lines += countNewlines(part.text);
  }
  return chars > BIG_CHARS || lines > BIG_LINES;
}

/**
 * Folds a big diff for reading: unchanged runs keep a little context around each change
 * and hide the rest ("… 40 unchanged lines …"); very long added or removed runs show their
 * start and fold the remainder ("… 1,200 more added lines …"). Small diffs come back whole.
 * Folded segments keep the part they hide, so the card can expand them.
 */
export function collapseParts(parts: readonly DiffPart[]): DiffSegment[] {
  if (!isBigDiff(parts)) return [...parts];
  const out: DiffSegment[] = [];
  parts.forEach((part, index) => {
    if (part.kind === 'same') {
      const previous = parts[index - 1];
      foldSame(part.text, previous?.text.endsWith('\n'), index < parts.length - 1, out);
    } else foldRun(part, out);
  });
  return out;
}

type FoldUnit = 'unchangedLines' | 'unchangedWords' | `${'added' | 'removed'}${'Lines' | 'Words'}`;

/** A fold's button text, in the person's language ("… 12 unchanged lines …"). */
function label(count: number, unit: FoldUnit): string {
  return t(`cards.fold.${unit}`, { count });
}

/**
 * An unchanged run keeps its first lines when a change comes before it and its last lines
 * when a change follows; the rest folds (by lines, or by words on long lines). The piece
 * of a changed line the run starts or ends with does not count as a context line.
 * `afterChange` is undefined for the first run, else whether the change ended a line.
 */
function foldSame(
  text: string,
  afterChange: boolean | undefined,
  beforeChange: boolean,
  out: DiffSegment[],
) {
  const head = afterChange === undefined ? 0 : CONTEXT_LINES + (afterChange ? 0 : 1);
  const tail = beforeChange ? CONTEXT_LINES + (text.endsWith('\n') ? 0 : 1) : 0;
  const [first, hidden, last] = cutAtLines(text, head, tail);
  if (countNewlines(hidden) >= MIN_HIDDEN_LINES) {
    fold(out, 'same', [first, hidden, last], label(countNewlines(hidden), 'unchangedLines'));
    return;
  }
  const byWords = cutAtWords(text, head ? CONTEXT_CHARS : 0, tail ? CONTEXT_CHARS : 0);
  if (byWords[1].length > CONTEXT_CHARS * 2) {
    fold(out, 'same', byWords, label(countWords(byWords[1]), 'unchangedWords'));
  } else out.push({ kind: 'same', text });
}

function foldRun(part: DiffPart, out: DiffSegment[]): void {
  const what = part.kind === 'ins' ? 'added' : 'removed';
  const byLines = cutAtLines(part.text, LONG_RUN_LINES, 0);
  if (byLines[0].length <= LONG_RUN_CHARS && countNewlines(byLines[1]) >= MIN_HIDDEN_LINES) {
    fold(out, part.kind, byLines, label(countNewlines(byLines[1]), `${what}Lines`));
  } else if (part.text.length > LONG_RUN_CHARS) {
    const byWords = cutAtWords(part.text, LONG_RUN_CHARS / 2, 0);
    fold(out, part.kind, byWords, label(countWords(byWords[1]), `${what}Words`));
  } else out.push(part);
}

function fold(
  out: DiffSegment[],
  kind: DiffPart['kind'],
  [first, hidden, last]: [string, string, string],
  text: string,
): void {
  if (first) out.push({ kind, text: first });
  if (hidden) out.push({ kind: 'collapsed', hidden: { kind, text: hidden }, label: text });
  if (last) out.push({ kind, text: last });
}
