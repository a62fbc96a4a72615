/** How many line breaks a text holds. */
export function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** How many words (runs of non-space) a text holds. Counts without building the words. */
export function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inWord) count++;
    inWord = !space;
  }
  return count;
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
    headEnd = Math.min(head, text.length);
    while (headEnd < text.length && !isSpace(text.charCodeAt(headEnd))) headEnd++;
  }
  let tailStart = text.length;
  if (tail > 0) {
    // Just after the last whitespace before the tail's first character (0 if none).
    let at = Math.max(0, text.length - tail) - 1;
    while (at >= 0 && !isSpace(text.charCodeAt(at))) at--;
    tailStart = at + 1;
  }
  return split(text, headEnd, tailStart);
}

// The characters /\s/ matches, by code (scanning by hand avoids regex work on big texts).
const SPACES = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
]);

/** Whether a UTF-16 code unit is whitespace as /\s/ defines it. */
export function isSpace(code: number): boolean {
  return SPACES.has(code) || (code >= 0x2000 && code <= 0x200a);
}

function split(text: string, headEnd: number, tailStart: number): [string, string, string] {
  if (headEnd >= tailStart) return [text, '', ''];
  return [text.slice(0, headEnd), text.slice(headEnd, tailStart), text.slice(tailStart)];
}
