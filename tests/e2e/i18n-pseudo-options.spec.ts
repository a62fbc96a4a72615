import { test, expect } from './fixtures';
import { syntheticRecords } from '../support/synthetic-records';
import { asStoredRecord, seedAuditRecords } from './pages/options';
import { strayText } from './support/stray-text';

/*
 * Issue 37 item 5, for the options page: with the pseudo-locale chosen, every word of each
 * section comes from the catalogue (each message arrives as ⟦…⟧). Data (tool ids, the site's
 * name, JSON samples) is marked `data-i18n-exempt` in the components and skipped.
 */
const SECTIONS = ['connection', 'rules', 'audit', 'sync', 'refused', 'retention'] as const;

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
