import type { Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { readTrustedSetting, type TrustedName } from './support/trusted-settings';
import { DRAFT_RULE, OptionsPage } from './pages/options';
import { startModelServer } from '../support/model-server';

/** What the extension stored, in its trusted settings store (S3: not extension storage). */
const readLocal = async (worker: Worker, key: string) => {
  const local = await worker.evaluate(async (k) => (await chrome.storage.local.get(k))[k], key);
  expect(local, `${key} must not be in chrome.storage.local`).toBeUndefined();
  return readTrustedSetting(worker, key as TrustedName);
};

test("an admin sets 'update post fields: allow when the post is a draft': stored, shown, and the gate runs draft edits without a card while live edits ask (G4, A1)", async ({
  context,
  serviceWorker,
  extensionId,
}, testInfo) => {
  const options = await OptionsPage.open(context, extensionId, 'rules');
  await options.allowDraftUpdates();
  expect(await readLocal(serviceWorker, 'gatePolicy')).toMatchObject({
    policy: { wp_update_post: { mode: 'ask', rule: DRAFT_RULE } },
  });

  await options.page.reload();
  await expect(options.toolRow('wp_update_post')).toBeVisible();
  await expect(options.toolRow('wp_update_post').getByLabel('Mode')).toHaveValue('ask');
  await expect(options.page.getByTestId('rule-summary-wp_update_post')).toHaveText(
    `Auto-approves a call when the entry's current status is "draft". Any other call asks.`,
  );
  await options.page.screenshot({
    path: testInfo.outputPath('rules-draft-rule.png'),
    fullPage: true,
  });

  const input = { type: 'post', id: 12, title: 'A new title' };
  const draft = await options.tryRule('wp_update_post', {
    input,
    facts: { entity: { status: 'draft' } },
  });
  await expect(draft).toContainText('Runs without a card');
  await expect(draft).toContainText('The rule approves this call.');
  const live = await options.tryRule('wp_update_post', {
    input,
    facts: { entity: { status: 'publish' } },
  });
  await expect(live).toContainText('Asks (a card)');
  await expect(live).toContainText('would go live');

  await options.goto('audit');
  await options.filterAudit({ tool: 'countersign:policy-change' });
  await expect(options.page.getByTestId('audit-table').locator('tbody tr')).toHaveCount(1);
  await options.page
    .getByRole('button', { name: /Open the countersign:policy-change record/ })
    .click();
  const record = options.page.getByTestId('audit-record');
  await expect(record).toContainText('countersign:options-page');
  await expect(record).toContainText('gatePolicy.wp_update_post');
  await options.page.screenshot({
    path: testInfo.outputPath('audit-policy-record.png'),
    fullPage: true,
  });
});

test('bad input is refused at the field and nothing is saved half-way', async ({
  context,
  serviceWorker,
  extensionId,
}) => {
  const options = await OptionsPage.open(context, extensionId, 'rules');
  await options.setMode('wp_get_entity', 'deny');
  await options.setMode('wp_update_post', 'ask');
  await options.setRule('wp_update_post', '{"==": [');
  await options.saveRules(false);
  const rule = options.toolRow('wp_update_post').getByLabel(/Approve without asking when/);
  await expect(rule).toHaveAttribute('aria-invalid', 'true');
  await expect(options.toolRow('wp_update_post').getByRole('alert')).toContainText(
    'not valid JSON',
  );
  await options.setRule('wp_update_post', { log: 'x' });
  await options.saveRules(false);
  await expect(options.toolRow('wp_update_post').getByRole('alert')).toContainText(
    'unknown operator "log"',
  );
  expect(await readLocal(serviceWorker, 'gatePolicy')).toBeUndefined();

  await options.page.getByLabel('Import a rules file').setInputFiles({
    name: 'rules.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({ format: 'countersign-gate-policy', version: 2, policy: [] }),
    ),
  });
  await expect(options.page.getByTestId('import-error')).toContainText(
    '"policy" must be an object',
  );
  await options.page.getByLabel('Import a rules file').setInputFiles({
    name: 'rules.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ wp_made_up_tool: { mode: 'allow' } })),
  });
  await expect(options.page.getByTestId('import-error')).toContainText(
    '"wp_made_up_tool" is not a known tool',
  );
  expect(await readLocal(serviceWorker, 'gatePolicy')).toBeUndefined();

  await options.goto('connection');
  await options.page.getByLabel('API base URL').fill('not a url');
  await options.page.getByLabel('API key').fill('sk-ant-api03-a-key-that-must-not-be-saved-0000');
  await options.page.getByRole('button', { name: 'Save connection' }).click();
  await expect(options.page.getByLabel('API base URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(options.page.locator('#api-base-url-error')).toHaveText(
    /^API base URL is not a URL/,
  );
  expect(await readLocal(serviceWorker, 'connection')).toBeUndefined();
  expect(await readLocal(serviceWorker, 'apiKey')).toBeUndefined();
});

test('"*": "allow" needs the typed phrase, then lifts always-ask and is recorded (G2)', async ({
  context,
  serviceWorker,
  extensionId,
}, testInfo) => {
  const options = await OptionsPage.open(context, extensionId, 'rules');
  const deleteMode = options.toolRow('wp_delete_entity').getByLabel('Mode');
  await expect(deleteMode.locator('option[value="allow"]')).toBeDisabled();
  await options.page
    .getByLabel('Mode for tools without an entry of their own')
    .selectOption('allow');
  await expect(options.page.getByText('Every call would run without asking')).toBeVisible();
  await options.page.screenshot({ path: testInfo.outputPath('rules-wildcard-confirm.png') });
  await options.saveRules(false);
  await expect(options.page.locator('#wildcard-confirm-error')).toContainText(
    'type "allow every call without asking"',
  );
  expect(await readLocal(serviceWorker, 'gatePolicy')).toBeUndefined();

  await options.page.getByLabel(/To confirm, type/).fill('allow every call without asking');
  await options.saveRules();
  expect(await readLocal(serviceWorker, 'gatePolicy')).toMatchObject({
    policy: { '*': { mode: 'allow' } },
  });
  await expect(deleteMode.locator('option[value="allow"]')).toBeEnabled();

  await options.goto('audit');
  await options.filterAudit({ tool: 'countersign:policy-change' });
  await options.page
    .getByRole('button', { name: /Open the countersign:policy-change record/ })
    .click();
  await expect(options.page.getByTestId('audit-record')).toContainText('"*": "allow" turned ON');
});

test('the connection form keeps the key write-only, tests it, and lists the sites (R4, S3)', async ({
  context,
  serviceWorker,
  extensionId,
}, testInfo) => {
  const key = 'sk-ant-api03-e2e-options-key-000000000000-abcd';
  const server = await startModelServer({ apiKey: key });
  try {
    const options = await OptionsPage.open(context, extensionId, 'connection');
    const page = options.page;
    await page.getByLabel('API base URL').fill(server.url);
    await page.getByLabel('API key').fill('sk-ant-api03-a-wrong-key-0000000000000-wxyz');
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect(page.getByTestId('masked-key')).toHaveText('sk-ant-…wxyz');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('connection-result')).toContainText('refused this API key');

    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect(page.getByTestId('masked-key')).toHaveText('sk-ant-…abcd');
    await expect(page.getByLabel('API key')).toHaveValue('');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('connection-result')).toContainText('Connected to 127.0.0.1');
    expect(await page.content()).not.toContain(key);
    expect(await readLocal(serviceWorker, 'apiKey')).toBe(key);

    await expect(page.getByTestId('site-list')).toContainText('http://127.0.0.1 (any port)');
    await expect(page.getByTestId('site-list').getByText('built in').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('connection.png'), fullPage: true });
  } finally {
    await server.close();
  }
});
