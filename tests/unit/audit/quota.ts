import type { Dexie } from 'dexie';

/**
 * Makes every write to `tableName` fail as a full disk does in IndexedDB, through a
 * Dexie DBCore middleware; `failing.on` switches it. Call before the database opens.
 */
export function injectQuotaError(db: Dexie, tableName: string) {
  const failing = { on: false };
  db.use({
    stack: 'dbcore',
    name: 'quota-error',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        if (name !== tableName) return table;
        return {
          ...table,
          mutate: (req) =>
            failing.on
              ? Promise.reject(
                  new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
                )
              : table.mutate(req),
        };
      },
    }),
  });
  return failing;
}
