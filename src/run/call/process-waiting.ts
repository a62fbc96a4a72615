import { forGate, toolLabel } from '../../tools/tool-words';
import { isFinalStatus } from '../../audit';
import { evaluate } from '../../gate';
import { checkAccess, checkGuards, prepareCall, refusalOf } from './prepare-call';
import { finishCall, refuseCall, resultFromRecord } from './finish-call';
import { executeCall } from './execute-call';
import { newRecord } from './new-record';
import { runApproved } from './run-approved';
import type { RunContext } from '../run-context';
import { skipCall } from './skip-call';
import { settlePreDecided } from './batch';
import { suspendAt } from './suspend-at';
import { adoptPending } from '../recovery/adopt-pending';
import { t } from '../../i18n';

/** What processing one call did to the turn. */
export type CallProgress = 'continue' | 'suspended';

/**
 * One waiting call of the turn, in order (G5, G6): validate (T5) → facts() → access as
 * the acting user (G5) → gate; then G9/G10 before any card. allow runs it; deny refuses
 * it; the first ask suspends the turn. A record that already exists (a worker died after
 * writing it) is adopted instead, so nothing is recorded or executed twice.
 */
export async function processWaiting(run: RunContext, index: number): Promise<CallProgress> {
  const turn = run.state.turn;
  const call = turn?.calls[index];
  if (!turn || !call) return 'continue';
  const record = await run.deps.audit.get(call.recordId);
  if (record && isFinalStatus(record.status)) {
    finishCall(run, call, resultFromRecord(record));
    return 'continue';
  }
  if (record?.status === 'approved') {
    await runApproved(run, call);
    return 'continue';
  }
  // Issue 36: decided with the turn's first card; applied only if still that card.
  if (call.preDecision) return settlePreDecided(run, index);
  delete call.offered;
  if (turn.skipRest) {
    await skipCall(run, call, turn.skipRest);
    return 'continue';
  }
  if (record?.status === 'pending') return adoptPending(run, index);
  run.emit({
    type: 'tool',
    recordId: call.recordId,
    position: call.position,
    tool: call.tool,
    input: call.input,
  });
  const prep = await prepareCall(run, call);
  if (prep.kind === 'refused') {
    await refuseCall(run, call, prep);
    return 'continue';
  }
  const p = prep.call;
  const { untrusted, grants } = run.state;
  const decision = evaluate(
    run.deps.policy,
    { tool: forGate(p.tool), input: p.input },
    { facts: p.facts, untrusted, grants },
  );
  const refusal =
    (await checkAccess(p, decision.mode)) ??
    (decision.decision === 'deny'
      ? refusalOf(p, decision.mode, 'refused', 'policy-deny', decision.reason)
      : await checkGuards(p, decision.mode));
  if (refusal) {
    await refuseCall(run, call, refusal);
    return 'continue';
  }
  if (decision.decision === 'ask') {
    await suspendAt(run, index, p, decision);
    return 'suspended';
  }
  if (decision.rule.source === 'site') {
    // G11: the person sees when the site, not their own rules, let a call run unasked.
    const text =
      decision.rule.entry === '*'
        ? t('worker.notice.siteRuleAllowedAll')
        : t('worker.notice.siteRuleAllowedTool', { tool: toolLabel(p.tool) });
    run.notice('info', 'site-rule-allowed', text);
  }
  const approved = newRecord(run, call, {
    ...p,
    status: 'approved',
    mode: decision.mode,
    byPolicy: true,
  });
  await executeCall(run, call, p, () => run.deps.audit.create(approved));
  return 'continue';
}
