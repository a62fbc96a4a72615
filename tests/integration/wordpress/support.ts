// Drives the WordPress adapter against the real test stack as a given user: logs in like a
// browser, builds the adapter's WpSession on top of the test session's cookies and nonce,
// and runs a tool through the same steps the run loop does (validate, access, G9/G10,
// execute). Read-backs go through an administrator's plain REST session.
import { inject } from 'vitest';
import type { WpSeed, WpUserKey } from '../../support/wp-env';
import { login, type WpSession as HttpSession } from '../../support/wp-session';
import { WP_NONCE } from '../../../src/cms/wordpress/nonce';
import { WpRestClient } from '../../../src/cms/wordpress/rest-client';
import { WpSession } from '../../../src/cms/wordpress/session';
import { loadCapabilities } from '../../../src/cms/wordpress/capabilities';
import { WORDPRESS_TOOLS } from '../../../src/cms/wordpress/tools';
import type { AnyTool, ToolContext, ToolResult } from '../../../src/tools/tool';
import { toWireError } from '../../../src/shared/errors';
import { readTarget } from '../../../src/tools/gate-pass';

export const seed: WpSeed = inject('wpSeed');

/** One signed-in user: the adapter's context and a raw REST session for the same cookies. */
export interface Actor {
  key: WpUserKey;
  ctx: ToolContext;
  session: WpSession;
  http: HttpSession;
  navigated: string[];
}

const actors = new Map<WpUserKey, Promise<Actor>>();

/** Logs in once per user per test file. */
export function as(key: WpUserKey): Promise<Actor> {
  let actor = actors.get(key);
  if (!actor) {
    actor = signIn(key);
    actors.set(key, actor);
  }
  return actor;
}

async function signIn(key: WpUserKey): Promise<Actor> {
  const user = seed.users[key];
  const http = await login(seed.origins.primary.url, user.login, user.password);
  const navigated: string[] = [];
  const client = new WpRestClient({
    restRoot: seed.origins.primary.restRoot,
    nonce: { ...WP_NONCE, current: () => http.nonce, refresh: () => http.refreshNonce() },
    fetch: (input, init) => http.fetch(String(input instanceof Request ? input.url : input), init),
  });
  const session = new WpSession({
    client,
    adminUrl: seed.origins.primary.adminUrl,
    navigate: async (url) => void navigated.push(url),
  });
  const ctx: ToolContext = {
    user: await loadCapabilities(session),
    threadId: `thread-${key}`,
    cms: session,
  };
  return { key, ctx, session, http, navigated };
}

/** The tool with this name. */
export function tool(name: string): AnyTool {
  const found = WORDPRESS_TOOLS.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

export type Outcome =
  | { stage: 'invalid'; message: string }
  | { stage: 'refused'; message: string }
  | { stage: 'guard'; message: string; fields: string[] }
  | { stage: 'failed'; message: string; code: string }
  | { stage: 'done'; result: ToolResult };

/**
 * Runs a tool as the run loop's approve pass does: schema, one read of the target, then
 * access(), G9 and G10 on that read, and execute() with it (the write reads nothing again).
 */
export async function run(actor: Actor, name: string, raw: unknown): Promise<Outcome> {
  const t = tool(name);
  const parsed = t.input.safeParse(raw);
  if (!parsed.success) return { stage: 'invalid', message: parsed.error.message };
  const target = await readTarget(t, actor.ctx, parsed.data);
  const access = await t.access(actor.ctx, parsed.data, target);
  if (!access.ok) return { stage: 'refused', message: access.reason };
  const guard = (await t.guard?.(actor.ctx, parsed.data, target)) ?? { ok: true };
  if (!guard.ok) return { stage: 'guard', message: guard.message, fields: guard.fields };
  try {
    return { stage: 'done', result: await t.execute(actor.ctx, parsed.data, target) };
  } catch (error) {
    const wire = toWireError(error);
    return { stage: 'failed', message: wire.message, code: wire.code };
  }
}

/** Like {@link run}, but the call must run; returns its result. */
export async function runOk(actor: Actor, name: string, raw: unknown): Promise<ToolResult> {
  const outcome = await run(actor, name, raw);
  if (outcome.stage !== 'done') throw new Error(`${name} did not run: ${JSON.stringify(outcome)}`);
  return outcome.result;
}

/** A stored post as an administrator reads it (context=edit: raw values). */
export interface StoredPost {
  id: number;
  status: string;
  author: number;
  slug: string;
  modified_gmt: string;
  title: { raw: string };
  content: { raw: string };
  excerpt: { raw: string };
  categories: number[];
  tags: number[];
  featured_media: number;
}

/** Reads what the site holds now, as admin, whatever the actor could see. */
export async function stored(id: number, base = 'posts'): Promise<StoredPost> {
  const admin = await as('admin');
  const response = await admin.http.rest<StoredPost>('GET', `/wp/v2/${base}/${id}?context=edit`);
  if (response.status !== 200) throw new Error(`GET ${base}/${id}: HTTP ${response.status}`);
  return response.body;
}

/** Creates a post for one test through plain REST, as `owner` (so tests never share writes). */
export async function makePost(
  owner: WpUserKey,
  fields: Record<string, unknown> = {},
  base = 'posts',
): Promise<StoredPost> {
  const actor = await as(owner);
  const body = {
    title: `Test ${Math.random().toString(36).slice(2, 8)}`,
    status: 'draft',
    ...fields,
  };
  const response = await actor.http.rest<StoredPost>('POST', `/wp/v2/${base}?context=edit`, body);
  if (response.status !== 201)
    throw new Error(`create as ${owner}: ${response.text.slice(0, 300)}`);
  return response.body;
}
