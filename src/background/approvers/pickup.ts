import { targetKey } from '../../audit';
import { logger } from '../../shared/log';
import { mirrorService } from '../audit-service';
import { ApprovalsClient, type Approval } from './approvals-client';
import { forget, offeredCalls, type Offered } from './requester';

const log = logger('pickup');

/** The alarm that wakes the requester's worker to pick up second approvers' decisions. */
export const PICKUP_ALARM = 'countersign-pickup';
const PICKUP_MS = 30_000;

/** Runs a picked-up decision; true when it is handled and the site may forget it. */
export type ApplyDecision = (offer: Offered, approval: Approval) => Promise<boolean>;
/** Reads the site's rules again for a call that waits because they could not be read. */
export type Recheck = (offer: Offered) => Promise<void>;

/**
 * G15, requester side: asks the site for the decisions on the calls this browser offered
 * (`scope=mine`), on an alarm while any wait and at once when a panel asks, and hands each
 * decided one to the run loop's decision path; handled ones are marked done on the site.
 * A call that waits because the site's rules could not be read is handed to `recheck`.
 */
export class RequesterPickup {
  private running: Promise<void> | null = null;

  constructor(
    private readonly apply: ApplyDecision,
    private readonly recheck: Recheck = async () => undefined,
  ) {}

  /** Registers the alarm (worker start). */
  register(): void {
    chrome.alarms.onAlarm.addListener((alarm) => {
      if (alarm.name === PICKUP_ALARM) void this.poll();
    });
    void this.poll();
  }

  /** One pickup round (rounds never overlap). */
  poll(): Promise<void> {
    this.running ??= this.round().finally(() => (this.running = null));
    return this.running;
  }

  private async round(): Promise<void> {
    const offers = await offeredCalls();
    const targets = new Map<string, Offered[]>();
    for (const offer of offers) {
      if (offer.unreadable) {
        await this.recheck(offer).catch((error) =>
          log.warn("could not read a site's second-approver rules again", error),
        );
        continue;
      }
      const key = targetKey(offer);
      targets.set(key, [...(targets.get(key) ?? []), offer]);
    }
    for (const group of targets.values()) {
      try {
        await this.target(group);
      } catch (error) {
        log.warn('could not pick up the decisions of a site', error);
      }
    }
    if ((await offeredCalls()).length > 0)
      await chrome.alarms.create(PICKUP_ALARM, { when: Date.now() + PICKUP_MS });
    else await chrome.alarms.clear(PICKUP_ALARM);
  }

  private async target(group: Offered[]): Promise<void> {
    const mirror = mirrorService();
    if (!mirror || !group[0]) return;
    const client = new ApprovalsClient(await mirror.client(group[0]));
    const mine = new Map((await client.mine()).map((a) => [a.id, a]));
    for (const offer of group) {
      const approval = mine.get(offer.recordId);
      if (!approval || approval.status === 'withdrawn') {
        await forget(offer.recordId);
        continue;
      }
      if (approval.status === 'waiting') continue;
      if (await this.apply(offer, approval)) {
        await client.done(approval.id);
        await forget(offer.recordId);
      }
    }
  }
}
