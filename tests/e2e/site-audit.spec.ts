import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, launchWithExtension } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { OptionsPage } from './pages/options';
import { openThread, useModel } from './support/agent-setup';
import { siteRecordCount, siteSql } from './support/site-db';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

// A3 + A5 across browsers: what the agent did in an editor's browser reaches the site, and
// an admin in another browser profile sees it in the options page's site audit.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

test("an editor's call appears in the site's audit an admin reads in another browser profile (A3, A5)", async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  test.setTimeout(180_000);
  const editor = seed.users.editor1;
  await siteSql(seed, `DELETE FROM wp_countersign_records WHERE user_id = ${editor.id}`);
  model.setScript([
    turn.reply([block.toolUse('wp_list_types', {}, 'toolu_a')]),
    turn.text('Listed.', { match: { toolResultFor: 'toolu_a' } }),
  ]);
  await useModel(serviceWorker, model.url);
  const wp = new WpAdmin(await context.newPage(), seed);
  await wp.login('editor1');
  await wp.open('edit.php');
  const { client, threadId } = await openThread(context, serviceWorker, extensionId, wp.page);
  await client.send({ type: 'message-send', threadId, text: 'List the types' });
  await client.view((v) => !v.busy && v.items.at(-1)?.kind === 'assistant');
  await expect.poll(() => siteRecordCount(seed, `user_id = ${editor.id}`)).toBe(1);

  // The admin's own browser: another profile, signed in as the administrator.
  const dir = mkdtempSync(join(tmpdir(), 'countersign-e2e-admin-'));
  const other = await launchWithExtension(dir);
  try {
    const worker = other.serviceWorkers()[0] ?? (await other.waitForEvent('serviceworker'));
    const otherId = new URL(worker.url()).host;
    const admin = new WpAdmin(await other.newPage(), seed);
    await admin.login('admin');
    await admin.open('edit.php');
    // Every label the site cards' buttons ever showed, from the page's first paint on: an
    // admin must never be offered "my records" while the site is not asked yet.
    await other.addInitScript(() => {
      const seen = new Set<string>();
      (window as unknown as { seenButtons: Set<string> }).seenButtons = seen;
      new MutationObserver(() => {
        for (const b of document.querySelectorAll('[data-testid="sync-site"] button'))
          seen.add(b.textContent ?? '');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const options = await OptionsPage.open(other, otherId, 'sync');
    const host = new URL(seed.origins.primary.url).host;
    const [[adminName = '']] = await siteSql(
      seed,
      `SELECT display_name FROM wp_users WHERE ID = ${seed.users.admin.id}`,
    );
    // One card per site, however its pages named the REST root (/wp-json/ or ?rest_route=).
    const cards = options.page
      .getByTestId('sync-site')
      .filter({ hasText: new RegExp(`^${host.replace(/\./g, '\\.')}/ \\(`) });
    const site = cards.filter({ hasText: `${host}/ (signed in as ${adminName})` });
    const show = site.getByRole('button', { name: "Show the site's audit" });
    await expect(show).toBeVisible();
    await expect(cards).toHaveCount(1);
    await options.page.screenshot({
      path: 'test-results/e2e/site-audit-sites.png',
      fullPage: true,
    });
    const labels = await options.page.evaluate(() => [
      ...(window as unknown as { seenButtons: Set<string> }).seenButtons,
    ]);
    expect(labels).toContain("Show the site's audit");
    expect(labels).not.toContain('Show my records on the site');
    await show.click();
    const view = options.page.getByTestId('site-audit');
    await view.getByLabel('Thread').fill(threadId);
    await view.getByRole('button', { name: 'Filter' }).click();
    // The admin reads everyone's records, whether or not this browser has synced yet.
    await expect(view.getByRole('heading', { level: 3 })).toHaveText(
      `Everyone's records on ${host}/`,
    );
    const table = view.getByTestId('site-audit-table');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('wp_list_types');
    const [[editorName = '']] = await siteSql(
      seed,
      `SELECT display_name FROM wp_users WHERE ID = ${editor.id}`,
    );
    expect(editorName).not.toBe('');
    await expect(table).toContainText(editorName);
    await options.page.screenshot({
      path: 'test-results/e2e/site-audit-admin.png',
      fullPage: true,
    });
    await table.getByRole('button', { name: /Open the wp_list_types record/ }).click();
    await expect(options.page.getByTestId('audit-record')).toContainText(threadId);
  } finally {
    await other.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
