import type { RecordOwner } from '../audit';
import type { ApprovalRequest } from '../run';
import type { RunWiring } from './run-deps';

/**
 * E2/E3 at the moment of approval: asks the person's open editors again. Unsaved edits to
 * a field the call changes, or a classic editor holding the entry, hold the approval back
 * unless the person chose to apply over them (`overEditor`). Answers the sentence that
 * says why it waits, or null when the write may go ahead.
 */
export async function editorHold(
  shown: ApprovalRequest,
  owner: RecordOwner,
  wiring: Pick<RunWiring, 'adapter' | 'registry' | 'sessions'>,
): Promise<string | null> {
  const tool = wiring.registry.get(shown.tool);
  if (!tool) return null;
  const ctx = await wiring.sessions.toolContext({ threadId: shown.threadId, owner });
  const notice = await wiring.adapter.editorNotice(ctx, tool, shown.input);
  if (!notice) return null;
  if (notice.unsaved.length > 0) {
    return `Not applied yet: your unsaved edits in the open editor to ${notice.unsaved.join(', ')} would be replaced. Apply over them, or save or undo them there first.`;
  }
  if (notice.classic) {
    return 'Not applied yet: the classic editor is still open on this entry, and its Update would send the old values back. Save or close it first, or approve anyway.';
  }
  return null;
}
