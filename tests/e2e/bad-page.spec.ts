import { test, expect } from './fixtures';
import { Panel } from './pages/panel';
import { serveFakeAdmin } from './support/fake-admin';

const base = `var pagenow = 'dashboard', typenow = '', adminpage = 'index-php', ajaxurl = '/wp-admin/admin-ajax.php';
  var userSettings = { uid: '1' };`;

// Each reason a page is not trusted is proven by the reader's unit test
// (tests/unit/cms/read-context.test.ts: malformed globals, a REST root or admin-ajax on
// another origin, a malformed nonce). One case here proves the path a real page takes
// (content script, background, panel) and that the panel shows the reason; the other two
// repeated it with other inputs (moved down on 2026-12-04, docs/testing.md).
const cases = [
  {
    name: 'a nonce that is not a WordPress nonce',
    globals: `${base} var wpApiSettings = { root: '/wp-json/', nonce: '"><img src=x onerror=alert(1)>' };`,
    reason: /nonce on the page is malformed/,
  },
];

for (const { name, globals, reason } of cases) {
  test(`a page with ${name} is not trusted`, async ({
    context,
    serviceWorker,
    extensionId,
  }, testInfo) => {
    const fake = await serveFakeAdmin(globals);
    const page = await context.newPage();
    await page.goto(fake.url);
    const panel = await Panel.openFor(context, serviceWorker, extensionId, page);
    await expect(panel.state('invalid')).toContainText(reason);
    await panel.page.screenshot({ path: testInfo.outputPath('untrusted.png') });
    await fake.close();
  });
}

test('a missing nonce that cannot be refreshed shows the signed-out state', async ({
  context,
  serviceWorker,
  extensionId,
}) => {
  const fake = await serveFakeAdmin(base);
  const page = await context.newPage();
  await page.goto(fake.url);
  const panel = await Panel.openFor(context, serviceWorker, extensionId, page);
  await expect(panel.state('signed-out')).toBeVisible();
  await expect(panel.page.getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
    'href',
    /wp-login\.php$/,
  );
  await fake.close();
});

test('a page that is not a CMS admin says so', async ({ context, serviceWorker, extensionId }) => {
  const page = await context.newPage();
  await page.goto('about:blank');
  await page.setContent('<p>hello</p>');
  const panel = await Panel.openFor(context, serviceWorker, extensionId, page);
  await expect(panel.state('not-cms')).toBeVisible();
});
