import { newRecordId, type AuditLog, type ToolCallRecord } from '../audit';
import { payloadHash } from '../run/call/payload-hash';
import type { PolicySave } from '../settings/policy-save';
import { logger } from '../shared/log';

const log = logger('options');

/** The audit tool id of an admin policy save (A1, A6; G2 for the opt-in). */
export const POLICY_CHANGE_TOOL = 'countersign:policy-change';
/** Thread id under which policy changes are recorded: the options page has no thread. */
export const OPTIONS_THREAD = 'countersign:options';
/** Who decided: the person at this browser's options page (it has no CMS account). */
export const OPTIONS_ACTOR = 'countersign:options-page';

/** In words, for the record's result summary. */
function describe(save: PolicySave): string {
  const count = `${save.changes.length} entr${save.changes.length === 1 ? 'y' : 'ies'} changed`;
  if (save.optInOn) {
    return `Admin policy saved (${count}). "*": "allow" turned ON, confirmed by typing the phrase: destructive, unclassified and live calls no longer ask by themselves.`;
  }
  if (save.optInOff) return `Admin policy saved (${count}). "*": "allow" turned off.`;
  return `Admin policy saved (${count}).`;
}

/**
 * Saves the admin policy with an audit record around the write: the record is created
 * `approved` before the write and becomes `run` after it (or `failed`, with the error's
 * code only), so the log never claims a change that did not happen, and a change never
 * happens unrecorded. Its input is the whole new policy; `configChanges` lists each
 * entry changed (A6).
 */
export async function saveWithRecord(
  audit: AuditLog,
  save: PolicySave,
  write: () => Promise<void>,
  context: { now: number; extensionOrigin: string },
): Promise<ToolCallRecord> {
  const input = { policy: save.policy, optIn: save.optInOn ? 'on' : save.optInOff ? 'off' : null };
  const record = await audit.create({
    id: newRecordId(),
    threadId: OPTIONS_THREAD,
    owner: { userId: OPTIONS_ACTOR, siteOrigin: context.extensionOrigin },
    tool: POLICY_CHANGE_TOOL,
    input,
    payloadHash: await payloadHash(POLICY_CHANGE_TOOL, input),
    status: 'approved',
    mode: 'command',
    classification: { kind: 'write', destructive: false, draft: false },
    transport: 'command',
    position: 0,
    decidedBy: OPTIONS_ACTOR,
    decidedAt: context.now,
    configChanges: save.changes.map((change) => ({ ...change, key: `gatePolicy.${change.key}` })),
    createdAt: context.now,
  });
  try {
    await write();
  } catch (error) {
    log.error('saving the admin policy failed', error);
    await audit.transition(record.id, 'failed', { error: { code: 'storage-write-failed' } });
    throw error;
  }
  return audit.transition(record.id, 'run', { resultSummary: describe(save) });
}
