import { sameOwner, type RecordOwner } from '../../audit';
import type { RunDeps } from '../deps';
import { RunStateError, ThreadRefusedError } from '../errors';
import { pendingIndex } from '../call/approval-request';
import { RunContext } from '../run-context';
import { RUN_STATE_VERSION, type RunState } from './run-state-schema';
import { t } from '../../i18n';

/** What a new thread starts from. */
export interface NewThread {
  /** Chosen by the caller, or generated. */
  threadId?: string;
  owner: RecordOwner;
  /** R6: the thread starts untrusted (e.g. it opens on content by others). */
  untrusted?: boolean;
}

/** Creates and saves an empty thread. An existing thread is never overwritten. */
export async function createThread(init: NewThread, deps: RunDeps): Promise<RunState> {
  const threadId = init.threadId ?? deps.newId();
  if (await deps.store.load(threadId).catch(() => true)) {
    throw new RunStateError('exists', threadId, `Thread ${threadId} already exists.`);
  }
  const now = deps.clock();
  const state: RunState = {
    schemaVersion: RUN_STATE_VERSION,
    threadId,
    owner: { ...init.owner },
    createdAt: now,
    updatedAt: now,
    revision: 0,
    transcript: [],
    untrusted: init.untrusted ?? false,
    grants: [],
    turn: null,
    refusedDecisions: [],
  };
  await deps.store.save(state);
  return state;
}

/**
 * Adds a person's message for the model. G6: refused while a call waits for a decision;
 * refused too while a turn is unfinished (resume it first) and for anyone but the owner.
 */
export async function addUserMessage(
  state: RunState,
  text: string,
  from: RecordOwner,
  deps: RunDeps,
): Promise<RunState> {
  const { threadId, owner } = state;
  if (!sameOwner(from, owner)) {
    throw new ThreadRefusedError('not-owner', threadId, t('worker.thread.ownerWrite'));
  }
  if (pendingIndex(state) >= 0) {
    throw new ThreadRefusedError('call-pending', threadId, t('worker.thread.pendingWrite'));
  }
  if (state.turn) {
    throw new ThreadRefusedError('run-unfinished', threadId, t('worker.thread.unfinishedWrite'));
  }
  const run = new RunContext(state, deps);
  const last = run.state.transcript.at(-1);
  // E4: what the person did from the panel since the last turn comes first (an Undo).
  const said = [
    ...(run.state.modelNotes ?? []).map((note) => ({ type: 'text' as const, text: note })),
    { type: 'text' as const, text },
  ];
  delete run.state.modelNotes;
  // The Messages API alternates roles: after tool results, the text joins that message.
  if (last?.role === 'user') last.content.push(...said);
  else run.state.transcript.push({ role: 'user', content: said });
  await run.save();
  return run.saved;
}

/** G14: revokes a thread grant; later calls of the tool ask again. */
export async function revokeGrant(
  state: RunState,
  tool: string,
  from: RecordOwner,
  deps: RunDeps,
): Promise<RunState> {
  if (!sameOwner(from, state.owner)) {
    throw new ThreadRefusedError('not-owner', state.threadId, t('worker.thread.ownerGrants'));
  }
  const run = new RunContext(state, deps);
  run.state.grants = run.state.grants.filter((grant) => grant.tool !== tool);
  await run.save();
  run.notice('info', 'grant-revoked', t('worker.notice.grantRevoked', { tool }));
  return run.saved;
}
