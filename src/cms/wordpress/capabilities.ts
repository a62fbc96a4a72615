import type { ActingUser } from '../../tools/tool';
import type { WpSession } from './session';
import { WpLinksOnlyListSchema, WpMeSchema } from './schemas/user';
import { languageOfWpLocale } from './locale';

const UNFILTERED_HTML_LINK = 'wp:action-unfiltered-html';

/**
 * The signed-in person's roles, capabilities and language (`users/me?context=edit`), cached
 * per session. `unfiltered_html` is corrected: on multisite `users/me` reports it for editors
 * and site admins whom kses filters anyway, so it is kept only when WordPress also offers
 * the `wp:action-unfiltered-html` link on a post the person can edit.
 */
export function loadCapabilities(session: WpSession): Promise<ActingUser> {
  return session.cached('capabilities', async () => {
    const { data: me } = await session.client.get('wp/v2/users/me', {
      schema: WpMeSchema,
      query: { context: 'edit' },
    });
    const capabilities: Record<string, boolean> = {};
    for (const [cap, granted] of Object.entries(me.capabilities)) {
      if (granted) capabilities[cap] = true;
    }
    if (capabilities['unfiltered_html'] && !(await confirmsUnfilteredHtml(session))) {
      delete capabilities['unfiltered_html'];
    }
    const language = me.locale === undefined ? undefined : languageOfWpLocale(me.locale);
    return { id: me.id, name: me.name, roles: me.roles, capabilities, ...language };
  });
}

/**
 * Asks WordPress whether `current_user_can('unfiltered_html')` holds, through the action
 * link it adds to posts in context=edit. With no post to look at, the answer is "no":
 * failing closed means a refusal (G10) rather than silent stripping.
 */
async function confirmsUnfilteredHtml(session: WpSession): Promise<boolean> {
  for (const restBase of ['posts', 'pages']) {
    try {
      const { data } = await session.client.get(`wp/v2/${restBase}`, {
        schema: WpLinksOnlyListSchema,
        query: { context: 'edit', per_page: 1, status: 'any', _fields: 'id,_links' },
      });
      const first = data[0];
      if (first) return Boolean(first._links?.[UNFILTERED_HTML_LINK]);
    } catch {
      // This account cannot list that type in context=edit; try the next one.
    }
  }
  return false;
}

/** Whether WordPress lets this account save markup unfiltered (G10). */
export async function hasUnfilteredHtml(session: WpSession): Promise<boolean> {
  const user = await loadCapabilities(session);
  return user.capabilities['unfiltered_html'] === true;
}
