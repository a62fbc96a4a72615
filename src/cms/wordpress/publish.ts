import type { DraftStamp, EntityRef, PublishResult } from '../adapter';
import type { AccessResult, ToolContext } from '../../tools/tool';
import { InputError } from '../../shared/errors';
import { sessionOf } from './session';
import { entityPath, readForEdit } from './entity';
import { isDraftStatus } from './draft';
import { mayPublish } from './post-access';
import { checkFormats } from './formats/check-formats';
import { ENTITY_FORMATS, savePost, writeResult } from './post-write';
import { draftChange, draftStamp } from './draft-stamp';

/** U2: the tool id a publish from a result card is recorded under. */
export const PUBLISH_TOOL_ID = 'countersign:publish';

/**
 * U1: whether the account may publish this draft: WordPress lets it edit the entry, the
 * entry is a draft or pending, the account holds the type's publish capability, and saving
 * would not strip markup (G10: publishing saves the entry again).
 */
export async function mayPublishDraft(ctx: ToolContext, ref: EntityRef): Promise<AccessResult> {
  const read = await readForEdit(sessionOf(ctx), ref.type, ref.id);
  if (!read.ok) return read;
  if (!isDraftStatus(read.post.status)) {
    return {
      ok: false,
      reason: `${read.type.label} ${ref.id} is ${read.post.status}, not a draft.`,
    };
  }
  const allowed = mayPublish(ctx.user, read.type);
  if (!allowed.ok) return allowed;
  const formats = await checkFormats(ctx, { name: PUBLISH_TOOL_ID, ...ENTITY_FORMATS }, ref);
  return formats.ok ? { ok: true } : { ok: false, reason: formats.message };
}

/**
 * U2: publishes a draft as the signed-in account (never as the model: this runs from a
 * person's click on a result card). The caller records the outcome as a tool call with
 * tool id `countersign:publish`, naming the thread. U1, C5: the draft is published only
 * when it is unchanged since the stamp the card was built with; otherwise nothing is
 * published and the draft's state now comes back with what changed. (WordPress has no
 * conditional save: an edit in the moment between this read and the save is not caught.)
 */
export async function publishDraft(
  ctx: ToolContext,
  ref: EntityRef,
  reviewed?: DraftStamp,
): Promise<PublishResult> {
  const allowed = await mayPublishDraft(ctx, ref);
  if (!allowed.ok) throw new InputError(allowed.reason);
  const session = sessionOf(ctx);
  const read = await readForEdit(session, ref.type, ref.id);
  if (!read.ok) throw new InputError(read.reason);
  const now = draftStamp(read.post);
  const changed = reviewed
    ? draftChange(reviewed, now)
    : { kind: 'changed' as const, stamp: now, changes: [] };
  if (changed) return changed;
  const post = await savePost(session, entityPath(read.type, ref.id), { status: 'publish' });
  const result = writeResult('Published', post, ctx);
  return { kind: 'published', toolId: PUBLISH_TOOL_ID, threadId: ctx.threadId, input: ref, result };
}
