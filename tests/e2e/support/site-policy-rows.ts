import { expect, type BrowserContext, type Worker } from '@playwright/test';
import { WpAdmin } from '../pages/wp-admin';
import { openThread, useModel } from './agent-setup';
import { siteSql } from './site-db';
import { siteStatus } from './approvers';
import type { ThreadClient } from './thread-client';
import type { ThreadView } from '../../../src/shared/protocols/thread-protocol';
import { block, turn, type ModelServer } from '../../support/model-server';
import type { WpSeed } from '../../support/wp-env';

/**
 * G2, G11, G15 e2e: the site's policy rows as a PUT stores them (written and restored in the
 * database), and the editor's live rename the site's rules decide.
 */

/** The latest policy version row (policy, approvals), to restore it afterwards. */
export async function latestPolicy(seed: WpSeed): Promise<[string, string]> {
  const rows = await siteSql(
    seed,
    "SELECT policy, IFNULL(approvals, 'NULL') FROM wp_countersign_policy ORDER BY version DESC LIMIT 1",
  );
  return [rows[0]?.[0] ?? '{}', rows[0]?.[1] ?? 'NULL'];
}

/** Stores a policy version as the site holds it (a new version row, as a PUT writes one). */
export async function writePolicyRow(
  seed: WpSeed,
  policy: string,
  approvals: string,
): Promise<void> {
  const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  await siteSql(
    seed,
    `INSERT INTO wp_countersign_policy (version, policy, approvals, user_id, created_at, record_id)
     SELECT IFNULL(MAX(version), 0) + 1, ${quote(policy)}, ${approvals === 'NULL' ? 'NULL' : quote(approvals)}, ${seed.users.admin.id}, ${Date.now()}, CONCAT('e2e-g2-', UUID())
     FROM wp_countersign_policy`,
  );
}

/** The editor asks to rename their published post; returns the thread once it settles. */
export async function renameLivePost(
  seed: WpSeed,
  fixtures: {
    context: BrowserContext;
    serviceWorker: Worker;
    extensionId: string;
    model: ModelServer;
  },
  id: string,
  title: string,
) {
  const { context, serviceWorker, extensionId, model } = fixtures;
  model.setScript([
    turn.reply([
      block.toolUse('wp_update_post', { type: 'post', id: seed.posts.editorPost, title }, id),
    ]),
    turn.text('Renamed.', { match: { toolResultFor: id } }),
  ]);
  await useModel(serviceWorker, model.url);
  const editor = new WpAdmin(await context.newPage(), seed);
  await editor.login('editor1', 'edit.php');
  const opened = await openThread(context, serviceWorker, extensionId, editor.page);
  await opened.client.send({
    type: 'message-send',
    threadId: opened.threadId,
    text: 'Rename the post',
  });
  const view = await opened.client.view(
    (v) =>
      !v.busy &&
      v.items.some(
        (i) =>
          (i.kind === 'approval' && i.card.toolName === 'wp_update_post') ||
          (i.kind === 'assistant' && i === v.items.at(-1)),
      ),
  );
  return { ...opened, view, editor };
}

/**
 * G15: the covered call's card, once it waits for a second approver in the editor's thread and
 * is offered on the site; throws when the call ran without a card.
 */
export async function offeredCard(seed: WpSeed, view: ThreadView, client: ThreadClient) {
  const item = view.items.find((i) => i.kind === 'approval');
  if (item?.kind !== 'approval') throw new Error('the covered call ran without a card');
  await client.view((v) =>
    v.items.some((i) => i.kind === 'approval' && i.card.secondApprover?.status === 'waiting'),
  );
  await expect.poll(() => siteStatus(seed, item.card.recordId)).toBe('waiting');
  return item.card;
}
