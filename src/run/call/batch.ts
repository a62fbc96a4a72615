import { forGate } from '../../tools/tool-words';
import { evaluate, type Decision } from '../../gate';
import { checkAccess, checkGuards, prepareCall, type PreparedCall } from './prepare-call';
import { finishCall, refuseCall } from './finish-call';
import { executeCall } from './execute-call';
import { newRecord } from './new-record';
import { clip, rejectionText } from '../model-texts';
import { processWaiting, type CallProgress } from './process-waiting';
import type { RunContext } from '../run-context';
import type { TurnCall } from '../state/run-state-schema';
import { t } from '../../i18n';

/**
 * At most this many later calls are shown with a card (each is gated and read when the turn
 * suspends); the rest come after them, with the next card.
 */
export const BATCH_MAX = 20;

/**
 * Issue 36 item 1: when the turn suspends at `index`, the later calls of the same reply
 * that would ask too are shown with it, each with its own card: each passes its gate pass
 * now (T5, facts, access, the policy, G9/G10) and keeps the hash and stamp its card shows
 * (`offered`). The run of such calls stops at the first that cannot be shown truthfully:
 * one whose target cannot be read yet (it may depend on an earlier call's result) or that
 * needs another person's approval (`batchStop` says why), or one the gate would not ask
 * about. Nothing is recorded: each call is recorded when it is reached, as before.
 */
export async function offerBatch(run: RunContext, index: number): Promise<void> {
  const turn = run.state.turn;
  if (!turn) return;
  delete turn.batchStop;
  for (const call of turn.calls) if (call.status === 'waiting') delete call.offered;
  if (turn.skipRest || turn.calls[index]?.approval?.secondApprover) return;
  const last = Math.min(turn.calls.length, index + 1 + BATCH_MAX);
  for (let at = index + 1; at < last; at += 1) {
    const call = turn.calls[at];
    if (!call || call.status !== 'waiting' || call.unsafeKey || call.preDecision) return;
    const prep = await prepareCall(run, call);
    // A call that does not pass now may depend on an earlier call's result (a post it
    // creates): it cannot be shown truthfully, and is handled on its own when reached.
    const alone = (why: string) => {
      turn.batchStop = { position: at, reason: t('worker.batch.alone', { why: clip(why, 300) }) };
    };
    if (prep.kind === 'refused') return alone(prep.message);
    const decision = gate(run, prep.call);
    if (decision.decision !== 'ask') return;
    if (decision.secondApprover) {
      turn.batchStop = { position: at, reason: t('worker.batch.secondApprover') };
      return;
    }
    const p = prep.call;
    const refusal = (await checkAccess(p, decision.mode)) ?? (await checkGuards(p, decision.mode));
    if (refusal) return alone(refusal.message);
    call.offered = {
      payloadHash: p.payloadHash,
      targetModified: call.reviewedModified ?? p.facts.entity?.modified ?? null,
      reason: decision.reason,
      mode: decision.mode,
    };
  }
}

/**
 * Issue 36 item 1: a call the person decided with the turn's first pending call, now
 * reached in order. Its gate pass runs again: a refusal or deny refuses it as always; a
 * call that now needs another person, or whose hash or target differs from the card the
 * person saw (G7, G13), asks alone with a fresh card. Otherwise the decision applies: the
 * call is recorded pending and decided by the person in one commit, then runs once (the
 * intent in the same commit), or is rejected with the person's note.
 */
export async function settlePreDecided(run: RunContext, index: number): Promise<CallProgress> {
  const turn = run.state.turn;
  const call = turn?.calls[index];
  const pre = call?.preDecision;
  if (!turn || !call || !pre) return 'continue';
  const prep = await prepareCall(run, call);
  const p = prep.kind === 'ok' ? prep.call : null;
  const decision = p ? gate(run, p) : null;
  const stamp = p ? (call.reviewedModified ?? p.facts.entity?.modified ?? null) : null;
  if (
    !p ||
    decision?.decision !== 'ask' ||
    decision.secondApprover !== undefined ||
    p.payloadHash !== pre.payloadHash ||
    stamp !== pre.targetModified
  ) {
    // Not the card the person decided on: the call goes the ordinary way (refused, run
    // by the gate, or asked about alone with a fresh card).
    delete call.preDecision;
    return processWaiting(run, index);
  }
  run.emit({
    type: 'tool',
    recordId: call.recordId,
    position: call.position,
    tool: call.tool,
    input: call.input,
  });
  const refusal = (await checkAccess(p, decision.mode)) ?? (await checkGuards(p, decision.mode));
  if (refusal) {
    delete call.preDecision;
    await refuseCall(run, call, refusal);
    return 'continue';
  }
  await applyPreDecision(run, call, p, decision);
  return 'continue';
}

async function applyPreDecision(
  run: RunContext,
  call: TurnCall,
  p: PreparedCall,
  decision: Decision,
): Promise<void> {
  const pre = call.preDecision!;
  const pending = newRecord(run, call, { ...p, status: 'pending', mode: decision.mode });
  const create = () => run.deps.audit.create(pending);
  if (!pre.approve) {
    const text = rejectionText(pre.note);
    const turn = run.state.turn;
    if (turn) turn.skipRest ??= { reason: 'rejected', tool: call.tool };
    finishCall(run, call, { content: text, isError: true, status: 'rejected' });
    await run.save(async () => {
      await create();
      await run.deps.audit.transition(call.recordId, 'rejected', {
        decidedBy: pre.decidedBy,
        decidedAt: pre.at,
        outcome: clip(text),
      });
    });
    return;
  }
  await executeCall(run, call, p, async () => {
    await create();
    await run.deps.audit.transition(call.recordId, 'approved', {
      decidedBy: pre.decidedBy,
      decidedAt: pre.at,
    });
  });
}

function gate(run: RunContext, p: PreparedCall): Decision {
  const { untrusted, grants } = run.state;
  return evaluate(
    run.deps.policy,
    { tool: forGate(p.tool), input: p.input },
    { facts: p.facts, untrusted, grants },
  );
}
