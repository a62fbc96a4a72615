import type { RecordOwner } from '../audit';
import type { ApprovalRequest, RunEvent } from '../run';
import { CountersignError } from '../shared/errors';
import type { ThreadRequest } from '../shared/protocols/thread-protocol';
import type { RunWiring } from './threads/run-deps';
import { t } from '../i18n';

type Wiring = Pick<RunWiring, 'adapter' | 'registry' | 'sessions'>;

/**
 * A plain approval asks the person's open editors at the click (`editorHold`); the run loop
 * awaits the answer beside its approve pass's read of the target (issue 35: the two round
 * trips at once) and changes nothing when it holds the approval back. Undefined when
 * nothing is to be asked (a rejection, an approval over the editor, another card).
 */
export function editorHoldAt(
  request: Extract<ThreadRequest, { type: 'decision' }>,
  shown: ApprovalRequest | null,
  owner: RecordOwner,
  wiring: Wiring,
): Promise<string | null> | undefined {
  if (!request.approve || request.overEditor || shown?.recordId !== request.recordId) return;
  const asking = editorHold(shown, owner, wiring);
  // Handled where it is awaited; a decision refused earlier never awaits it.
  asking.catch(() => undefined);
  return asking;
}

/**
 * A held approval: the card is shown again with what the editor holds now, and the
 * decision is refused with the sentence that says why; nothing ran.
 */
export async function showHeld(
  threadId: string,
  approval: ApprovalRequest,
  reason: string,
  show: (event: RunEvent) => Promise<void>,
): Promise<never> {
  await show({ type: 'approval', threadId, approval });
  throw new CountersignError('editor-unsaved', reason);
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
