import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, builtExtensionId } from './fixtures';
import { OptionsPage } from './pages/options';

// Chromium on Linux reads enterprise policy from these files at start-up (tests run as root).
// The entries below only restate what G2 already enforces (both tools always ask), so other
// test sessions that start a browser while the file exists behave exactly as without it.
const POLICY_DIR = '/etc/chromium/policies/managed';
const POLICY_FILE = join(POLICY_DIR, 'countersign-e2e-options-managed.json');
const MANAGED = {
  wp_delete_entity: { mode: 'ask' },
  wp_update_settings: { mode: 'ask' },
};

// A policy is read when the browser starts: this test's browser starts after the file exists.
test.use({ freshBrowser: true });

test.beforeAll(() => {
  mkdirSync(POLICY_DIR, { recursive: true });
  const policy = { '3rdparty': { extensions: { [builtExtensionId()]: { gatePolicy: MANAGED } } } };
  writeFileSync(POLICY_FILE, JSON.stringify(policy));
});

test.afterAll(() => rmSync(POLICY_FILE, { force: true }));

test('a managed policy locks its entries in the editor and wins over the admin rules (G11)', async ({
  context,
  serviceWorker,
  extensionId,
}, testInfo) => {
  expect(extensionId).toBe(builtExtensionId());
  const managed = await serviceWorker.evaluate(() => chrome.storage.managed.get('gatePolicy'));
  expect(managed).toEqual({ gatePolicy: MANAGED });

  const options = await OptionsPage.open(context, extensionId, 'rules');
  await expect(options.page.getByTestId('managed-banner')).toContainText(
    'Those entries are locked',
  );
  for (const tool of Object.keys(MANAGED)) {
    await expect(options.page.getByTestId(`lock-${tool}`)).toContainText(
      "Locked Set by your organisation's managed policy (an entry for this tool: ask)",
    );
    await expect(options.toolRow(tool).getByLabel('Mode')).toBeDisabled();
    await expect(options.toolRow(tool).getByLabel('Mode')).toHaveValue('ask');
  }
  await expect(options.toolRow('wp_update_post').getByLabel('Mode')).toBeEnabled();
  await options.toolRow('wp_delete_entity').scrollIntoViewIfNeeded();
  await options.page.screenshot({ path: testInfo.outputPath('rules-managed-locked.png') });

  // The admin's own entry for a managed tool is kept but has no effect: the managed one wins.
  const view = await options.page.evaluate(() =>
    chrome.runtime.sendMessage({
      type: 'options-policy-save',
      policy: { wp_delete_entity: { mode: 'deny' } },
    }),
  );
  expect(view).toMatchObject({ ok: true, value: { managed: { status: 'ok' } } });
  const tried = await options.page.evaluate(() =>
    chrome.runtime.sendMessage({
      type: 'options-rule-try',
      tool: 'wp_delete_entity',
      entry: { mode: 'deny' },
      sample: { input: { type: 'post', id: 1 }, facts: {} },
    }),
  );
  expect(tried).toMatchObject({ ok: true, value: { decision: 'ask' } });
});
