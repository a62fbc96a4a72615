import type { ClaudeConnection } from '../agent/claude/client';
import type { CmsAdapter, NonceSource } from '../cms/adapter';
import type { SiteSession } from './sessions';
import { CountersignError } from '../shared/errors';
import { t } from '../i18n';

/** Where the companion plugin answers as Anthropic's Messages API, under the site's REST root. */
export const SITE_MODEL_ROUTE = 'countersign/v1/model';

/**
 * The path the SDK is given as its base on the site's origin. The SDK only ever appends
 * `/v1/messages` to it; {@link siteModelFetch} turns that into the plugin's REST route, so
 * plain permalinks (`?rest_route=`) work as well as pretty ones.
 */
const BASE_PATH = '/countersign-site-model';

/**
 * The connection to the AI connection of the site a thread works on (WordPress 7
 * Connectors, through the companion plugin): no key in the browser at all, the person's
 * cookies and REST nonce instead; the site adds its own key on its side and never sends it
 * back. The SDK streams, retries and reports errors exactly as with a key of one's own.
 */
export function siteModelConnection(
  adapter: Pick<CmsAdapter, 'label' | 'companion'>,
  site: Pick<SiteSession, 'context'>,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): ClaudeConnection {
  const companion = adapter.companion;
  // A CMS without a companion server has no AI connection to lend: said, never guessed at.
  if (!companion)
    throw new CountersignError(
      'no-companion',
      t('worker.model.noCompanion', { cms: adapter.label }),
    );
  const nonce = companion.nonceSource(site.context.tokenUrl);
  return {
    apiKey: null,
    apiBaseUrl: `${site.context.origin}${BASE_PATH}`,
    fetch: siteModelFetch(
      (path, query) =>
        companion.restUrl(site.context.restRoot, `${SITE_MODEL_ROUTE}${path}`, query),
      nonce,
      fetchImpl,
    ),
  };
}

/**
 * The fetch the SDK uses for the site: only `/v1/messages` under the base path leaves the
 * worker, to the plugin's route, with `credentials: 'include'` and the request token; any
 * credential header is dropped (there is none to send: the site holds the key). A token
 * the site refused as expired is fetched again once, as the REST client does.
 */
export function siteModelFetch(
  routeUrl: (path: string, query: Record<string, string>) => URL,
  nonce: NonceSource,
  fetchImpl: typeof fetch,
): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const path = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) : '';
    if (path !== '/v1/messages') {
      throw new TypeError(
        `The site's AI connection answers /v1/messages only, not ${url.pathname}.`,
      );
    }
    const target = routeUrl(path, Object.fromEntries(url.searchParams));
    const send = async (): Promise<Response> => {
      if (!nonce.current()) await nonce.refresh();
      const headers = new Headers(init?.headers);
      headers.delete('authorization');
      headers.delete('x-api-key');
      headers.set(nonce.header, nonce.current() ?? '');
      return fetchImpl(target, { ...init, headers, credentials: 'include' });
    };
    const response = await send();
    if (!(await nonce.expired(response))) return response;
    await nonce.refresh();
    return send();
  };
}
