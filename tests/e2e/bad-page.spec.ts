import { test, expect } from './fixtures';
import { Panel } from './pages/panel';
import { serveFakeAdmin } from './support/fake-admin';

const base = `var pagenow = 'dashboard', typenow = '', adminpage = 'index-php', ajaxurl = '/wp-admin/admin-ajax.php';
  var userSettings = { uid: '1' };`;

const cases = [
  {
    name: 'malformed globals',
    globals: `var pagenow = { evil: true }, typenow = '', adminpage = 'index-php'; var userSettings = { uid: '1' };`,
    reason: /globals are malformed \(pagenow/,
  },
  {
    name: 'a REST root on another origin than the page',
    globals: `${base} var wpApiSettings = { root: 'http://127.0.0.3:9/wp-json/', nonce: '0123456789' };`,
    reason: /restRoot is on another origin/,
  },
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
