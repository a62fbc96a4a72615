import {
  confirmDelivered,
  deferRecords,
  queuedByTarget,
  takeBatch,
  type AuditDb,
  type MirrorAck,
  type MirrorTarget,
  type ToolCallRecord,
} from '../../audit';
import { logger } from '../../shared/log';
import { DEFAULT_BACKOFF, retryDelay, type BackoffOptions } from './backoff';
import { isTransient, MirrorError } from './errors';
import type { MirrorSiteState, MirrorStateStore } from './site-state';
import { t } from '../../i18n';

const log = logger('mirror');

/** Who the site says is signed in, and what they may do there. */
export interface MirrorWho {
  userId: string;
  /** The person's display name on the site, when the plugin sends it. */
  displayName?: string;
  canRead: boolean;
  canManage: boolean;
}

/** What the site answered to one batch. */
export interface BatchAnswer {
  /** Records stored (or already held: the upsert is idempotent), with their version. */
  stored: MirrorAck[];
  /** Records the site refused, with its reason in words. */
  refused: { id: string; reason: string }[];
}

/** The site side of the mirror; the HTTP one speaks countersign/v1 (docs/server-api.md). */
export interface MirrorTransport {
  /** Whether the site's REST index lists the `countersign/v1` namespace. */
  hasPlugin(siteRoot: string): Promise<boolean>;
  /** The signed-in person; throws `MirrorError('signed-out')` without a session. */
  status(state: MirrorSiteState): Promise<MirrorWho>;
  /** Upserts a batch; throws `MirrorError` for a failure of the whole batch. */
  sendBatch(state: MirrorSiteState, records: ToolCallRecord[]): Promise<BatchAnswer>;
}

/** Tuning and a clock, injectable for tests. */
export interface DrainOptions {
  now?: () => number;
  random?: () => number;
  /** Records per request; 200 keeps a request well under the plugin's size limit. */
  batchSize?: number;
  backoff?: BackoffOptions;
  /** How often a site's REST index is read again (a plugin installed or removed). */
  recheckMs?: number;
  /** The pause after a problem only a person solves (signed out, other user, old plugin). */
  waitMs?: number;
  /** How long a record the site refused waits before it is offered again. */
  refusedDelayMs?: number;
}

const MINUTE = 60_000;

/**
 * A5: drains the outbox into each owner's site, at least once, in batches. Per target
 * (site and owner): reads the REST index for the plugin, checks who is signed in, then sends
 * due records in batches until the queue is empty. A site without the plugin is "local
 * audit only": its records stay queued (nothing is thrown away) and the index is read again
 * every `recheckMs`, or at once when a person asks, so they are sent once the plugin is
 * installed; retention may still purge them by age, as it would without a server. An entry leaves the outbox only after the site
 * confirmed its version, so a worker killed mid-batch resends it and the site's upsert
 * keeps one copy. A failure of the whole batch stops the target: network and 5xx errors
 * back off exponentially with jitter (and at least what `Retry-After` asks); a sign-out,
 * another user or an old plugin waits for a person, without a retry loop.
 */
export class MirrorDrain {
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly batchSize: number;
  private readonly backoff: BackoffOptions;
  private readonly recheckMs: number;
  private readonly waitMs: number;
  private readonly refusedDelayMs: number;

  constructor(
    private readonly db: AuditDb,
    private readonly transport: MirrorTransport,
    private readonly states: MirrorStateStore,
    options: DrainOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.batchSize = options.batchSize ?? 200;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.recheckMs = options.recheckMs ?? 6 * 60 * MINUTE;
    this.waitMs = options.waitMs ?? 15 * MINUTE;
    this.refusedDelayMs = options.refusedDelayMs ?? 60 * MINUTE;
  }

  /**
   * Drains every target with queued records; returns when the next try is due (epoch ms),
   * or null when nothing waits.
   */
  async drainAll(): Promise<number | null> {
    for (const { target } of await queuedByTarget(this.db)) await this.drainTarget(target);
    return this.nextWake();
  }

  /** When the earliest waiting record may be tried again, or null when none waits. */
  async nextWake(): Promise<number | null> {
    const queued = await queuedByTarget(this.db);
    if (queued.length === 0) return null;
    const first = await this.db.outbox.orderBy('nextAttemptAt').first();
    let wake = Infinity;
    for (const { target } of queued) {
      const state = await this.states.get(target);
      wake = Math.min(wake, Math.max(state.nextAttemptAt, first?.nextAttemptAt ?? 0));
    }
    return Number.isFinite(wake) ? wake : null;
  }

  /** Lets a waiting target try at once (a person signed in again, or asked to sync now). */
  async release(target: MirrorTarget): Promise<void> {
    const state = await this.states.get(target);
    await this.states.put({ ...state, nextAttemptAt: 0, checkedAt: null });
  }

  /**
   * A5: asks the site now who is signed in and what they may do (the options page's site
   * card, before any sync), and keeps the answer in the target's state. Null when the site
   * has no plugin; throws `MirrorError` when it cannot be asked (signed out, offline).
   */
  async who(target: MirrorTarget): Promise<MirrorWho | null> {
    const before = await this.states.get(target);
    if (!(await this.transport.hasPlugin(before.siteRoot))) return null;
    const who = await this.transport.status(before);
    if (who.userId !== target.userId) return who;
    // Read again: a drain may have saved the state while the site was being asked.
    const state = await this.states.get(target);
    await this.save({
      ...state,
      mode: 'server',
      checkedAt: this.now(),
      canRead: who.canRead,
      canManage: who.canManage,
      displayName: who.displayName || state.displayName,
    });
    return who;
  }

  /** Sends one target's due records; returns its state afterwards. */
  async drainTarget(target: MirrorTarget): Promise<MirrorSiteState> {
    let state = await this.states.get(target);
    const start = this.now();
    if (state.nextAttemptAt > start) return state;
    try {
      state = await this.checkPlugin(state, start);
      if (state.mode === 'local-only') return await this.save(this.localOnly(state));
      const who = await this.transport.status(state);
      if (who.userId !== target.userId) {
        throw new MirrorError('other-user', t('worker.mirror.otherUser', { user: target.userId }));
      }
      state = {
        ...state,
        canRead: who.canRead,
        canManage: who.canManage,
        displayName: who.displayName || state.displayName,
      };
      state = await this.sendAll(state);
      return await this.save({ ...state, attempts: 0, nextAttemptAt: 0 });
    } catch (error) {
      return this.save(await this.failed(state, error));
    }
  }

  private async checkPlugin(state: MirrorSiteState, now: number): Promise<MirrorSiteState> {
    const fresh =
      state.mode !== 'unknown' &&
      state.checkedAt !== null &&
      now - state.checkedAt < this.recheckMs;
    if (fresh) return state;
    const has = await this.transport.hasPlugin(state.siteRoot);
    return { ...state, checkedAt: now, mode: has ? 'server' : 'local-only' };
  }

  private async sendAll(initial: MirrorSiteState): Promise<MirrorSiteState> {
    let state = { ...initial, lastError: null as MirrorSiteState['lastError'] };
    for (;;) {
      const records = await takeBatch(this.db, state, this.batchSize, this.now());
      if (records.length === 0) return { ...state, lastSyncAt: this.now() };
      const answer = await this.transport.sendBatch(state, records);
      const asked = new Set(records.map((r) => r.id));
      const stored = answer.stored.filter((a) => asked.has(a.id));
      const refused = answer.refused.filter((r) => asked.has(r.id));
      await confirmDelivered(this.db, stored);
      const later = this.now() + this.refusedDelayMs;
      // A refused batch wrote nothing: its refused records wait, the others go again at
      // once. A site that neither stored nor refused anything must not keep this loop
      // spinning: the whole batch waits.
      const nothing = stored.length === 0 && refused.length === 0;
      const waiting = nothing ? records.map((r) => r.id) : refused.map((r) => r.id);
      await deferRecords(this.db, waiting, later);
      state = { ...state, delivered: state.delivered + stored.length, lastSyncAt: this.now() };
      if (waiting.length > 0) {
        const reason = refused[0]?.reason ?? t('worker.mirror.notConfirmed');
        const message = t('worker.mirror.refusedRecords', { count: waiting.length, reason });
        state.lastError = { problem: 'refused', message: message.slice(0, 500), at: this.now() };
      }
      await this.save(state);
    }
  }

  private async failed(state: MirrorSiteState, error: unknown): Promise<MirrorSiteState> {
    const now = this.now();
    const known = error instanceof MirrorError ? error : null;
    if (!known) log.error(`mirroring to ${state.siteRoot} failed`, error);
    const problem = known?.problem ?? 'network';
    const message =
      known?.message ?? 'Sending the audit to the site failed; details are in the log.';
    const lastError = { problem, message: message.slice(0, 500), at: now };
    if (problem === 'no-plugin') return this.localOnly({ ...state, checkedAt: now });
    if (isTransient(problem)) {
      const attempts = state.attempts + 1;
      const retryAfter = known?.detail.retryAfterMs ?? null;
      const wait = retryDelay(attempts, retryAfter, this.backoff, this.random);
      return { ...state, attempts, nextAttemptAt: now + wait, lastError };
    }
    return { ...state, attempts: 0, nextAttemptAt: now + this.waitMs, lastError };
  }

  /** No plugin: no error, no loop; the queue waits for the next index read (or a person). */
  private localOnly(state: MirrorSiteState): MirrorSiteState {
    const checkedAt = state.checkedAt ?? this.now();
    const wait = { lastError: null, attempts: 0, nextAttemptAt: checkedAt + this.recheckMs };
    return { ...state, mode: 'local-only', checkedAt, ...wait };
  }

  private async save(state: MirrorSiteState): Promise<MirrorSiteState> {
    await this.states.put(state);
    return state;
  }
}
