import { AdminAjaxNonce } from '../../../../src/cms/wordpress/nonce';
import { WpRestClient } from '../../../../src/cms/wordpress/rest-client';
import { WpSession } from '../../../../src/cms/wordpress/session';
import type { ActingUser } from '../../../../src/tools/tool';
import types from '../../../../scripts/bench/fixtures/types.json';
import typesEdit from '../../../../scripts/bench/fixtures/types-edit.json';
import draft from '../../../../scripts/bench/fixtures/post-draft-edit.json';
import usersMe from '../../../../scripts/bench/fixtures/users-me-edit.json';

const SITE = 'https://site.test';
const REST_ROOT = `${SITE}/wp-json/`;

/** The recorded site's administrator, renumbered to the tests' thread owner (user 7). */
const me = { ...usersMe.body, id: 7 };

/** That administrator as `loadCapabilities` gives them. */
export const WP_ADMIN: ActingUser = {
  id: me.id,
  name: me.name,
  roles: me.roles,
  capabilities: me.capabilities,
};

/**
 * WordPress as the real adapter's REST client meets it, in memory: the post types and one
 * post as the test stack answered them (scripts/bench/fixtures), the post owned by
 * {@link WP_ADMIN}. The post lives here, so a test can change it "elsewhere" between
 * calls; `reads` counts the GETs of each route (`wp/v2/posts/7`), `writes` the POSTs.
 */
export class RecordedSite {
  readonly postId = draft.body.id;
  post: Record<string, unknown> = { ...draft.body, author: WP_ADMIN.id };
  readonly reads = new Map<string, number>();
  readonly writes: Record<string, unknown>[] = [];
  /** Every route asked, in the order the requests went out. */
  readonly asked: string[] = [];
  /** The term ids the site has; `wp/v2/<base>?include=` answers those it asks for. */
  readonly terms: Record<'categories' | 'tags', number[]> = { categories: [1], tags: [] };
  /** A route answered with this status instead (a failing read). */
  readonly failing = new Map<string, number>();
  /** While set, a GET of the post is answered only once it resolves (a slow read). */
  postHeld: Promise<void> | undefined;
  private tick = 0;

  /** Someone else changes the post on the site: its fields, and its modified stamp. */
  editElsewhere(fields: Record<string, unknown>): void {
    this.tick += 1;
    const modified = `2026-12-01T10:00:${String(this.tick).padStart(2, '0')}`;
    this.post = { ...this.post, ...fields, modified, modified_gmt: modified };
  }

  /** How many times the post was read. */
  postReads(): number {
    return this.reads.get(`wp/v2/posts/${this.postId}`) ?? 0;
  }

  /** The person's session on this site, wired as `openWpSession` wires it. */
  session(): WpSession {
    const fetchImpl: typeof fetch = (input, init) => this.answer(new URL(String(input)), init);
    const nonce = new AdminAjaxNonce(`${SITE}/wp-admin/admin-ajax.php`, 'nonce', fetchImpl);
    const client = new WpRestClient({ restRoot: REST_ROOT, nonce, fetch: fetchImpl });
    return new WpSession({ client, adminUrl: `${SITE}/wp-admin/` });
  }

  private async answer(url: URL, init: RequestInit | undefined): Promise<Response> {
    const route = url.pathname.slice(new URL(REST_ROOT).pathname.length);
    const method = init?.method ?? 'GET';
    this.asked.push(route);
    if (method === 'GET') this.reads.set(route, (this.reads.get(route) ?? 0) + 1);
    const failure = this.failing.get(route);
    if (failure) return json({ code: 'rest_error', message: 'Broken.' }, failure);
    if (route === 'wp/v2/types') {
      return json(url.searchParams.get('context') === 'edit' ? typesEdit.body : types.body);
    }
    if (route === 'wp/v2/users/me') return json(me);
    if (route === 'wp/v2/categories' || route === 'wp/v2/tags') {
      const asked = (url.searchParams.get('include') ?? '').split(',').map(Number);
      return json(
        this.terms[route.slice(6) as 'categories' | 'tags']
          .filter((id) => asked.includes(id))
          .map((id) => ({ id })),
      );
    }
    if (route === `wp/v2/posts/${this.postId}` && method === 'GET') await this.postHeld;
    if (route !== `wp/v2/posts/${this.postId}`) return json({ code: 'rest_no_route' }, 404);
    if (method === 'POST') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      this.writes.push(body);
      const { title, ...rest } = body;
      this.editElsewhere({
        ...rest,
        ...(typeof title === 'string' ? { title: { raw: title, rendered: title } } : {}),
      });
    }
    return json(this.post);
  }
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8' },
  });
}
