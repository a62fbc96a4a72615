import { buildApprovalCard } from '../../src/background/threads/card-builder';
import { resultCardFor } from '../../src/background/threads/result-cards';
import { wordpressAdapter } from '../../src/cms/wordpress/wordpress-adapter';
import { approvalRequest } from '../../src/run/call/approval-request';
import { decide } from '../../src/run/call/decide';
import { processWaiting } from '../../src/run/call/process-waiting';
import type { RunEvent } from '../../src/run';
import { RunContext } from '../../src/run/run-context';
import { mergePolicies, parsePolicy } from '../../src/gate';
import type { BenchWorld } from './bench-world';
import { DRAFT_ID } from './memory-site';
import { OWNER, TOOL, waitingTurn } from './scenario';

/** Requests of one phase of a rename: REST GETs, heartbeats (reads too) and writes. */
export interface PhaseRequests {
  gets: number;
  heartbeats: number;
  writes: number;
}

/** What one rename asked of the site, phase by phase (issue 35's "REST reads per rename"). */
export interface RenameRequests {
  /** From the model's call to the card on screen: the gate pass, the preview, the card. */
  card: PhaseRequests;
  /** From the Approve click to the change in WordPress. */
  approve: PhaseRequests;
  /** The result card after the write (visibility, Publish and Undo offered). */
  result: PhaseRequests;
}

/**
 * One rename of the bench draft through the real code, card to result: `processWaiting`
 * to the suspension (gate pass, G9/G10, preview), the approval card as the background
 * builds it (`buildApprovalCard` with the WordPress adapter), the person's approve
 * (`decide`: G13 re-read, checks, the write) and the result card (`resultCardFor`).
 * Counts the requests the memory site answered in each phase.
 */
export async function renameWalk(world: BenchWorld): Promise<RenameRequests> {
  const { ctx, registry, traffic } = world;
  // The person's rules ask for every update (the scenario's rule lets a draft's edit run).
  const tools = registry.names();
  const policy = mergePolicies(
    parsePolicy({}, { source: 'managed', tools }),
    parsePolicy({ [TOOL]: { mode: 'ask' } }, { source: 'admin', tools }),
  );
  const run = new RunContext(structuredClone(world.run.state), { ...world.run.deps, policy });
  const writesSoFar = () => traffic.requests - traffic.gets - traffic.heartbeats;
  const count = async (phase: () => Promise<void>): Promise<PhaseRequests> => {
    const [gets, heartbeats, writes] = [traffic.gets, traffic.heartbeats, writesSoFar()];
    await phase();
    return {
      gets: traffic.gets - gets,
      heartbeats: traffic.heartbeats - heartbeats,
      writes: writesSoFar() - writes,
    };
  };
  run.state.turn = {
    ...waitingTurn(0, run.now()),
    calls: [{ ...waitingTurn(0, run.now()).calls[0]!, input: renameInput() }],
  };
  const recordId = run.state.turn.calls[0]!.recordId;
  const card = await count(async () => {
    if ((await processWaiting(run, 0)) !== 'suspended')
      throw new Error(`the rename was not carded: ${JSON.stringify(run.state.turn?.calls[0])}`);
    const request = approvalRequest(run.state, run.deps);
    if (!request) throw new Error('no approval request for the rename');
    await buildApprovalCard(request, ctx, wordpressAdapter, registry);
  });
  const request = approvalRequest(run.state, run.deps);
  if (!request) throw new Error('no approval request for the rename');
  let result: Extract<RunEvent, { type: 'tool_result' }> | undefined;
  const approve = await count(async () => {
    const emit = run.deps.emit;
    const decided = await decide(
      run.state,
      {
        recordId,
        payloadHash: request.payloadHash,
        decidedBy: OWNER,
        approve: true,
        targetModified: request.targetModified,
      },
      {
        ...run.deps,
        emit: (event) => {
          if (event.type === 'tool_result') result = event;
          emit(event);
        },
      },
    );
    if (decided.kind !== 'decided') throw new Error(`the approve was ${decided.kind}`);
  });
  if (!result || result.status !== 'run') throw new Error('the rename did not run');
  const event = result;
  const shown = await count(async () => {
    const wiring = { registry, adapter: wordpressAdapter, audit: world.audit };
    if (!(await resultCardFor(event, ctx, wiring))) throw new Error('no result card');
  });
  return { card, approve, result: shown };
}

/** A rename: the title only, as "rename this post" asks. */
function renameInput(): Record<string, unknown> {
  return { type: 'post', id: DRAFT_ID, title: `Spring release (renamed ${TOOL})` };
}
