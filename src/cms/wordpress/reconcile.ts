import type { ReconcileHint, ReconcileResult, ToolContext } from '../../tools/tool';
import { InputError } from '../../shared/errors';
import { sessionOf } from './session';
import { entityPath, readForEdit } from './entity';
import { writeThroughEditors } from './editor/editor-write';
import { sameStored as same } from './editor/stored-compare';
import { metaOf, postField, POST_FIELD_KEYS } from './post-fields';
import type { PostValues } from './post-checks';
import { valuesOf } from './card-data';
import { writeResult } from './post-write';
import type { WpPost } from './schemas/post';

/**
 * Idempotency after a worker died mid-call: the run loop asks whether the call took
 * effect. These answer `ran: true` when the site shows the call's effect, `ran: false`
 * only when it certainly did not (an entry still there was not deleted), and throw when
 * they cannot tell, so the call is reported rather than run twice.
 */
const unsure = (what: string) =>
  new InputError(`Cannot tell whether ${what} ran: the entry does not show its effect.`);

/**
 * The entry is as it was when the person approved the call (its modified stamp matched
 * WordPress then, G13): a write that had landed would have changed it, so none did.
 */
function untouchedSince(post: WpPost, hint: ReconcileHint | undefined): boolean {
  const stamp = hint?.targetModified;
  return typeof stamp === 'string' && (post.modified_gmt ?? post.modified) === stamp;
}

/** A patch or replace ran when every value it sets is what the entry holds. */
export async function reconcileValues(
  ctx: ToolContext,
  input: { type: string; id: number } & PostValues,
  hint?: ReconcileHint,
): Promise<ReconcileResult> {
  const read = await readForEdit(sessionOf(ctx), input.type, input.id);
  if (!read.ok) throw new InputError(read.reason);
  const values = valuesOf(input) as Record<string, unknown>;
  const meta = metaOf(read.post);
  const holds =
    POST_FIELD_KEYS.every(
      (key) => values[key] === undefined || same(postField(key).read(read.post).raw, values[key]),
    ) && Object.entries(input.meta ?? {}).every(([key, value]) => same(meta[key], value));
  if (!holds) {
    if (untouchedSince(read.post, hint)) return { ran: false };
    throw unsure('the write');
  }
  // The write landed before the worker stopped; an open editor may not have been given it.
  await writeThroughEditors(sessionOf(ctx), entityPath(read.type, input.id), read.post, values);
  return {
    ran: true,
    result: writeResult('updated', read.post, ctx, { titleSet: input.title }),
  };
}

/** A status change (or a trash) ran when the entry has that status now. */
export async function reconcileStatus(
  ctx: ToolContext,
  input: { type: string; id: number },
  status: string,
  hint?: ReconcileHint,
): Promise<ReconcileResult> {
  const read = await readForEdit(sessionOf(ctx), input.type, input.id);
  if (!read.ok) throw new InputError(read.reason);
  if (read.post.status !== status) {
    if (untouchedSince(read.post, hint)) return { ran: false };
    throw unsure(`setting ${status}`);
  }
  return { ran: true, result: writeResult('statusSet', read.post, ctx, { wanted: status }) };
}

/** A permanent delete ran when the entry is gone, and certainly did not while it exists. */
export async function reconcileDelete(
  ctx: ToolContext,
  input: { type: string; id: number },
): Promise<ReconcileResult> {
  const read = await readForEdit(sessionOf(ctx), input.type, input.id);
  if (read.ok) return { ran: false };
  if (!read.reason.startsWith('There is no ')) throw new InputError(read.reason);
  return {
    ran: true,
    result: {
      summary: `Deleted ${input.type} ${input.id} permanently (the site confirms it is gone).`,
      data: { type: input.type, id: input.id, deleted: true },
    },
  };
}
