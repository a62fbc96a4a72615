/** One run of a diff: text both sides share, text only the proposal has, or text it drops. */
export interface DiffPart {
  kind: 'same' | 'ins' | 'del';
  text: string;
}

/**
 * What a card draws: diff parts, and long runs folded away behind a label ("… 40 unchanged
 * lines …") that the person can expand to the part it hides.
 */
export type DiffSegment = DiffPart | { kind: 'collapsed'; hidden: DiffPart; label: string };

/** Appends a part, merging it into the previous one when they are of the same kind. */
export function pushPart(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}
