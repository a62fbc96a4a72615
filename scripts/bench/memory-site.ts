import { WpRestClient } from '../../src/cms/wordpress/rest-client';
import { AdminAjaxNonce } from '../../src/cms/wordpress/nonce';
import { WpSession } from '../../src/cms/wordpress/session';
import { articleContent, rendered } from './article';
import types from './fixtures/types.json';
import typesEdit from './fixtures/types-edit.json';
import usersMe from './fixtures/users-me-edit.json';
import postsLinks from './fixtures/posts-links.json';
import draft from './fixtures/post-draft-edit.json';
import categories from './fixtures/categories.json';
import tags from './fixtures/tags.json';

/** A REST answer recorded from the test stack (scripts/bench/record-fixtures.mjs). */
interface Recorded {
  route: string;
  site: string;
  body: unknown;
}

/** The seeded draft the bench edits, and the site its answers were recorded from. */
export const DRAFT_ID = draft.body.id;
export const SITE = draft.site;

/**
 * The seeded draft holds one short paragraph; the bench's draft holds the "before" article
 * (about 4 KB raw, plus its rendered form), so reading it costs what reading a real
 * article costs. Every other field is as WordPress sent it.
 */
function draftWithArticle(): Recorded {
  const raw = articleContent(false);
  const body = { ...draft.body, content: { ...draft.body.content, raw, rendered: rendered(raw) } };
  return { ...draft, body };
}

/** Route key independent of query order: `wp/v2/posts/7?context=edit`. */
function routeKey(url: URL, restRoot: URL): string {
  const params = [...url.searchParams].sort(([a], [b]) => a.localeCompare(b));
  const query = new URLSearchParams(params).toString();
  const path = url.pathname.slice(restRoot.pathname.length);
  return query ? `${path}?${query}` : path;
}

/** What the stubbed network answered: how many requests, and any it could not answer. */
export interface MemoryTraffic {
  requests: number;
  /** Of `requests`, the REST GETs. */
  gets: number;
  /** Of `requests`, the heartbeats (admin-ajax.php: who else edits the entry, a read). */
  heartbeats: number;
  misses: string[];
}

/**
 * A `fetch` that answers the recorded WordPress bodies from memory: the REST client still
 * builds the URL, headers and timeout signal, reads the body as text, parses the JSON and
 * validates it with the adapter's zod schema, exactly as with a real answer. Only the
 * network round trip is gone. A request for anything not recorded is a 404 and is listed
 * in `misses`, so the bench can refuse to report figures for a path it did not model.
 */
export function memoryFetch(restRoot: string, traffic: MemoryTraffic): typeof fetch {
  const root = new URL(restRoot);
  const answers = new Map<string, string>();
  const recorded: Recorded[] = [
    types,
    typesEdit,
    usersMe,
    postsLinks,
    draftWithArticle(),
    categories,
    tags,
  ];
  for (const answer of recorded) {
    answers.set(routeKey(new URL(answer.route, root), root), JSON.stringify(answer.body));
  }
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    traffic.requests += 1;
    const method = (
      input instanceof Request ? input.method : (init?.method ?? 'GET')
    ).toUpperCase();
    // The heartbeat (admin-ajax.php, a POST) only asks who holds the post lock: a read.
    if (url.pathname.endsWith('/wp-admin/admin-ajax.php')) {
      traffic.heartbeats += 1;
      return json(HEARTBEAT);
    }
    if (method === 'GET') traffic.gets += 1;
    const body = answers.get(routeKey(url, root));
    if (body === undefined) {
      traffic.misses.push(url.href);
      return new Response('{"code":"rest_no_route"}', { status: 404 });
    }
    return json(body);
  };
}

/** What WordPress's heartbeat answers when nobody else holds the lock: its nonce only. */
const HEARTBEAT = JSON.stringify({ heartbeat_nonce: '0123456789', 'wp-check-locked-posts': {} });

function json(body: string): Response {
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=UTF-8' },
  });
}

/**
 * The admin's WordPress session, wired as `openWpSession` wires it (nonce source, REST
 * client, session caches), with the memory fetch in place of the network.
 */
export function memorySession(traffic: MemoryTraffic): WpSession {
  const restRoot = `${SITE}/wp-json/`;
  const fetchImpl = memoryFetch(restRoot, traffic);
  const nonce = new AdminAjaxNonce(`${SITE}/wp-admin/admin-ajax.php`, '0123456789', fetchImpl);
  const client = new WpRestClient({ restRoot, nonce, fetch: fetchImpl });
  return new WpSession({ client, adminUrl: `${SITE}/wp-admin/` });
}
