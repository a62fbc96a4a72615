import { describe, expect, it } from 'vitest';
import { collapseParts, isBigDiff } from '../../../src/cards/collapse';
import type { DiffPart, DiffSegment } from '../../../src/cards/diff-types';
import { countWords, cutAtLines, cutAtWords } from '../../../src/cards/text-cuts';
import { diffText } from '../../../src/cards/word-diff';

const lines = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `line ${from + i}\n`).join('');
const expand = (segments: DiffSegment[]) =>
  segments.map((segment) => (segment.kind === 'collapsed' ? segment.hidden : segment));
const text = (segments: DiffSegment[]) =>
  expand(segments)
    .map((part) => part.text)
    .join('');

describe('folding unchanged regions of big fields', () => {
  it('leaves small diffs whole', () => {
    const parts: DiffPart[] = [
      { kind: 'same', text: 'a ' },
      { kind: 'ins', text: 'b' },
    ];
    expect(isBigDiff(parts)).toBe(false);
    expect(collapseParts(parts)).toEqual(parts);
  });

  it('keeps two lines of context around a change and folds the rest, expandable', () => {
    const before = lines(0, 100);
    const after = before.replace('line 50\n', 'line fifty\n');
    const parts = diffText(before, after);
    const segments = collapseParts(parts);
    const labels = segments.flatMap((segment) =>
      segment.kind === 'collapsed' ? [segment.label] : [],
    );
    expect(labels).toEqual(['… 48 unchanged lines …', '… 47 unchanged lines …']);
    const shown = segments
      .filter((segment) => segment.kind === 'same')
      .map((segment) => (segment as DiffPart).text)
      .join('');
    expect(shown).toBe('line 48\nline 49\nline \nline 51\nline 52\n');
    // Expanding every fold gives back the whole diff.
    expect(text(segments)).toBe(parts.map((part) => part.text).join(''));
  });

  it('folds long unchanged runs on one line by words', () => {
    const words = Array.from({ length: 800 }, (_, i) => `w${i}`).join(' ');
    const segments = collapseParts([
      { kind: 'same', text: words },
      { kind: 'ins', text: ' new' },
    ]);
    expect(segments[0]).toMatchObject({ kind: 'collapsed' });
    expect((segments[0] as { label: string }).label).toMatch(/^… [\d,]+ unchanged words …$/);
    expect(text(segments)).toBe(words + ' new');
  });

  it('bounds a huge added run: its start, then "more added lines"', () => {
    const segments = collapseParts([{ kind: 'ins', text: lines(0, 500) }]);
    expect(segments[0]).toEqual({ kind: 'ins', text: lines(0, 30) });
    expect(segments[1]).toMatchObject({ kind: 'collapsed', label: '… 470 more added lines …' });
  });

  it('cuts text at lines and at words, joining back exactly', () => {
    expect(cutAtLines('a\nb\nc\nd\n', 1, 1)).toEqual(['a\n', 'b\nc\n', 'd\n']);
    expect(cutAtLines('a\nb\nc', 1, 1)).toEqual(['a\n', 'b\n', 'c']);
    expect(cutAtLines('a\nb', 2, 2)).toEqual(['a\nb', '', '']);
    expect(cutAtWords('aaa bbb ccc ddd', 2, 2)).toEqual(['aaa', ' bbb ccc ', 'ddd']);
  });

  it('cuts at whitespace and counts words as the regular expressions would, on any text', () => {
    // The reference: what /\s/ and /\S+/ find (the scans avoid regex work on 200 KB texts).
    const reference = (text: string, head: number, tail: number) => {
      let headEnd = 0;
      if (head > 0) {
        const found = text.slice(head).search(/\s/);
        headEnd = found < 0 ? text.length : head + found;
      }
      let tailStart = text.length;
      if (tail > 0) {
        const before = text.slice(0, Math.max(0, text.length - tail)).search(/\s\S*$/);
        tailStart = before < 0 ? 0 : before + 1;
      }
      return headEnd >= tailStart
        ? [text, '', '']
        : [text.slice(0, headEnd), text.slice(headEnd, tailStart), text.slice(tailStart)];
    };
    const alphabet = ['a', 'b', ' ', '\n', '\t', '\u00a0', '\u2003', '\u3000', 'é', '.'];
    let seed = 1;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 0.999;
    for (let run = 0; run < 500; run++) {
      const length = Math.floor(random() * 40);
      const text = Array.from(
        { length },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
      const head = Math.floor(random() * 45);
      const tail = Math.floor(random() * 45);
      expect(cutAtWords(text, head, tail), JSON.stringify({ text, head, tail })).toEqual(
        reference(text, head, tail),
      );
      expect(countWords(text)).toBe(text.match(/\S+/g)?.length ?? 0);
    }
  });
});
