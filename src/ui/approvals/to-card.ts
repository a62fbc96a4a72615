import { t } from '../../i18n';
import { ApprovalCardSchema, type ApprovalCard } from '../../shared/protocols/thread-protocol';
import type { ApprovalsPush } from '../../shared/protocols/approvals-protocol';

type CardPush = Extract<ApprovalsPush, { type: 'card' }>;

/**
 * G15: the panel's card built from what the site holds for a waiting call. The site's card
 * data is checked against the panel's card schema; the binding (id, hash, stamp) is the
 * site's, never the card data's. A card that does not pass shows no diff, only the tool.
 */
export function toApprovalCard(push: CardPush): ApprovalCard {
  const data = (push.card && typeof push.card === 'object' ? push.card : {}) as Record<
    string,
    unknown
  >;
  const candidate = {
    cardDescription: '',
    args: [],
    preview: { state: 'none', lines: [], notes: [] },
    layout: 'args',
    ...data,
    // Why it asks, for the approver: the requester's card says why it waits for someone
    // else ("you cannot approve it yourself"), which is not true for the one who decides.
    reason: t('approvals.card.reason'),
    recordId: push.id,
    payloadHash: push.payloadHash,
    shortHash: push.payloadHash.slice(0, 8),
    toolName: push.tool,
    toolLabel: typeof data.toolLabel === 'string' ? data.toolLabel : push.tool,
    canGrantThread: false,
    targetModified: push.stamp,
    waiting: 0,
    editor: undefined,
    // The approver decides it here: the requester's "waiting for an approver" state is not theirs.
    secondApprover: undefined,
    site: push.target.siteRoot,
  };
  const parsed = ApprovalCardSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  return ApprovalCardSchema.parse({
    recordId: push.id,
    payloadHash: push.payloadHash,
    shortHash: push.payloadHash.slice(0, 8),
    toolName: push.tool,
    toolLabel: push.tool,
    cardDescription: t('approvals.card.unreadable'),
    reason: t('approvals.card.reason'),
    layout: 'args',
    args: [],
    preview: { state: 'none', lines: [], notes: [] },
    canGrantThread: false,
    targetModified: push.stamp,
    waiting: 0,
    site: push.target.siteRoot,
  });
}
