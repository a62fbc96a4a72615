import { test, expect } from './fixtures';
import { ThreadPanel } from './pages/thread-panel';
import { WpAdmin } from './pages/wp-admin';
import { editorScene } from './support/editor-setup';
import { useModel } from './support/agent-setup';
import {
  createPost,
  editorValue,
  paragraph,
  readPost,
  unsavedFields,
} from './support/block-editor';
import { recordsOf } from './support/records';
import { login } from '../support/wp-session';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

// Editors that are not the person's own copy of the entry (E1, E3): another user's post lock,
// an editor of another user in the same browser, an editor open on another post.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());
test.beforeEach(() => model.reset());

async function choose(panel: ThreadPanel, name: string): Promise<void> {
  await panel.page.waitForTimeout(700);
  await panel.card.getByRole('button', { name, exact: true }).click();
}

function proposeTitle(id: number, title: string) {
  model.setScript([
    turn.reply([block.toolUse('wp_update_post', { type: 'post', id, title }, 'toolu_o1')]),
    turn.text('Done.', { match: { toolResultFor: 'toolu_o1' } }),
  ]);
}

test('Ana holds the post lock: the card names her, a plain approval waits, approving anyway writes (E3)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  const original = `Ana has this open ${Date.now()}`;
  const id = await createPost(admin.page, { title: original, content: paragraph('Body.') });
  // Ana opens the post in her editor, from her own browser: WordPress's edit screen locks it.
  const ana = await login(seed.origins.primary.url, seed.users.ana.login, seed.users.ana.password);
  const screen = await ana.fetch(`/wp-admin/post.php?post=${id}&action=edit`);
  expect(screen.status).toBe(200);
  await screen.text();

  const title = `Retitled while Ana edits ${Date.now()}`;
  proposeTitle(id, title);
  await useModel(serviceWorker, model.url);
  await admin.open('edit.php');
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await panel.ask('Give it a better title');
  await expect(panel.card.getByTestId('post-lock')).toContainText('Ana is editing this post', {
    timeout: 30_000,
  });
  await expect(panel.card.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await panel.shot(testInfo.outputPath('card-post-lock.png'));

  await choose(panel, 'Leave it waiting');
  await expect(panel.card.getByTestId('left-waiting')).toContainText(
    'When Ana has closed the post, approve.',
  );
  await choose(panel, 'Approve');
  await expect(panel.page.getByRole('log', { name: 'Thread' })).toContainText(
    'Not applied yet: Ana is editing this post',
  );
  expect((await readPost(admin.page, id)).title.raw).toBe(original);

  await choose(panel, 'Approve anyway, while Ana edits');
  await expect(panel.result).toBeVisible({ timeout: 30_000 });
  await panel.shot(testInfo.outputPath('result-over-lock.png'));
  expect((await readPost(admin.page, id)).title.raw).toBe(title);
  expect(await recordsOf(serviceWorker, 'wp_update_post', id)).toMatchObject([{ status: 'run' }]);
  model.assertDone();
});

test('an editor of another user in the same browser does not receive the change; the card names that user’s lock (E1, E3) @both-versions', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  const title = `Written by the admin ${Date.now()}`;
  // editor1's block editor holds the post (and its lock) in one tab...
  const {
    admin: editorTab,
    id,
    original,
  } = await editorScene({ context, seed, serviceWorker, model }, { title });
  // ...then, in another tab, the browser signs in as the site admin.
  const adminTab = new WpAdmin(await context.newPage(), seed);
  await adminTab.login('admin', 'edit.php');
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, adminTab.page);
  await panel.ask('Give it a better title');
  await expect(panel.card.getByTestId('post-lock')).toContainText('Editor One is editing', {
    timeout: 30_000,
  });
  await panel.shot(testInfo.outputPath('card-other-user-editor.png'));
  await choose(panel, 'Approve anyway, while Editor One edits');
  await expect(panel.result).toBeVisible({ timeout: 30_000 });
  await expect(panel.result.getByTestId('editor-result')).toHaveCount(0);
  expect((await readPost(adminTab.page, id)).title.raw).toBe(title);
  // editor1's editor was not written into: it shows its own copy, with nothing unsaved.
  expect(await editorValue(editorTab.page, 'title')).toBe(original.title);
  expect(await unsavedFields(editorTab.page)).toEqual([]);
  model.assertDone();
});

test('an editor open on another post does not receive the change; the post’s own editor does (E1) @both-versions', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  const first = new WpAdmin(await context.newPage(), seed);
  await first.login('editor1');
  const stamp = Date.now();
  const other = await createPost(first.page, { title: `Other ${stamp}`, content: paragraph('A.') });
  const target = await createPost(first.page, {
    title: `Target ${stamp}`,
    content: paragraph('B.'),
  });
  await first.editPost(other);
  const second = new WpAdmin(await context.newPage(), seed);
  await second.editPost(target);
  const title = `Only the target ${stamp}`;
  proposeTitle(target, title);
  await useModel(serviceWorker, model.url);

  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, second.page);
  await panel.ask('Give it a better title');
  await panel.approve();
  await expect(panel.result).toContainText('The open editor shows the change', {
    timeout: 30_000,
  });
  await expect.poll(() => editorValue(second.page, 'title')).toBe(title);
  expect(await editorValue(first.page, 'title')).toBe(`Other ${stamp}`);
  expect(await unsavedFields(first.page)).toEqual([]);
  expect((await readPost(first.page, other)).title.raw).toBe(`Other ${stamp}`);
  model.assertDone();
});
