import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { OptionsPage } from './pages/options';
import { openThread, useModel } from './support/agent-setup';
import { siteRecordCount, siteSql } from './support/site-db';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import type { WpSeed } from '../support/wp-env';

// A7 (issue 33 item 5), the options page's site audit against the real plugin: the admin sees
// the site's chain of audit entries verified; then one record is altered and another deleted
// directly in the database (as someone with database access would), and the view says, in
// plain words, that the chain breaks and at which record; the export's X-Countersign-Chain
// header says so too. The tampered rows are put back at the end, so the chain holds again.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

/**
 * A fresh audit on the site: other tests delete record rows behind the site's back (which
 * this very chain reports), so this test starts from an empty, intact chain.
 */
async function emptyAudit(seed: WpSeed): Promise<void> {
  await siteSql(
    seed,
    "DELETE FROM wp_countersign_records; DELETE FROM wp_countersign_chain; DELETE FROM wp_options WHERE option_name = 'countersign_chain_head';",
  );
}

/** The export as the site answers it to the signed-in admin: its chain header. */
async function exportChainHeader(admin: WpAdmin): Promise<string | null> {
  return admin.page.evaluate(async () => {
    const nonce = await (await fetch('/wp-admin/admin-ajax.php?action=rest-nonce')).text();
    const res = await fetch('/wp-json/countersign/v1/records/export?format=jsonl', {
      headers: { 'X-WP-Nonce': nonce },
    });
    await res.text();
    return res.headers.get('X-Countersign-Chain');
  });
}

test('the site audit says the chain holds, and where it breaks once a record is altered and another deleted in the database (A7)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  test.setTimeout(180_000);
  await emptyAudit(seed);
  try {
    // Three calls of the admin's own agent reach the site's audit (A5).
    model.setScript([
      turn.reply([
        block.toolUse('wp_list_types', {}, 'toolu_c1'),
        block.toolUse('wp_list_types', {}, 'toolu_c2'),
        block.toolUse('wp_list_types', {}, 'toolu_c3'),
      ]),
      turn.text('Listed three times.', { match: { toolResultFor: 'toolu_c3' } }),
    ]);
    await useModel(serviceWorker, model.url);
    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('admin', 'edit.php');
    const { client, threadId } = await openThread(context, serviceWorker, extensionId, admin.page);
    await client.send({ type: 'message-send', threadId, text: 'List the types three times' });
    await client.view((v) => !v.busy && v.items.at(-1)?.kind === 'assistant');
    await expect.poll(() => siteRecordCount(seed, "status = 'run'"), { timeout: 60_000 }).toBe(3);
    expect(await exportChainHeader(admin)).toMatch(/^intact; entries=\d+$/);

    // The admin opens the site's audit: the chain is verified, and holds.
    const options = await OptionsPage.open(context, extensionId, 'sync');
    await options.page.getByRole('button', { name: "Show the site's audit" }).first().click();
    const chain = options.page.getByTestId('site-chain');
    await expect(chain).toHaveAttribute('data-intact', 'true');
    await expect(chain).toContainText(/The site's audit is intact: all \d+ entries are linked/);
    await expect(chain).toHaveAttribute('role', 'status');
    await options.page.screenshot({
      path: testInfo.outputPath('site-chain-intact.png'),
      fullPage: true,
    });

    // Behind the site's back: one record's body is rewritten, another record deleted.
    const [altered, deleted] = (
      await siteSql(seed, 'SELECT id FROM wp_countersign_records ORDER BY created_at, id')
    ).map(([id]) => id!);
    if (!altered || !deleted) throw new Error('the records did not reach the site');
    await siteSql(
      seed,
      `DROP TABLE IF EXISTS e2e_chain_backup; CREATE TABLE e2e_chain_backup AS SELECT * FROM wp_countersign_records WHERE id IN ('${altered}', '${deleted}');
       UPDATE wp_countersign_records SET body = REPLACE(body, '"wp_list_types"', '"wp_list_users"') WHERE id = '${altered}';
       DELETE FROM wp_countersign_records WHERE id = '${deleted}';`,
    );
    expect(await siteRecordCount(seed, `id = '${altered}' AND body LIKE '%wp_list_users%'`)).toBe(
      1,
    );

    // The admin checks again, from the keyboard: the view says it breaks, and where.
    const again = chain.getByRole('button', { name: 'Check again' });
    await again.focus();
    await options.page.keyboard.press('Enter');
    await expect(chain).toHaveAttribute('data-intact', 'false');
    await expect(chain).toHaveAttribute('role', 'alert');
    await expect(chain).toContainText(
      /The site's audit has been tampered with: its chain of entries breaks at entry \d+\. Records from there on cannot be relied on as evidence\./,
    );
    const breaks = chain.getByTestId('site-chain-breaks').getByRole('listitem');
    await expect(breaks).toHaveCount(2);
    await expect(breaks.filter({ hasText: altered })).toContainText(
      'was changed in the database after the site received it',
    );
    await expect(breaks.filter({ hasText: deleted })).toContainText(
      'was deleted from the database (not by the retention setting)',
    );
    await expect(chain).not.toContainText(/\bA7\b|\bG\d+\b/);
    // The list, read again with it, shows the database as it is now, the changed row marked.
    const rows = options.page.getByTestId('site-audit-table').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    const flagged = rows.filter({ has: options.page.getByTestId('record-changed') });
    await expect(flagged).toHaveCount(1);
    await expect(flagged).toContainText('wp_list_users');
    await expect(flagged).toContainText('changed in the database');
    await options.page.screenshot({
      path: testInfo.outputPath('site-chain-broken.png'),
      fullPage: true,
    });

    // The export says so too: its header, and the words the options page shows with it.
    expect(await exportChainHeader(admin)).toMatch(/^broken; entry=\d+; problem=\w+; breaks=2$/);
    await options.page.getByRole('button', { name: 'Export JSONL' }).click();
    await expect(options.page.getByTestId('site-export-status')).toContainText(
      /Exported 2 records\. Warning: the site's audit chain is broken at entry \d+/,
    );
  } finally {
    // The tampered rows go back as they were: the chain holds again for the tests after.
    await siteSql(
      seed,
      'DELETE FROM wp_countersign_records WHERE id IN (SELECT id FROM e2e_chain_backup); INSERT INTO wp_countersign_records SELECT * FROM e2e_chain_backup; DROP TABLE e2e_chain_backup;',
    ).catch(() => undefined);
  }
});
