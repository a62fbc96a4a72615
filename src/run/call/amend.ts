import { forGate } from '../../tools/tool-words';
import { evaluate } from '../../gate';
import type { RecordOwner } from '../../audit';
import { logger } from '../../shared/log';
import { approvalRequest, pendingIndex } from './approval-request';
import { checkDecision } from './check-decision';
import { chosenInput, droppableFields, editableFields, type FieldChoices } from './editable-fields';
import { checkAccess, checkGuards, prepareCall, type PreparedCall } from './prepare-call';
import { previewOfferedCalls } from './previews';
import { settingsStamp } from './settings-stamp';
import { DecisionError } from '../errors';
import type { ApprovalRequest } from '../events';
import type { RunDeps } from '../deps';
import { RunContext } from '../run-context';
import type { RunState, TurnCall } from '../state/run-state-schema';
import { t } from '../../i18n';

const log = logger('run-amend');

/**
 * Issue 36: the person's own version of the pending call, from its card: new text for some
 * fields (item 2), fields left as they are on the site or taken back (item 3), or, with
 * `fields: null`, the model's proposal again.
 */
export interface AmendInput extends FieldChoices {
  recordId: string;
  /** The payload hash of the card the person edited (G7). */
  payloadHash: string;
  /** That card's stamp (G13), as a decision sends it. */
  targetModified?: string | null;
  decidedBy: RecordOwner;
}

export type AmendResult =
  | { kind: 'amended'; state: RunState; approval: ApprovalRequest }
  | { kind: 'refused'; state: RunState; error: DecisionError };

/**
 * Issue 36 item 2, G5-G10, G13: replaces the pending call's input by the person's version
 * of some of its text fields (or back by the model's proposal) and offers the card again.
 * The new input passes everything a proposal passes (validation, access, the gate, G9/G10)
 * and gets its own payload hash, which the next decision must carry. The pending audit
 * record keeps the model's proposal; the approval records the person's version beside it.
 * Anything that does not pass leaves the call exactly as it was.
 */
export async function amend(
  state: RunState,
  input: AmendInput,
  deps: RunDeps,
): Promise<AmendResult> {
  const run = new RunContext(state, deps);
  const refused = async (error: DecisionError): Promise<AmendResult> => {
    run.notice('warning', error.code, error.message);
    await run.save();
    return { kind: 'refused', state: run.saved, error };
  };
  const id = input.recordId;
  const check = await checkDecision(run, { ...input, approve: false });
  if (check) return refused(check);
  const index = pendingIndex(run.state);
  const call = run.state.turn?.calls[index];
  if (!call?.approval) throw new Error('checkDecision passed without a pending call.');
  const refuse = (message: string) => refused(new DecisionError('edit-refused', id, message));
  if (call.approval.secondApprover) return refuse(t('worker.decision.editSecondApprover'));
  const base = call.proposed?.input ?? call.input;
  const tool = deps.registry.get(call.tool);
  const editable = editableFields(tool, base);
  const droppable = droppableFields(tool, base);
  if (editable.length === 0 && droppable.length === 0)
    return refuse(t('worker.decision.editNotOffered'));
  const wrong =
    Object.keys(input.fields ?? {}).find((key) => !editable.includes(key)) ??
    [...(input.drop ?? []), ...(input.restore ?? [])].find((key) => !droppable.includes(key));
  if (wrong !== undefined) return refuse(t('worker.decision.editField', { field: wrong }));
  const keys = [...new Set([...editable, ...droppable])];
  const { input: next, changed } = chosenInput(base, call.input, input, keys);
  if (!keys.some((key) => key in next)) return refuse(t('worker.decision.editNothingLeft'));

  const before = { input: call.input, proposed: call.proposed, approval: { ...call.approval } };
  call.input = next;
  if (changed.length === 0) delete call.proposed;
  else
    call.proposed = {
      input: base,
      payloadHash: call.proposed?.payloadHash ?? call.approval.payloadHash,
      fields: changed,
    };
  const undo = () => {
    call.input = before.input;
    if (before.proposed) call.proposed = before.proposed;
    else delete call.proposed;
    call.approval = before.approval;
  };
  const pass = await passAgain(run, call);
  if (typeof pass === 'string') {
    undo();
    return refuse(pass);
  }
  await previewOfferedCalls(run, index, { position: index, target: pass.target });
  await run.save();
  const approval = approvalRequest(run.saved, deps);
  if (!approval) throw new Error('The edited call is no longer pending.');
  log.info(`The person's version of ${call.tool} (${changed.join(', ') || 'as proposed'}).`);
  run.emit({ type: 'approval', approval });
  return { kind: 'amended', state: run.saved, approval };
}

/**
 * The gate pass of a proposal, for the person's version: T5, facts, access (G5), the
 * policy (a deny or a second approver refuses the version, it never loosens: the call
 * still asks) and G9/G10. On success the card's hash and stamp are the new input's, and
 * the pass is returned (its read builds the new card); else the refusal's words.
 */
async function passAgain(run: RunContext, call: TurnCall): Promise<string | PreparedCall> {
  const approval = call.approval;
  if (!approval) return t('worker.decision.editNotOffered');
  const prep = await prepareCall(run, call);
  if (prep.kind === 'refused') return t('worker.decision.editInvalid', { reason: prep.message });
  const p = prep.call;
  const decision = evaluate(
    run.deps.policy,
    { tool: forGate(p.tool), input: p.input },
    { facts: p.facts, untrusted: run.state.untrusted, grants: [] },
  );
  if (decision.decision === 'deny')
    return t('worker.decision.editInvalid', { reason: decision.reason });
  if (decision.decision === 'ask' && decision.secondApprover)
    return t('worker.decision.editNeedsSecond');
  const refusal = (await checkAccess(p, approval.mode)) ?? (await checkGuards(p, approval.mode));
  if (refusal) return t('worker.decision.editInvalid', { reason: refusal.message });
  approval.payloadHash = p.payloadHash;
  approval.targetModified = call.reviewedModified ?? p.facts.entity?.modified ?? null;
  Object.assign(approval, await settingsStamp(p.facts));
  return p;
}
