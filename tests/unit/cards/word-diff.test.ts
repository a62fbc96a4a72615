import { diffWordsWithSpace } from 'diff';
import { describe, expect, it } from 'vitest';
import { benchInputs } from '../../../scripts/bench/diff-inputs';
import type { DiffPart } from '../../../src/cards/diff-types';
import { diffText, sharedEnds } from '../../../src/cards/word-diff';

const side = (parts: DiffPart[], drop: 'ins' | 'del') =>
  parts
    .filter((part) => part.kind !== drop)
    .map((part) => part.text)
    .join('');

describe('word diff (C1)', () => {
  it('marks the changed words and keeps the rest', () => {
    expect(diffText('The quick brown fox jumps.', 'The quick red fox leaps.')).toEqual([
      { kind: 'same', text: 'The quick ' },
      { kind: 'del', text: 'brown' },
      { kind: 'ins', text: 'red' },
      { kind: 'same', text: ' fox ' },
      { kind: 'del', text: 'jumps' },
      { kind: 'ins', text: 'leaps' },
      { kind: 'same', text: '.' },
    ]);
  });

  it('cuts the shared start and end at whitespace, so no word is split', () => {
    // "The quick b" is shared; the cut falls back to "The quick ", before the changed word;
    // at the end " fox" is shared and the tail keeps "fox".
    expect(sharedEnds('The quick brown fox', 'The quick bright fox')).toEqual([10, 3]);
    expect(sharedEnds('xworld', 'x world')).toEqual([0, 0]);
    expect(sharedEnds('same words', 'same words')).toEqual([10, 0]);
    // Repeated letters: head and tail never claim the same characters.
    const [head, tail] = sharedEnds('aa aa aa', 'aa aa');
    expect(head + tail).toBeLessThanOrEqual(5);
    expect(sharedEnds('word', 'ward')).toEqual([0, 0]);
  });

  it('on short values, changes no more than the plain word diff and joins back exactly', () => {
    const words = ['the', 'cat', 'sat', 'on', 'a', 'mat', 'dog', 'ran,', 'café', 'x_1', '"hi"'];
    let seed = 3;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 0.999;
    const sentence = () =>
      Array.from(
        { length: 2 + Math.floor(random() * 8) },
        () => words[Math.floor(random() * words.length)],
      ).join(random() < 0.8 ? ' ' : '  ');
    let compared = 0;
    for (let run = 0; run < 400; run++) {
      const before = sentence();
      const after = random() < 0.5 ? sentence() : before.replace(/\S+/, (w) => `${w}s`);
      if (before === after) continue;
      const plain: DiffPart[] = [];
      let changed = 0;
      for (const c of diffWordsWithSpace(before, after)) {
        const kind = c.added ? 'ins' : c.removed ? 'del' : 'same';
        if (kind !== 'same') changed += c.value.length;
        const last = plain.at(-1);
        if (last?.kind === kind) last.text += c.value;
        else plain.push({ kind, text: c.value });
      }
      // Mostly rewritten values are shown as replaced by both.
      if (changed / (before.length + after.length) > 0.65) continue;
      // A repeated word, or a run of spaces, may pair either way: never with more change.
      const parts = diffText(before, after);
      const where = JSON.stringify({ before, after });
      expect(side(parts, 'ins'), where).toBe(before);
      expect(side(parts, 'del'), where).toBe(after);
      const ours = parts.filter((p) => p.kind !== 'same').reduce((n, p) => n + p.text.length, 0);
      expect(ours, where).toBeLessThanOrEqual(changed);
      const repeats = (t: string) => new Set(t.split(/\s+/)).size !== t.split(/\s+/).length;
      // Where nothing repeats and spaces are single, the two agree exactly.
      if (!repeats(before) && !repeats(after) && !/\s\s/.test(before + after)) {
        expect(parts, where).toEqual(plain);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('a one-word change in a long paragraph is still found word by word', () => {
    const words = Array.from({ length: 300 }, (_, i) => `word${i}`);
    const after = [...words];
    after[150] = 'changed,';
    const parts = diffText(words.join(' '), after.join(' '));
    expect(parts.filter((part) => part.kind !== 'same')).toEqual([
      { kind: 'del', text: 'word150' },
      { kind: 'ins', text: 'changed,' },
    ]);
    expect(side(parts, 'ins')).toBe(words.join(' '));
    expect(side(parts, 'del')).toBe(after.join(' '));
  });

  it('handles empty and equal values', () => {
    expect(diffText('', '')).toEqual([]);
    expect(diffText('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
    expect(diffText('', 'new')).toEqual([{ kind: 'ins', text: 'new' }]);
    expect(diffText('old', '')).toEqual([{ kind: 'del', text: 'old' }]);
  });

  it('shows a mostly rewritten value as removed then added, not as confetti', () => {
    const parts = diffText('one two three four five', 'alpha beta gamma delta five');
    expect(parts.map((part) => part.kind)).toEqual(['del', 'ins']);
  });

  it('finds each edit in a 200 KB document and joins back to both sides exactly', () => {
    const { before, edited } = benchInputs();
    const parts = diffText(before, edited);
    expect(side(parts, 'ins')).toBe(before);
    expect(side(parts, 'del')).toBe(edited);
    const inserted = parts.filter((part) => part.kind === 'ins');
    const changedWords = edited.split(' ').filter((word) => word === 'changed').length;
    expect(inserted.length).toBeGreaterThan(changedWords * 0.9);
    expect(inserted.every((part) => part.text.length < 40)).toBe(true);
  });

  it('keeps a full rewrite of a large document whole on both sides', () => {
    const { before, rewritten } = benchInputs(50_000);
    const parts = diffText(before, rewritten);
    expect(side(parts, 'ins')).toBe(before);
    expect(side(parts, 'del')).toBe(rewritten);
    expect(parts.length).toBeLessThan(40);
  });

  it('a document without line breaks is still diffed word by word', () => {
    const words = Array.from({ length: 3000 }, (_, i) => `w${i}${i % 9 === 0 ? '.' : ''}`);
    const before = words.join(' ');
    const after = words.map((word, i) => (i === 1500 ? 'CHANGED' : word)).join(' ');
    const parts = diffText(before, after);
    expect(parts.filter((part) => part.kind === 'ins')).toEqual([{ kind: 'ins', text: 'CHANGED' }]);
    expect(parts.filter((part) => part.kind === 'del')).toEqual([{ kind: 'del', text: 'w1500' }]);
  });
});
