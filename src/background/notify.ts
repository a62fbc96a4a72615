import { logger } from '../shared/log';
import type { ApprovalCard } from '../shared/thread-protocol';

const log = logger('notify');
const PREFIX = 'countersign-approval:';

/**
 * Tells an approver that a call waits for them when no panel shows the thread. The
 * notification only opens the card: approving or rejecting from it is never possible,
 * the person must see what will change.
 */
export async function notifyPending(
  card: ApprovalCard,
  tabId: number | undefined,
  threadId: string,
): Promise<void> {
  const what = card.entity ? `${card.entity.typeLabel} “${card.entity.title}”` : card.toolLabel;
  try {
    await chrome.notifications.create(`${PREFIX}${tabId ?? ''}:${threadId}:${card.recordId}`, {
      type: 'basic',
      iconUrl: chrome.runtime.getURL('/icon/128.png'),
      title: `Waiting for your decision: ${card.toolLabel}`,
      message: `${what}. Open Countersign to see what would change.`,
      requireInteraction: true,
      priority: 2,
    });
  } catch (error) {
    log.warn('could not show the approval notification', error);
  }
}

/** A click focuses the admin tab and opens the panel on the thread; nothing is decided. */
export function handleNotificationClicks(): void {
  chrome.notifications.onClicked.addListener((id) => {
    if (!id.startsWith(PREFIX)) return;
    const [tab] = id.slice(PREFIX.length).split(':');
    const tabId = Number(tab);
    void chrome.notifications.clear(id);
    if (!Number.isInteger(tabId) || tabId <= 0) return;
    // sidePanel.open must run in the click's user gesture, before any await.
    chrome.sidePanel
      .open({ tabId })
      .catch((error) => log.warn('could not open the side panel', error));
    chrome.tabs
      .update(tabId, { active: true })
      .then((t) =>
        t?.windowId !== undefined
          ? chrome.windows.update(t.windowId, { focused: true })
          : undefined,
      )
      .catch((error) => log.warn('could not focus the admin tab', error));
  });
}
