import type { CmsAdapter } from '../cms/adapter';
import type { TabState } from '../shared/protocols/panel-protocol';
import { CmsHttpError } from '../cms/http-error';
import { logger } from '../shared/log';
import { entryOrigin, type ContextStore } from './context-store';

const log = logger('tab-state');

/** Role ids as people read them. Custom roles fall back to their id, capitalised. */
export function roleLabel(role: string): string {
  return role.replace(/[_-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/**
 * Works out what the panel should show for a tab: whether it is a CMS admin page, whether
 * the site is granted, whether the person is signed in, and who they are. `quick` stops
 * before the site is asked anything: a granted page with its context answers "checking".
 */
export async function tabState(
  store: ContextStore,
  adapter: CmsAdapter,
  tabId: number,
  { quick = false }: { quick?: boolean } = {},
): Promise<TabState> {
  let tab: chrome.tabs.Tab;
  try {
    tab = await chrome.tabs.get(tabId);
  } catch {
    return { kind: 'no-tab' };
  }
  const url = safeUrl(tab.url);
  if (!url || !/^https?:$/.test(url.protocol)) return { kind: 'not-cms', url: tab.url };
  const looksLikeCms = adapter.looksLikeAdmin(url);
  const granted = await chrome.permissions.contains({ origins: [url.origin + '/*'] });
  if (!granted) return { kind: 'not-granted', origin: url.origin, looksLikeCms };
  const entry = await store.get(tabId);
  if (!entry || entryOrigin(entry) !== url.origin) {
    return looksLikeCms
      ? { kind: 'detecting', origin: url.origin }
      : { kind: 'not-cms', url: tab.url };
  }
  if (entry.kind === 'invalid')
    return { kind: 'invalid-context', origin: entry.origin, reason: entry.reason };
  const { context } = entry;
  if (entry.waitingForEditor) {
    return { kind: 'waiting-editor', origin: context.origin, entity: context.entity };
  }
  // The panel asks this first, to open the thread while the session is checked below.
  if (quick) return { kind: 'checking', context };
  try {
    const { user: me, entity } = await adapter.signedIn({
      page: context,
      nonce: entry.nonce,
      onNonce: (fresh) => void store.setNonce(tabId, fresh),
    });
    if (me.id !== context.userId) {
      return {
        kind: 'invalid-context',
        origin: context.origin,
        reason: 'the page and the REST session belong to different users',
      };
    }
    const user = {
      id: me.id,
      name: me.name,
      roles: me.roles.map((id) => ({ id, label: roleLabel(id) })),
    };
    return { kind: 'ready', context, user, entity };
  } catch (error) {
    // S5: the cookie still signs the person in, but no nonce this tab can get is accepted:
    // "signed out" would send them to a login they do not need; a reload of the tab helps.
    if (error instanceof CmsHttpError && error.staleSession) {
      return { kind: 'stale-session', origin: context.origin };
    }
    if (error instanceof CmsHttpError && error.kind === 'logged-out') {
      return {
        kind: 'signed-out',
        origin: context.origin,
        loginUrl: adapter.loginUrl(context),
      };
    }
    log.warn(`tab ${tabId}: could not read the session`, error);
    const message =
      error instanceof CmsHttpError
        ? error.message
        : 'Countersign could not read this site; details are in the log.';
    return { kind: 'error', origin: context.origin, message };
  }
}

function safeUrl(url: string | undefined): URL | undefined {
  try {
    return url ? new URL(url) : undefined;
  } catch {
    return undefined;
  }
}
