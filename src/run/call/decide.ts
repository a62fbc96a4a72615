import type { WireError } from '../../shared/errors';
import { logger } from '../../shared/log';
import type { CallFacts } from '../../tools/tool';
import { approvalRequest, pendingIndex } from './approval-request';
import { prepareCall } from './prepare-call';
import { finishCall, markUntrusted } from './finish-call';
import { checkDecision, type DecisionInput } from './check-decision';
import type { RunDeps } from '../deps';
import { DecisionError, personWireError } from '../errors';
import type { ApprovalRequest } from '../events';
import { clip, rejectionText, secondApproverRejectionText } from '../model-texts';
import { previewOfferedCalls } from './previews';
import { offerBatch } from './batch';
import { failApproved, runApproved } from './run-approved';
import { RunContext } from '../run-context';
import { changedSettings, settingsStamp } from './settings-stamp';
import { REFUSED_DECISIONS_KEPT, type RunState, type TurnCall } from '../state/run-state-schema';
import { t } from '../../i18n';

const log = logger('run-decide');

/** What a decision did. After `decided`, drive the run on: the agent's next step starts (G8). */
export type DecideResult =
  | { kind: 'decided'; state: RunState; approved: boolean }
  | { kind: 'target-changed'; state: RunState; facts: CallFacts; approval: ApprovalRequest }
  | { kind: 'refused'; state: RunState; error: DecisionError }
  | { kind: 'failed'; state: RunState; error: WireError }
  /** E1-E3: the person's open editors hold the approval back (`reason`); nothing changed. */
  | { kind: 'held'; state: RunState; reason: string; approval: ApprovalRequest };

/**
 * G7, G8, G13, G14: applies a person's decision to the pending call. A decision that does
 * not match (G7) is refused with a specific error and changes nothing about the call.
 * Reject tells the model exactly the G8 text; the later calls are skipped on the next
 * step. Approve re-validates and re-checks access, refreshes the card instead when the
 * target changed since it was built (G13), then runs the call once.
 */
export async function decide(
  state: RunState,
  input: DecisionInput,
  deps: RunDeps,
): Promise<DecideResult> {
  const run = new RunContext(state, deps);
  try {
    const refusal = await checkDecision(run, input);
    if (refusal) return await refuse(run, input, refusal);
    const index = pendingIndex(run.state);
    const call = run.state.turn?.calls[index];
    if (!call) throw new Error('checkDecision passed without a pending call.');
    if (input.batch?.length) {
      const stale = preDecide(run, index, input);
      if (stale) return await refuse(run, input, stale);
    }
    if (!input.approve) return await reject(run, call, input);
    return await approve(run, index, call, input);
  } catch (error) {
    log.warn(`A decision on thread ${state.threadId} stopped.`, error);
    const wire = personWireError(error);
    run.notice('error', wire.code, wire.message);
    return { kind: 'failed', state: run.saved, error: wire };
  }
}

async function reject(
  run: RunContext,
  call: TurnCall,
  input: DecisionInput,
): Promise<DecideResult> {
  // G15, R6: a second approver is another person; their note marks the thread untrusted.
  const second =
    input.countersignedBy !== undefined && input.countersignedBy !== input.decidedBy.userId;
  const text = second ? secondApproverRejectionText(input.note) : rejectionText(input.note);
  if (second && input.note?.trim()) markUntrusted(run);
  const turn = run.state.turn;
  if (turn) turn.skipRest = { reason: 'rejected', tool: call.tool };
  finishCall(run, call, { content: text, isError: true, status: 'rejected' });
  // The model reads the exact text; the record keeps at most 2000 characters of it. The
  // record and the state are one commit (issue 15 item 6).
  await run.save(() =>
    run.deps.audit.transition(call.recordId, 'rejected', {
      decidedBy: input.countersignedBy ?? input.decidedBy.userId,
      outcome: clip(text),
    }),
  );
  return { kind: 'decided', state: run.saved, approved: false };
}

async function approve(
  run: RunContext,
  index: number,
  call: TurnCall,
  input: DecisionInput,
): Promise<DecideResult> {
  const by = input.countersignedBy ?? input.decidedBy.userId;
  // The approval is recorded in the commit that also saves what follows it (the intent,
  // or the failure): a worker that dies first leaves the card offered again, untouched.
  // Issue 36: a call the person edited records their version, with its hash, beside the
  // model's proposal (the record's `input`).
  const approvedEdit =
    call.proposed && call.approval
      ? { input: call.input, payloadHash: call.approval.payloadHash, fields: call.proposed.fields }
      : undefined;
  const decided = () =>
    run.deps.audit.transition(call.recordId, 'approved', { decidedBy: by, approvedEdit });
  // The open editors are asked while the target is read (one round trip each, at once).
  const [prep, held] = await Promise.all([prepareCall(run, call), input.editorHold ?? null]);
  if (held !== null) {
    const approval = approvalRequest(run.saved, run.deps);
    if (!approval) throw new Error('The held call is no longer pending.');
    return { kind: 'held', state: run.saved, reason: held, approval };
  }
  if (prep.kind === 'refused') {
    await failApproved(run, call, { ...prep, status: 'failed' }, decided);
    return { kind: 'decided', state: run.saved, approved: true };
  }
  const p = prep.call;
  const approval = call.approval;
  const after = p.facts.entity?.modified ?? null;
  const before = approval?.targetModified ?? null;
  // A card older than the stored stamp was refused by checkDecision (G7, stale).
  const settings = approval ? changedSettings(approval, p.facts) : [];
  if (approval && (after !== before || settings.length > 0)) {
    // G13: nothing runs; the card shows the target as it is now and asks once more, with
    // the turn's later calls to decide again beside it (issue 36).
    for (const later of run.state.turn?.calls ?? []) delete later.preDecision;
    await offerBatch(run, index);
    approval.targetModified = after;
    Object.assign(approval, await settingsStamp(p.facts));
    await previewOfferedCalls(run, index, { position: index, target: p.target });
    await run.save();
    const refreshed = approvalRequest(run.saved, run.deps);
    if (!refreshed) throw new Error('The refreshed call is no longer pending.');
    refreshed.targetChanged = { before, after, ...(settings.length > 0 ? { settings } : {}) };
    run.emit({ type: 'approval', approval: refreshed });
    return { kind: 'target-changed', state: run.saved, facts: p.facts, approval: refreshed };
  }
  if (input.grantThread) grant(run, call.tool);
  await runApproved(run, call, p, decided);
  return { kind: 'decided', state: run.saved, approved: true };
}

/** G14: "allow this tool for the rest of the thread", visible in the state, revocable. */
function grant(run: RunContext, tool: string): void {
  if (run.state.grants.some((g) => g.tool === tool)) return;
  run.state.grants.push({ tool, grantedAt: run.now() });
  run.notice('info', 'grant-added', t('worker.notice.grantAdded', { tool }));
}

/** G7: a refused decision changes nothing about the call; the attempt is kept and shown. */
async function refuse(
  run: RunContext,
  input: DecisionInput,
  error: DecisionError,
): Promise<DecideResult> {
  run.notice('warning', error.code, error.message);
  const entry = {
    at: run.now(),
    recordId: input.recordId,
    userId: input.decidedBy.userId,
    code: error.code,
  };
  run.state.refusedDecisions = [...run.state.refusedDecisions, entry].slice(
    -REFUSED_DECISIONS_KEPT,
  );
  try {
    await run.save();
  } catch (saveError) {
    log.warn('Could not keep the refused decision in the thread.', saveError);
  }
  return { kind: 'refused', state: run.saved, error };
}

/**
 * Issue 36 item 1, G7: binds the person's decisions on the later calls shown with the
 * pending one, each to its card's hash and stamp. Every one must name a call still offered
 * as shown, or nothing is decided.
 */
function preDecide(run: RunContext, index: number, input: DecisionInput): DecisionError | null {
  const calls = run.state.turn?.calls ?? [];
  const by = input.countersignedBy ?? input.decidedBy.userId;
  const chosen = [];
  for (const choice of input.batch ?? []) {
    const at = calls.findIndex((c) => c.recordId === choice.recordId);
    const call = calls[at];
    const offered = call?.status === 'waiting' && at > index ? call.offered : undefined;
    if (
      !call ||
      !offered ||
      offered.payloadHash !== choice.payloadHash ||
      offered.targetModified !== choice.targetModified
    ) {
      return new DecisionError('stale', choice.recordId, t('worker.decision.batchStale'));
    }
    chosen.push({ call, offered, choice });
  }
  for (const { call, offered, choice } of chosen) {
    call.preDecision = {
      approve: choice.approve,
      payloadHash: offered.payloadHash,
      targetModified: offered.targetModified,
      decidedBy: by,
      at: run.now(),
      ...(!choice.approve && input.note?.trim() ? { note: input.note.trim() } : {}),
    };
  }
  return null;
}
