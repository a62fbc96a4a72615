import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect } from '../fixtures';
import { WpAdmin } from '../pages/wp-admin';
import { openThread, useModel, type OpenThread } from './agent-setup';
import { block, turn, type ModelServer } from '../../support/model-server';
import type { ApprovalCard } from '../../../src/shared/protocols/thread-protocol';
import type { WpSeed } from '../../support/wp-env';

/** G15 e2e: the requester's side of a call that waits for a second approver. */

export interface Offered extends OpenThread {
  card: ApprovalCard;
  /** A side panel page of the requester's tab, as a person would see it. */
  shown: Page;
}

/** The editor's agent asks to rename the post; the call waits for a second approver. */
export async function offerRename(
  fixtures: {
    context: BrowserContext;
    serviceWorker: Worker;
    extensionId: string;
    seed: WpSeed;
    model: ModelServer;
  },
  title: string,
  toolId: string,
  after: { toolResultText: string; reply: string },
): Promise<Offered> {
  const { context, serviceWorker, extensionId, seed, model } = fixtures;
  model.setScript([
    turn.reply([
      block.toolUse('wp_update_post', { type: 'post', id: seed.posts.editorPost, title }, toolId),
    ]),
    turn.text(after.reply, {
      match: { toolResultFor: toolId, toolResultText: after.toolResultText },
    }),
  ]);
  await useModel(serviceWorker, model.url);
  const editor = new WpAdmin(await context.newPage(), seed);
  await editor.login('editor1', 'edit.php');
  const thread = await openThread(context, serviceWorker, extensionId, editor.page);
  await thread.client.send({ type: 'message-send', threadId: thread.threadId, text: 'Rename it' });
  const view = await thread.client.view((v) =>
    v.items.some((i) => i.kind === 'approval' && i.card.secondApprover?.status === 'waiting'),
  );
  const item = view.items.find((i) => i.kind === 'approval');
  if (item?.kind !== 'approval') throw new Error('no card');
  const shown = await context.newPage();
  await shown.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${thread.tabId}`);
  await expect(shown.getByTestId('approval-card')).toContainText('Waiting for an approver');
  return { ...thread, card: item.card, shown };
}
