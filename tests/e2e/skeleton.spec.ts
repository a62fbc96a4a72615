import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { Panel } from './pages/panel';

test('the editor sees the post being edited and their role in the side panel', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  await admin.editPost(seed.posts.published);

  const panel = await Panel.openFor(context, serviceWorker, extensionId, admin.page);
  await expect(panel.userRole).toHaveText('Editor');
  const title = await admin.page.evaluate(
    (id) =>
      fetch(`/wp-json/wp/v2/posts/${id}`)
        .then((r) => r.json())
        .then((p) => p.title.rendered as string),
    seed.posts.published,
  );
  await expect(panel.entityTitle).toHaveText(title);
  await expect(panel.page.getByTestId('screen')).toHaveText(/block editor/);
  await panel.page.screenshot({ path: testInfo.outputPath('panel-editor.png') });
});
