import { z } from 'zod';
import { PageContextSchema, type PageContext } from '../shared/protocols/page-context';
import { logger } from '../shared/log';

const log = logger('context-store');

const EntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('context'),
    context: PageContextSchema,
    nonce: z.string().optional(),
    /**
     * The nonce the page itself carried (the one its load gave), unlike `nonce`, which a
     * refresh replaces: the sessions are keyed by it, so a refresh by one part of the worker
     * does not open a new session (and read the person's rights again) for every other part.
     */
    pageNonce: z.string().optional(),
    /** A block editor still setting up its post: the panel shows "Waiting for the editor…". */
    waitingForEditor: z.literal(true).optional(),
  }),
  z.object({ kind: z.literal('invalid'), origin: z.string(), reason: z.string() }),
]);
export type ContextEntry = z.infer<typeof EntrySchema>;

const KEY_PREFIX = 'tab-context:';

/** A tab with a trusted context: its nonce now, and the one its page carried. */
export interface TabContext {
  tabId: number;
  context: PageContext;
  nonce?: string;
  pageNonce?: string;
}

/**
 * The latest page context per tab. Kept in memory and mirrored to session storage (which
 * the browser clears when it closes, and which content scripts cannot read) so that a
 * restarted worker still knows its tabs, and the REST nonce never reaches disk.
 */
export class ContextStore {
  private readonly entries = new Map<number, ContextEntry>();

  constructor(private readonly session: chrome.storage.StorageArea) {}

  async get(tabId: number): Promise<ContextEntry | undefined> {
    const cached = this.entries.get(tabId);
    if (cached) return cached;
    const key = KEY_PREFIX + tabId;
    const stored = (await this.session.get(key))[key];
    if (stored === undefined) return undefined;
    const parsed = EntrySchema.safeParse(stored);
    if (!parsed.success) {
      log.warn(`dropping a malformed stored context for tab ${tabId}`);
      await this.session.remove(key);
      return undefined;
    }
    this.entries.set(tabId, parsed.data);
    return parsed.data;
  }

  async set(tabId: number, entry: ContextEntry): Promise<void> {
    this.entries.set(tabId, entry);
    await this.session.set({ [KEY_PREFIX + tabId]: entry });
  }

  async setNonce(tabId: number, nonce: string): Promise<void> {
    const entry = await this.get(tabId);
    if (entry?.kind === 'context') await this.set(tabId, { ...entry, nonce });
  }

  /** Every tab with a trusted context, newest knowledge first from memory, then storage. */
  async contexts(): Promise<TabContext[]> {
    const all = await this.session.get(null);
    const found: TabContext[] = [];
    for (const key of Object.keys(all)) {
      if (!key.startsWith(KEY_PREFIX)) continue;
      const tabId = Number(key.slice(KEY_PREFIX.length));
      const entry = await this.get(tabId);
      if (entry?.kind === 'context')
        found.push({
          tabId,
          context: entry.context,
          nonce: entry.nonce,
          pageNonce: entry.pageNonce,
        });
    }
    return found;
  }

  async delete(tabId: number): Promise<void> {
    this.entries.delete(tabId);
    await this.session.remove(KEY_PREFIX + tabId);
  }
}

/** The context's origin, whichever kind of entry it is. */
export function entryOrigin(entry: ContextEntry): string {
  return entry.kind === 'context' ? entry.context.origin : entry.origin;
}

export type { PageContext };
