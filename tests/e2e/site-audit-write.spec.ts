import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { OptionsPage } from './pages/options';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import { approverBrowser, postTitle } from './support/approvers';
import { siteRecordCount, siteSql } from './support/site-db';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

// A3 + A5 with a write: an editor approves the agent's change in the real side panel, it runs
// in WordPress, and the admin, in their own browser profile, reads that record in the
// options page's site audit (tool, the editor's name, status run, who decided), held once
// in the plugin's table. It took in site-audit.spec.ts (issue 38): the same path with a read,
// whose own checks (one card per site, never "my records" offered to an admin) are here now.
// On 6.1 only: second-approver.spec.ts reads the site's audit in another profile on both.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

test("a write the editor approved in the panel appears once in the site's audit the admin reads in another profile (A3, A5)", async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  test.setTimeout(180_000);
  const editor = seed.users.editor1;
  await siteSql(seed, `DELETE FROM wp_countersign_records WHERE user_id = ${editor.id}`);
  const title = `Approved for the audit ${Date.now()}`;
  model.setScript([
    turn.reply([
      block.toolUse('wp_update_post', { type: 'post', id: seed.posts.editorPost, title }, 'tw_a'),
    ]),
    turn.text('Renamed.', { match: { toolResultFor: 'tw_a' } }),
  ]);
  await useModel(serviceWorker, model.url);
  const wp = new WpAdmin(await context.newPage(), seed);
  await wp.login('editor1', 'edit.php');
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, wp.page);
  await panel.ask('Rename my post');
  await panel.approve();
  await expect(panel.result).toBeVisible({ timeout: 30_000 });
  await expect(panel.page.getByText('Renamed.')).toBeVisible({ timeout: 30_000 });
  expect(await postTitle(seed, seed.posts.editorPost)).toBe(title);

  // The run record reaches the site, once.
  const mine = `user_id = ${editor.id} AND tool = 'wp_update_post'`;
  await expect.poll(() => siteRecordCount(seed, `${mine} AND status = 'run'`)).toBe(1);
  const [[recordId = '', threadId = '', decidedBy = '']] = await siteSql(
    seed,
    `SELECT id, thread_id, decided_by FROM wp_countersign_records WHERE ${mine}`,
  );
  expect(decidedBy).toBe(String(editor.id));
  const [[editorName = '']] = await siteSql(
    seed,
    `SELECT display_name FROM wp_users WHERE ID = ${editor.id}`,
  );
  expect(editorName).not.toBe('');

  // The admin's own browser profile, with the extension, signed in as the administrator.
  const admin = await approverBrowser(seed, 'admin');
  let observing: { dispose(): Promise<void> } | undefined;
  try {
    // Every label the site cards' buttons ever showed, from the page's first paint on: an
    // admin must never be offered "my records" while the site is not asked yet.
    // Removed at the end: the worker's next test may be given this browser (browser-reuse.ts).
    observing = await admin.context.addInitScript(() => {
      const seen = new Set<string>();
      (window as unknown as { seenButtons: Set<string> }).seenButtons = seen;
      new MutationObserver(() => {
        for (const b of document.querySelectorAll('[data-testid="sync-site"] button'))
          seen.add(b.textContent ?? '');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const options = await OptionsPage.open(admin.context, admin.extensionId, 'sync');
    const host = new URL(seed.origins.primary.url).host;
    // One card per site, however its pages named the REST root (/wp-json/ or ?rest_route=).
    const site = options.page
      .getByTestId('sync-site')
      .filter({ hasText: new RegExp(`^${host.replace(/\./g, '\\.')}/ \\(`) });
    const [[adminName = '']] = await siteSql(
      seed,
      `SELECT display_name FROM wp_users WHERE ID = ${seed.users.admin.id}`,
    );
    const show = site
      .filter({ hasText: `${host}/ (signed in as ${adminName})` })
      .getByRole('button', { name: "Show the site's audit" });
    await expect(show).toBeVisible();
    await expect(site).toHaveCount(1);
    const labels = await options.page.evaluate(() => [
      ...(window as unknown as { seenButtons: Set<string> }).seenButtons,
    ]);
    expect(labels).toContain("Show the site's audit");
    expect(labels).not.toContain('Show my records on the site');
    await show.click();
    const view = options.page.getByTestId('site-audit');
    await view.getByLabel('Thread').fill(threadId);
    await view.getByRole('button', { name: 'Filter' }).click();
    await expect(view.getByRole('heading', { level: 3 })).toHaveText(
      `Everyone's records on ${host}/`,
    );
    const table = view.getByTestId('site-audit-table');
    // The header and the one record: the write, not a copy per version.
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').nth(1);
    await expect(row.getByRole('cell').nth(1)).toHaveText(editorName);
    await expect(row.getByRole('cell').nth(2)).toHaveText('wp_update_post');
    await expect(row.getByRole('cell').nth(3)).toHaveText('run');
    // The editor approved their own call: named as the site names them.
    await expect(row.getByRole('cell').nth(4)).toHaveText(editorName);
    await options.page.screenshot({ path: testInfo.outputPath('site-audit-write.png') });
    await row.getByRole('button', { name: /Open the wp_update_post record/ }).click();
    const record = options.page.getByTestId('audit-record');
    await expect(record).toContainText(recordId);
    await expect(record).toContainText(title);
  } finally {
    await observing?.dispose();
    await admin.close();
  }
  // Still once in MariaDB, after everything settled (no later version made a second row).
  expect(await siteRecordCount(seed, `id = '${recordId}'`)).toBe(1);
  expect(await siteRecordCount(seed, `thread_id = '${threadId}'`)).toBe(1);
  model.assertDone();
});
