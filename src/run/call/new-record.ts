import {
  DECIDED_BY_POLICY,
  type ApprovalMode,
  type AuditStatus,
  type ClassificationSnapshot,
  type NewToolCallRecord,
  type RecordError,
} from '../../audit';
import { defaultMode, landsAsDraft, resolvePolicyEntry, type EffectivePolicy } from '../../gate';
import type { AnyTool, CallFacts } from '../../tools/tool';
import { clip } from '../model-texts';
import { payloadHash } from './payload-hash';
import type { RunContext } from '../run-context';
import type { TurnCall } from '../state/run-state-schema';

/** What varies between the records of one call's paths; the rest comes from the call. */
export interface RecordFacts {
  tool: AnyTool | undefined;
  input: unknown;
  facts?: CallFacts;
  payloadHash: string;
  status: AuditStatus;
  mode: ApprovalMode;
  /** Set for calls the gate decided without asking; pending calls have none yet. */
  byPolicy?: boolean;
  outcome?: string;
  resultSummary?: string;
  error?: RecordError;
}

/** A1: the record of a call, with the thread, owner, position and reply's reasoning (R4). */
export function newRecord(run: RunContext, call: TurnCall, f: RecordFacts): NewToolCallRecord {
  const turn = run.state.turn;
  const record: NewToolCallRecord = {
    id: call.recordId,
    threadId: run.threadId,
    owner: run.state.owner,
    tool: call.tool,
    input: f.input,
    payloadHash: f.payloadHash,
    status: f.status,
    mode: f.mode,
    classification: snapshot(f.tool, f.input, f.facts ?? {}),
    transport: turn?.origin === 'person' ? 'command' : 'agent',
    position: call.position,
    // Calls of one reply share a time, so thread order is their order in the reply.
    createdAt: turn?.startedAt ?? run.now(),
  };
  if (f.byPolicy) {
    record.decidedBy = DECIDED_BY_POLICY;
    record.decidedAt = run.now();
  }
  if (turn?.reasoning) record.reasoning = turn.reasoning;
  if (f.outcome !== undefined) record.outcome = clip(f.outcome);
  if (f.resultSummary !== undefined) record.resultSummary = clip(f.resultSummary);
  if (f.error) record.error = f.error;
  return record;
}

/** T2 as data: the classification with `draft` evaluated; null when unclassified. */
export function snapshot(
  tool: AnyTool | undefined,
  input: unknown,
  facts: CallFacts,
): ClassificationSnapshot {
  const c = tool?.classification;
  if (!tool || !c) return null;
  const out: NonNullable<ClassificationSnapshot> = { kind: c.kind, destructive: c.destructive };
  if (c.whole !== undefined) out.whole = c.whole;
  if (c.kind === 'write') out.draft = landsAsDraft(tool, input, facts);
  return out;
}

/** The mode of the entry that applies to a tool, for calls refused before the gate ran. */
export function entryMode(policy: EffectivePolicy, name: string, tool?: AnyTool): ApprovalMode {
  const entry = resolvePolicyEntry(policy, name);
  if (entry) return entry.mode;
  return tool ? defaultMode(tool) : 'ask';
}

/**
 * G6: the payload hash of a call. Input that has no canonical JSON (it cannot come from
 * the model's JSON, but a broken port could send it) is hashed as `null` and tagged, so
 * the record still exists; such a call never passes validation.
 */
export async function safeHash(tool: string, input: unknown): Promise<string> {
  try {
    return await payloadHash(tool, input);
  } catch {
    return payloadHash(`${tool}#unhashable`, null);
  }
}
