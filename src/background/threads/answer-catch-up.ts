import { userTextAt, type RunState } from '../../run';
import type { ThreadView } from '../../shared/protocols/thread-protocol';

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
 * The text the person's messages hold in the run, in order. A message after tool results
 * joins their message, and notes of what the person did in the panel (E4) come before the
 * text, so the person's own words are the last text of what an operation added.
 */
function userTexts(state: RunState): string[] {
  return state.transcript.flatMap((message) =>
    message.role === 'user'
      ? message.content.flatMap((b) => (b.type === 'text' ? [b.text] : []))
      : [],
  );
}

/**
 * S5: marks where an operation starts, saved with `busy` before it touches the run. A mark
 * left by an operation a dead worker never finished stays: the restart's resume finishes
 * that operation, and {@link catchUpAnswers} looks back to where it began.
 */
export function markStart(view: ThreadView, state: RunState | undefined): void {
  if (view.since || !state) return;
  view.since = {
    transcript: state.transcript.length,
    answers: answerItems(view),
    said: userTexts(state).length,
    items: view.items.length,
    at: Date.now(),
  };
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
  if (!since || !state) return;
  catchUpMessage(view, state, since);
  if (view.mode !== 'agent') return;
  const said = answersFrom(state, since.transcript);
  const shown = Math.max(0, answerItems(view) - since.answers);
  for (const [index, text] of said.slice(shown).entries()) {
    view.items.push({ kind: 'assistant', id: `a${view.items.length}-r${index}`, text });
  }
}

/**
 * R1, S5: an edit rewrites the transcript and the view from the person's `index`-th message
 * on, so the operation's mark moves there, with the edit itself: the view (`items` already
 * ending with the edited message, at `at`) is saved with it before the run is touched. A
 * restart then either finds the edit in the run and catches up from it, or does it again
 * ({@link editUnsaved}). Without the mark, a worker stopped once the run had saved the
 * edited message's answer left a thread showing its read and never the answer.
 */
export function markEdit(
  view: ThreadView,
  state: RunState,
  index: number,
  text: string,
  at: number,
): void {
  const point = userTextAt(state, index);
  if (!point) {
    delete view.since;
    return;
  }
  view.since = {
    transcript: point.message,
    answers: answerItems(view),
    said: index,
    items: at,
    at: Date.now(),
    edit: { index, text },
  };
}

/** S5: the edit a mark holds, when the run state does not have it yet (a worker died first). */
export function editUnsaved(
  view: ThreadView,
  state: RunState,
): { index: number; text: string } | undefined {
  const edit = view.since?.edit;
  if (!edit) return undefined;
  return userTextAt(state, edit.index)?.text === edit.text ? undefined : edit;
}

/**
 * S5: the person's message the view was saved with since the mark (before the run was
 * touched) when the run state does not hold it yet: the worker died before the run saved
 * it, so the restart sends it to the agent now.
 */
export function messageUnsaved(view: ThreadView, state: RunState): string | undefined {
  const since = view.since;
  if (!since || since.edit || since.said === undefined || since.items === undefined) return;
  const sent = view.items.slice(since.items).find((item) => item.kind === 'user');
  if (sent?.kind !== 'user' || userTexts(state).length > since.said) return undefined;
  return sent.text;
}

/**
 * S5: the person's message the run holds since the mark but the view does not (the worker
 * died after the run saved it and before the view did): shown where it was sent, before
 * what it led to. Marks saved before these counts existed have nothing to compare. Run at
 * the start of a resume too, so the answer it streams follows the message.
 */
export function catchUpMessage(
  view: ThreadView,
  state: RunState,
  since: NonNullable<ThreadView['since']>,
) {
  if (since.said === undefined || since.items === undefined) return;
  const text = userTexts(state).slice(since.said).at(-1);
  const at = Math.min(since.items, view.items.length);
  if (text === undefined || view.items.slice(at).some((i) => i.kind === 'user')) return;
  view.items.splice(at, 0, {
    kind: 'user',
    id: `u${at}-r${state.transcript.length}`,
    text,
    at: Date.now(),
  });
}
