import type { RestoreReport } from '../state/run-state-read';
import { StoredPreviewSchema, type StoredPreview, type TurnCall } from '../state/run-state-schema';

/**
 * P5, P6: restores the stored previews. Each is checked on its own: a malformed one is
 * dropped (the card shows "no preview"). Positions are translated onto the surviving
 * calls; a preview whose call is gone, or whose tool no longer matches the call at its
 * new position, is dropped rather than shown beside another call. Card data that does not
 * validate is left out of a preview that does (its card reads afresh): the lines stay.
 */
export function restorePreviews(
  raw: unknown,
  map: readonly number[],
  calls: readonly TurnCall[],
  report: RestoreReport,
): StoredPreview[] {
  if (!Array.isArray(raw)) {
    if (raw !== undefined) report.droppedPreviews += 1;
    return [];
  }
  const out: StoredPreview[] = [];
  for (const entry of raw) {
    const parsed = parsePreview(entry);
    const position = parsed.success ? map[parsed.data.position] : undefined;
    const call = position === undefined || position < 0 ? undefined : calls[position];
    const duplicate = out.some((kept) => kept.position === position);
    if (!parsed.success || position === undefined || !call || duplicate) {
      report.droppedPreviews += 1;
    } else if (call.tool !== parsed.data.tool) {
      report.droppedPreviews += 1;
    } else {
      out.push({ ...parsed.data, position });
    }
  }
  return out;
}

function parsePreview(entry: unknown) {
  const parsed = StoredPreviewSchema.safeParse(entry);
  if (parsed.success || typeof entry !== 'object' || entry === null || !('card' in entry)) {
    return parsed;
  }
  const { card: _unusable, ...rest } = entry;
  return StoredPreviewSchema.safeParse(rest);
}
