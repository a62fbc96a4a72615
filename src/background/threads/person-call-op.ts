import type { RecordOwner } from '../../audit';
import type { RunLoop } from '../../run';
import type { ToolContext } from '../../tools/tool';
import { CountersignError } from '../../shared/errors';
import type { ResultCard, ThreadView } from '../../shared/protocols/thread-protocol';
import type { RunWiring } from './run-deps';
import { t } from '../../i18n';

type Wiring = Pick<RunWiring, 'registry' | 'adapter' | 'audit' | 'sessions'>;

/** The call a click on a result card proposes, or null when the card now says why not. */
export type PersonCallFor<Call> = (
  card: ResultCard,
  ctx: ToolContext,
  wiring: Wiring,
) => Promise<Call | null>;

/**
 * A person's click on the result card of `recordId` (E4 Undo, U2 Publish): finds the card,
 * refuses while another call waits, builds the call in the person's session and proposes it
 * to the run loop as the person's call: gated, carded and recorded like any call.
 */
export function personCallOp<Call extends Parameters<RunLoop['propose']>[1]>(
  callFor: PersonCallFor<Call>,
) {
  return (
      { threadId, recordId }: { threadId: string; recordId: string },
      wiring: Wiring,
      views: ReadonlyMap<string, { view: ThreadView }>,
    ): ((loop: RunLoop, owner: RecordOwner) => Promise<void>) =>
    async (loop, owner) => {
      const view = views.get(threadId)?.view;
      if (!view) throw new CountersignError('no-thread', t('worker.thread.gone'));
      if (view.pending) {
        throw new CountersignError('call-pending', t('worker.thread.pendingPersonCall'));
      }
      const item = view.items.find((i) => i.kind === 'result' && i.card.recordId === recordId);
      if (item?.kind !== 'result')
        throw new CountersignError('no-result', t('worker.action.noResult'));
      const ctx = await wiring.sessions.toolContext({ threadId, owner });
      const call = await callFor(item.card, ctx, wiring);
      if (call) await loop.propose(threadId, call, owner);
    };
}
