import { expect, type BrowserContext, type Worker } from '@playwright/test';
import { WpAdmin } from '../pages/wp-admin';
import { openThread } from './agent-setup';
import { block, turn, type ModelServer } from '../../support/model-server';
import type { WpSeed } from '../../support/wp-env';

/**
 * The draft-only rule's scenario (G4, G2), for the test that sets the rule in the
 * options page (options-agent.spec.ts): the model retitles the seeded draft, then the editor's
 * live post. With "update post fields: allow when the post is a draft" in force, the draft
 * edit runs without a card and the live edit waits on one. Returns the admin page and the
 * thread, for each test's own checks.
 */
export async function retitleDraftAndLive(
  context: BrowserContext,
  serviceWorker: Worker,
  extensionId: string,
  seed: WpSeed,
  model: ModelServer,
  stamp: number,
): Promise<{ admin: WpAdmin; threadId: string }> {
  model.setScript([
    turn.reply([
      block.toolUse(
        'wp_update_post',
        { type: 'post', id: seed.posts.draft, title: `Draft retitled ${stamp}` },
        'toolu_draft',
      ),
    ]),
    turn.reply(
      [
        block.toolUse(
          'wp_update_post',
          { type: 'post', id: seed.posts.editorPost, title: `Live retitled ${stamp}` },
          'toolu_live',
        ),
      ],
      { match: { toolResultFor: 'toolu_draft' } },
    ),
  ]);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1', 'edit.php');
  const { client, threadId } = await openThread(context, serviceWorker, extensionId, admin.page);
  await client.send({
    type: 'message-send',
    threadId,
    text: 'Retitle the draft and the live post',
  });
  const view = await client.view((v) => !v.busy && v.pending !== null);

  const tools = view.items.filter((i) => i.kind === 'tool');
  expect(tools[0]).toMatchObject({ tool: 'wp_update_post', status: 'run' }); // the draft: no card
  const cards = view.items.filter((i) => i.kind === 'approval');
  expect(cards).toHaveLength(1);
  expect(cards[0]?.kind === 'approval' && cards[0].card.entity?.id).toBe(seed.posts.editorPost); // the live post asks
  return { admin, threadId };
}
