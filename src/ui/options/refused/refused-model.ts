import { computed, signal } from '@preact/signals';
import { RefusedRowSchema, type RefusedRow } from '../../../shared/protocols/options-protocol';
import { ask, messageOf } from '../options-request';

/** The columns the report sorts by. */
export type RefusedSortKey = 'label' | 'count' | 'latestAt' | 'hasHint';

export const rows = signal<RefusedRow[] | null>(null);
export const refusedError = signal<string | null>(null);
export const sort = signal<{ key: RefusedSortKey; descending: boolean }>({
  key: 'count',
  descending: true,
});

/** A4: loads the report from the background. */
export async function loadRefused(): Promise<void> {
  try {
    rows.value = await ask({ type: 'options-refused-report' }, RefusedRowSchema.array());
    refusedError.value = null;
  } catch (error) {
    refusedError.value = messageOf(error);
  }
}

/** Sorts by a column; the same column again reverses the order. */
export function sortBy(key: RefusedSortKey): void {
  const current = sort.value;
  sort.value =
    current.key === key
      ? { key, descending: !current.descending }
      : { key, descending: key !== 'label' };
}

/** The rows in the chosen order (ties: most refused first, then by name). */
export const sortedRows = computed(() => {
  const { key, descending } = sort.value;
  const list = [...(rows.value ?? [])];
  const value = (row: RefusedRow) => (key === 'hasHint' ? Number(row.hasHint) : row[key]);
  return list.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === 'string' ? x.localeCompare(y as string) : x - (y as number);
    return (descending ? -order : order) || b.count - a.count || a.tool.localeCompare(b.tool);
  });
});
