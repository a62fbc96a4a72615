import { CmsHttpError } from '../http-error';
import { InputError } from '../../shared/errors';
import type { WpSession } from './session';
import { resolveType, type WpTypeInfo } from './post-types';
import { WpPostSchema, type WpPost } from './schemas/post';

/** An entity read with context=edit: the account may edit it (WordPress checked edit_post). */
export interface EditableEntity {
  type: WpTypeInfo;
  post: WpPost;
}

export type EntityRead = ({ ok: true } & EditableEntity) | { ok: false; reason: string };

/** The REST path of one entity of a type. */
export function entityPath(type: WpTypeInfo, id: number): string {
  return `wp/v2/${type.restBase}/${id}`;
}

/**
 * Resolves a type the post tools may write, or says why not (unknown type, a type whose
 * controller is not the posts controller, or one the account cannot edit at all).
 */
export async function writableType(
  session: WpSession,
  slug: string,
): Promise<({ ok: true } & { type: WpTypeInfo }) | { ok: false; reason: string }> {
  let type: WpTypeInfo;
  try {
    type = await resolveType(session, slug);
  } catch (error) {
    if (error instanceof InputError) return { ok: false, reason: error.message };
    throw error;
  }
  if (!type.postLike) {
    return { ok: false, reason: `These tools cannot write "${slug}" entities.` };
  }
  if (!type.caps) {
    return { ok: false, reason: `Your account cannot edit ${type.pluralLabel.toLowerCase()}.` };
  }
  return { ok: true, type };
}

/**
 * Reads an entity with context=edit, which WordPress answers only when the account has
 * `edit_post` for it: so this is both the read and the real capability check as the
 * acting user. Unknown ids and forbidden entities become refusals with a clear reason.
 */
export async function readForEdit(
  session: WpSession,
  typeSlug: string,
  id: number,
): Promise<EntityRead> {
  const resolved = await writableType(session, typeSlug);
  if (!resolved.ok) return resolved;
  const { type } = resolved;
  try {
    const { data: post } = await session.client.get(entityPath(type, id), {
      schema: WpPostSchema,
      query: { context: 'edit' },
    });
    return { ok: true, type, post };
  } catch (error) {
    const refusal = refusalFor(error, type, id);
    if (refusal) return refusal;
    throw error;
  }
}

function refusalFor(
  error: unknown,
  type: WpTypeInfo,
  id: number,
): { ok: false; reason: string } | undefined {
  if (!(error instanceof CmsHttpError)) return undefined;
  const label = type.label.toLowerCase();
  if (error.kind === 'not-found' || error.kind === 'gone') {
    return { ok: false, reason: `There is no ${label} with id ${id}.` };
  }
  if (error.kind === 'forbidden') {
    return { ok: false, reason: `Your account may not edit ${label} ${id}.` };
  }
  return undefined;
}

/** Like {@link readForEdit}, but a refusal is thrown as an input error (for execute/preview). */
export async function requireForEdit(
  session: WpSession,
  typeSlug: string,
  id: number,
): Promise<EditableEntity> {
  const read = await readForEdit(session, typeSlug, id);
  if (!read.ok) throw new InputError(read.reason);
  return { type: read.type, post: read.post };
}
