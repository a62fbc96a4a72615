import { t } from '../i18n';
import type { CmsAdapter, PageReaders } from '../cms/adapter';
import { followUiLanguage } from './worker-locale';
import { logger } from '../shared/log';
import { ContextStore } from './context-store';
import { injectInto, syncContentScripts } from './content-scripts';
import { createMessageHandler } from './messages';
import { buildServices } from './services';
import { acceptThreadPorts } from './threads/thread-port';
import { handleNotificationClicks } from './notify';
import { registerRetentionAlarm } from './audit-retention';
import { startMirror } from './audit-service';
import { ensureMigrated } from '../settings/trusted-settings';
import { startApprovers } from './approvers/start';
import { acceptApprovalsPortsWithout } from './approvers/approvals-port';

const log = logger('background');

/** Tells open panels that a tab's state changed; nobody listening is fine. */
function notifyPanels(tabId: number): void {
  chrome.runtime.sendMessage({ type: 'tab-changed', tabId }).catch(() => undefined);
}

/**
 * Builds the background's services and registers every listener synchronously, as MV3
 * requires for a worker that may be woken by any of these events.
 */
export function startBackground(adapter: CmsAdapter): void {
  followUiLanguage(); // issue 37: notifications and notices in the person's language
  const store = new ContextStore(chrome.storage.session);
  const services = buildServices(store, adapter);
  const handle = createMessageHandler(store, notifyPanels, {
    ...services,
    pageOpened: (context) =>
      services.sitePolicies.pageOpened({
        siteRoot: context.restRoot,
        userId: String(context.userId),
      }),
  });
  const readers = services.adapter.pageReaders;
  acceptThreadPorts(services.threads);
  handleNotificationClicks();
  registerRetentionAlarm();
  const mirror = startMirror(store, adapter); // A5: the audit goes to each owner's site
  // G15: second approvers, both sides, through the companion server; without one a call a
  // rule sends to a second approver waits on its card, saying why (requester.ts).
  if (mirror) startApprovers(store, mirror, services.threads, services);
  else acceptApprovalsPortsWithout(adapter.label);
  // S3, G11: settings an earlier version kept where content scripts reach move out first.
  void ensureMigrated().catch((error) => log.error('could not move the settings', error));
  void services.threads.resumeInterrupted();

  chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
    handle(message, sender).then(sendResponse, (error) => {
      log.error('message handler failed', error);
      sendResponse({
        ok: false,
        error: { code: 'internal', message: t('worker.error.internal') },
      });
    });
    return true;
  });

  chrome.permissions.onAdded.addListener(() => void syncContentScripts(readers));
  chrome.permissions.onRemoved.addListener(() => void syncContentScripts(readers));
  chrome.tabs.onRemoved.addListener((tabId) => void store.delete(tabId));
  chrome.tabs.onUpdated.addListener((tabId, change) => {
    if (change.url || change.status === 'complete') notifyPanels(tabId);
  });
  chrome.runtime.onInstalled.addListener(() => void prepareOpenTabs(readers));

  chrome.sidePanel
    .setPanelBehavior({ openPanelOnActionClick: true })
    .catch((error) => log.warn('could not set the side panel behaviour', error));
  void syncContentScripts(readers).catch((error) =>
    log.error('could not register content scripts', error),
  );
}

/** After install or update, admin tabs that were already open get their page readers. */
async function prepareOpenTabs(readers: PageReaders): Promise<void> {
  const matches = await syncContentScripts(readers);
  if (matches.length === 0) return;
  const tabs = await chrome.tabs.query({ url: matches });
  await Promise.all(
    tabs.map((tab) => (tab.id === undefined ? undefined : injectInto(readers, tab.id))),
  );
}
