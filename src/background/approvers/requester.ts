import { z } from 'zod';
import type { RecordOwner } from '../../audit';
import {
  approversLabel,
  type ApproverClass,
  type SecondApproverRequirement,
} from '../../gate/approver-policy';
import { logger } from '../../shared/log';
import { OneAtATime } from '../../shared/one-at-a-time';
import { readTrusted, writeTrusted } from '../../settings/trusted-settings';
import type { ApprovalCard } from '../../shared/protocols/thread-protocol';
import type { ToolRegistry } from '../../tools/registry';
import { mirrorService } from '../audit-service';
import { notifyPending } from '../notify';
import { ApprovalsClient, decidedByName } from './approvals-client';

const log = logger('requester');

/** Calls this browser offered for a second approver, until their decision is handled. */
export const OfferedSchema = z.object({
  threadId: z.string(),
  recordId: z.string(),
  siteRoot: z.string(),
  userId: z.string(),
  /** Never offered: the site's rules could not be read; the pickup reads them again. */
  unreadable: z.literal(true).optional(),
});
export type Offered = z.infer<typeof OfferedSchema>;
const OffersSchema = z.array(OfferedSchema).catch([]);

/** The `/approvals` routes as the thread owner on their site, or null without the plugin. */
export async function approvalsFor(owner: RecordOwner): Promise<ApprovalsClient | null> {
  const mirror = mirrorService();
  if (!mirror || !owner.siteRoot) return null;
  return new ApprovalsClient(
    await mirror.client({ siteRoot: owner.siteRoot, userId: owner.userId }),
  );
}

/** The G2 class a card's call is in, as far as second approvers care. */
export function classOf(
  card: ApprovalCard,
  registry: Pick<ToolRegistry, 'get'>,
): ApproverClass | null {
  const classification = registry.get(card.toolName)?.classification;
  if (classification?.destructive) return 'destructive';
  if (classification?.kind === 'write' && card.lands !== 'draft') return 'live-write';
  return null;
}

/**
 * G15, requester side: when the gate sent this call to a second approver (`required`, kept
 * in the run state), offer it on the site and mark the card "Waiting for an approver" (the
 * requester cannot approve it here). When the site's approvals could not be read, or the
 * site cannot take the offer, the card waits and says why (fail closed; an unreadable one
 * is remembered so the pickup settles it once the rules read again). Returns whether
 * the call waits for someone other than the requester.
 */
export async function offerIfRequired(
  card: ApprovalCard,
  threadId: string,
  owner: RecordOwner,
  registry: Pick<ToolRegistry, 'get'>,
  required: SecondApproverRequirement | undefined,
): Promise<boolean> {
  if (!required) return false;
  if ('unknown' in required) {
    card.secondApprover = { who: 'another person', status: 'waiting', unreadable: true };
    // The pickup reads the site's rules again and settles the wait once they read
    // (recheck.ts); without a site root there is no site to ask, and it waits.
    if (owner.siteRoot) {
      const { siteRoot, userId } = owner;
      await remember({ threadId, recordId: card.recordId, siteRoot, userId, unreadable: true });
    }
    return true;
  }
  const need = required;
  const cls = classOf(card, registry);
  try {
    const client = await approvalsFor(owner);
    if (!client) throw new Error('the audit mirror is not running for this site');
    const entity =
      card.layout === 'config'
        ? { type: 'settings' as const, id: 0 }
        : card.entity
          ? { type: 'post' as const, id: card.entity.id }
          : { type: '' as const, id: 0 };
    const offered = await client.offer({
      id: card.recordId,
      threadId,
      tool: card.toolName,
      payloadHash: card.payloadHash,
      stamp: card.targetModified ?? null,
      class: cls,
      siteRoot: owner.siteRoot!,
      entity,
      card: { ...card, editor: undefined },
    });
    // An offer repeated unchanged (a restarted worker) leaves the site's row as it was: the
    // card says what the site holds, a decision taken meanwhile included.
    card.secondApprover = {
      who: approversLabel(offered.capability),
      status: offered.status,
      ...decidedByName(offered),
      expiresAt: offered.expiresAt,
    };
    const { siteRoot = '', userId } = owner;
    await remember({ threadId, recordId: card.recordId, siteRoot, userId });
  } catch (error) {
    // The site asks for a second person but could not take the call: never decidable here.
    log.warn('could not offer the call for a second approver', error);
    card.secondApprover = { who: approversLabel(need.capability), status: 'waiting' };
  }
  return true;
}

/**
 * A new card: offered to a second approver when the site says so; otherwise, when no panel
 * watches the thread, the requester is notified that it waits for their decision.
 */
export async function announceCard(
  card: ApprovalCard,
  threadId: string,
  owner: RecordOwner,
  registry: Pick<ToolRegistry, 'get'>,
  watched: boolean,
  tabId: number | undefined,
  required?: SecondApproverRequirement,
): Promise<void> {
  if (!(await offerIfRequired(card, threadId, owner, registry, required)) && !watched)
    await notifyPending(card, tabId, threadId);
}

/** The calls offered from this browser and not handled yet. */
export async function offeredCalls(): Promise<Offered[]> {
  return OffersSchema.parse((await readTrusted('offers')) ?? []);
}

/**
 * The list's changes, one at a time: two cards offered (or handled) at the same moment each
 * wrote the list they had read, and the first call dropped out of it, so its decision was
 * never picked up and the approved change stayed unmade.
 */
const offerChanges = new OneAtATime();

function remember(offer: Offered): Promise<void> {
  return offerChanges.run(async () => {
    const all = (await offeredCalls()).filter((o) => o.recordId !== offer.recordId);
    await writeTrusted('offers', [...all, offer]);
  });
}

/** Forgets a handled call. */
export function forget(recordId: string): Promise<void> {
  return offerChanges.run(async () => {
    const all = (await offeredCalls()).filter((o) => o.recordId !== recordId);
    await writeTrusted('offers', all);
  });
}
