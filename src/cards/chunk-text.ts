/** Lines longer than this are cut at sentence or tag ends so one edit does not dirty them whole. */
const LONG_LINE = 240;
const PIECE = /[^.!?>]*(?:[.!?>]+\s*|$)/g;

/**
 * Cuts a text into chunks that join back to it exactly: lines (with their newline), and
 * long lines further cut after sentence ends and HTML tags. Large documents are diffed
 * chunk by chunk first, then word by word inside the chunks that differ.
 */
export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  for (const line of text.match(/[^\n]*\n|[^\n]+$/g) ?? []) {
    if (line.length <= LONG_LINE) {
      chunks.push(line);
      continue;
    }
    for (const piece of line.match(PIECE) ?? []) if (piece) chunks.push(piece);
  }
  return chunks;
}
