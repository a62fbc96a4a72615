import { lostCallText } from './model-texts';
import type { TranscriptBlock } from './model-port';
import type { RunContext } from './run-context';
import { MODEL_NOTE_MAX, MODEL_NOTE_PREFIX, MODEL_NOTES_KEPT } from './state/run-state-schema';
import { t } from '../i18n';

/**
 * Ends a turn whose calls are all done: one user message with a tool_result for every
 * tool_use of the reply, in the reply's order, as the Messages API requires. A tool_use
 * whose call the stored run lost (P5) is answered with an error, never left dangling.
 */
export async function closeTurn(run: RunContext): Promise<void> {
  const { turn, transcript } = run.state;
  if (!turn) return;
  if (turn.origin === 'person') {
    // E4: the model did not make this call; its record and result card tell the person,
    // and the model hears of it with the person's next message.
    notePersonCalls(run);
    run.state.turn = null;
    await run.save();
    return;
  }
  const reply = [...transcript].reverse().find((message) => message.role === 'assistant');
  const results: TranscriptBlock[] = [];
  for (const block of reply?.content ?? []) {
    if (block.type !== 'tool_use') continue;
    const call = turn.calls.find((candidate) => candidate.toolUseId === block.id);
    const result = call?.result ?? { content: lostCallText(), isError: true };
    if (!call?.result) {
      run.notice('warning', 'call-lost', t('worker.notice.callLost', { tool: block.name }));
    }
    const out: TranscriptBlock = {
      type: 'tool_result',
      tool_use_id: block.id,
      content: result.content,
    };
    if (result.isError) out.is_error = true;
    results.push(out);
  }
  if (results.length > 0) transcript.push({ role: 'user', content: results });
  run.state.turn = null;
  await run.save();
}

/**
 * E4, U2: a person's call that ran (an Undo, a Publish) changed the site behind the model's back: keep a
 * note of it, in the words its result gives, for the model's next turn. Calls that did not
 * run (rejected, expired, refused) changed nothing and leave no note.
 */
function notePersonCalls(run: RunContext): void {
  for (const call of run.state.turn?.calls ?? []) {
    if (call.result?.status !== 'run') continue;
    const said = (call.result.summary ?? call.result.content.split('\n\n')[0] ?? '').trim();
    const did = run.deps.registry.get(call.tool)?.personNote ?? 'used the panel';
    const note = `${MODEL_NOTE_PREFIX} The person ${did}: they approved ${call.tool}. ${said}`;
    const notes = [...(run.state.modelNotes ?? []), note.slice(0, MODEL_NOTE_MAX)];
    run.state.modelNotes = notes.slice(-MODEL_NOTES_KEPT);
  }
}
