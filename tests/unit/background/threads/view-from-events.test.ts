// Issue 15 item 1: the thread view follows the run's events alone. An operation's end does
// not read the run state or the audit log again; only an operation that finishes what a
// dead worker left does (decision-kill.test.ts and its kin prove that path).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuditLog } from '../../../../src/audit';
import { SealedRunStore } from '../../../../src/run';
import { block, startModelServer, turn, type ModelServer } from '../../../support/model-server';
import { listCommentsTool } from '../../run/support/fake-tools';
import { updatePostTool } from '../../run/support/fake-cms';
import { ServiceWorld } from '../support/service-world';

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(() => model.close());
afterEach(() => vi.restoreAllMocks());

/** A fresh thread on tab 1, its panel, and spies on every run-state load and audit read. */
async function thread() {
  const world = await ServiceWorld.create(model.url);
  world.tools = (cms) => [updatePostTool(cms), listCommentsTool(cms)];
  world.adminPolicy = { wp_update_post: { mode: 'once' } }; // G14: a grant may be offered
  await world.openTab(1);
  const panel = world.panel(world.worker());
  await panel.send({ type: 'thread-open', tabId: 1, fresh: true });
  const threadId = panel.view()!.threadId;
  const loads = vi.spyOn(SealedRunStore.prototype, 'load');
  const threadReads = vi.spyOn(AuditLog.prototype, 'byThread');
  return { world, panel, threadId, loads, threadReads };
}

function cardOf(view: ReturnType<Awaited<ReturnType<typeof thread>>['panel']['view']>) {
  const card = view?.items.findLast((i) => i.kind === 'approval');
  if (card?.kind !== 'approval') throw new Error('no card');
  return card.card;
}

describe('the thread view follows the run from its events (issue 15 item 1)', () => {
  it('a message that leads to a card: the state is read when it starts and by the run, never at its end', async () => {
    const { panel, threadId, loads, threadReads } = await thread();
    model.setScript([
      turn.reply([block.toolUse('wp_update_post', { id: 1, title: 'New' }, 'toolu_1')]),
    ]);
    await panel.send({ type: 'message-send', threadId, text: 'Rename post 1' });
    // The card waits, and the view says so, from the events the run sent.
    const view = panel.view()!;
    expect(view).toMatchObject({ busy: false, pending: cardOf(view).recordId });
    expect(loads).toHaveBeenCalledTimes(2);
    expect(threadReads).not.toHaveBeenCalled();
  });

  it('approving for the rest of the thread shows the grant and clears the waiting call; revoking removes it', async () => {
    const { world, panel, threadId, threadReads } = await thread();
    // Post 2 is a draft: a grant lets later changes to drafts run (G2, G14).
    model.setScript([
      turn.reply([block.toolUse('wp_update_post', { id: 2, title: 'New' }, 'toolu_1')]),
      turn.text('Renamed.', { match: { toolResultFor: 'toolu_1' } }),
    ]);
    await panel.send({ type: 'message-send', threadId, text: 'Rename post 2' });
    const card = cardOf(panel.view());
    expect(card.canGrantThread).toBe(true);
    await panel.send({
      type: 'decision',
      tabId: 1,
      threadId,
      recordId: card.recordId,
      payloadHash: card.payloadHash,
      targetModified: card.targetModified ?? null,
      approve: true,
      grantThread: true,
    });
    expect(world.cms.count('wp_update_post')).toBe(1);
    expect(panel.view()).toMatchObject({
      busy: false,
      pending: null,
      grants: [{ tool: 'wp_update_post', label: 'Update post' }],
    });
    await panel.send({ type: 'grant-revoke', threadId, tool: 'wp_update_post' });
    expect(panel.view()).toMatchObject({ busy: false, pending: null, grants: [] });
    expect(threadReads).not.toHaveBeenCalled();
  });

  it('a read that brings in words by others marks the thread untrusted in the view', async () => {
    const { panel, threadId, threadReads } = await thread();
    model.setScript([
      turn.reply([block.toolUse('wp_list_comments', { id: 1 }, 'toolu_1')]),
      turn.text('One comment.', { match: { toolResultFor: 'toolu_1' } }),
    ]);
    expect(panel.view()!.untrusted).toBe(false);
    await panel.send({ type: 'message-send', threadId, text: 'Read the comments' });
    expect(panel.view()).toMatchObject({ busy: false, untrusted: true, pending: null });
    expect(threadReads).not.toHaveBeenCalled();
  });
});
