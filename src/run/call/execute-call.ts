import { UndoStateSchema } from '../../audit';
import { ResultDisplaySchema } from '../../tools/result-display';
import { ToolRefusedError } from '../../tools/tool-refused';
import type { ToolResult } from '../../tools/tool';
import type { PreparedCall } from './prepare-call';
import { finishCall, markUntrusted } from './finish-call';
import { clip, errorClass, errorCode, failureText, resultText } from '../model-texts';
import type { AuditWrite, RunContext } from '../run-context';
import type { CallResult, TurnCall } from '../state/run-state-schema';

/** A call's outcome, and the audit write that records it (committed with the state). */
export interface Outcome {
  result: CallResult;
  record: AuditWrite;
}

/**
 * Runs an approved call exactly once. The intent (`executing`) is saved before the tool
 * runs, in one commit with `decided` (the record saying approved: issue 15 item 6), so no
 * worker ever finds a decision without its intent; a restarted worker that finds the
 * intent without an outcome never runs the call again (see settle-unknown.ts). The
 * outcome and its record are one commit too.
 */
export async function executeCall(
  run: RunContext,
  call: TurnCall,
  p: PreparedCall,
  decided?: AuditWrite,
): Promise<void> {
  call.status = 'executing';
  call.intentAt = run.now();
  await run.save(decided);
  const { result, record } = await runTool(run, call, p);
  finishCall(run, call, result);
  await run.save(record);
}

/** Executes the tool; the outcome is `run` or `failed` (A1). */
async function runTool(run: RunContext, call: TurnCall, p: PreparedCall): Promise<Outcome> {
  let outcome: ToolResult;
  try {
    // The approve pass's read (G13) serves the write: the tool reads nothing again.
    outcome = await p.tool.execute(p.ctx, p.input, p.target);
  } catch (error) {
    if (error instanceof ToolRefusedError) return refusedOutcome(run, call, error);
    const content = failureText(call.tool, error);
    return {
      result: { content, isError: true, status: 'failed' },
      record: () =>
        run.deps.audit.transition(call.recordId, 'failed', {
          outcome: clip(content),
          error: { code: errorCode(error), class: errorClass(error) },
        }),
    };
  }
  return ranOutcome(run, call, outcome);
}

/** A4: the CMS refused the approved call as it ran: recorded `refused`, nothing ran. */
function refusedOutcome(run: RunContext, call: TurnCall, error: ToolRefusedError): Outcome {
  const content = clip(error.message);
  return {
    result: { content, isError: true, status: 'refused' },
    record: () =>
      run.deps.audit.transition(call.recordId, 'refused', {
        outcome: content,
        error: { code: errorCode(error), class: errorClass(error) },
      }),
  };
}

/** A call that ran: its summary for the record, its result for the model. */
export function ranOutcome(run: RunContext, call: TurnCall, outcome: ToolResult): Outcome {
  const undo = UndoStateSchema.safeParse(outcome.undo);
  if (outcome.untrusted) markUntrusted(run);
  const display = ResultDisplaySchema.safeParse(outcome.display ?? {});
  return {
    result: {
      content: resultText(outcome),
      isError: false,
      status: 'run',
      summary: outcome.summary,
      // Panel data that does not validate is left out (the card shows the summary only).
      ...(outcome.display !== undefined && display.success ? { display: display.data } : {}),
    },
    record: () =>
      run.deps.audit.transition(call.recordId, 'run', {
        resultSummary: clip(outcome.summary),
        // E4: a before-state that does not validate is left out (no Undo), never a failure.
        ...(outcome.undo !== undefined && undo.success ? { undo: undo.data } : {}),
      }),
  };
}
