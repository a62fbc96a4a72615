import type { ContextStore } from '../context-store';
import type { MirrorService } from '../mirror/service';
import type { ThreadService } from '../threads/thread-service';
import { acceptApprovalsPorts } from './approvals-port';
import { ApproverService } from './approver-service';
import { applyCountersigned } from './countersigned';
import { RequesterPickup } from './pickup';
import { recheckUnreadable } from './recheck';
import type { SitePolicyService } from '../site-policy';
import type { ToolRegistry } from '../../tools/registry';

/** How often a requester's open panel picks up decisions (the alarm is the fallback). */
const PANEL_PICKUP_MS = 3_000;

/**
 * G15: starts both sides of second approvers in the worker: the approver's polling,
 * notifications and approvals view port, and the requester's pickup of decisions (on an
 * alarm, and every few seconds while a panel is open), which also settles the calls that
 * wait because the site's rules could not be read. Call once at start-up.
 */
export function startApprovers(
  contexts: ContextStore,
  mirror: MirrorService,
  threads: ThreadService,
  rules: { sitePolicies: SitePolicyService; registry: ToolRegistry },
): void {
  const approvers = new ApproverService(contexts, mirror);
  approvers.register();
  acceptApprovalsPorts(approvers);
  const pickup = new RequesterPickup(
    async (_offer, approval) => {
      let handled = false;
      await threads.operate(approval.threadId, async (loop, owner, agent) => {
        const { view } = await threads.views.entry(approval.threadId);
        handled = await applyCountersigned(loop, agent, owner, view, approval, (event) =>
          threads.onEvent(event),
        );
      });
      return handled;
    },
    (offer) => recheckUnreadable(offer, { threads, ...rules }),
  );
  pickup.register();
  let panels = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  chrome.runtime.onConnect.addListener((port) => {
    if (port.name !== 'thread') return;
    panels += 1;
    void pickup.poll();
    timer ??= setInterval(() => void pickup.poll(), PANEL_PICKUP_MS);
    port.onDisconnect.addListener(() => {
      panels -= 1;
      if (panels === 0 && timer) {
        clearInterval(timer);
        timer = null;
      }
    });
  });
}
