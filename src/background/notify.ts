import { z } from 'zod';
import { logger } from '../shared/log';
import type { ApprovalCard } from '../shared/protocols/thread-protocol';
import { decodeReferences } from '../shared/html-text';
import { OneAtATime } from '../shared/one-at-a-time';
import { t } from '../i18n';

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
  const what = card.entity
    ? t('worker.notify.pending.entity', {
        type: card.entity.typeLabel,
        title: readableTitle(card.entity.title),
      })
    : card.toolLabel;
  try {
    await chrome.notifications.create(`${PREFIX}${tabId ?? ''}:${threadId}:${card.recordId}`, {
      type: 'basic',
      iconUrl: chrome.runtime.getURL('/icon/128.png'),
      title: t('worker.notify.pending.title', { tool: card.toolLabel }),
      message: t('worker.notify.pending.message', { what }),
      requireInteraction: true,
      priority: 2,
    });
  } catch (error) {
    log.warn('could not show the approval notification', error);
  }
}

const TITLE_CHARS = 80;

/**
 * A title as a notification shows it (S1): Chromium prints notification text as it is, so
 * markup and entity codes a site's title holds would be read literally; they are dropped
 * (codes decoded first), spaces collapsed, and a long title cut to 80 characters.
 */
export function readableTitle(title: string): string {
  const decoded = decodeReferences(title);
  const words = decoded
    .replace(/<[^>]*(>|$)/g, ' ')
    .replace(/[<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!words) return t('worker.notify.noTitle');
  return words.length > TITLE_CHARS ? `${words.slice(0, TITLE_CHARS - 1).trimEnd()}…` : words;
}

/** Session storage key: the thread a notification click asked the tab's panel to show. */
const FOCUS_KEY = 'threadFocus';
const FocusSchema = z.record(z.string(), z.string().min(1));

/**
 * Focus changes take turns: each reads the whole map and writes it back, and two clicks on
 * notifications of two tabs at once (or a click while a panel takes its focus) each wrote
 * what they had read, losing the other's.
 */
const focusUpdates = new OneAtATime();

/**
 * The thread a notification click asked `tabId`'s panel to open, taken once: the next
 * panel that opens for the tab shows the card the notification named, even when the
 * person has a newer thread. Undefined when there is none (or storage holds nonsense).
 */
export function takeThreadFocus(tabId: number): Promise<string | undefined> {
  return focusUpdates.run(async () => {
    const focus = await readFocus();
    const threadId = focus[String(tabId)];
    if (threadId === undefined) return undefined;
    delete focus[String(tabId)];
    await chrome.storage.session.set({ [FOCUS_KEY]: focus });
    return threadId;
  });
}

/** The thread `tabId`'s next panel opens on (a notification click for it). */
export function setThreadFocus(tabId: number, threadId: string): Promise<void> {
  return focusUpdates.run(async () => {
    const focus = await readFocus();
    await chrome.storage.session.set({ [FOCUS_KEY]: { ...focus, [String(tabId)]: threadId } });
  });
}

/** The stored focus, validated; an unreadable one is dropped (and logged) as empty. */
async function readFocus(): Promise<Record<string, string>> {
  const stored = (await chrome.storage.session.get(FOCUS_KEY))[FOCUS_KEY];
  const focus = FocusSchema.safeParse(stored ?? {});
  if (focus.success) return focus.data;
  log.warn('dropped an unreadable notification focus');
  await chrome.storage.session.remove(FOCUS_KEY);
  return {};
}

/**
 * A click focuses the admin tab and opens the panel on the notified thread (its card);
 * nothing is decided.
 */
export function handleNotificationClicks(): void {
  chrome.notifications.onClicked.addListener((id) => {
    if (!id.startsWith(PREFIX)) return;
    const [tab, threadId] = id.slice(PREFIX.length).split(':');
    const tabId = Number(tab);
    void chrome.notifications.clear(id);
    if (!Number.isInteger(tabId) || tabId <= 0) return;
    // Written before the panel can ask for its thread (it loads for far longer than this).
    if (threadId) {
      void setThreadFocus(tabId, threadId).catch((error) =>
        log.warn('could not keep the notified thread', error),
      );
    }
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
