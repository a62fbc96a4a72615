import { describe, expect, it } from 'vitest';
import { awaiting, decisionFor, newThread } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World, type WorldOptions } from './support/world';

/** One reply proposing a draft update the admin's rules allow; returns the interruption. */
async function proposed(options: WorldOptions) {
  const world = new World(options);
  const worker = world.worker();
  const threadId = await newThread(worker);
  world.model.script.push(
    reply(toolUse('wp_update_post', { id: 2, title: 'New' })),
    reply(text('Done.')),
  );
  const result = await worker.runs.send(threadId, 'Please.', OWNER);
  return { world, worker, threadId, result };
}

describe('G15 in the run loop: the run state, not the view, holds the second approver', () => {
  it("the control: without the site's approvals, the admin allow runs the call at once", async () => {
    const { world, result } = await proposed({ admin: { wp_update_post: { mode: 'allow' } } });
    expect(result.kind).toBe('final');
    expect(world.cms.count('wp_update_post')).toBe(1);
  });

  it("a covered call under an admin allow waits, and the requester's own approval is refused", async () => {
    const { world, worker, threadId, result } = await proposed({
      admin: { wp_update_post: { mode: 'allow' } },
      site: { policy: {}, approvals: { tools: { wp_update_post: {} } } },
    });
    const card = awaiting(result);
    expect(card.secondApprover).toEqual({ capability: 'edit_others_posts', by: 'tool' });
    expect(world.cms.count('wp_update_post')).toBe(0);
    const own = await worker.runs.decide(threadId, decisionFor(card));
    expect(own.decision).toMatchObject({
      kind: 'refused',
      error: { code: 'decision-second-approver' },
    });
    expect(world.cms.count('wp_update_post')).toBe(0);
    const countersigned = await worker.runs.decide(
      threadId,
      decisionFor(card, { countersignedBy: '3' }),
    );
    expect(countersigned.decision).toMatchObject({ kind: 'decided', approved: true });
    expect(world.cms.count('wp_update_post')).toBe(1);
  });

  it('approvals that could not be read: the call waits with words, and nobody here approves it', async () => {
    const { world, worker, threadId, result } = await proposed({
      admin: { wp_update_post: { mode: 'allow' } },
      site: { policy: {}, approvalsUnknown: true },
    });
    const card = awaiting(result);
    expect(card.reason).toMatch(/^Waiting: the site may require a second approver/);
    const own = await worker.runs.decide(threadId, decisionFor(card));
    expect(own.decision).toMatchObject({
      kind: 'refused',
      error: {
        code: 'decision-second-approver',
        message: expect.stringContaining(
          'the site requires a second approver, and its rules could not be read just now',
        ),
      },
    });
    expect(world.cms.count('wp_update_post')).toBe(0);
    // Rejecting (withdrawing) stays possible.
    const no = await worker.runs.decide(threadId, decisionFor(card, { approve: false }));
    expect(no.decision).toMatchObject({ kind: 'decided', approved: false });
  });
});
