import { z } from 'zod';
import { targetKey, type MirrorTarget } from '../../audit';
import { logger } from '../../shared/log';
import type { ContextStore } from '../context-store';
import { MirrorError } from '../mirror/errors';
import type { MirrorService } from '../mirror/service';
import { ApprovalsClient, type Approval, type ApprovalDecision } from './approvals-client';
import { handleApproverClicks, notifyApprover } from './approver-notify';
import { nextPollDelay, POLL_MIN_MS } from './poll-timing';

const log = logger('approver');

/** The alarm that wakes the worker to ask the sites for calls waiting for this person. */
export const APPROVALS_ALARM = 'countersign-approvals';
const SEEN_KEY = 'approver:seen';
const DELAY_KEY = 'approver:delay';
const SeenSchema = z.array(z.string()).catch([]);

/** A call waiting for this person, with the site and account it waits on. */
export interface ApprovalOnSite {
  target: MirrorTarget;
  approval: Approval;
}

/**
 * G15, approver side: learns of calls other people asked for that this person may decide,
 * on every admin page this person opens and by polling with `chrome.alarms` (backing off
 * while nothing arrives, never sooner than a `Retry-After`), and raises a notification for
 * each new one. The approvals view lists, reads and decides through it.
 */
export class ApproverService {
  private polling: Promise<void> | null = null;

  constructor(
    private readonly contexts: ContextStore,
    private readonly mirror: MirrorService,
  ) {}

  /** Registers the alarm, the admin-page listener and notification clicks (worker start). */
  register(): void {
    handleApproverClicks();
    chrome.alarms.onAlarm.addListener((alarm) => {
      if (alarm.name === APPROVALS_ALARM) void this.poll();
    });
    // An admin page opened (a tab's site or person changed), not a nonce refreshed in place:
    // asking on every tab-context write looped with the nonce refresh a poll itself causes.
    chrome.storage.session.onChanged.addListener((changes) => {
      const opened = Object.entries(changes).some(
        ([key, change]) =>
          key.startsWith('tab-context:') && pageOf(change.newValue) !== pageOf(change.oldValue),
      );
      if (opened) void this.poll(true);
    });
    void this.poll();
  }

  /** The accounts to ask: every signed-in admin tab's site and user. */
  async targets(): Promise<MirrorTarget[]> {
    const seen = new Map<string, MirrorTarget>();
    for (const { context } of await this.contexts.contexts()) {
      const target = { siteRoot: context.restRoot, userId: String(context.userId) };
      seen.set(targetKey(target), target);
    }
    return [...seen.values()];
  }

  /** The `/approvals` routes as a target's person. */
  async client(target: MirrorTarget): Promise<ApprovalsClient> {
    return new ApprovalsClient(await this.mirror.client(target));
  }

  /**
   * Every call waiting for this person on the sites of the open admin tabs (a site known by
   * both forms of its REST root is asked twice; each call is listed once).
   */
  async waiting(): Promise<{ items: ApprovalOnSite[]; problems: string[] }> {
    return { ...(await this.waitingOrRetry(() => undefined)), problems: [] };
  }

  /** One call with its card, read as the target's person (P7 is the site's answer). */
  async read(target: MirrorTarget, id: string): Promise<Approval> {
    return (await this.client(target)).read(id);
  }

  /** This person's decision, bound to the hash and stamp the card showed (G7). */
  async decide(target: MirrorTarget, id: string, decision: Omit<ApprovalDecision, 'siteRoot'>) {
    return (await this.client(target)).decide(id, { ...decision, siteRoot: target.siteRoot });
  }

  /** Asks every target for waiting calls and notifies new ones (one round at a time). */
  poll(pageOpened = false): Promise<void> {
    this.polling ??= this.round(pageOpened).finally(() => (this.polling = null));
    return this.polling;
  }

  private async round(pageOpened: boolean): Promise<void> {
    let foundNew = false;
    let retryAfter: number | null = null;
    try {
      const seen = new Set(
        SeenSchema.parse((await chrome.storage.session.get(SEEN_KEY))[SEEN_KEY]),
      );
      const { items } = await this.waitingOrRetry((ms) => (retryAfter = ms));
      for (const { target, approval } of items) {
        const key = `${target.userId} ${approval.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        foundNew = true;
        await notifyApprover(target.siteRoot, approval);
      }
      await chrome.storage.session.set({ [SEEN_KEY]: [...seen].slice(-500) });
    } catch (error) {
      log.warn('could not ask the sites for calls waiting for approval', error);
    }
    const previous = Number((await chrome.storage.session.get(DELAY_KEY))[DELAY_KEY]) || 0;
    const delay = nextPollDelay(pageOpened ? 0 : previous, foundNew || pageOpened, retryAfter);
    await chrome.storage.session.set({ [DELAY_KEY]: delay });
    await chrome.alarms.create(APPROVALS_ALARM, {
      when: Date.now() + Math.max(delay, POLL_MIN_MS),
    });
  }

  private async waitingOrRetry(onRetry: (ms: number) => void) {
    const result: ApprovalOnSite[] = [];
    const has = (t: MirrorTarget, id: string) =>
      result.some((r) => r.target.userId === t.userId && r.approval.id === id);
    for (const target of await this.targets()) {
      try {
        for (const approval of await (await this.client(target)).waiting())
          if (!has(target, approval.id)) result.push({ target, approval });
      } catch (error) {
        if (error instanceof MirrorError && error.detail.retryAfterMs)
          onRetry(error.detail.retryAfterMs);
        else if (!(error instanceof MirrorError)) throw error;
      }
    }
    return { items: result };
  }
}

/** A stored tab context without its nonce, to tell a page load from a nonce refreshed in place. */
function pageOf(entry: unknown): string {
  return JSON.stringify((entry as { context?: unknown } | undefined)?.context ?? null);
}
