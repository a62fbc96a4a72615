/**
 * How many items the thread shows at first (a tall side panel shows fewer; rendering more
 * only delays the panel's first paint).
 */
export const ITEMS_FIRST = 24;
/** How many more items each "Show earlier" adds. */
export const ITEMS_PAGE = 60;

/**
 * The tail of a long thread that is rendered: the last `shown` items (a thread of 1,000
 * items renders 24 until the person asks for more). Returns how many stay hidden.
 */
export function visibleItems<T>(
  items: readonly T[],
  shown: number,
): { hidden: number; items: readonly T[] } {
  const hidden = Math.max(0, items.length - shown);
  return { hidden, items: hidden ? items.slice(hidden) : items };
}
