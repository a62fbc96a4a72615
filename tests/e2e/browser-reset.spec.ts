import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';

// Issue 38: the tests of a Playwright worker share one browser, reset between them
// (support/browser-reuse.ts). This proves the reset: whatever one test left in the browser,
// the next one finds a browser as a fresh profile would give it, with a new extension worker.

test('a reused browser gives the next test nothing of the one before', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
  sharedBrowser,
}) => {
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  const site = new URL(admin.page.url()).origin;
  await admin.page.evaluate(() => localStorage.setItem('left-by-the-last-test', 'yes'));
  await context.route('**/left-by-a-route', (route) => route.fulfill({ body: 'routed' }));
  let heard = 0;
  context.on('page', () => heard++);
  await context.newPage().then((p) => p.goto(`chrome-extension://${extensionId}/options.html`));
  const before = await serviceWorker.evaluate(async () => {
    await chrome.storage.local.set({ leftByTheLastTest: 1 });
    await chrome.storage.session.set({ leftByTheLastTest: 1 });
    await chrome.alarms.create('left-by-the-last-test', { delayInMinutes: 30 });
    await chrome.scripting.registerContentScripts([
      {
        id: 'left-by-the-last-test',
        js: ['content-scripts/wp-admin.js'],
        matches: ['http://localhost/*'],
      },
    ]);
    await new Promise<void>((resolve) => {
      const open = indexedDB.open('left-by-the-last-test');
      open.onupgradeneeded = () => open.result.createObjectStore('things');
      open.onsuccess = () => (open.result.close(), resolve());
    });
    await chrome.notifications.create('left-by-the-last-test', {
      type: 'basic',
      iconUrl: 'icon/48.png',
      title: 'left',
      message: 'by the last test',
    });
    return performance.timeOrigin;
  });

  expect(heard, 'the listener hears while its test runs').toBe(1);
  heard = 0;

  // What the fixture does before the next test of this worker.
  const shared = await sharedBrowser.take();
  expect(shared.context, 'the same browser, reused').toBe(context);
  const [worker] = context.serviceWorkers().filter((w) => w.url().includes(extensionId));
  const pages = context.pages();
  expect(pages.map((p) => p.url())).toEqual(['about:blank']);
  expect(await context.cookies()).toEqual([]);
  const after = await worker.evaluate(async () => ({
    timeOrigin: performance.timeOrigin,
    local: await chrome.storage.local.get('leftByTheLastTest'),
    session: await chrome.storage.session.get('leftByTheLastTest'),
    alarms: (await chrome.alarms.getAll()).map((a) => a.name),
    scripts: (await chrome.scripting.getRegisteredContentScripts()).map((s) => s.id),
    databases: (await indexedDB.databases()).map((d) => d.name),
    notifications: Object.keys(await chrome.notifications.getAll()),
  }));
  expect(after.timeOrigin, 'a new extension worker').not.toBe(before);
  expect(after.local).toEqual({});
  expect(after.session).toEqual({});
  expect(after.notifications).toEqual([]);
  expect(after.alarms).not.toContain('left-by-the-last-test');
  expect(after.scripts).not.toContain('left-by-the-last-test');
  expect(after.databases).not.toContain('left-by-the-last-test');

  const page = await context.newPage();
  expect(heard, "the last test's listeners are gone").toBe(0);
  await page.goto(`${site}/wp-login.php`);
  expect(await page.evaluate(() => localStorage.getItem('left-by-the-last-test'))).toBeNull();
  const routed = await page.evaluate(() => fetch('/left-by-a-route').then((r) => r.status));
  expect(routed, 'the route is gone: the site answers itself').toBe(404);
  await page.goto(`${site}/wp-admin/`);
  await expect(page, 'signed out').toHaveURL(/wp-login\.php/);
});
