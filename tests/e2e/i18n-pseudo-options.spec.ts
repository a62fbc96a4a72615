import { test, expect } from './fixtures';
import { syntheticRecords } from '../support/synthetic-records';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import { asStoredRecord, seedAuditRecords } from './pages/options';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import { siteRecordCount } from './support/site-db';
import { strayText } from './support/stray-text';

/*
 * Issue 37 item 5, for the options page: with the pseudo-locale chosen, every word of each
 * section comes from the catalogue (each message arrives as ⟦…⟧). Data (tool ids, the site's
 * name, JSON samples) is marked `data-i18n-exempt` in the components and skipped.
 */
const SECTIONS = ['connection', 'rules', 'audit', 'sync', 'refused', 'retention'] as const;

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

test('pseudo-locale: every word of the options page comes from the catalogue, section by section (issue 37)', async ({
  context,
  serviceWorker,
  extensionId,
}, info) => {
  test.setTimeout(90_000);
  await serviceWorker.evaluate(() => chrome.storage.local.set({ uiLanguage: 'en-XA' }));
  const page = await context.newPage();
  await page.setViewportSize({ width: 1100, height: 1400 });
  // A few records, so the audit table, a record and the refused calls have rows to check.
  await page.goto(`chrome-extension://${extensionId}/options.html#audit`);
  await seedAuditRecords(
    page,
    syntheticRecords(12, { start: Date.UTC(2026, 0, 1) }).map((r) => asStoredRecord(r)),
  );
  // Each section is then loaded afresh (a hash change alone keeps what the page read).
  for (const section of SECTIONS) {
    await page.goto(`chrome-extension://${extensionId}/options.html#${section}`);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    const main = page.locator('#options-main');
    // The section is there to be checked (its heading drawn, nothing still loading).
    await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
    await page.screenshot({
      path: info.outputPath(`options-${section}-pseudo.png`),
      fullPage: true,
    });
    expect(await strayText(page, { root: 'body' }), section).toEqual([]);
  }
  // The audit log with a record open, and an export finished.
  await page.goto(`chrome-extension://${extensionId}/options.html#audit`);
  await page.reload();
  await expect(page.getByTestId('audit-table').locator('tbody tr')).toHaveCount(12);
  await page.getByTestId('audit-table').getByRole('button').first().click();
  await expect(page.getByTestId('audit-record')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.locator('.opt-export button').nth(1).click();
  await download;
  await expect(page.getByTestId('export-status')).not.toBeEmpty();
  await page.screenshot({ path: info.outputPath('options-record-pseudo.png'), fullPage: true });
  expect(await strayText(page, { root: 'body' }), 'audit record').toEqual([]);

  // The rules section with a tool's rule editor open: its labels, hint and "try it" too.
  await page.goto(`chrome-extension://${extensionId}/options.html#rules`);
  await page.reload();
  const tool = page.getByTestId('tool-wp_update_post');
  await tool.locator('select').selectOption('ask');
  await tool.locator('details.rule-editor > summary').click();
  await tool.locator('.rule-try button').click();
  await expect(page.getByTestId('try-result-wp_update_post')).not.toBeEmpty();
  expect(await strayText(page, { root: 'body' }), 'rule editor').toEqual([]);
});

test("pseudo-locale: the site's audit, its chain check, a record's attested facts and its export come from the catalogue (issue 37, A7)", async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  test.setTimeout(120_000);
  // One call of the admin's agent reaches the site's audit, so the list has a row to open.
  const before = await siteRecordCount(seed, "status = 'run'");
  model.setScript([
    turn.reply([block.toolUse('wp_list_types', {}, 'toolu_p1')]),
    turn.text('Listed.', { match: { toolResultFor: 'toolu_p1' } }),
  ]);
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('admin', 'edit.php');
  const { client, threadId } = await openThread(context, serviceWorker, extensionId, admin.page);
  await client.send({ type: 'message-send', threadId, text: 'List the types' });
  await expect
    .poll(() => siteRecordCount(seed, "status = 'run'"), { timeout: 60_000 })
    .toBeGreaterThan(before);

  await serviceWorker.evaluate(() => chrome.storage.local.set({ uiLanguage: 'en-XA' }));
  const page = await context.newPage();
  await page.setViewportSize({ width: 1100, height: 1400 });
  await page.goto(`chrome-extension://${extensionId}/options.html#sync`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  // The site's row: its second action opens the site's audit once the site said who may read.
  const site = page.getByTestId('sync-site').first();
  await expect(site.locator('.opt-actions button')).toHaveCount(2, { timeout: 30_000 });
  await site.locator('.opt-actions button').nth(1).click();
  await expect(page.getByTestId('site-chain')).toHaveAttribute('data-intact', /true|false/);
  const table = page.getByTestId('site-audit-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  expect(await strayText(page, { root: 'body' }), 'site audit').toEqual([]);
  // A record open: what the site attests and what the browser reported.
  await table.locator('tbody tr').first().getByRole('button').first().click();
  await expect(page.getByTestId('site-attestation')).toBeVisible();
  // The export, and its status line with the site's word on the chain.
  const download = page.waitForEvent('download');
  await page.getByTestId('site-audit').locator('form .opt-actions button').nth(1).click();
  await download;
  await expect(page.getByTestId('site-export-status')).not.toBeEmpty();
  await page.screenshot({ path: info.outputPath('options-site-audit-pseudo.png'), fullPage: true });
  expect(await strayText(page, { root: 'body' }), 'site record and export').toEqual([]);
});
