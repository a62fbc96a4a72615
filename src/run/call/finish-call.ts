import type { ToolCallRecord } from '../../audit';
import type { Refusal } from './prepare-call';
import { newRecord } from './new-record';
import type { RunContext } from '../run-context';
import type { RunEvent } from '../events';
import type { CallResult, TurnCall } from '../state/run-state-schema';
import { t } from '../../i18n';
import { editedText } from '../model-texts';

/** Outcomes in which the person's edited version was never approved. */
const NOT_APPROVED: ReadonlySet<string> = new Set(['rejected', 'expired', 'skipped']);

/** Marks a call done with what the model will be told, and tells the panel (R2). */
export function finishCall(run: RunContext, call: TurnCall, result: CallResult): void {
  if (call.proposed && !NOT_APPROVED.has(result.status)) {
    // Issue 36: the model learns exactly what the person changed in its proposal, as data.
    result = {
      ...result,
      content: `${editedText(call.proposed, call.input)}\n\n${result.content}`,
    };
  }
  call.status = 'done';
  call.result = result;
  delete call.approval;
  run.emit(resultEvent(call, result));
}

/** The `tool_result` event of a finished call (R2): what the model is told, what people see. */
export function resultEvent(
  call: Pick<TurnCall, 'recordId' | 'position' | 'tool'>,
  result: CallResult,
): Omit<Extract<RunEvent, { type: 'tool_result' }>, 'threadId'> {
  return {
    type: 'tool_result',
    recordId: call.recordId,
    position: call.position,
    tool: call.tool,
    status: result.status,
    content: result.content,
    summary: result.summary ?? result.content,
    ...(result.display ? { display: result.display } : {}),
    isError: result.isError,
  };
}

/**
 * T5, G5, G9, G10, deny: records a call refused before it ran (A1) and answers the model
 * with a tool error. Refusals are recorded `refused` and so count in the A4 report.
 */
export async function refuseCall(run: RunContext, call: TurnCall, refusal: Refusal): Promise<void> {
  const record = newRecord(run, call, {
    tool: refusal.tool,
    input: refusal.input,
    facts: refusal.facts,
    payloadHash: refusal.payloadHash,
    status: refusal.status,
    mode: refusal.mode,
    byPolicy: true,
    outcome: refusal.message,
    error: { code: refusal.code },
  });
  await run.deps.audit.create(record);
  finishCall(run, call, { content: refusal.message, isError: true, status: refusal.status });
}

/** What the model was told about a call, rebuilt from its final audit record (resume). */
export function resultFromRecord(record: ToolCallRecord): CallResult {
  const ran = record.status === 'run';
  const content =
    (ran ? record.resultSummary : record.outcome) ??
    (ran ? 'The call ran.' : `The call ended as ${record.status}.`);
  return { content, isError: !ran, status: record.status };
}

/** R6: the thread now holds words others may have written; it stays untrusted (S2). */
export function markUntrusted(run: RunContext): void {
  if (run.state.untrusted) return;
  run.state.untrusted = true;
  run.notice('warning', 'thread-untrusted', t('worker.notice.untrusted'));
}
