/** How many line breaks a text holds. */
export function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** How many words (runs of non-space) a text holds. */
export function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/**
 * Cuts `text` into its first `head` lines, the middle, and its last `tail` lines; the three
 * join back to `text`. A text that ends without a line break counts its last piece as a line.
 */
export function cutAtLines(text: string, head: number, tail: number): [string, string, string] {
  let headEnd = 0;
  for (let k = 0; k < head; k++) {
    const at = text.indexOf('\n', headEnd);
    headEnd = at < 0 ? text.length : at + 1;
    if (at < 0) break;
  }
  let tailStart = text.length;
  for (let k = 0; k < tail; k++) {
    if (tailStart <= 1) {
      tailStart = 0;
      break;
    }
    tailStart = text.lastIndexOf('\n', tailStart - 2) + 1;
  }
  return split(text, headEnd, tailStart);
}

/**
 * Cuts `text` after about `head` characters and before its last `tail` characters, at
 * whitespace so no word is split; the three pieces join back to `text`.
 */
export function cutAtWords(text: string, head: number, tail: number): [string, string, string] {
  let headEnd = 0;
  if (head > 0) {
    const found = text.slice(head).search(/\s/);
    headEnd = found < 0 ? text.length : head + found;
  }
  let tailStart = text.length;
  if (tail > 0) {
    const from = Math.max(0, text.length - tail);
    const before = text.slice(0, from).search(/\s\S*$/);
    tailStart = before < 0 ? 0 : before + 1;
  }
  return split(text, headEnd, tailStart);
}

function split(text: string, headEnd: number, tailStart: number): [string, string, string] {
  if (headEnd >= tailStart) return [text, '', ''];
  return [text.slice(0, headEnd), text.slice(headEnd, tailStart), text.slice(tailStart)];
}
