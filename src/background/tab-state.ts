import { z } from 'zod';
import type { TabState } from '../shared/protocol';
import { CmsHttpError } from '../cms/http-error';
import { WpRestClient } from '../cms/wordpress/rest-client';
import { AdminAjaxNonce } from '../cms/wordpress/nonce';
import { logger } from '../shared/log';
import { entryOrigin, type ContextStore } from './context-store';

const log = logger('tab-state');

const MeSchema = z.object({
  id: z.number(),
  name: z.string(),
  roles: z.array(z.string()),
});

const TypeSchema = z.object({
  name: z.string(),
  rest_base: z.string(),
  rest_namespace: z.string().default('wp/v2'),
  labels: z.object({ singular_name: z.string() }).partial().optional(),
});
const TypesSchema = z.record(z.string(), TypeSchema);

const EntitySchema = z.object({
  id: z.number(),
  status: z.string(),
  title: z.object({ raw: z.string() }).optional(),
});

/** Role ids as people read them. Custom roles fall back to their id, capitalised. */
export function roleLabel(role: string): string {
  return role.replace(/[_-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/** The REST client for a tab's site, acting with the person's own session. */
export function clientFor(
  store: ContextStore,
  tabId: number,
  context: { restRoot: string; adminAjaxUrl: string },
  nonce?: string,
) {
  const nonces = new AdminAjaxNonce(context.adminAjaxUrl, nonce, undefined, (fresh) => {
    void store.setNonce(tabId, fresh);
  });
  return { client: new WpRestClient({ restRoot: context.restRoot, nonce: nonces }), nonces };
}

/**
 * Works out what the panel should show for a tab: whether it is a CMS admin page, whether
 * the site is granted, whether the person is signed in, and who they are. `quick` stops
 * before the site is asked anything: a granted page with its context answers "checking".
 */
export async function tabState(
  store: ContextStore,
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
  const looksLikeCms = url.pathname.includes('/wp-admin/');
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
  const { client, nonces } = clientFor(store, tabId, context, entry.nonce);
  try {
    // Screens without wpApiSettings (post lists, settings) give no nonce: fetch one.
    if (!entry.nonce) await nonces.refresh();
    const me = (
      await client.get('wp/v2/users/me', { schema: MeSchema, query: { context: 'edit' } })
    ).data;
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
    return { kind: 'ready', context, user, entity: await readEntity(client, context.entity) };
  } catch (error) {
    if (error instanceof CmsHttpError && error.kind === 'logged-out') {
      return {
        kind: 'signed-out',
        origin: context.origin,
        loginUrl: context.siteUrl + 'wp-login.php',
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

async function readEntity(client: WpRestClient, entity: { id: number; type: string } | undefined) {
  if (!entity) return undefined;
  const types = (
    await client.get('wp/v2/types', { schema: TypesSchema, query: { context: 'edit' } })
  ).data;
  const type = types[entity.type];
  if (!type) return undefined;
  const path = `${type.rest_namespace}/${type.rest_base}/${entity.id}`;
  const data = (await client.get(path, { schema: EntitySchema, query: { context: 'edit' } })).data;
  return {
    id: data.id,
    type: entity.type,
    typeLabel: type.labels?.singular_name ?? type.name,
    title: data.title?.raw ?? '',
    status: data.status,
  };
}

function safeUrl(url: string | undefined): URL | undefined {
  try {
    return url ? new URL(url) : undefined;
  } catch {
    return undefined;
  }
}
