import type { RunState } from '../run';
import type { ThreadView } from '../shared/thread-protocol';

/** The model's answers in `transcript` from `from` on: the text of each assistant message. */
function answersFrom(state: RunState, from: number): string[] {
  return state.transcript.slice(from).flatMap((message) => {
    if (message.role !== 'assistant') return [];
    const text = message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
    return text ? [text] : [];
  });
}

const answerItems = (view: ThreadView) => view.items.filter((i) => i.kind === 'assistant').length;

/**
 * S5: marks where an operation starts, saved with `busy` before it touches the run. A mark
 * left by an operation a dead worker never finished stays: the restart's resume finishes
 * that operation, and {@link catchUpAnswers} looks back to where it began.
 */
export function markStart(view: ThreadView, state: RunState | undefined): void {
  if (view.since || !state) return;
  view.since = { transcript: state.transcript.length, answers: answerItems(view) };
}

/**
 * S5, C6: at the end of an operation, the model answers the run state holds since its mark
 * but the view never heard of (the worker died after the run saved an answer and before the
 * view did; its resume has nothing left to stream) are added, in order, after what the view
 * shows. The panel streams each answer into one item, so the view's new answer items match
 * the run's first answers. Commands (R3) show results, not the translator's text.
 */
export function catchUpAnswers(view: ThreadView, state: RunState | undefined): void {
  const since = view.since;
  delete view.since;
  if (!since || !state || view.mode !== 'agent') return;
  const said = answersFrom(state, since.transcript);
  const shown = Math.max(0, answerItems(view) - since.answers);
  for (const [index, text] of said.slice(shown).entries()) {
    view.items.push({ kind: 'assistant', id: `a${view.items.length}-r${index}`, text });
  }
}

/** R1: an edit rewrites the transcript and the view; what a mark counted no longer holds. */
export function forgetStart(view: ThreadView): void {
  delete view.since;
}
