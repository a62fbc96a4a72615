import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';

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
