import type { EntityRef, RecordedUndo } from '../adapter';
import { valuesOf } from './card-data';
import type { PostValues } from './post-checks';
import { RESTORE_TOOL_ID } from './tools/restore-entity';
import { PUBLISH_TOOL_ID } from './tools/publish-entity';

/**
 * E4: the call that undoes a recorded write (`wp_restore_entity`): the before-state as
 * the values to restore, the state right after the write as what the entity must still
 * be. `recordId` is the write's audit record, which the undo's record names.
 */
export function undoCallFor(
  recordId: string,
  state: RecordedUndo,
): { tool: string; input: unknown } {
  const { entity, before, after } = state;
  const restore: Record<string, unknown> = {
    status: before.status,
    fields: valuesOf(before.fields as PostValues),
  };
  if (before.comments && before.comments.length > 0) restore['comments'] = before.comments;
  return {
    tool: RESTORE_TOOL_ID,
    input: { type: entity.type, id: entity.id, undoes: recordId, restore, expect: after },
  };
}

/**
 * U1, U2: the call a Publish click proposes (`wp_publish_entity`) for the draft `ref` that
 * the write `recordId` left; the publish's record names that write.
 */
export function publishCallFor(recordId: string, ref: EntityRef): { tool: string; input: unknown } {
  return { tool: PUBLISH_TOOL_ID, input: { type: ref.type, id: ref.id, from: recordId } };
}
