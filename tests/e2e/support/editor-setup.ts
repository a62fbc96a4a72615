import type { BrowserContext, Worker } from '@playwright/test';
import type { WpSeed } from '../../support/wp-env';
import { block, turn, type ModelServer } from '../../support/model-server';
import { WpAdmin } from '../pages/wp-admin';
import { useModel } from './agent-setup';
import { createPost, paragraph } from './block-editor';

/** What an editor test starts from: a fresh published post of editor1, open in an editor. */
export interface EditorScene {
  admin: WpAdmin;
  id: number;
  stamp: string;
  original: { title: string; words: string; excerpt: string };
}

/**
 * Signs in as editor1, creates a fresh post (its title may carry a test marker of the
 * stack's mu-plugin, such as "[classic-editor]"), scripts the model to propose
 * `wp_update_post` with `proposal` on it, and opens the post in its editor.
 */
export async function editorScene(
  env: { context: BrowserContext; seed: WpSeed; serviceWorker: Worker; model: ModelServer },
  proposal: Record<string, unknown>,
  { titleMarker = '', block: blockEditor = true } = {},
): Promise<EditorScene> {
  const admin = new WpAdmin(await env.context.newPage(), env.seed);
  await admin.login('editor1');
  const stamp = Date.now().toString(36);
  const original = {
    title: `Open in the editor ${stamp}${titleMarker}`,
    words: `Original words ${stamp}.`,
    excerpt: `Original excerpt ${stamp}`,
  };
  const id = await createPost(admin.page, {
    title: original.title,
    content: paragraph(original.words),
    excerpt: original.excerpt,
  });
  env.model.setScript([
    turn.reply([block.toolUse('wp_update_post', { type: 'post', id, ...proposal }, 'toolu_ed')]),
    turn.text('Done.', { match: { toolResultFor: 'toolu_ed' } }),
  ]);
  await useModel(env.serviceWorker, env.model.url);
  if (blockEditor) await admin.editPost(id);
  else await admin.open(`post.php?post=${id}&action=edit`);
  return { admin, id, stamp, original };
}
