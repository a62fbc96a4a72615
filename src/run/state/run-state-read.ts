import { z } from 'zod';
import { formatFieldPath } from '../../tools/field-path';
import { RunStateError } from '../errors';
import {
  RefusedDecisionSchema,
  RunStateV1Schema,
  RUN_STATE_VERSION,
  TurnCallSchema,
  TurnSchema,
  type RunState,
  type TurnCall,
} from './run-state-schema';
import { restorePreviews } from '../recovery/restore-previews';
import { findUnsafeKey, MAX_INPUT_DEPTH, TOO_DEEP } from '../call/unsafe-keys';

/** P5: a call entry that could not be restored, with what could still be read of it. */
export interface DroppedCall {
  index: number;
  toolUseId?: string;
  recordId?: string;
  status?: string;
}

/** What restoring had to leave out (P5, P6); empty when the state was whole. */
export interface RestoreReport {
  droppedCalls: DroppedCall[];
  droppedPreviews: number;
}

/** A run state read back from storage, and what was left out. */
export interface RestoredRunState {
  state: RunState;
  report: RestoreReport;
}

// The calls, previews and refused decisions are checked one by one below, so a bad entry
// costs that entry (P5, P6) instead of the whole run.
const CoreSchema = RunStateV1Schema.extend({
  turn: TurnSchema.extend({
    calls: z.array(z.unknown()),
    previews: z.unknown().optional(),
  }).nullable(),
  refusedDecisions: z.unknown().optional(),
});

/**
 * Reads a stored run state (STYLE 7): any version this code knows, validated with zod.
 * Unusable call entries and malformed previews are dropped and reported (P5, P6); a
 * future version, a missing or malformed required part, or an unsafe key is a
 * `RunStateError` naming the problem.
 */
export function readRunState(raw: unknown, threadId = '(unknown)'): RestoredRunState {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new RunStateError('invalid', threadId, `The saved run of ${threadId} is not an object.`);
  }
  // A saved state nests a tool input a few levels down; deeper than that is not ours.
  const unsafe = findUnsafeKey(raw, MAX_INPUT_DEPTH + 16);
  if (unsafe) {
    const what =
      unsafe.key === TOO_DEEP
        ? `nests too deep at ${unsafe.path}`
        : `holds a "${unsafe.key}" key at ${unsafe.path}`;
    throw new RunStateError('unsafe', threadId, `The saved run of ${threadId} ${what}.`, [
      unsafe.path,
    ]);
  }
  const version = (raw as { schemaVersion?: unknown }).schemaVersion;
  if (typeof version === 'number' && version > RUN_STATE_VERSION) {
    const message = `The saved run of ${threadId} has format ${version}, newer than this version of Countersign reads (${RUN_STATE_VERSION}); update the extension.`;
    throw new RunStateError('version', threadId, message, ['schemaVersion']);
  }
  const core = CoreSchema.safeParse(raw);
  if (!core.success) {
    const fields = [...new Set(core.error.issues.map((issue) => formatFieldPath(issue.path)))];
    const message = `The saved run of ${threadId} is malformed at ${fields.join(', ')}.`;
    throw new RunStateError('invalid', threadId, message, fields, { cause: core.error });
  }
  const { turn, refusedDecisions, ...rest } = core.data;
  const report: RestoreReport = { droppedCalls: [], droppedPreviews: 0 };
  const refused = z.array(RefusedDecisionSchema).safeParse(refusedDecisions);
  const state: RunState = { ...rest, turn: null, refusedDecisions: refused.data ?? [] };
  if (turn) {
    const { calls, map } = restoreCalls(turn.calls, report);
    const previews = restorePreviews(turn.previews, map, calls, report);
    state.turn = { ...turn, calls, previews };
  }
  return { state, report };
}

/** P5: keeps the usable calls; `map[old index]` is the new index, or -1 when dropped. */
function restoreCalls(entries: unknown[], report: RestoreReport) {
  const calls: TurnCall[] = [];
  const map: number[] = [];
  entries.forEach((entry, index) => {
    const parsed = TurnCallSchema.safeParse(entry);
    if (parsed.success) {
      map.push(calls.length);
      calls.push(parsed.data);
    } else {
      map.push(-1);
      report.droppedCalls.push({ index, ...looseFields(entry) });
    }
  });
  return { calls, map };
}

/** Whatever identifying strings an unusable entry still has, to report it (never silent). */
function looseFields(entry: unknown): Omit<DroppedCall, 'index'> {
  const out: Omit<DroppedCall, 'index'> = {};
  if (typeof entry !== 'object' || entry === null) return out;
  const record = entry as Record<string, unknown>;
  for (const key of ['toolUseId', 'recordId', 'status'] as const) {
    const value = record[key];
    if (typeof value === 'string' && value.length > 0 && value.length < 200) out[key] = value;
  }
  return out;
}
