import { describe, expect, it } from 'vitest';
import { awaiting, decisionFor, newThread } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World } from './support/world';

// G15 fails closed, then goes on: a call that waits because the site's approvals could not
// be read is settled once they read again (RunLoop.settleSecondApprover): to a second
// approver when they cover it, else to an ordinary card the requester decides. It never
// runs by itself, and only a call still waiting on an unknown requirement changes.
async function waitingUnknown() {
  const world = new World({
    admin: { wp_update_post: { mode: 'allow' } },
    site: { policy: {}, approvalsUnknown: true },
  });
  const worker = world.worker();
  const threadId = await newThread(worker);
  world.model.script.push(
    reply(toolUse('wp_update_post', { id: 2, title: 'New' })),
    reply(text('Done.')),
  );
  const card = awaiting(await worker.runs.send(threadId, 'Please.', OWNER));
  expect(card.secondApprover).toEqual({ unknown: true });
  return { world, worker, threadId, card };
}

describe('settling a second-approver requirement that could not be read', () => {
  it('covered: the stored call now needs that approver; the requester still cannot approve', async () => {
    const { world, worker, threadId, card } = await waitingUnknown();
    const need = { capability: 'edit_others_posts', by: 'tool' as const };
    const settled = await worker.runs.settleSecondApprover(threadId, card.recordId, need);
    expect(settled?.secondApprover).toEqual(need);
    expect(settled?.reason).toMatch(/^The site requires a second approver for “Update post”/);
    expect((await worker.runs.approval(threadId))?.secondApprover).toEqual(need);
    expect(world.cms.count('wp_update_post')).toBe(0);
    const own = await worker.runs.decide(threadId, decisionFor(card));
    expect(own.decision).toMatchObject({ kind: 'refused' });
    const countersigned = await worker.runs.decide(
      threadId,
      decisionFor(card, { countersignedBy: '3' }),
    );
    expect(countersigned.decision).toMatchObject({ kind: 'decided', approved: true });
    expect(world.cms.count('wp_update_post')).toBe(1);
  });

  it('not covered: an ordinary card the requester decides; nothing runs until they do', async () => {
    const { world, worker, threadId, card } = await waitingUnknown();
    const settled = await worker.runs.settleSecondApprover(threadId, card.recordId, null);
    expect(settled).not.toBeNull();
    expect(settled?.secondApprover).toBeUndefined();
    expect(settled?.reason).toContain('asks for your approval');
    expect(world.cms.count('wp_update_post')).toBe(0);
    const own = await worker.runs.decide(threadId, decisionFor(card));
    expect(own.decision).toMatchObject({ kind: 'decided', approved: true });
    expect(world.cms.count('wp_update_post')).toBe(1);
  });

  it('another call, or one whose requirement is already known, is left as it is', async () => {
    const { worker, threadId, card } = await waitingUnknown();
    expect(await worker.runs.settleSecondApprover(threadId, 'another-record', null)).toBeNull();
    const need = { capability: 'manage_options', by: 'tool' as const };
    await worker.runs.settleSecondApprover(threadId, card.recordId, need);
    expect(await worker.runs.settleSecondApprover(threadId, card.recordId, null)).toBeNull();
    expect((await worker.runs.approval(threadId))?.secondApprover).toEqual(need);
  });
});
