import type { CmsAdapter, SessionOptions } from '../adapter';
import { WpRestClient } from './rest-client';
import { AdminAjaxNonce, WP_NONCE } from './nonce';
import { sessionOf, WpSession } from './session';
import { loadCapabilities } from './capabilities';
import { describeMedia } from './media-summary';
import { publishCallFor, undoCallFor } from './person-calls';
import { visibilityOf } from './visibility';
import { editorNotice } from './editor/editor-notice';
import { WORDPRESS_TOOLS } from './tools';
import { wordpressCommands } from './commands';
import { readWordPressContext } from './read-context';
import { readSignedIn } from './signed-in';
import { discoverAbilities } from './abilities/discover';
import { discoverPageAbilities } from './abilities/page-abilities';
import { abilityTools } from './abilities/ability-tool';
import { ABILITY_TOOL_PREFIXES } from './abilities/names';

/** Opens a WordPress session from a validated page context (cookies + nonce, in memory only). */
export function openWpSession(options: SessionOptions): WpSession {
  const { page } = options;
  const nonce = new AdminAjaxNonce(page.tokenUrl, options.nonce, options.fetch, options.onNonce);
  const client = new WpRestClient({ restRoot: page.restRoot, nonce, fetch: options.fetch });
  return new WpSession({
    client,
    adminUrl: page.adminUrl,
    navigate: options.navigate,
    tabs: options.tabs,
    tabId: options.tabId,
    origin: page.origin,
    userId: page.userId,
    wpVersion: page.wpVersion,
  });
}

/** URLs only: a client that never sends a request needs no nonce. */
const NO_NONCE = {
  ...WP_NONCE,
  current: () => undefined,
  refresh: () => Promise.reject(new Error('unused')),
};

/** The WordPress adapter behind the CmsAdapter interface. */
export const wordpressAdapter: CmsAdapter = {
  id: 'wordpress',
  label: 'WordPress',
  pageReaders: {
    scripts: [
      { id: 'wp-admin-globals', js: ['content-scripts/wp-admin-globals.js'], world: 'MAIN' },
      { id: 'wp-admin', js: ['content-scripts/wp-admin.js'], world: 'ISOLATED' },
    ],
    // Admin pages only: `http://example.org/*` → `http://example.org/*wp-admin/*`.
    matchesFor: (originPattern) => originPattern.replace(/\/\*$/, '/*wp-admin/*'),
  },
  looksLikeAdmin: (url) => url.pathname.includes('/wp-admin/'),
  readPageContext: (report) =>
    readWordPressContext(report.globals, { ...report.dom, href: report.href }),
  signedIn: readSignedIn,
  loginUrl: (context) => context.siteUrl + 'wp-login.php',
  // Either form of the REST root (`…/wp-json/`, `…/index.php?rest_route=/`) names its site.
  siteOfRoot: (restRoot) =>
    restRoot.replace(/^https?:\/\//, '').replace(/(wp-json\/?|index\.php\?rest_route=\/?)$/, ''),
  // The Countersign plugin: the audit mirror, the site's rules, second approvers, its AI connection.
  companion: {
    restUrl: (restRoot, path, query) =>
      new WpRestClient({ restRoot, nonce: NO_NONCE }).url(path, query),
    nonceSource: (tokenUrl, nonce, onNonce) =>
      new AdminAjaxNonce(tokenUrl, nonce, undefined, onNonce),
  },
  openSession: openWpSession,
  tools: () => [...WORDPRESS_TOOLS],
  commands: wordpressCommands,
  siteToolPrefixes: ABILITY_TOOL_PREFIXES,
  // Issue 34: the site's abilities (REST), then those the session's admin page registered.
  siteTools: async (session) => {
    const wp = sessionOf({ cms: session });
    const [site, page] = await Promise.all([discoverAbilities(wp), discoverPageAbilities(wp)]);
    return abilityTools({
      abilities: [...site.abilities, ...page.abilities],
      categories: [...site.categories, ...page.categories],
    });
  },
  capabilities: (session) => loadCapabilities(sessionOf({ cms: session })),
  visibility: visibilityOf,
  editorNotice,
  async describeMediaArgs(ctx, tool, input) {
    const out: Record<string, Awaited<ReturnType<typeof describeMedia>>> = {};
    const record = (input ?? {}) as Record<string, unknown>;
    for (const key of tool.mediaFields ?? []) {
      const value = record[key];
      const ids = (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'number');
      if (ids.length > 0) out[key] = await describeMedia(sessionOf(ctx), ids);
    }
    return out;
  },
  publishCall: publishCallFor,
  undoCall: undoCallFor,
};
