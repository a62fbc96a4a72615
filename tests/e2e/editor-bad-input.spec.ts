import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { ThreadPanel } from './pages/thread-panel';
import { editorScene } from './support/editor-setup';
import {
  editorValue,
  paragraph,
  readPost,
  saveInEditor,
  typeInParagraph,
  unsavedFields,
} from './support/block-editor';
import { hangPage } from './support/page-hang';
import { recordsOf } from './support/records';
import { startModelServer, type ModelServer } from '../support/model-server';

// Bad input around the open editor (E1, E3): an editor that does not answer, a save the site
// refuses, the editor tab closed while the write is on its way. Each ends in a clear card and
// a record of what really happened; nothing is applied blind, twice, or half.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());
test.beforeEach(() => model.reset());

/** A second admin tab (the posts list) for the panel, so the editor tab is left to the test. */
async function listTab(page: Page): Promise<Page> {
  const list = await page.context().newPage();
  await list.goto(new URL('/wp-admin/edit.php', page.url()).href);
  return list;
}

/** Clicks a button of the card once it accepts input (it ignores clicks just after it appears). */
async function choose(panel: ThreadPanel, name: string): Promise<void> {
  await panel.page.waitForTimeout(700);
  await panel.card.getByRole('button', { name, exact: true }).click();
}

test('an editor whose page hangs: the card says it does not answer and the write waits; once it answers, the write goes through it (E1, E3) @both-versions @alone', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  test.setTimeout(180_000);
  const title = `Approved after the hang ${Date.now()}`;
  const { admin, id, original } = await editorScene(
    { context, seed, serviceWorker, model },
    { title },
  );
  const list = await listTab(admin.page);
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, list);
  // The editor's page script stops answering, as a hung plugin script would, until released.
  const hang = await hangPage(admin.page);
  await panel.ask('Give it a better title');
  const notice = panel.card.getByTestId('editor-notice');
  await expect(notice).toContainText('An editor open on this entry does not answer', {
    timeout: 30_000,
  });
  await expect(panel.card.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await panel.shot(testInfo.outputPath('card-editor-not-answering.png'));

  // A plain approval while it still hangs is held back: nothing is written blind.
  await choose(panel, 'Leave it waiting');
  await choose(panel, 'Approve');
  await expect(panel.page.getByRole('log', { name: 'Thread' })).toContainText(
    'Not applied yet: an editor open on this entry does not answer',
    { timeout: 20_000 },
  );
  expect((await readPost(list, id)).title.raw).toBe(original.title);
  expect(await recordsOf(serviceWorker, 'wp_update_post', id)).toMatchObject([
    { status: 'pending' },
  ]);

  // The page answers again (evaluate waits for its script to yield): approving now goes
  // through the editor, which shows the change and has nothing unsaved.
  await hang.release();
  await admin.page.evaluate(() => true);
  await expect(panel.card.getByTestId('editor-notice')).toBeVisible();
  await choose(panel, 'Leave it waiting');
  await choose(panel, 'Approve');
  await expect(panel.result).toContainText('The open editor shows the change', {
    timeout: 30_000,
  });
  expect((await readPost(list, id)).title.raw).toBe(title);
  await expect.poll(() => editorValue(admin.page, 'title')).toBe(title);
  expect(await unsavedFields(admin.page)).toEqual([]);
  expect(await recordsOf(serviceWorker, 'wp_update_post', id)).toMatchObject([{ status: 'run' }]);
  model.assertDone();
});

test('an editor whose store is gone: approving anyway writes through REST and the card says to reload it; the reloaded editor shows the change (E1) @both-versions @alone', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  const title = `Approved past a broken editor ${Date.now()}`;
  const { admin, id, original } = await editorScene(
    { context, seed, serviceWorker, model },
    { title },
  );
  // A plugin script replaced the page's `wp.data` (the editor keeps running on its own copy).
  await admin.page.evaluate(() => {
    const wp = (window as unknown as { wp: Record<string, unknown> }).wp;
    wp.keptData = wp.data;
    delete wp.data;
  });
  const list = await listTab(admin.page);
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, list);
  await panel.ask('Give it a better title');
  await expect(panel.card.getByTestId('editor-notice')).toContainText('does not answer', {
    timeout: 30_000,
  });
  await choose(panel, 'Approve anyway: I will reload that editor before I save there');
  await expect(panel.result.getByTestId('editor-result')).toContainText(
    'The open editor did not take the change and still shows the old values',
    { timeout: 30_000 },
  );
  await panel.shot(testInfo.outputPath('result-editor-not-updated.png'));
  expect((await readPost(list, id)).title.raw).toBe(title);
  expect(await recordsOf(serviceWorker, 'wp_update_post', id)).toMatchObject([{ status: 'run' }]);
  // The broken editor still shows the old title, as the card said; a reload shows the change.
  const shown = await admin.page.evaluate(() => {
    const wp = (
      window as unknown as {
        wp: { keptData: { select(s: string): { getEditedPostAttribute(f: string): string } } };
      }
    ).wp;
    return wp.keptData.select('core/editor').getEditedPostAttribute('title');
  });
  expect(shown).toBe(original.title);
  await admin.editPost(id);
  await expect.poll(() => editorValue(admin.page, 'title')).toBe(title);
  model.assertDone();
});

test('a save the site refuses: the card says so in its words, nothing is stored, the editor keeps its copy and the next save works (E1) @both-versions @alone', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  const { admin, id, original } = await editorScene(
    { context, seed, serviceWorker, model },
    { title: `Refused ${Date.now()} [refuse-save]`, content: paragraph('Words that never land.') },
  );
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await panel.ask('Retitle and rewrite this post');
  await panel.approve();
  const thread = panel.page.getByRole('log', { name: 'Thread' });
  await expect(thread).toContainText('WordPress refused: The site refused this title.', {
    timeout: 30_000,
  });
  await expect(thread).not.toContainText('wp_update_post failed');
  await panel.shot(testInfo.outputPath('result-save-refused.png'));

  const stored = await readPost(admin.page, id);
  expect(stored.title.raw).toBe(original.title);
  expect(stored.content.raw).toContain(original.words);
  expect(stored.content.raw).not.toContain('Words that never land.');
  expect(await editorValue(admin.page, 'title')).toBe(original.title);
  expect(await editorValue(admin.page, 'content')).not.toContain('Words that never land.');
  expect(await unsavedFields(admin.page)).toEqual([]);
  expect(await recordsOf(serviceWorker, 'wp_update_post', id)).toMatchObject([
    { status: 'failed' },
  ]);

  await typeInParagraph(admin.page, original.words, ' Typed after.');
  await saveInEditor(admin.page);
  expect((await readPost(admin.page, id)).content.raw).toContain(`${original.words} Typed after.`);
  model.assertDone();
});

test('the editor tab closed while the write is on its way: the write lands once and the card says an editor opened now loads it (E1) @both-versions @alone', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  // "[slow-save]": the stack's mu-plugin holds this save 3 s, so the tab closes mid-write.
  const title = `Written while the tab closed ${Date.now()} [slow-save]`;
  const { admin, id } = await editorScene({ context, seed, serviceWorker, model }, { title });
  const list = await listTab(admin.page);
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, list);
  await panel.ask('Give it a better title');
  await expect(panel.card.getByTestId('editor-notice')).toContainText('open in the editor', {
    timeout: 30_000,
  });
  await choose(panel, 'Approve');
  await list.waitForTimeout(1_000);
  await admin.page.close();
  await expect(panel.result.getByTestId('editor-result')).toContainText(
    'The editor tab closed during the write; an editor opened now loads the new values.',
    { timeout: 30_000 },
  );
  await panel.shot(testInfo.outputPath('result-editor-closed.png'));
  expect((await readPost(list, id)).title.raw).toBe(title);
  expect(await recordsOf(serviceWorker, 'wp_update_post', id)).toMatchObject([{ status: 'run' }]);

  const reopened = await context.newPage();
  await reopened.goto(new URL(`/wp-admin/post.php?post=${id}&action=edit`, list.url()).href);
  await expect.poll(() => editorValue(reopened, 'title'), { timeout: 20_000 }).toBe(title);
  model.assertDone();
});
