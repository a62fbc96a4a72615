import { z } from 'zod';
import { targetKey, type MirrorTarget } from '../../audit';
import { logger } from '../../shared/log';

const log = logger('mirror-state');

/** chrome.storage.local item holding every target's mirror state. */
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
  /** Learned from an admin page, so a fresh nonce can be fetched with no tab open. */
  adminAjaxUrl: z.url().nullable(),
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
    ...target,
    mode: 'unknown',
    checkedAt: null,
    lastSyncAt: null,
    delivered: 0,
    lastError: null,
    attempts: 0,
    nextAttemptAt: 0,
    adminAjaxUrl: null,
    canRead: false,
    canManage: false,
  };
}

/** Where the states live; chrome.storage.local in the worker, a map in unit tests. */
export interface KeyValueArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

/**
 * The targets' states, read and written whole (a handful of sites). A stored entry that
 * does not validate is dropped with a warning and starts afresh: nothing is lost, the
 * outbox still holds the records.
 */
export class MirrorStateStore {
  constructor(private readonly area: KeyValueArea = chrome.storage.local) {}

  /** Every stored state. */
  async all(): Promise<MirrorSiteState[]> {
    const raw = (await this.area.get(MIRROR_STATE_KEY))[MIRROR_STATE_KEY];
    const stored = StoredSchema.safeParse(raw ?? {});
    if (!stored.success) {
      log.warn('The stored mirror state is not an object; starting afresh.');
      return [];
    }
    const states: MirrorSiteState[] = [];
    for (const [key, value] of Object.entries(stored.data)) {
      const state = MirrorSiteStateSchema.safeParse(value);
      if (state.success) states.push(state.data);
      else log.warn(`The stored mirror state of ${key} does not validate; starting afresh.`);
    }
    return states;
  }

  /** One target's state, or a fresh one. */
  async get(target: MirrorTarget): Promise<MirrorSiteState> {
    const key = targetKey(target);
    return (await this.all()).find((s) => targetKey(s) === key) ?? freshState(target);
  }

  /** Stores one target's state. */
  async put(state: MirrorSiteState): Promise<void> {
    const all = await this.all();
    const map: Record<string, MirrorSiteState> = {};
    for (const s of all) map[targetKey(s)] = s;
    map[targetKey(state)] = MirrorSiteStateSchema.parse(state);
    await this.area.set({ [MIRROR_STATE_KEY]: map });
  }
}
