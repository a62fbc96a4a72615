import { canGrantOnce, type Decision } from '../../gate';
import type { PreparedCall } from './prepare-call';
import { previewOfferedCalls } from './previews';
import { offerBatch } from './batch';
import { newRecord } from './new-record';
import { settingsStamp } from './settings-stamp';
import type { RunContext } from '../run-context';
import { t } from '../../i18n';

/**
 * G6: suspends the turn at the call at `index`, the first that needs approval. In order:
 * previews of every offered call (P1), the pending record with its payload hash (A1),
 * the saved state (S3); only then the approval event. Later calls wait in order.
 */
export async function suspendAt(
  run: RunContext,
  index: number,
  p: PreparedCall,
  decision: Decision,
): Promise<void> {
  const call = run.state.turn?.calls[index];
  if (!call) return;
  const { facts, tool, input } = p;
  call.status = 'pending';
  call.approval = {
    payloadHash: p.payloadHash,
    askedAt: run.now(),
    reason: decision.decision === 'allow' ? t('worker.reason.restarted') : decision.reason,
    mode: decision.mode,
    canGrantOnce: canGrantOnce(
      run.deps.policy,
      { tool, input },
      { facts, untrusted: run.state.untrusted },
    ),
    // G13: a person's call bound to what they reviewed starts from that (U1 Publish).
    targetModified: call.reviewedModified ?? facts.entity?.modified ?? null,
    ...(await settingsStamp(facts)),
  };
  if (decision.decision === 'ask' && decision.secondApprover) {
    call.approval.secondApprover = decision.secondApprover;
  }
  // The card is built once, here, from the read this pass made (issue 35 item 2).
  await previewOfferedCalls(run, index, { position: index, target: p.target });
  await offerBatch(run, index); // issue 36: the later calls that ask too, shown with it
  const record = newRecord(run, call, {
    tool,
    input,
    facts,
    payloadHash: p.payloadHash,
    status: 'pending',
    mode: decision.mode,
  });
  await run.save(() => run.deps.audit.create(record)); // one commit (issue 15 item 6)
}
