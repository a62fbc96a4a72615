import type { CDPSession, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { OptionsPage } from './pages/options';
import { TEST_API_KEY, useModel } from './support/agent-setup';

// S3, G11: what a compromised admin page could do through the extension's content script.
// The script's isolated world (where the extension's own content script runs, with its
// chrome.storage access) is driven over CDP, as code running there would act.

/** The id of the extension's isolated world in `page`'s main frame. */
async function isolatedWorld(cdp: CDPSession, extensionId: string): Promise<number> {
  const worlds: Array<{ id: number; origin: string; auxData?: { type?: string } }> = [];
  cdp.on('Runtime.executionContextCreated', ({ context }) => worlds.push(context));
  await cdp.send('Runtime.enable');
  await expect
    .poll(
      () =>
        worlds.find(
          (w) => w.auxData?.type === 'isolated' && w.origin === `chrome-extension://${extensionId}`,
        )?.id,
    )
    .toBeDefined();
  return worlds.find(
    (w) => w.auxData?.type === 'isolated' && w.origin === `chrome-extension://${extensionId}`,
  )!.id;
}

async function inContentScript(page: Page, extensionId: string, expression: string) {
  const cdp = await page.context().newCDPSession(page);
  const contextId = await isolatedWorld(cdp, extensionId);
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    contextId,
    expression,
    awaitPromise: true,
    returnByValue: true,
  });
  await cdp.detach();
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? 'failed');
  return result.value as unknown;
}

test('a content script on an admin page can neither read the API key nor change the base URL or the gate policy (S3, G11)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  await useModel(serviceWorker, 'http://127.0.0.1:9/gateway');
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1', 'edit.php');

  // What it can read: nothing of the key, the connection or the policy.
  const seen = (await inContentScript(
    admin.page,
    extensionId,
    'chrome.storage.local.get(null).then((all) => JSON.stringify(all))',
  )) as string;
  expect(seen).not.toContain(TEST_API_KEY);
  expect(seen).not.toContain('127.0.0.1:9/gateway');
  expect(Object.keys(JSON.parse(seen))).not.toContain('gatePolicy');

  // What it writes, where earlier versions kept these settings, changes nothing.
  await inContentScript(
    admin.page,
    extensionId,
    `chrome.storage.local.set({
      gatePolicy: { policy: { '*': { mode: 'allow' } }, updatedAt: Date.now() },
      'gatePolicy$': { v: 2 },
      connection: { apiBaseUrl: 'https://evil.example', defaultModel: 'claude-opus-5-5' },
      'connection$': { v: 2 },
      apiKey: 'sk-ant-planted-by-a-page-0000000000',
    }).then(() => true)`,
  );
  const options = await OptionsPage.open(context, extensionId, 'connection');
  await expect(options.page.getByLabel('API base URL')).toHaveValue('http://127.0.0.1:9/gateway');
  await expect(options.page.getByTestId('masked-key')).toHaveText('sk-ant-…6789');
  await options.goto('rules');
  // The gate's effective policy, as the background answers the options page.
  const policy = await options.page.evaluate(() =>
    chrome.runtime.sendMessage({ type: 'options-policy-get' }),
  );
  expect(JSON.stringify(policy)).not.toContain('"*"');
  const read = await options.page.evaluate(() =>
    chrome.runtime.sendMessage({ type: 'options-connection-test' }),
  );
  // The connection test goes to the stored base URL, not the planted one.
  expect(JSON.stringify(read)).not.toContain('evil.example');
});

test('a content script writing the retention, the expiry, the offers or the mirror state changes nothing (issue 33)', async ({
  context,
  extensionId,
  seed,
}) => {
  // The admin's settings first, as the options page stores them.
  const options = await OptionsPage.open(context, extensionId, 'retention');
  await expect(options.page.getByLabel('Keep every record')).toBeChecked();
  await expect(
    options.page.getByLabel('Expire unanswered approvals', { exact: true }),
  ).not.toBeChecked();

  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1', 'edit.php');
  // Where earlier versions kept them: keep the audit one day (the next purge deletes it),
  // expire every waiting approval after a minute, forget the offered calls, and mark a
  // site's audit as kept only here.
  await inContentScript(
    admin.page,
    extensionId,
    `chrome.storage.local.set({
      retention: { days: 1 },
      'retention$': { v: 1 },
      runOptions: { expireAfterMinutes: 1 },
      'runOptions$': { v: 1 },
      'requester:offers': [],
      'countersign.mirror.sites': {
        '1@https://evil.example/wp-json/': {
          siteRoot: 'https://evil.example/wp-json/', userId: '1', mode: 'local-only',
          checkedAt: 1, lastSyncAt: null, delivered: 0, lastError: null, attempts: 0,
          nextAttemptAt: 0, adminAjaxUrl: 'https://evil.example/wp-admin/admin-ajax.php',
          canRead: true, canManage: true,
        },
      },
    }).then(() => true)`,
  );

  await options.page.reload();
  await options.goto('retention');
  await expect(options.page.getByLabel('Keep every record')).toBeChecked();
  await expect(
    options.page.getByLabel('Expire unanswered approvals', { exact: true }),
  ).not.toBeChecked();
  const mirror = await options.page.evaluate(() =>
    chrome.runtime.sendMessage({ type: 'options-mirror-status' }),
  );
  expect(JSON.stringify(mirror)).not.toContain('evil.example');
});
