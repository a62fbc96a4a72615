import { test, expect } from './fixtures';
import { textIn } from './support/catalogue-text';

/*
 * Issue 37: the person chooses Countersign's language in the options page. The page shows it
 * at once (it reloads itself), the choice is kept, and "same as the browser" goes back to the
 * browser's language (English in the test browser).
 */
test('choosing Deutsch in the options page switches its words, and the browser default brings English back', async ({
  context,
  extensionId,
}) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Countersign settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const select = page.getByLabel('Language', { exact: true });
  await select.focus();
  await select.selectOption('de');
  // The page reloads by itself in German, with the choice shown.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Countersign-Einstellungen');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByLabel('Sprache', { exact: true })).toHaveValue('de');
  // The connection section speaks German too (its fields found by their German labels).
  await expect(page.getByRole('heading', { name: 'API-Verbindung' })).toBeVisible();
  await expect(page.getByLabel('API-Basis-URL')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verbindung testen' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('options-connection-de.png') });
  // The gate rules too: their heading, a tool named as the cards name it, its mode in German.
  await page.getByRole('link', { name: 'Freigaberegeln' }).click();
  await expect(page.getByRole('heading', { name: 'Freigaberegeln', level: 2 })).toBeVisible();
  const tool = page.getByTestId('tool-wp_update_post');
  await expect(tool.getByRole('heading', { level: 3 })).toContainText('wp_update_post');
  await expect(tool.getByLabel('Modus')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Regeln speichern' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('options-rules-de.png') });

  // Kept: a page opened later is German too.
  const later = await context.newPage();
  await later.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(later.getByRole('heading', { level: 1 })).toHaveText('Countersign-Einstellungen');

  await later.getByLabel('Sprache', { exact: true }).selectOption('auto');
  await expect(later.getByRole('heading', { level: 1 })).toHaveText('Countersign settings');
  await expect(later.getByLabel('Language', { exact: true })).toHaveValue('auto');
});

test('choosing עברית lays the options page out right to left, in Hebrew (issue 37 item 2)', async ({
  context,
  extensionId,
}) => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1100, height: 1000 });
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  // Each language is offered in its own name.
  await page.getByLabel('Language', { exact: true }).selectOption({ label: 'עברית' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    textIn('he', 'options.page.title'),
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Mirrored: the sections' list is on the right of the section it opens.
  await page.getByRole('link', { name: textIn('he', 'options.nav.rules') }).click();
  const nav = (await page.locator('.options-nav').boundingBox())!;
  const main = (await page.locator('#options-main').boundingBox())!;
  expect(nav.x).toBeGreaterThan(main.x);
  const tool = page.getByTestId('tool-wp_update_post');
  await expect(tool.getByRole('heading', { level: 3 })).toContainText('wp_update_post');
  await expect(tool.getByLabel(textIn('he', 'optionsRules.mode.label'))).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('options-rules-he.png') });
});
