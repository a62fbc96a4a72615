import { logger } from '../../shared/log';
import type { ReconcileResult } from '../../tools/tool';
import { prepareCall } from '../call/prepare-call';
import { finishCall, resultFromRecord } from '../call/finish-call';
import { executeCall, ranOutcome } from '../call/execute-call';
import { runApproved } from '../call/run-approved';
import { unknownOutcomeText } from '../model-texts';
import { toolLabel } from '../../tools/tool-words';
import type { RunContext } from '../run-context';
import type { TurnCall } from '../state/run-state-schema';
import { t } from '../../i18n';

const log = logger('run-resume');

/**
 * Idempotency: a call whose intent was saved but whose outcome was not. When the audit
 * record has the outcome, that is the outcome. Otherwise the outcome is unknown: the
 * tool's `reconcile()` asks the CMS; without it (or when it fails) a tool whose author
 * claims it idempotent (`retryOnce`) is run once more, once; any other call is recorded
 * `failed` and the person is told to check. No other call is ever executed twice.
 */
export async function settleUnknown(run: RunContext, call: TurnCall): Promise<void> {
  const record = await run.deps.audit.get(call.recordId);
  if (record && record.status !== 'approved' && record.status !== 'pending') {
    finishCall(run, call, resultFromRecord(record));
    await run.save();
    return;
  }
  const found = record ? await reconcile(run, call) : null;
  if (found?.ran === true) {
    const { result, record } = ranOutcome(run, call, found.result);
    run.notice(
      'info',
      'outcome-reconciled',
      t('worker.notice.reconciled', { tool: label(run, call) }),
    );
    finishCall(run, call, result);
    await run.save(record);
  } else if (found?.ran === false && record?.status === 'approved') {
    // Certainly not run: it runs once now, checked again as any approved call is (G8).
    return runApproved(run, call);
  } else if (found?.ran === false) {
    const prep = await prepareCall(run, call);
    if (prep.kind === 'ok') return executeCall(run, call, prep.call);
    return unknown(run, call, Boolean(record));
  } else if (found === null && record?.status === 'approved' && mayRetry(run, call)) {
    // Its author claims a second run does no more than the first: sent once more, marked
    // first so a worker stopping again ends it as unknown, never a third time.
    call.retried = true;
    run.notice('info', 'outcome-retried', t('worker.notice.retried', { tool: label(run, call) }));
    return runApproved(run, call);
  } else {
    await unknown(run, call, Boolean(record));
  }
}

/** S5: the tool may be sent once more (`retryOnce`) and has not been yet. */
function mayRetry(run: RunContext, call: TurnCall): boolean {
  return call.retried !== true && run.deps.registry.get(call.tool)?.retryOnce === true;
}

/** The call's tool as the person reads it (a site's ability by its label), in their language. */
function label(run: RunContext, call: TurnCall): string {
  const tool = run.deps.registry.get(call.tool);
  return tool ? toolLabel(tool) : call.tool;
}

async function reconcile(run: RunContext, call: TurnCall): Promise<ReconcileResult | null> {
  const valid = run.deps.registry.validate(call.tool, call.input);
  if (!valid.ok || !valid.tool.reconcile) return null;
  try {
    const hint = { targetModified: call.approval?.targetModified };
    return await valid.tool.reconcile(await run.toolContext(), valid.input, hint);
  } catch (error) {
    log.warn(`Reconciling ${call.tool} failed.`, error);
    return null;
  }
}

/** The outcome stays unknown: recorded failed, the model and the person told (S5). */
async function unknown(run: RunContext, call: TurnCall, hasRecord: boolean): Promise<void> {
  const content = unknownOutcomeText(call.tool);
  run.notice(
    'warning',
    'outcome-unknown',
    t('worker.notice.outcomeUnknown', { tool: label(run, call) }),
  );
  finishCall(run, call, { content, isError: true, status: 'failed' });
  const record = () =>
    run.deps.audit.transition(call.recordId, 'failed', {
      outcome: content,
      error: { code: 'outcome-unknown' },
    });
  await run.save(hasRecord ? record : undefined);
}
