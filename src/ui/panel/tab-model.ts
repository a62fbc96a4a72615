import { signal } from '@preact/signals';
import { t } from '../../i18n';
import { TabStateSchema, type Reply, type TabState } from '../../shared/protocols/panel-protocol';
import { currentTabId } from './current-tab';
import { requestTabState, takeTabState } from './early-tab-state';

/** What the panel knows about the tab it sits beside. */
export const tabState = signal<TabState | { kind: 'loading' }>({ kind: 'loading' });
export const panelError = signal<string | undefined>(undefined);

let tabId: number | undefined;
let refreshing = 0;
let onContext: ((tabId: number) => void) | undefined;

/**
 * Called with the tab as soon as the background says its page context is known (quick
 * state), before the panel renders it: the thread section uses it to open its port early.
 */
export function whenContextKnown(listener: (tabId: number) => void): void {
  onContext = listener;
}

/**
 * Asks the background for the tab's state; the answer is validated like any input. Unless
 * the panel already shows this tab ready, it asks twice: a quick answer from what the
 * background knows (a granted CMS page: "checking", so the thread opens at once), then
 * the full one once the site confirmed who is signed in.
 */
export async function refresh(): Promise<void> {
  const ticket = ++refreshing;
  const previous = tabId;
  tabId = await currentTabId();
  if (tabId === undefined) {
    tabState.value = { kind: 'no-tab' };
    return;
  }
  const shown = tabState.value.kind;
  if (previous !== tabId || (shown !== 'ready' && shown !== 'checking')) {
    const quick = await ask(tabId, true);
    if (ticket !== refreshing) return;
    if (quick?.kind === 'checking') {
      onContext?.(tabId);
      tabState.value = quick;
    }
  }
  const state = await ask(tabId, false);
  if (ticket !== refreshing) return; // a newer refresh is under way
  if (state) tabState.value = state;
}

async function ask(tab: number, quick: boolean): Promise<TabState | undefined> {
  const reply = (await takeTabState(tab, quick).catch(() =>
    // S5: the worker was stopped while it answered (Chromium closes the message channel).
    // Asked again once, which starts the next worker; a second failure is said below.
    requestTabState(tab, quick).catch(() => undefined),
  )) as Reply<unknown> | undefined;
  if (!reply?.ok) {
    panelError.value = reply?.error.message ?? t('panel.tab.noAnswer');
    return undefined;
  }
  const parsed = TabStateSchema.safeParse(reply.value);
  panelError.value = parsed.success ? undefined : t('panel.tab.badState');
  return parsed.success ? parsed.data : undefined;
}

/** Asks the person's browser for access to this site (a user gesture is required). */
export async function grantSite(origin: string): Promise<void> {
  const granted = await chrome.permissions.request({ origins: [origin + '/*'] });
  if (!granted) {
    panelError.value = t('panel.tab.notGranted', { origin });
    return;
  }
  if (tabId !== undefined) await chrome.runtime.sendMessage({ type: 'site-granted', tabId });
  await refresh();
}

/** Reloads the tab the panel sits beside (its page brings a fresh session); then looks again. */
export async function reloadTab(): Promise<void> {
  if (tabId === undefined) return;
  await chrome.tabs.reload(tabId).catch(() => undefined);
  await refresh();
}

/** Keeps the panel in step with tab switches, navigations and new page context. */
export function follow(): () => void {
  const onActivated = () => void refresh();
  const onUpdated = (id: number) => id === tabId && void refresh();
  const onMessage = (message: unknown) => {
    const m = message as { type?: unknown; tabId?: unknown };
    if (m?.type === 'tab-changed' && m.tabId === tabId) void refresh();
  };
  chrome.tabs.onActivated.addListener(onActivated);
  chrome.tabs.onUpdated.addListener(onUpdated);
  chrome.runtime.onMessage.addListener(onMessage);
  void refresh();
  return () => {
    chrome.tabs.onActivated.removeListener(onActivated);
    chrome.tabs.onUpdated.removeListener(onUpdated);
    chrome.runtime.onMessage.removeListener(onMessage);
  };
}
