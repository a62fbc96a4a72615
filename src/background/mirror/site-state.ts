import { z } from 'zod';
import { normalSiteRoot, targetKey, type MirrorTarget } from '../../audit';
import { logger } from '../../shared/log';
import { OneAtATime } from '../../shared/one-at-a-time';
import { readTrusted, writeTrusted } from '../../settings/trusted-settings';

const log = logger('mirror-state');

/** The key every target's mirror state is read and written under (see trustedMirrorArea). */
export const MIRROR_STATE_KEY = 'countersign.mirror.sites';

/** Whether a site keeps the audit: the plugin answers, or the audit stays in this browser. */
export const MirrorModeSchema = z.enum(['unknown', 'server', 'local-only']);
export type MirrorMode = z.infer<typeof MirrorModeSchema>;

/** A5: one target's delivery state, as the drain keeps it and the options page shows it. */
export const MirrorSiteStateSchema = z.object({
  siteRoot: z.string().min(1),
  userId: z.string().min(1),
  mode: MirrorModeSchema,
  /** When the REST index was last read for the plugin. */
  checkedAt: z.number().nullable(),
  /** When the outbox of this target was last emptied (or a batch stored). */
  lastSyncAt: z.number().nullable(),
  /** Records the server confirmed, since this browser started mirroring the target. */
  delivered: z.number().int().nonnegative(),
  /** The last problem, in words for a person; cleared by the next success. */
  lastError: z
    .object({ problem: z.string().max(40), message: z.string().max(500), at: z.number() })
    .nullable(),
  /** Failed tries in a row (drives the backoff). */
  attempts: z.number().int().nonnegative(),
  /** Not before this time (epoch ms). */
  nextAttemptAt: z.number(),
  /**
   * Where a fresh request token is fetched, learned from an admin page, so one can be had
   * with no tab open (the page context's `tokenUrl`; stored as `adminAjaxUrl` until
   * 2026-12-06, renamed on read by {@link renamedFields}).
   */
  tokenUrl: z.url().nullable(),
  /** What the signed-in owner may do on the site, from the plugin's status. */
  canRead: z.boolean(),
  canManage: z.boolean(),
  /** The owner's display name on the site (from the plugin's status); absent until known. */
  displayName: z.string().max(250).optional(),
});
export type MirrorSiteState = z.infer<typeof MirrorSiteStateSchema>;

const StoredSchema = z.record(z.string(), z.unknown());

/** A target seen for the first time. */
export function freshState(target: MirrorTarget): MirrorSiteState {
  return {
    siteRoot: normalSiteRoot(target.siteRoot),
    userId: target.userId,
    mode: 'unknown',
    checkedAt: null,
    lastSyncAt: null,
    delivered: 0,
    lastError: null,
    attempts: 0,
    nextAttemptAt: 0,
    tokenUrl: null,
    canRead: false,
    canManage: false,
  };
}

/** Where the states live; the trusted settings store in the extension, a map in unit tests. */
export interface KeyValueArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

/**
 * The mirror's states in the trusted settings store (issue 33): in `chrome.storage.local` a
 * content script could mark a site "local-only" (its records never mirrored) or point its
 * nonce source elsewhere.
 */
export const trustedMirrorArea: KeyValueArea = {
  async get(key) {
    return key === MIRROR_STATE_KEY ? { [key]: await readTrusted('mirrorState') } : {};
  },
  async set(items) {
    if (MIRROR_STATE_KEY in items) await writeTrusted('mirrorState', items[MIRROR_STATE_KEY]);
  },
};

/**
 * The targets' states, read and written whole (a handful of sites). A stored entry that
 * does not validate is dropped with a warning and starts afresh: nothing is lost, the
 * outbox still holds the records.
 */
export class MirrorStateStore {
  /** `put` reads every state and writes them back: one at a time, or one site's is lost. */
  private readonly writes = new OneAtATime();

  constructor(private readonly area: KeyValueArea = trustedMirrorArea) {}

  /**
   * Every stored state. States stored under another form of the same site's REST root (or
   * under an old key) are merged into one under the site's one root form and written back,
   * so one site is one card (see {@link mergeStates}).
   */
  async all(): Promise<MirrorSiteState[]> {
    const raw = (await this.area.get(MIRROR_STATE_KEY))[MIRROR_STATE_KEY];
    const stored = StoredSchema.safeParse(raw ?? {});
    if (!stored.success) {
      log.warn('The stored mirror state is not an object; starting afresh.');
      return [];
    }
    const byKey = new Map<string, MirrorSiteState>();
    let migrated = false;
    for (const [key, storedValue] of Object.entries(stored.data)) {
      const value = renamedFields(storedValue);
      if (value !== storedValue) migrated = true;
      const parsed = MirrorSiteStateSchema.safeParse(value);
      if (!parsed.success) {
        log.warn(`The stored mirror state of ${key} does not validate; starting afresh.`);
        continue;
      }
      const state = { ...parsed.data, siteRoot: normalSiteRoot(parsed.data.siteRoot) };
      const normal = targetKey(state);
      if (normal !== key || state.siteRoot !== parsed.data.siteRoot) migrated = true;
      const other = byKey.get(normal);
      byKey.set(normal, other ? mergeStates(other, state) : state);
    }
    if (migrated) {
      await this.area.set({ [MIRROR_STATE_KEY]: Object.fromEntries(byKey) });
      log.info(`The stored mirror state now names ${byKey.size} site(s) by one REST root each.`);
    }
    return [...byKey.values()];
  }

  /** One target's state, or a fresh one. */
  async get(target: MirrorTarget): Promise<MirrorSiteState> {
    const key = targetKey(target);
    return (await this.all()).find((s) => targetKey(s) === key) ?? freshState(target);
  }

  /** Stores one target's state. */
  put(state: MirrorSiteState): Promise<void> {
    return this.writes.run(async () => {
      const all = await this.all();
      const map: Record<string, MirrorSiteState> = {};
      for (const s of all) map[targetKey(s)] = s;
      const normal = { ...state, siteRoot: normalSiteRoot(state.siteRoot) };
      map[targetKey(normal)] = MirrorSiteStateSchema.parse(normal);
      await this.area.set({ [MIRROR_STATE_KEY]: map });
    });
  }
}

/**
 * A state stored before its fields were named for any CMS: `adminAjaxUrl` (WordPress's
 * admin-ajax address) is the `tokenUrl` it was. Anything else comes back as it was.
 */
function renamedFields(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('adminAjaxUrl' in value)) return value;
  const { adminAjaxUrl, ...rest } = value as Record<string, unknown>;
  return { ...rest, tokenUrl: rest.tokenUrl ?? adminAjaxUrl };
}

/** When a state last saw its site: its last sync, plugin check or problem. */
function lastSeen(state: MirrorSiteState): number {
  return Math.max(state.lastSyncAt ?? 0, state.checkedAt ?? 0, state.lastError?.at ?? 0);
}

/**
 * Two states of one target (stored under both REST root forms): the one that saw the site
 * last decides mode, problem and wait; deliveries add up; what only one knows is kept.
 */
export function mergeStates(a: MirrorSiteState, b: MirrorSiteState): MirrorSiteState {
  const [newer, older] = lastSeen(a) >= lastSeen(b) ? [a, b] : [b, a];
  const synced = [a.lastSyncAt, b.lastSyncAt].filter((t): t is number => t !== null);
  return {
    ...newer,
    lastSyncAt: synced.length > 0 ? Math.max(...synced) : null,
    delivered: a.delivered + b.delivered,
    tokenUrl: newer.tokenUrl ?? older.tokenUrl,
    displayName: newer.displayName ?? older.displayName,
  };
}
