import { UndoStateSchema, type ToolCallRecord } from '../../audit';
import type { RunEvent } from '../../run';
import type { ToolContext } from '../../tools/tool';
import { accessNow } from '../../tools/gate-pass';
import { CountersignError } from '../../shared/errors';
import type { ResultCard, ThreadView } from '../../shared/protocols/thread-protocol';
import type { RunWiring } from './run-deps';
import { personCallOp } from './person-call-op';
import { t } from '../../i18n';

type Wiring = Pick<RunWiring, 'registry' | 'adapter' | 'audit'>;

/**
 * E4: an Undo click on a result card: checks it, then proposes the undo as the person's call
 * (gated, carded, recorded like any call); when it cannot run, the card says why and nothing
 * is proposed.
 */
export const undoOp = personCallOp((card, ctx, wiring) => undoCallFor(card, ctx, wiring));

/** Record statuses of an undo that still stands (asked, approved or run). */
const STANDING = new Set(['pending', 'approved', 'run']);

/**
 * E4: whether a write's result card offers Undo: the write ran and recorded a valid
 * before-state. A write already undone (its undo asked or run) shows that instead.
 */
export async function undoOffer(
  record: ToolCallRecord | undefined,
  wiring: Pick<Wiring, 'audit'>,
): Promise<ResultCard['undo']> {
  if (!record || record.status !== 'run' || !UndoStateSchema.safeParse(record.undo).success) {
    return undefined;
  }
  const undo = await standingUndo(record, wiring);
  if (undo) return { state: undo.status === 'run' ? 'undone' : 'asked', undoRecordId: undo.id };
  return { state: 'offered' };
}

/**
 * E4: checks an Undo click and returns the call that undoes the write, for the run loop
 * to gate like any call; or null when it cannot run, with the card saying why (the
 * entity changed since, naming what changed). Throws when there is nothing to undo.
 */
export async function undoCallFor(
  card: ResultCard,
  ctx: ToolContext,
  wiring: Wiring,
): Promise<{ tool: string; input: unknown } | null> {
  if (card.undo?.state !== 'offered') {
    throw new CountersignError('not-undoable', t('worker.action.notUndoable'));
  }
  const record = await wiring.audit.get(card.recordId);
  const state = UndoStateSchema.safeParse(record?.undo);
  if (!record || record.status !== 'run' || !state.success) {
    card.undo = undefined;
    throw new CountersignError('undo-unrecorded', t('worker.action.undoUnrecorded'));
  }
  const standing = await standingUndo(record, wiring);
  if (standing) {
    card.undo = {
      state: standing.status === 'run' ? 'undone' : 'asked',
      undoRecordId: standing.id,
    };
    throw new CountersignError('undo-twice', t('worker.action.undoTwice'));
  }
  const call = wiring.adapter.undoCall(record.id, state.data);
  const valid = wiring.registry.validate(call.tool, call.input);
  if (!valid.ok) {
    card.undo = undefined;
    throw new CountersignError('undo-unrecorded', t('worker.action.undoUnrestorable'));
  }
  // Checked before any card, so nobody is asked to approve an undo that cannot run (G5).
  const access = await accessNow(valid.tool, ctx, valid.input);
  if (!access.ok) {
    card.undo = { state: 'refused', message: access.reason };
    return null;
  }
  return call;
}

/**
 * E4: keeps the written call's card in step with its undo: `asked` while the undo's card
 * waits, `undone` once it ran, `offered` again after a rejection, `refused` when it
 * could not run (the entity changed after the card was built).
 */
export async function followUndo(
  view: ThreadView,
  event: RunEvent,
  wiring: Pick<Wiring, 'audit'>,
): Promise<void> {
  if (event.type !== 'tool_result' && event.type !== 'approval') return;
  const recordId = event.type === 'approval' ? event.approval.recordId : event.recordId;
  const record = await wiring.audit.get(recordId).catch(() => undefined);
  const undoes = undoesOf(record);
  if (!record || !undoes) return;
  const item = view.items.find((i) => i.kind === 'result' && i.card.recordId === undoes);
  if (item?.kind !== 'result') return;
  const card = item.card;
  if (event.type === 'approval') card.undo = { state: 'asked', undoRecordId: recordId };
  else if (event.status === 'run') card.undo = { state: 'undone', undoRecordId: recordId };
  else if (event.status === 'rejected' || event.status === 'expired')
    card.undo = { state: 'offered' };
  else card.undo = { state: 'refused', message: event.summary.split('\n')[0] ?? '' };
}

async function standingUndo(record: ToolCallRecord, wiring: Pick<Wiring, 'audit'>) {
  const records = await wiring.audit.byThread(record.threadId);
  return records.find((r) => undoesOf(r) === record.id && STANDING.has(r.status));
}

/** The record id an undo's input names (`undoes`), if the record is an undo. */
function undoesOf(record: ToolCallRecord | undefined): string | undefined {
  const input = record?.input as { undoes?: unknown } | undefined;
  return typeof input?.undoes === 'string' ? input.undoes : undefined;
}
