import { CmsHttpError } from '../http-error';
import type { WpSession } from './session';
import { entityPath } from './entity';
import { resolveType, type WpTypeInfo } from './post-types';
import { WpPostSchema, type WpPost } from './schemas/post';
import { InputError } from '../../shared/errors';

/** An entity as the account may read it: raw values when it may edit it, rendered otherwise. */
export interface ReadableEntity {
  type: WpTypeInfo;
  post: WpPost;
  editable: boolean;
}

/**
 * Reads an entity for viewing: context=edit when the account may edit it (raw values),
 * else the view context, which WordPress answers only when the account may read it (a
 * published post, or a private one with `read_private_posts`). Refusals are input errors
 * with a clear reason.
 */
export async function readForView(
  session: WpSession,
  typeSlug: string,
  id: number,
): Promise<ReadableEntity> {
  const type = await resolveType(session, typeSlug);
  const label = type.label.toLowerCase();
  for (const context of type.caps ? (['edit', 'view'] as const) : (['view'] as const)) {
    try {
      const { data: post } = await session.client.get(entityPath(type, id), {
        schema: WpPostSchema,
        query: { context },
      });
      return { type, post, editable: context === 'edit' };
    } catch (error) {
      if (!(error instanceof CmsHttpError)) throw error;
      if (error.kind === 'not-found' || error.kind === 'gone') {
        throw new InputError(`There is no ${label} with id ${id}.`, { cause: error });
      }
      if (error.kind !== 'forbidden') throw error;
      if (context === 'view') {
        throw new InputError(`Your account may not read ${label} ${id}.`, { cause: error });
      }
    }
  }
  throw new InputError(`Your account may not read ${label} ${id}.`);
}
