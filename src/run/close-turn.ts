import { lostCallText } from './model-texts';
import type { TranscriptBlock } from './model-port';
import type { RunContext } from './run-context';

/**
 * Ends a turn whose calls are all done: one user message with a tool_result for every
 * tool_use of the reply, in the reply's order, as the Messages API requires. A tool_use
 * whose call the stored run lost (P5) is answered with an error, never left dangling.
 */
export async function closeTurn(run: RunContext): Promise<void> {
  const { turn, transcript } = run.state;
  if (!turn) return;
  if (turn.origin === 'person') {
    // E4: the model did not make this call; its record and result card tell the person.
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
      run.notice(
        'warning',
        'call-lost',
        `A ${block.name} call could not be restored after a restart and was not run again.`,
      );
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
