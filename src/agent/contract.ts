import type { RecordOwner } from '../audit';
import type { DecideAndDrive, RunLoop, StepResult } from '../run';
import type { DecisionInput } from '../run';

/** What the panel may know of an agent's thread (R1 `state`). */
export interface AgentState {
  mode: 'agent' | 'commands';
  model: string | null;
  untrusted: boolean;
  grants: string[];
  pendingRecordId: string | null;
}

/**
 * R1: one agent contract, so a thread stays the same whichever model answers, or none.
 * Claude and the command translator differ only in the model port behind the run loop;
 * the agent never writes the transcript itself (the run loop and the thread store do).
 */
export interface Agent {
  /** The person wrote a message. */
  reply(threadId: string, text: string, from: RecordOwner): Promise<StepResult>;
  /** The person changed their `index`-th message: what followed it is forgotten. */
  edit(threadId: string, index: number, text: string, from: RecordOwner): Promise<StepResult>;
  /** Continue after the person allowed, or did not allow, the pending call. */
  decide(threadId: string, input: DecisionInput): Promise<DecideAndDrive>;
  /** A click on an interface the agent composed: identifiers only, never what to run. */
  interact(
    threadId: string,
    surfaceId: string,
    actionId: string,
    from: RecordOwner,
  ): Promise<StepResult>;
  state(threadId: string): Promise<AgentState>;
  /** A short thread name from how it starts. */
  title(firstMessage: string): string;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The agent over a run loop; `mode` and `model` say which port answers. */
export function createAgent(
  loop: RunLoop,
  who: { mode: 'agent' | 'commands'; model: string | null },
): Agent {
  return {
    reply: (threadId, text, from) => loop.send(threadId, text, from),
    edit: (threadId, index, text, from) => loop.edit(threadId, index, text, from),
    decide: (threadId, input) => loop.decide(threadId, input),
    interact(threadId, surfaceId, actionId, from) {
      if (!ID.test(surfaceId) || !ID.test(actionId)) {
        return Promise.reject(new TypeError('A surface interaction carries identifiers only.'));
      }
      // The model receives which control was used, as data; what happens next is its
      // proposal, which passes the gate like any other call.
      return loop.send(
        threadId,
        JSON.stringify({ surface_used: { surface: surfaceId, action: actionId } }),
        from,
      );
    },
    async state(threadId) {
      const state = await loop.state(threadId);
      const approval = await loop.approval(threadId);
      return {
        mode: who.mode,
        model: who.model,
        untrusted: state.untrusted,
        grants: state.grants.map((g) => g.tool),
        pendingRecordId: approval?.recordId ?? null,
      };
    },
    title: (firstMessage) => threadTitle(firstMessage),
  };
}

/** The first line of the first message, trimmed to a readable length. */
export function threadTitle(text: string): string {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  const clean = line.replace(/\s+/g, ' ').trim();
  return clean.length <= 60
    ? clean || 'New thread'
    : `${clean.slice(0, 57).replace(/\s+\S*$/, '')}…`;
}
