import { t } from '../../i18n';
import { logger } from '../../shared/log';
import {
  ApprovalsRequestSchema,
  type ApprovalsPush,
  type ApprovalsRequest,
} from '../../shared/protocols/approvals-protocol';
import type { Approval } from './approvals-client';
import type { ApproverService } from './approver-service';

const log = logger('approvals-port');

const person = (p: Approval['requester'] | null) =>
  p ? p.displayName || `User ${p.userId}` : null;

/** What answers one request of the approvals view. */
type Answer = (request: ApprovalsRequest) => Promise<ApprovalsPush>;

/**
 * S6: the approvals view's `approvals` port. Only the extension's own pages may connect;
 * every request is validated; decisions go to the site as the signed-in person.
 */
export function acceptApprovalsPorts(approvers: ApproverService): void {
  chrome.runtime.onConnect.addListener(approvalsPortListener((r) => answer(approvers, r)));
}

/**
 * A CMS without a companion server has no second approvers (issue 35 item 5): the approvals
 * view still gets an answer, in the person's words, instead of a port nobody listens on.
 */
export function acceptApprovalsPortsWithout(cms: string): void {
  chrome.runtime.onConnect.addListener(approvalsPortListener(answerWithout(cms)));
}

/** The answers where there are no second approvers: an empty list that says why. */
export function answerWithout(cms: string): Answer {
  return async (request) => {
    const message = t('worker.approvals.noCompanion', { cms });
    if (request.type === 'list') return { type: 'list', items: [], problems: [message] };
    return { type: 'error', id: request.id, message };
  };
}

/** The listener of `approvals` ports: checks who connects, validates, answers each request. */
export function approvalsPortListener(respond: Answer): (port: chrome.runtime.Port) => void {
  const extensionOrigin = chrome.runtime.getURL('');
  return (port) => {
    if (port.name !== 'approvals') return;
    const sender = port.sender;
    if (sender?.id !== chrome.runtime.id || !sender.url?.startsWith(extensionOrigin)) {
      log.warn('refused an approvals port from outside the extension');
      port.disconnect();
      return;
    }
    const send = (push: ApprovalsPush) => {
      try {
        port.postMessage(push);
      } catch {
        // The view closed.
      }
    };
    port.onMessage.addListener((raw: unknown) => {
      const request = ApprovalsRequestSchema.safeParse(raw);
      if (!request.success) {
        send({ type: 'error', message: t('worker.approvals.badRequest') });
        return;
      }
      respond(request.data).then(send, (error: unknown) => {
        log.warn('an approvals request failed', error);
        const message = error instanceof Error ? error.message : t('worker.approvals.noAnswer');
        send({ type: 'error', id: 'id' in request.data ? request.data.id : undefined, message });
      });
    });
  };
}

async function answer(
  approvers: ApproverService,
  request: ApprovalsRequest,
): Promise<ApprovalsPush> {
  if (request.type === 'list') {
    const { items, problems } = await approvers.waiting();
    return {
      type: 'list',
      problems,
      items: items.map(({ target, approval }) => ({
        target,
        id: approval.id,
        toolLabel: approval.toolLabel,
        entityTitle: approval.entityTitle,
        requester: person(approval.requester) ?? '',
        createdAt: approval.createdAt,
        expiresAt: approval.expiresAt,
      })),
    };
  }
  const approval =
    request.type === 'read'
      ? await approvers.read(request.target, request.id)
      : await approvers.decide(request.target, request.id, {
          approve: request.approve,
          payloadHash: request.payloadHash,
          stamp: request.stamp,
          note: request.note,
        });
  const full =
    request.type === 'read' ? approval : await approvers.read(request.target, request.id);
  return {
    type: 'card',
    target: request.target,
    id: full.id,
    status: full.status,
    requester: person(full.requester) ?? '',
    decidedBy: person(full.decidedBy),
    canDecide: full.canDecide,
    withheld: full.withheld === true,
    card: full.card ?? {},
    payloadHash: full.payloadHash,
    stamp: full.stamp,
    tool: full.tool,
  };
}
