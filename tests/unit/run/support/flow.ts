import { expect } from 'vitest';
import type { ApprovalRequest, DecisionInput, StepResult } from '../../../../src/run';
import { OWNER, type Worker } from './world';

/** Creates a thread owned by OWNER and returns its id. */
export async function newThread(worker: Worker, untrusted = false): Promise<string> {
  const state = await worker.runs.createThread({ owner: OWNER, untrusted });
  return state.threadId;
}

/** Asserts the run waits for approval and returns the card's data. */
export function awaiting(result: StepResult): ApprovalRequest {
  expect(result.kind).toBe('awaiting-approval');
  if (result.kind !== 'awaiting-approval') throw new Error('not awaiting');
  return result.approval;
}

/** The decision a panel sends for a card. */
export function decisionFor(
  approval: ApprovalRequest,
  over: Partial<DecisionInput> = {},
): DecisionInput {
  return {
    recordId: approval.recordId,
    payloadHash: approval.payloadHash,
    decidedBy: OWNER,
    approve: true,
    ...over,
  };
}

/** The tool_result blocks the model was sent, by tool_use id. */
export async function toolResults(worker: Worker, threadId: string) {
  const state = await worker.runs.state(threadId);
  const out = new Map<string, { content: string; is_error?: boolean }>();
  for (const message of state.transcript) {
    for (const block of message.content)
      if (block.type === 'tool_result') out.set(block.tool_use_id, block);
  }
  return out;
}
