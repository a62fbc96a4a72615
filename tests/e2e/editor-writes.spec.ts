import { test, expect } from './fixtures';
import { ThreadPanel } from './pages/thread-panel';
import { editorScene } from './support/editor-setup';
import {
  editorValue,
  readPost,
  saveInEditor,
  typeInParagraph,
  unsavedFields,
  paragraph,
} from './support/block-editor';
import { startModelServer, type ModelServer } from '../support/model-server';

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

test('an approved title and content change shows in the open editor; Undo puts the earlier ones back there, and the next save keeps them (E1, E4) @both-versions', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  const title = `Title to undo ${Date.now()}`;
  const words = `Words to undo ${Date.now()}.`;
  const { admin, id, original } = await editorScene(
    { context, seed, serviceWorker, model },
    { title, content: paragraph(words) },
  );
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await panel.ask('Retitle and rewrite this post');
  await panel.approve();
  await expect(panel.result).toContainText('The open editor shows the change', {
    timeout: 30_000,
  });
  await panel.shot(testInfo.outputPath('result-editor-updated.png'));
  // E1: the editor shows the approved title and content without a reload, with nothing
  // unsaved for these fields (that the next save keeps an approved change:
  // editor-choices.spec.ts, and the save after the Undo below).
  await expect.poll(() => editorValue(admin.page, 'title')).toBe(title);
  expect(await editorValue(admin.page, 'content')).toContain(words);
  expect(await unsavedFields(admin.page)).toEqual([]);
  await admin.page.screenshot({ path: testInfo.outputPath('editor-shows-change.png') });

  await panel.result.getByRole('button', { name: 'Undo' }).click();
  await expect(panel.card).toContainText('Undo a change', { timeout: 30_000 });
  await expect(panel.card.getByTestId('editor-notice')).toContainText('open in the editor');
  await panel.approve();
  await expect(panel.result.first().getByTestId('undo-state')).toContainText('Undone', {
    timeout: 30_000,
  });
  await expect(panel.result.last()).toContainText('The open editor shows the change');
  await panel.shot(testInfo.outputPath('undo-through-editor.png'));

  // The editor shows what WordPress holds again, without a reload, with nothing unsaved.
  await expect.poll(() => editorValue(admin.page, 'title')).toBe(original.title);
  expect(await editorValue(admin.page, 'content')).toContain(original.words);
  expect(await editorValue(admin.page, 'content')).not.toContain(words);
  expect(await unsavedFields(admin.page)).toEqual([]);
  const restored = await readPost(admin.page, id);
  expect(restored.title.raw).toBe(original.title);

  // The person types and saves: the undo is kept, with the typing.
  await typeInParagraph(admin.page, original.words, ' Typed after undo.');
  await saveInEditor(admin.page);
  const saved = await readPost(admin.page, id);
  expect(saved.title.raw).toBe(original.title);
  expect(saved.content.raw).toContain(`${original.words} Typed after undo.`);
  expect(saved.content.raw).not.toContain(words);
});
