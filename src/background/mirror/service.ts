import { targetKey, type AuditDb, type MirrorTarget } from '../../audit';
import type { CmsAdapter, CompanionServer, NonceSource } from '../../cms/adapter';
import { logger } from '../../shared/log';
import type { PageContext } from '../../shared/protocols/page-context';
import type { ContextStore } from '../context-store';
import { MirrorDrain, type DrainOptions } from './drain';
import { MirrorError } from './errors';
import { HttpMirrorTransport } from './http-transport';
import { PluginClient } from './plugin-client';
import { MirrorStateStore, type MirrorSiteState } from './site-state';
import { t } from '../../i18n';

const log = logger('mirror');

/** The alarm that wakes the worker for the mirror's next try (A5). */
export const MIRROR_ALARM = 'countersign-mirror';
/** How soon after a write the outbox is drained (writes come in bursts). */
const KICK_DELAY_MS = 500;
/**
 * How often an admin page of a site without the plugin lets the mirror read its REST index
 * again (the plugin may have been installed since), so its queued records go soon after.
 */
const LOCAL_ONLY_RECHECK_MS = 5 * 60_000;
/** Chromium may not fire an alarm sooner than this for a packed extension. */
const MIN_ALARM_MS = 30_000;

/**
 * A5: runs the mirror in the worker. A write kicks a drain shortly after; a failed try is
 * resumed by a `chrome.alarms` alarm at its due time, which survives the worker stopping
 * (a timer would not); every worker start drains what is due. An admin page seen for a
 * target releases a target that waited for a sign-in, or one whose site had no plugin when
 * last checked more than five minutes ago.
 */
export class MirrorService {
  readonly drain: MirrorDrain;
  readonly states: MirrorStateStore;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    db: AuditDb,
    private readonly contexts: ContextStore,
    /** The CMS by name, and its companion server (the mirror runs only where there is one). */
    private readonly adapter: Pick<CmsAdapter, 'label'> & { companion: CompanionServer },
    options: DrainOptions & { states?: MirrorStateStore; fetch?: typeof fetch } = {},
  ) {
    this.states = options.states ?? new MirrorStateStore();
    const nonces = (state: MirrorSiteState) => this.nonceFor(state);
    const transport = new HttpMirrorTransport(nonces, adapter.companion, options.fetch);
    this.drain = new MirrorDrain(db, transport, this.states, options);
  }

  /**
   * Registers the alarm and the sign-in listener. Call once at worker start-up,
   * synchronously, like every MV3 listener.
   */
  register(): void {
    chrome.alarms.onAlarm.addListener((alarm) => {
      if (alarm.name === MIRROR_ALARM) void this.run();
    });
    chrome.storage.session.onChanged.addListener((changes) => {
      for (const [key, change] of Object.entries(changes)) {
        if (!key.startsWith('tab-context:')) continue;
        const entry = change.newValue as { kind?: string; context?: PageContext } | undefined;
        if (entry?.kind === 'context' && entry.context) void this.seen(entry.context);
      }
    });
    void this.run();
  }

  /** A record was queued: drain soon (one drain for a burst of writes). */
  kick(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, KICK_DELAY_MS);
  }

  /** Drains now; a call during a drain runs one more drain after it (nothing missed). */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.schedule(await this.drain.drainAll());
        } catch (error) {
          log.error('the audit mirror failed', error);
          await this.schedule(Date.now() + MIN_ALARM_MS);
        }
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** "Send now": a person asks; the target's wait is lifted and the outbox drained. */
  async syncNow(target: MirrorTarget): Promise<MirrorSiteState> {
    await this.drain.release(target);
    await this.run();
    return this.states.get(target);
  }

  /** A3/A5: the plugin's API as the target's person (the site's audit in the options page). */
  async client(target: MirrorTarget): Promise<PluginClient> {
    const state = await this.states.get(target);
    return new PluginClient({
      restRoot: state.siteRoot,
      nonce: await this.nonceFor(state),
      urls: this.adapter.companion,
    });
  }

  /**
   * An admin page of a target: remember how to fetch a nonce, and lift a sign-in wait or
   * an old "no plugin" answer (read the REST index again, the plugin may be there now).
   */
  private async seen(context: PageContext): Promise<void> {
    const target = { siteRoot: context.restRoot, userId: String(context.userId) };
    const state = await this.states.get(target);
    const waiting =
      state.lastError?.problem === 'signed-out' || state.lastError?.problem === 'other-user';
    const recheck =
      state.mode === 'local-only' && Date.now() - (state.checkedAt ?? 0) > LOCAL_ONLY_RECHECK_MS;
    if (state.tokenUrl === context.tokenUrl && !waiting && !recheck) return;
    await this.states.put({
      ...state,
      tokenUrl: context.tokenUrl,
      ...(waiting || recheck ? { nextAttemptAt: 0 } : {}),
      ...(recheck ? { checkedAt: null } : {}),
    });
    if (waiting || recheck) this.kick();
  }

  private async schedule(wake: number | null): Promise<void> {
    if (wake === null) {
      await chrome.alarms.clear(MIRROR_ALARM);
      return;
    }
    await chrome.alarms.create(MIRROR_ALARM, { when: Math.max(wake, Date.now() + 1_000) });
  }

  /**
   * The nonce for a target: an open admin tab of that person on that site (its nonce, and
   * a fresh one through its admin-ajax URL), else the admin-ajax URL remembered from one.
   */
  private async nonceFor(state: MirrorSiteState): Promise<NonceSource> {
    const key = targetKey(state);
    const tabs = await this.contexts.contexts();
    const tab = tabs.find(
      (t) => targetKey({ siteRoot: t.context.restRoot, userId: String(t.context.userId) }) === key,
    );
    if (tab) {
      return this.adapter.companion.nonceSource(tab.context.tokenUrl, tab.nonce, (fresh) => {
        void this.contexts.setNonce(tab.tabId, fresh);
      });
    }
    if (state.tokenUrl) return this.adapter.companion.nonceSource(state.tokenUrl);
    throw new MirrorError('signed-out', t('worker.mirror.signedOut', { cms: this.adapter.label }));
  }
}
