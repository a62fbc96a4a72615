import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { Panel } from './pages/panel';

test('the editor sees the post being edited and their role in the side panel @both-versions', async ({
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

test('the toolbar button opens the real side panel beside the admin', async ({
  context,
  serviceWorker,
  seed,
}) => {
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  await expect
    .poll(() =>
      serviceWorker.evaluate(() =>
        chrome.sidePanel.getPanelBehavior().then((b) => b.openPanelOnActionClick),
      ),
    )
    .toBe(true);
  const cdp = await context.browser()!.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] });
  const tab = targetInfos.find((t) => t.url.includes('/wp-admin/'));
  if (!tab) throw new Error('no admin tab target');
  const extensionId = new URL(serviceWorker.url()).host;
  await cdp.send('Extensions.triggerAction', { id: extensionId, targetId: tab.targetId });
  await expect
    .poll(() =>
      serviceWorker.evaluate(async () =>
        (
          await chrome.runtime.getContexts({
            contextTypes: [chrome.runtime.ContextType.SIDE_PANEL],
          })
        ).map((c) => c.documentUrl),
      ),
    )
    .toContainEqual(expect.stringContaining('/sidepanel.html'));
});
