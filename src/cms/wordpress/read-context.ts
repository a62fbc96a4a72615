import { z } from 'zod';
import {
  NonceSchema,
  PageContextSchema,
  type PageContext,
} from '../../shared/protocols/page-context';
import type { WpDomFacts } from './admin-detect';
import { wordpressScreen } from './screen';
import type { ContextReading } from '../adapter';

/**
 * What the MAIN-world reader sends: the admin page's globals, untouched. They come from
 * the page, so every field is checked here before anything is built from it.
 */
export const WpGlobalsSchema = z.object({
  wpApiSettings: z.object({ root: z.string(), nonce: z.string() }).optional(),
  pagenow: z.string(),
  typenow: z.string(),
  adminpage: z.string(),
  userSettingsUid: z.string().optional(),
  ajaxurl: z.string().optional(),
  /** The block editor's post: null id (and type) while the editor is setting it up. */
  editorPost: z.object({ id: z.number().nullable(), type: z.string().nullable() }).optional(),
  /** The MAIN reader waited for the editor to set up its post, in vain. */
  editorWaited: z.literal(true).optional(),
});
export type WpGlobals = z.infer<typeof WpGlobalsSchema>;

/**
 * `waitingForEditor`: a block editor still setting up its post. The context (with the post the
 * address and the page give) is sound; the panel waits for the editor before showing it.
 */
export type { ContextReading };

/**
 * Builds the page context from the page's globals and DOM, or says precisely why it
 * cannot be trusted (malformed globals, a REST root on another origin, a bad nonce).
 */
export function readWordPressContext(rawGlobals: unknown, dom: WpDomFacts): ContextReading {
  if (rawGlobals === null || rawGlobals === undefined) {
    return { ok: false, reason: 'the page did not expose its WordPress globals' };
  }
  const globals = WpGlobalsSchema.safeParse(rawGlobals);
  if (!globals.success) {
    const issue = globals.error.issues[0];
    return {
      ok: false,
      reason: `the page's WordPress globals are malformed (${issue?.path.join('.') || 'root'}: ${issue?.message})`,
    };
  }
  const g = globals.data;
  const page = new URL(dom.href);
  const adminIndex = page.pathname.indexOf('/wp-admin/');
  if (adminIndex < 0) return { ok: false, reason: 'the page is not under /wp-admin/' };
  const siteUrl = page.origin + page.pathname.slice(0, adminIndex + 1);
  const adminUrl = siteUrl + 'wp-admin/';
  const userId = Number(g.userSettingsUid);
  if (!Number.isInteger(userId) || userId <= 0) {
    return {
      ok: false,
      reason: 'the signed-in user could not be read from the page (userSettings.uid)',
    };
  }
  let nonce: string | undefined;
  if (g.wpApiSettings) {
    const checked = NonceSchema.safeParse(g.wpApiSettings.nonce);
    if (!checked.success) return { ok: false, reason: 'the REST nonce on the page is malformed' };
    nonce = checked.data;
  }
  const entity = readEntity(g, dom, page);
  if (typeof entity === 'string') return { ok: false, reason: entity };
  const editor = dom.bodyClasses.includes('block-editor-page')
    ? ('block' as const)
    : dom.hasClassicForm
      ? ('classic' as const)
      : ('none' as const);
  const candidate = {
    cms: 'wordpress' as const,
    origin: page.origin,
    siteUrl,
    adminUrl,
    // `?rest_route=` works whatever the permalink setting, so it is the safe fallback.
    restRoot: g.wpApiSettings
      ? resolve(g.wpApiSettings.root, page)
      : siteUrl + 'index.php?rest_route=/',
    tokenUrl: resolve(g.ajaxurl ?? adminUrl + 'admin-ajax.php', page),
    userId,
    screen: wordpressScreen(g, editor),
    entity,
    editor,
    ...versionOf(dom.bodyClasses),
  };
  const parsed = PageContextSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.code === 'custom' ? '' : `${issue?.path.join('.') || 'context'}: `;
    return { ok: false, reason: `${where}${issue?.message}` };
  }
  const waiting = candidate.editor === 'block' && g.editorPost?.id === null && !g.editorWaited;
  return { ok: true, context: parsed.data, nonce, ...(waiting ? { waitingForEditor: true } : {}) };
}

function resolve(url: string, page: URL): string {
  try {
    return new URL(url, page).href;
  } catch {
    return 'invalid:' + url;
  }
}

/**
 * The entity the screen is about: the editor's post once the editor has set it up, otherwise
 * the post the address (`post.php?post=N`) or the page (`#post_ID`) gives. A string says why
 * the facts contradict each other.
 */
function readEntity(g: WpGlobals, dom: WpDomFacts, page: URL): PageContext['entity'] | string {
  const isEditor = g.adminpage === 'post-php' || g.adminpage === 'post-new-php';
  const fromPage = isEditor ? Number(page.searchParams.get('post') ?? dom.postIdInput) : NaN;
  const pageId = Number.isInteger(fromPage) && fromPage > 0 ? fromPage : undefined;
  const editorId = g.editorPost?.id;
  if (typeof editorId === 'number' && editorId > 0) {
    if (pageId !== undefined && pageId !== editorId) {
      return `the editor holds post ${editorId}, but the page is for post ${pageId}`;
    }
    return { id: editorId, type: g.editorPost?.type || g.typenow || 'post' };
  }
  if (pageId === undefined) return undefined;
  return { id: pageId, type: g.editorPost?.type || g.typenow || 'post' };
}

/** WordPress's admin body class `version-6-5-5` says the version (`6.5.5`). */
function versionOf(classes: string[]): { wpVersion?: string } {
  for (const name of classes) {
    const match = /^version-(\d{1,3}(?:-\d{1,3}){1,2})$/.exec(name);
    if (match) return { wpVersion: match[1]!.replace(/-/g, '.') };
  }
  return {};
}
