import { UndoStateSchema } from '../audit';
import { ResultDisplaySchema } from '../tools/result-display';
import type { ToolResult } from '../tools/tool';
import type { PreparedCall } from './call-checks';
import { finishCall, markUntrusted } from './call-outcome';
import { clip, errorClass, errorCode, failureText, resultText } from './model-texts';
import type { RunContext } from './run-context';
import type { CallResult, TurnCall } from './run-state-schema';

/**
 * Runs an approved call exactly once. The intent (`executing`) is saved before the tool
 * runs; a restarted worker that finds the intent without an outcome never runs the call
 * again (see settle-unknown.ts). Its audit record must already be `approved`.
 */
export async function executeCall(run: RunContext, call: TurnCall, p: PreparedCall): Promise<void> {
  call.status = 'executing';
  call.intentAt = run.now();
  await run.save();
  const result = await runTool(run, call, p);
  finishCall(run, call, result);
  await run.save();
}

/** Executes the tool and records `run` or `failed` (A1). */
async function runTool(run: RunContext, call: TurnCall, p: PreparedCall): Promise<CallResult> {
  let outcome: ToolResult;
  try {
    outcome = await p.tool.execute(p.ctx, p.input);
  } catch (error) {
    const content = failureText(call.tool, error);
    await run.deps.audit.transition(call.recordId, 'failed', {
      outcome: clip(content),
      error: { code: errorCode(error), class: errorClass(error) },
    });
    return { content, isError: true, status: 'failed' };
  }
  return recordRun(run, call, outcome);
}

/** Records a call that ran, with its summary, and reads its result for the model. */
export async function recordRun(
  run: RunContext,
  call: TurnCall,
  outcome: ToolResult,
): Promise<CallResult> {
  const undo = UndoStateSchema.safeParse(outcome.undo);
  await run.deps.audit.transition(call.recordId, 'run', {
    resultSummary: clip(outcome.summary),
    // E4: a before-state that does not validate is left out (no Undo), never a failure.
    ...(outcome.undo !== undefined && undo.success ? { undo: undo.data } : {}),
  });
  if (outcome.untrusted) markUntrusted(run);
  const display = ResultDisplaySchema.safeParse(outcome.display ?? {});
  return {
    content: resultText(outcome),
    isError: false,
    status: 'run',
    summary: outcome.summary,
    // Panel data that does not validate is left out (the card shows the summary only).
    ...(outcome.display !== undefined && display.success ? { display: display.data } : {}),
  };
}
