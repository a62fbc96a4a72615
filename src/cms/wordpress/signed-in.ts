import { z } from 'zod';
import type { SessionOptions, SignedIn } from '../adapter';
import { AdminAjaxNonce } from './nonce';
import { WpRestClient } from './rest-client';
import { WpTypeMapSchema } from './schemas/type';
import { WpMeSchema } from './schemas/user';

const EntitySchema = z.object({
  id: z.number(),
  status: z.string(),
  title: z.object({ raw: z.string() }).optional(),
});

/**
 * Who is signed in on a tab's site (`users/me`), asked with the person's own cookies, and
 * the entry the page shows (its type label, title and status). A refreshed nonce goes to
 * `onNonce`; the REST client throws `CmsHttpError` `logged-out` when nobody is signed in.
 */
export async function readSignedIn(options: SessionOptions): Promise<SignedIn> {
  const { page } = options;
  const nonce = new AdminAjaxNonce(page.tokenUrl, options.nonce, options.fetch, options.onNonce);
  // Screens without wpApiSettings (post lists, settings) give no nonce: fetch one.
  if (!options.nonce) await nonce.refresh();
  const client = new WpRestClient({ restRoot: page.restRoot, nonce, fetch: options.fetch });
  const edit = { context: 'edit' };
  const me = (await client.get('wp/v2/users/me', { schema: WpMeSchema, query: edit })).data;
  const user = { id: me.id, name: me.name, roles: me.roles };
  if (!page.entity || me.id !== page.userId) return { user };
  const types = (await client.get('wp/v2/types', { schema: WpTypeMapSchema, query: edit })).data;
  const type = types[page.entity.type];
  if (!type) return { user };
  const path = `${type.rest_namespace ?? 'wp/v2'}/${type.rest_base}/${page.entity.id}`;
  const data = (await client.get(path, { schema: EntitySchema, query: edit })).data;
  return {
    user,
    entity: {
      id: data.id,
      type: page.entity.type,
      typeLabel: type.labels?.singular_name ?? type.name,
      title: data.title?.raw ?? '',
      status: data.status,
    },
  };
}
