import { sameOwner, type RecordOwner } from '../../audit';
import type { RunDeps } from '../deps';
import { ThreadRefusedError } from '../errors';
import { pendingIndex } from '../call/approval-request';
import { RunContext } from '../run-context';
import { MODEL_NOTE_PREFIX, type RunState } from './run-state-schema';
import { t } from '../../i18n';

/**
 * R1 `edit`: the person changed their `index`-th message (0-based, counting only their
 * own text). The transcript forgets everything from that message on and continues from
 * the new text. The audit log keeps what happened (A2: records are apart from transcripts).
 * Refused while a call waits for a decision (decide it first) or a turn is unfinished.
 */
export async function editUserMessage(
  state: RunState,
  index: number,
  text: string,
  from: RecordOwner,
  deps: RunDeps,
): Promise<RunState> {
  const { threadId, owner } = state;
  if (!sameOwner(from, owner)) {
    throw new ThreadRefusedError('not-owner', threadId, t('worker.thread.ownerEdit'));
  }
  if (pendingIndex(state) >= 0 || state.turn) {
    throw new ThreadRefusedError('call-pending', threadId, t('worker.thread.pendingEdit'));
  }
  const run = new RunContext(state, deps);
  const at = userTextAt(run.state, index);
  if (!at) throw new ThreadRefusedError('no-message', threadId, t('worker.thread.noMessage'));
  const message = run.state.transcript[at.message]!;
  // Tool results before the edited text answer the previous reply: they stay.
  const kept = message.content.slice(0, at.block);
  run.state.transcript = run.state.transcript.slice(0, at.message);
  run.state.transcript.push({ role: 'user', content: [...kept, { type: 'text', text }] });
  await run.save();
  return run.saved;
}

/**
 * Where the person's `index`-th message (0-based, their own text only) is in the transcript:
 * its message and block; undefined when there are fewer.
 */
export function userTextAt(
  state: RunState,
  index: number,
): { message: number; block: number; text: string } | undefined {
  let seen = 0;
  for (const [m, message] of state.transcript.entries()) {
    if (message.role !== 'user') continue;
    for (const [b, block] of message.content.entries()) {
      // E4: notes for the model (an Undo) are not the person's messages.
      if (block.type !== 'text' || block.text.startsWith(MODEL_NOTE_PREFIX)) continue;
      if (seen === index) return { message: m, block: b, text: block.text };
      seen += 1;
    }
  }
  return undefined;
}
