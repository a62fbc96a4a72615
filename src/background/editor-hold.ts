import type { RecordOwner } from '../audit';
import type { ApprovalRequest, RunEvent } from '../run';
import { CountersignError } from '../shared/errors';
import type { ThreadRequest } from '../shared/protocols/thread-protocol';
import type { RunWiring } from './threads/run-deps';
import { t } from '../i18n';

type Wiring = Pick<RunWiring, 'adapter' | 'registry' | 'sessions'>;

/**
 * Before a plain approval reaches the run loop: when the open editor holds it back
 * (`editorHold`), the card is shown again with what the editor holds now (`show`) and the
 * decision is refused with the sentence that says why; nothing runs.
 */
export async function holdForEditor(
  request: Extract<ThreadRequest, { type: 'decision' }>,
  shown: ApprovalRequest | null,
  owner: RecordOwner,
  wiring: Wiring,
  show: (event: RunEvent) => Promise<void>,
): Promise<void> {
  if (!request.approve || request.overEditor || shown?.recordId !== request.recordId) return;
  const held = await editorHold(shown, owner, wiring);
  if (!held) return;
  await show({ type: 'approval', threadId: request.threadId, approval: shown });
  throw new CountersignError('editor-unsaved', held);
}

/**
 * E1-E3 at the moment of approval: asks the person's open editors again. Unsaved edits to
 * a field the call changes (typed in a block or classic editor, also after the card was
 * shown: G13), an editor that does not answer, or another user's post lock hold the
 * approval back unless the person chose to apply over them (`overEditor`). A classic editor
 * alone does not: the write is put into its form too. Answers the sentence that
 * says why it waits, or null when the write may go ahead.
 */
export async function editorHold(
  shown: ApprovalRequest,
  owner: RecordOwner,
  wiring: Wiring,
): Promise<string | null> {
  const tool = wiring.registry.get(shown.tool);
  if (!tool) return null;
  const ctx = await wiring.sessions.toolContext({ threadId: shown.threadId, owner });
  const notice = await wiring.adapter.editorNotice(ctx, tool, shown.input);
  if (!notice) return null;
  if (notice.unsaved.length > 0) {
    return t('worker.hold.unsaved', { fields: notice.unsaved.join(', ') });
  }
  if (notice.unanswered) {
    return t('worker.hold.unanswered');
  }
  if (notice.lockedBy) {
    return t('worker.hold.locked', { who: notice.lockedBy });
  }
  return null;
}
