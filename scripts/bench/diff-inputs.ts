/** Inputs of the card diff bench: a ~200 KB document, 1% of its words changed, and a rewrite. */
export function benchInputs(size = 200_000): { before: string; edited: string; rewritten: string } {
  const random = mulberry32(7);
  const vocabulary = Array.from({ length: 3_000 }, () =>
    Array.from({ length: 2 + (random() % 8) }, () =>
      String.fromCharCode(97 + (random() % 26)),
    ).join(''),
  );
  const document = () => {
    let text = '';
    while (text.length < size) {
      const r = random();
      const end = r % 97 === 0 ? '.\n\n' : r % 11 === 0 ? '. ' : ' ';
      text += vocabulary[r % vocabulary.length] + end;
    }
    return text;
  };
  const before = document();
  const edited = before
    .split(' ')
    .map((word, index) => (index % 100 === 50 ? 'changed' : word))
    .join(' ');
  return { before, edited, rewritten: document() };
}

function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}
