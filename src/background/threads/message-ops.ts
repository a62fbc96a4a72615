import type { RecordOwner } from '../../audit';
import type { Agent } from '../../agent/contract';
import type { RunLoop } from '../../run';
import { CountersignError } from '../../shared/errors';
import { markEdit } from './answer-catch-up';
import type { ThreadViews } from './thread-views';
import { t } from '../../i18n';

/** One operation on a thread, run under its lock with the loop and agent of its site. */
export type Operation = (loop: RunLoop, owner: RecordOwner, agent: Agent) => Promise<unknown>;
/** Runs an operation under the thread's lock (the thread service's `operate`). */
export type Operate = (threadId: string, op: Operation) => Promise<void>;

/** R1: the person's message joins the view and goes to the agent. */
export async function sendMessage(
  views: ThreadViews,
  operate: Operate,
  threadId: string,
  text: string,
): Promise<void> {
  const { view } = await views.entry(threadId);
  await operate(threadId, async (_loop, owner, agent) => {
    // Under the lock: an operation that ran before this one may have left a call waiting.
    if (view.pending) {
      throw new CountersignError('call-pending', t('worker.thread.pendingSend'));
    }
    view.items.push({
      kind: 'user',
      id: `u${view.items.length}-${Date.now().toString(36)}`,
      text,
      at: Date.now(),
    });
    if (view.title === 'New thread') view.title = agent.title(text);
    // Shown at once, and saved before the run is touched: a worker stopped from here on
    // leaves a view the restart finishes (`messageUnsaved`), never a message lost unseen.
    await views.commit(threadId);
    return agent.reply(threadId, text, owner);
  });
}

/** R1 edit: the person's earlier message changes; everything after it is forgotten. */
export async function editMessage(
  views: ThreadViews,
  operate: Operate,
  threadId: string,
  itemId: string,
  text: string,
): Promise<void> {
  const { view } = await views.entry(threadId);
  const users = view.items.filter((i) => i.kind === 'user');
  const index = users.findIndex((i) => i.id === itemId);
  if (index < 0) throw new CountersignError('no-message', t('worker.thread.noMessage'));
  if (view.pending) {
    throw new CountersignError('call-pending', t('worker.thread.pendingEditShort'));
  }
  await operate(threadId, async (loop, owner, agent) => {
    const before = view.items;
    const title = view.title;
    const mark = view.since;
    const at = before.findIndex((i) => i.id === itemId);
    // A title made from the first message follows that message's edit.
    const first = users[0];
    if (index === 0 && first?.kind === 'user' && title === agent.title(first.text)) {
      view.title = agent.title(text);
    }
    // The view forgets what followed the edited message; restored if the run refuses.
    view.items = [
      ...before.slice(0, at),
      { kind: 'user', id: `u${at}-${Date.now().toString(36)}`, text, at: Date.now() },
    ];
    // S5: saved, with the edit in its mark, before the run changes (answer-catch-up.ts).
    markEdit(view, await loop.state(threadId), index, text, at);
    await views.commit(threadId);
    try {
      await agent.edit(threadId, index, text, owner);
    } catch (error) {
      view.items = before;
      view.title = title;
      if (mark) view.since = mark;
      else delete view.since;
      throw error;
    }
  });
}
