import { logger } from '../../shared/log';
import { readableTitle } from '../notify';
import type { Approval } from './approvals-client';
import { t } from '../../i18n';

const log = logger('approver-notify');

/** Notification ids of calls waiting for this person: `<prefix><siteRoot> <id>`. */
export const APPROVER_PREFIX = 'countersign-approver:';

/** The text of the notification for a call waiting for this person (names requester, tool, entity). */
export function approverNotice(approval: Approval): { title: string; message: string } {
  const who = readableTitle(
    approval.requester.displayName ||
      t('worker.notify.approver.user', { id: String(approval.requester.userId) }),
  );
  const tool = readableTitle(approval.toolLabel);
  return {
    title: t('worker.notify.approver.title', { who }),
    message: approval.entityTitle
      ? t('worker.notify.approver.messageOn', { tool, title: readableTitle(approval.entityTitle) })
      : t('worker.notify.approver.message', { tool }),
  };
}

/** Raises the notification; clicking it opens the approvals view on the call. */
export async function notifyApprover(siteRoot: string, approval: Approval): Promise<void> {
  try {
    await chrome.notifications.create(`${APPROVER_PREFIX}${siteRoot} ${approval.id}`, {
      type: 'basic',
      iconUrl: chrome.runtime.getURL('/icon/128.png'),
      ...approverNotice(approval),
      requireInteraction: true,
      priority: 2,
    });
  } catch (error) {
    log.warn('could not show the approver notification', error);
  }
}

/** The approvals view's address, opened on one call. */
export function approvalsUrl(siteRoot?: string, id?: string): string {
  const hash = siteRoot && id ? `#${new URLSearchParams({ site: siteRoot, id }).toString()}` : '';
  return chrome.runtime.getURL(`/approvals.html${hash}`);
}

/** A click opens the approvals view on the notified call; nothing is decided. */
export function handleApproverClicks(): void {
  chrome.notifications.onClicked.addListener((id) => {
    if (!id.startsWith(APPROVER_PREFIX)) return;
    const rest = id.slice(APPROVER_PREFIX.length);
    const space = rest.lastIndexOf(' ');
    void chrome.notifications.clear(id);
    void chrome.tabs
      .create({ url: approvalsUrl(rest.slice(0, space), rest.slice(space + 1)) })
      .catch((error) => log.warn('could not open the approvals view', error));
  });
}
