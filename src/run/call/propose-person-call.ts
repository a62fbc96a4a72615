import type { RecordOwner } from '../../audit';
import type { RunDeps } from '../deps';
import { ThreadRefusedError } from '../errors';
import { RunContext } from '../run-context';
import type { RunState } from '../state/run-state-schema';
import { t } from '../../i18n';

/** A call a person asks for from the panel (E4 Undo, U2 Publish): a tool and its input. */
export interface PersonCall {
  tool: string;
  input: unknown;
  /**
   * G13: the target's modification time as the person reviewed it (a Publish binds to the
   * draft its result card showed): the approval card's stamp starts from it, so a change
   * made since is caught when the call is approved.
   */
  reviewedModified?: string;
}

/**
 * E4, U2: opens a turn holding one call a person asked for (not the model). The call then
 * goes through the same path as any model call: validation, facts, access, the gate,
 * G9/G10, the approval card, G13 and the audit record (transport `command`). When the
 * turn closes, nothing is added to the transcript and the model is not asked: the
 * model did not make this call. Refused like a message while a call waits or a turn is
 * unfinished, and for anyone but the owner.
 */
export async function proposePersonCall(
  state: RunState,
  call: PersonCall,
  from: RecordOwner,
  deps: RunDeps,
): Promise<RunState> {
  const { threadId, owner } = state;
  if (from.userId !== owner.userId || from.siteOrigin !== owner.siteOrigin) {
    throw new ThreadRefusedError('not-owner', threadId, t('worker.thread.ownerOnly'));
  }
  if (state.turn) {
    throw new ThreadRefusedError('call-pending', threadId, t('worker.thread.busyPerson'));
  }
  if (state.transcript.at(-1)?.role === 'user') {
    throw new ThreadRefusedError('run-unfinished', threadId, t('worker.thread.unansweredPerson'));
  }
  const run = new RunContext(state, deps);
  const id = deps.newId();
  run.state.turn = {
    id,
    startedAt: run.now(),
    origin: 'person',
    previews: [],
    calls: [
      {
        position: 0,
        toolUseId: `person-${id}`,
        tool: call.tool,
        input: call.input,
        recordId: deps.newId(),
        status: 'waiting',
        ...(call.reviewedModified === undefined ? {} : { reviewedModified: call.reviewedModified }),
      },
    ],
  };
  await run.save();
  return run.saved;
}
