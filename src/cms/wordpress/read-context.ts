import { z } from 'zod';
import { NonceSchema, PageContextSchema, type PageContext } from '../../shared/page-context';
import type { WpDomFacts } from './admin-detect';

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
  editorPost: z.object({ id: z.number(), type: z.string() }).optional(),
});
export type WpGlobals = z.infer<typeof WpGlobalsSchema>;

export type ContextReading =
  { ok: true; context: PageContext; nonce?: string } | { ok: false; reason: string };

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
  const candidate = {
    cms: 'wordpress' as const,
    origin: page.origin,
    siteUrl,
    adminUrl,
    // `?rest_route=` works whatever the permalink setting, so it is the safe fallback.
    restRoot: g.wpApiSettings
      ? resolve(g.wpApiSettings.root, page)
      : siteUrl + 'index.php?rest_route=/',
    adminAjaxUrl: resolve(g.ajaxurl ?? adminUrl + 'admin-ajax.php', page),
    userId,
    screen: { pagenow: g.pagenow, typenow: g.typenow, adminpage: g.adminpage },
    entity: readEntity(g, dom, page),
    editor: dom.bodyClasses.includes('block-editor-page')
      ? ('block' as const)
      : dom.hasClassicForm
        ? ('classic' as const)
        : ('none' as const),
  };
  const parsed = PageContextSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.code === 'custom' ? '' : `${issue?.path.join('.') || 'context'}: `;
    return { ok: false, reason: `${where}${issue?.message}` };
  }
  return { ok: true, context: parsed.data, nonce };
}

function resolve(url: string, page: URL): string {
  try {
    return new URL(url, page).href;
  } catch {
    return 'invalid:' + url;
  }
}

function readEntity(g: WpGlobals, dom: WpDomFacts, page: URL): PageContext['entity'] {
  if (g.editorPost && g.editorPost.id > 0) return { id: g.editorPost.id, type: g.editorPost.type };
  const isEditor = g.adminpage === 'post-php' || g.adminpage === 'post-new-php';
  if (!isEditor) return undefined;
  const id = Number(page.searchParams.get('post') ?? dom.postIdInput);
  if (!Number.isInteger(id) || id <= 0) return undefined;
  return { id, type: g.typenow || 'post' };
}
