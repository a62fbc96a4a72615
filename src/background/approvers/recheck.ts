import { secondApproverForClass } from '../../gate/approver-policy';
import type { ApprovalCard } from '../../shared/protocols/thread-protocol';
import type { ToolRegistry } from '../../tools/registry';
import type { SitePolicyService } from '../site-policy';
import type { ThreadService } from '../threads/thread-service';
import { clearSelfApprovalNotice } from './local-guard';
import { classOf, forget, offerIfRequired, type Offered } from './requester';

/**
 * How old a failed reading of the site's rules may be before a waiting call reads them
 * again: often enough that the wait ends soon after the site answers, rarely enough not to
 * flood a site that is down (the pickup asks every few seconds while a panel is open).
 */
export const RECHECK_AFTER_MS = 10_000;

/**
 * G15, fail closed and then on: a call waits because the site holds the plugin but its
 * second-approver rules could not be read. Each pickup round reads them again; once they
 * read, the wait settles by itself: a call they cover is offered to a second approver (the
 * normal path), one they do not cover becomes an ordinary card the requester decides (it
 * never runs by itself). While they still cannot be read, nothing changes.
 */
export async function recheckUnreadable(
  offer: Offered,
  deps: { threads: ThreadService; sitePolicies: SitePolicyService; registry: ToolRegistry },
): Promise<void> {
  const target = { siteRoot: offer.siteRoot, userId: offer.userId };
  const reading = await deps.sitePolicies.read(target, RECHECK_AFTER_MS);
  if (reading.layer.approvalsUnknown) return;
  const { threadId, recordId } = offer;
  await deps.threads.operate(threadId, async (loop, owner) => {
    const { view } = await deps.threads.views.entry(threadId);
    const item = view.items.find(
      (i) => i.kind === 'approval' && i.card.recordId === recordId && !i.decided,
    );
    const card: ApprovalCard | undefined = item?.kind === 'approval' ? item.card : undefined;
    const need = card
      ? secondApproverForClass(reading.layer.approvals, card.toolName, classOf(card, deps.registry))
      : null;
    const settled = await loop.settleSecondApprover(threadId, recordId, need);
    if (!settled || !card) {
      await forget(recordId); // decided, withdrawn or gone meanwhile
      return;
    }
    card.reason = settled.reason;
    clearSelfApprovalNotice(view, recordId);
    if (need) {
      await offerIfRequired(card, threadId, owner, deps.registry, need);
      return;
    }
    delete card.secondApprover;
    await forget(recordId);
  });
}
