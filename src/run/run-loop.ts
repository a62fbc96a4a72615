import type { RecordOwner } from '../audit';
import { approvalRequest } from './call/approval-request';
import { decide, type DecideResult } from './call/decide';
import { amend, type AmendInput, type AmendResult } from './call/amend';
import type { DecisionInput } from './call/check-decision';
import type { RunDeps } from './deps';
import { drive, loadRun, resume } from './drive';
import type { ApprovalRequest } from './events';
import type { RunState } from './state/run-state-schema';
import type { StepResult } from './step-result';
import { ThreadLocks, type ThreadLock } from './thread-locks';
import { addUserMessage, createThread, revokeGrant, type NewThread } from './state/thread-changes';
import { editUserMessage } from './state/edit-user-message';
import { proposePersonCall, type PersonCall } from './call/propose-person-call';
import { hasUnfinishedDecision } from './recovery/unfinished-decision';
import { expirePending } from './call/expire-if-due';
import { settleSecondApprover } from './call/settle-second';
import type { SecondApproverNeed } from '../gate/approver-policy';
import { expiredText } from './model-texts';
import { RunContext } from './run-context';

/** A decision's result and, when it was applied, where the run then stopped. */
export interface DecideAndDrive {
  decision: DecideResult;
  /** Set after `decided`: the run went on until its next interruption (G6, G8). */
  next?: StepResult;
}

/**
 * The run loop as the background worker uses it: each method loads the thread's saved
 * state, works under the thread's lock, and leaves the state saved. Events go to
 * `deps.emit` as they happen. The lock is the loop's own unless the caller passes the
 * one it holds for the whole operation (`HELD_BY_CALLER`, see thread-locks.ts).
 */
export class RunLoop {
  constructor(
    readonly deps: RunDeps,
    private readonly locks: ThreadLock = new ThreadLocks(),
  ) {}

  /** Creates an empty thread owned by `init.owner`. */
  createThread(init: NewThread): Promise<RunState> {
    return this.locks.run(init.threadId ?? '', () => createThread(init, this.deps));
  }

  /**
   * A person's message: finishes an interrupted turn first, refuses while a call is
   * pending (G6), then drives the run until its next interruption.
   */
  send(threadId: string, text: string, from: RecordOwner): Promise<StepResult> {
    return this.locks.run(threadId, async () => {
      let state = await loadRun(threadId, this.deps);
      if (state.turn && !approvalRequest(state, this.deps))
        state = (await drive(state, this.deps)).state;
      state = await addUserMessage(state, text, from, this.deps);
      return drive(state, this.deps);
    });
  }

  /** R1 `edit`: replaces the person's `index`-th message, forgets what followed, runs on. */
  edit(threadId: string, index: number, text: string, from: RecordOwner): Promise<StepResult> {
    return this.locks.run(threadId, async () => {
      const state = await editUserMessage(
        await loadRun(threadId, this.deps),
        index,
        text,
        from,
        this.deps,
      );
      return drive(state, this.deps);
    });
  }

  /**
   * G7/G8: applies a decision, then lets the agent's next step start. When an earlier
   * decision already reached the audit log but its worker died before the run went on,
   * the run goes on from that one first (S5); this decision is then checked against
   * the result, and is refused as already decided.
   */
  decide(threadId: string, input: DecisionInput): Promise<DecideAndDrive> {
    return this.locks.run(threadId, async () => {
      let state = await loadRun(threadId, this.deps);
      let settled: StepResult | undefined;
      if (await hasUnfinishedDecision(state, this.deps)) {
        settled = await drive(state, this.deps);
        state = settled.state;
      }
      const decision = await decide(state, input, this.deps);
      if (decision.kind !== 'decided') return settled ? { decision, next: settled } : { decision };
      return { decision, next: await drive(decision.state, this.deps) };
    });
  }

  /**
   * Issue 36: the person's own version of the pending call's text fields (or the model's
   * proposal again): checked as a proposal is, then offered as a fresh card with its own
   * hash. Nothing runs; the decision on the fresh card follows as usual.
   */
  amend(threadId: string, input: AmendInput): Promise<AmendResult> {
    return this.locks.run(threadId, async () =>
      amend(await loadRun(threadId, this.deps), input, this.deps),
    );
  }

  /**
   * E4: a call a person asked for from the panel (Undo) passes the gate like any other
   * call: it runs (policy allows) or waits for approval; the model is not asked after it.
   */
  propose(threadId: string, call: PersonCall, from: RecordOwner): Promise<StepResult> {
    return this.locks.run(threadId, async () => {
      const state = await proposePersonCall(
        await loadRun(threadId, this.deps),
        call,
        from,
        this.deps,
      );
      return drive(state, this.deps);
    });
  }

  /**
   * G12, G15: the site's expiry ran out on the pending call `recordId` (it waited for a
   * second approver for `afterMs`): it is expired here too, never rejected; the model is
   * told, and the run goes on. Null when that call no longer waits (decided or gone).
   */
  expire(threadId: string, recordId: string, afterMs: number): Promise<StepResult | null> {
    return this.locks.run(threadId, async () => {
      const run = new RunContext(await loadRun(threadId, this.deps), this.deps);
      if (!(await expirePending(run, recordId, expiredText(afterMs)))) return null;
      return drive(run.saved, this.deps);
    });
  }

  /**
   * G15: the site's approvals read again after the pending call `recordId` waited on an
   * unknown requirement: it goes to a second approver (`need`) or becomes an ordinary card
   * (null). Returns the pending call's card as now stored, or null when that call no longer
   * waits on an unknown requirement.
   */
  settleSecondApprover(
    threadId: string,
    recordId: string,
    need: SecondApproverNeed | null,
  ): Promise<ApprovalRequest | null> {
    return this.locks.run(threadId, async () => {
      const run = new RunContext(await loadRun(threadId, this.deps), this.deps);
      if (!(await settleSecondApprover(run, recordId, need))) return null;
      return approvalRequest(run.saved, this.deps);
    });
  }

  /** Continues a thread exactly where its last worker stopped. */
  resume(threadId: string): Promise<StepResult> {
    return this.locks.run(threadId, () => resume(threadId, this.deps));
  }

  /** S5: whether a decided or started call waits to be finished (see unfinished-decision.ts). */
  needsRecovery(threadId: string): Promise<boolean> {
    return this.locks.run(threadId, async () =>
      hasUnfinishedDecision(await loadRun(threadId, this.deps), this.deps),
    );
  }

  /** G14: removes a thread grant. */
  revokeGrant(threadId: string, tool: string, from: RecordOwner): Promise<RunState> {
    return this.locks.run(threadId, async () =>
      revokeGrant(await loadRun(threadId, this.deps), tool, from, this.deps),
    );
  }

  /** The saved state (transcript, grants, untrusted flag) for the panel. */
  state(threadId: string): Promise<RunState> {
    return this.locks.run(threadId, () => loadRun(threadId, this.deps));
  }

  /** G12: the pending call's card, rebuilt from the saved state; null when none waits. */
  async approval(threadId: string): Promise<ApprovalRequest | null> {
    return this.approvalOf(await this.state(threadId));
  }

  /** G12: the pending call's card in a state already loaded (no second load); null when none. */
  approvalOf(state: RunState): ApprovalRequest | null {
    return approvalRequest(state, this.deps);
  }
}
