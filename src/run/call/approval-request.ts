import { shortHash } from './payload-hash';
import { cardStamp } from './settings-stamp';
import type { RunDeps } from '../deps';
import type { ApprovalRequest, BatchMember, OfferedCall } from '../events';
import type { RunState, Turn, TurnCall } from '../state/run-state-schema';
import { toolCardDescription, toolLabel } from '../../tools/tool-words';
import { droppableFields, editableFields } from './editable-fields';

/** The index of the call waiting for a decision, or -1. */
export function pendingIndex(state: RunState): number {
  return state.turn?.calls.findIndex((call) => call.status === 'pending') ?? -1;
}

/** G6: the record id of the call waiting for a decision, or null (as `approvalRequest`). */
export function pendingRecordId(state: RunState): string | null {
  const call = state.turn?.calls[pendingIndex(state)];
  return call?.approval ? call.recordId : null;
}

/**
 * G6, G12, C4: the approval card's data for the thread's pending call, or null when
 * nothing is pending. Rebuilt from the saved state, so a reopened panel loses nothing.
 */
export function approvalRequest(state: RunState, deps: Pick<RunDeps, 'registry' | 'options'>) {
  const turn = state.turn;
  const index = pendingIndex(state);
  const call = turn?.calls[index];
  if (!turn || !call?.approval) return null;
  const tool = deps.registry.get(call.tool);
  const expireAfter = deps.options?.expireAfterMs;
  const { approval } = call;
  const request: ApprovalRequest = {
    ...offered(turn, index),
    threadId: state.threadId,
    label: tool ? toolLabel(tool) : call.tool,
    cardDescription: tool ? toolCardDescription(tool) : '',
    payloadHash: approval.payloadHash,
    shortHash: shortHash(approval.payloadHash),
    reason: approval.reason,
    mode: approval.mode,
    canGrantOnce: approval.canGrantOnce,
    ...(approval.secondApprover ? { secondApprover: approval.secondApprover } : {}),
    askedAt: approval.askedAt,
    expiresAt: expireAfter === undefined ? null : approval.askedAt + expireAfter,
    targetModified: cardStamp(approval),
    editable: approval.secondApprover
      ? []
      : editableFields(tool, call.proposed?.input ?? call.input),
    droppable: approval.secondApprover
      ? []
      : droppableFields(tool, call.proposed?.input ?? call.input),
    ...(call.proposed ? { edited: editedOf(call.proposed, call.input) } : {}),
    batch: batchOf(turn, index, deps),
    ...(turn.batchStop ? { batchStop: stopOf(turn) } : {}),
    waiting: turn.calls
      .map((_, i) => i)
      .filter((i) => i > index && turn.calls[i]?.status === 'waiting')
      .map((i) => offered(turn, i)),
  };
  return request;
}

function offered(turn: Turn, index: number): OfferedCall {
  const call = turn.calls[index];
  if (!call) throw new RangeError(`No call at ${index}.`);
  const preview = turn.previews.find((p) => p.position === index) ?? null;
  const input = call.unsafeKey ? null : call.input;
  return { recordId: call.recordId, position: call.position, tool: call.tool, input, preview };
}

/** Issue 36: the edited fields and the model's proposal of each. */
function editedOf(
  proposed: NonNullable<TurnCall['proposed']>,
  now: unknown,
): ApprovalRequest['edited'] {
  const input = (proposed.input ?? {}) as Record<string, unknown>;
  const current = (now ?? {}) as Record<string, unknown>;
  return {
    fields: proposed.fields,
    proposed: Object.fromEntries(proposed.fields.map((key) => [key, input[key]])),
    dropped: proposed.fields.filter((key) => !(key in current)),
  };
}

/** Issue 36 item 1: the later calls shown with the pending one, in order. */
function batchOf(turn: Turn, index: number, deps: Pick<RunDeps, 'registry'>): BatchMember[] {
  const members: BatchMember[] = [];
  for (let at = index + 1; at < turn.calls.length; at += 1) {
    const call = turn.calls[at];
    if (!call?.offered || call.status !== 'waiting' || call.preDecision) break;
    const tool = deps.registry.get(call.tool);
    const c = tool?.classification;
    members.push({
      ...offered(turn, at),
      label: tool ? toolLabel(tool) : call.tool,
      cardDescription: tool ? toolCardDescription(tool) : '',
      payloadHash: call.offered.payloadHash,
      shortHash: shortHash(call.offered.payloadHash),
      reason: call.offered.reason,
      mode: call.offered.mode,
      targetModified: call.offered.targetModified,
      careful: !c || c.destructive,
    });
  }
  return members;
}

function stopOf(turn: Turn): ApprovalRequest['batchStop'] {
  const stop = turn.batchStop!;
  return { ...stop, tool: turn.calls[stop.position]?.tool ?? '' };
}
