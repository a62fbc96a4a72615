import type { PageReaders } from '../cms/adapter';
import { logger } from '../shared/log';

const log = logger('content-scripts');

/**
 * Registers the page readers for every origin the person has granted. Host access is
 * requested per site at run time, so the manifest cannot list them; this runs at start-up
 * and whenever a permission is added or removed.
 */
export function syncContentScripts(readers: PageReaders): Promise<string[]> {
  // Start-up, install and permission events may overlap; registering twice would fail
  // with a duplicate id, so syncs run one after another.
  const sync = () => syncNow(readers);
  const next = queue.then(sync, sync);
  queue = next.catch(() => []);
  return next;
}
let queue: Promise<unknown> = Promise.resolve();

async function syncNow(readers: PageReaders): Promise<string[]> {
  const { origins = [] } = await chrome.permissions.getAll();
  const matches = origins.filter((o) => /^https?:\/\//.test(o)).map(readers.matchesFor);
  const existing = await chrome.scripting.getRegisteredContentScripts();
  const existingIds = new Set(existing.map((s) => s.id));
  const stale = readers.scripts.filter((s) => existingIds.has(s.id)).map((s) => s.id);
  if (stale.length) await chrome.scripting.unregisterContentScripts({ ids: stale });
  if (matches.length === 0) return [];
  await chrome.scripting.registerContentScripts(
    readers.scripts.map((s) => ({
      ...s,
      matches,
      runAt: 'document_idle' as const,
      persistAcrossSessions: true,
    })),
  );
  return matches;
}

/** Runs the page readers in a tab that was open before access was granted. */
export async function injectInto(readers: PageReaders, tabId: number): Promise<void> {
  for (const script of readers.scripts) {
    try {
      await chrome.scripting.executeScript({
        target: { tabId },
        files: script.js,
        world: script.world,
      });
    } catch (error) {
      log.warn(`could not inject ${script.id} into tab ${tabId}`, error);
    }
  }
}
