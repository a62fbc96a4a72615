/**
 * For a view whose requests may answer out of order (a page opened, then filtered at once):
 * each request takes a ticket, and only the newest ticket's answer may show. An older
 * answer arriving last would otherwise show records the filter on screen does not select.
 */
export function newestOnly(): () => () => boolean {
  let newest = 0;
  return () => {
    const mine = ++newest;
    return () => mine === newest;
  };
}
