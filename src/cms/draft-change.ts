import type { DraftStamp } from './adapter';

/** U1, U2: the draft changed since the result card was built; nothing was published. */
export interface DraftChanged {
  kind: 'changed';
  stamp: DraftStamp;
  /** Each field whose value differs: `before` as the card had it, `after` as it is now. */
  changes: Array<{ key: string; label: string; before: string; after: string }>;
}

/**
 * U1, U2: what changed between the stamp a result card holds and the draft now, or null when
 * it is unchanged. A different modification time with equal values (a save that changed
 * nothing visitors see, such as a field the stamp does not hold) still counts as changed.
 */
export function draftChange(reviewed: DraftStamp, now: DraftStamp): DraftChanged | null {
  const before = new Map(reviewed.fields.map((f) => [f.key, f.value]));
  const changes = now.fields
    .filter((f) => before.get(f.key) !== f.value)
    .map((f) => ({ key: f.key, label: f.label, before: before.get(f.key) ?? '', after: f.value }));
  if (changes.length === 0 && reviewed.modified === now.modified) return null;
  return { kind: 'changed', stamp: now, changes };
}
