import type { AnyTool, ToolContext } from '../../../tools/tool';
import type { EditorNoticeData } from '../../adapter';
import { sessionOf } from '../session';
import { postField, POST_FIELD_KEYS, type PostFieldKey } from '../post-fields';
import { editorsHolding, holdsEntity, readEditor } from './editor-tabs';
import { postLockHolder } from '../post-lock';
import { fieldLabel } from '../field-words';

/** The fields a write to an existing entry changes: its input beside the entity's type and id. */
function changedKeys(input: Record<string, unknown>): string[] {
  return Object.keys(input).filter((key) => key !== 'type' && key !== 'id');
}

/** How the card and the page name a field a write changes. */
export function labelOf(key: string): string {
  const own = (POST_FIELD_KEYS as readonly string[]).includes(key)
    ? postField(key as PostFieldKey).label
    : key;
  return fieldLabel(key, own);
}

/**
 * E2/E3, before approval: the editors of this person that hold the entry a write targets,
 * asked now. Names the fields the call changes that have unsaved edits in an open block or
 * classic editor, and whether a classic editor holds the entry. Null when no editor holds it (or
 * the call does not write an existing entry).
 */
export async function editorNotice(
  ctx: ToolContext,
  tool: AnyTool,
  input: unknown,
): Promise<EditorNoticeData | null> {
  const kind = tool.classification?.kind;
  if (kind !== 'write' && kind !== 'delete') return null;
  const record = (input ?? {}) as Record<string, unknown>;
  if (typeof record.id !== 'number' || typeof record.type !== 'string') return null;
  const ref = { type: record.type, id: record.id };
  const session = sessionOf(ctx);
  const [holders, lockedBy] = await Promise.all([
    editorsHolding(session, ref),
    postLockHolder(session, ref.id),
  ]);
  const changed = new Set(changedKeys(record));
  const notice: EditorNoticeData = { unsaved: [], classic: false, block: false, unanswered: false };
  if (lockedBy) notice.lockedBy = lockedBy;
  for (const { tabId, kind } of holders) {
    const state = await readEditor(session, tabId, ref);
    if (state.kind === 'unanswered' || (kind === 'block' && state.kind === 'none')) {
      // A tab that did not answer, or a block editor whose store is gone: it may still
      // save its old copy. A closed tab is simply gone.
      if (state.kind === 'none' || !state.closed) notice.unanswered = true;
      continue;
    }
    if (!holdsEntity(state, ref)) continue;
    if (state.kind === 'classic') notice.classic = true;
    else if (state.kind === 'block') notice.block = true;
    else continue;
    for (const key of state.edits) {
      const label = labelOf(key);
      if (changed.has(key) && !notice.unsaved.includes(label)) notice.unsaved.push(label);
    }
  }
  const found = notice.block || notice.classic || notice.unanswered || lockedBy !== null;
  return found ? notice : null;
}

/**
 * Whether a notice asks the person to choose before the write may go ahead (E1-E3): unsaved
 * edits to a changed field (in a block or a classic editor), an editor that does not answer
 * (it could save its old copy over the change: the write is not applied blind), another
 * user's lock. A classic editor alone does not: the write is put into its form too.
 */
export function editorBlocksApproval(notice: EditorNoticeData | null): boolean {
  return notice !== null && (notice.unsaved.length > 0 || notice.unanswered || !!notice.lockedBy);
}
