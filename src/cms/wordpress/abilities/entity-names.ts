import { z } from 'zod';
import { logger } from '../../../shared/log';
import { plainTitle } from '../card-data';
import { describeMedia } from '../media-summary';
import type { WpSession } from '../session';
import type { NamedEntityKind } from './card';

const log = logger('ability-names');

/** At most this many arguments of one card are looked up (each is one or two reads). */
export const MAX_NAMED = 10;

const Titled = z.object({ id: z.number(), title: z.object({ rendered: z.string() }) });
const Named = z.object({ id: z.number(), name: z.string() });
const Commented = z.object({ id: z.number(), author_name: z.string() });

/** Where each kind is read, in order: the first route that answers names it. */
const ROUTES: Record<Exclude<NamedEntityKind, 'media'>, { path: string; name: NameOf }[]> = {
  post: [
    { path: 'wp/v2/posts', name: titled },
    { path: 'wp/v2/pages', name: titled },
  ],
  term: [
    { path: 'wp/v2/categories', name: named },
    { path: 'wp/v2/tags', name: named },
  ],
  user: [{ path: 'wp/v2/users', name: named }],
  comment: [{ path: 'wp/v2/comments', name: commented }],
};

type NameOf = (session: WpSession, path: string) => Promise<string>;

async function titled(session: WpSession, path: string): Promise<string> {
  const { data } = await session.client.get(path, {
    schema: Titled,
    query: { _fields: 'id,title' },
  });
  return plainTitle(data.title.rendered);
}

async function named(session: WpSession, path: string): Promise<string> {
  const { data } = await session.client.get(path, { schema: Named, query: { _fields: 'id,name' } });
  return data.name.trim();
}

async function commented(session: WpSession, path: string): Promise<string> {
  const { data } = await session.client.get(path, {
    schema: Commented,
    query: { _fields: 'id,author_name' },
  });
  return data.author_name.trim();
}

/**
 * C3 for a site's ability: the name of the post, page, term, user, media item or comment an
 * argument names by id, read with the person's own session, so a card shows only what the
 * person could see in the admin. An id that no route answers (missing, not theirs to read,
 * or of a type looked up nowhere here) has no name: the card says so, and the call itself is
 * unchanged (the site decides when it runs). Never throws.
 */
export async function entityName(
  session: WpSession,
  kind: NamedEntityKind,
  id: number,
): Promise<string | undefined> {
  try {
    if (kind === 'media') return (await describeMedia(session, [id]))[0]?.title;
    for (const route of ROUTES[kind]) {
      const name = await route.name(session, `${route.path}/${id}`).catch(() => undefined);
      if (name) return name;
    }
  } catch (error) {
    log.info(`The ${kind} ${id} an ability's argument names could not be read.`, error);
  }
  return undefined;
}
