import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { OptionsPage } from './pages/options';
import { openThread, useModel } from './support/agent-setup';
import { setCountersignPlugin, siteRecordCount, siteSql } from './support/site-db';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

// A5 on a real install without the plugin: the records the agent makes meanwhile are not
// thrown away. The options page says in words that they wait in this browser; once the
// admin activates the plugin, they reach the site, each once (counted in MariaDB). Retention
// still removes old ones meanwhile, as for a site without the plugin, and no newer one.
const DAY = 86_400_000;

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

test('records made while the plugin is deactivated wait in this browser and arrive once it is activated (A5)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  test.setTimeout(180_000);
  const editor = seed.users.editor1;
  await siteSql(seed, `DELETE FROM wp_countersign_records WHERE user_id = ${editor.id}`);
  model.setScript([
    turn.reply([
      block.toolUse('wp_list_types', {}, 'toolu_p1'),
      block.toolUse('wp_list_types', {}, 'toolu_p2'),
      block.toolUse('wp_list_types', {}, 'toolu_p3'),
    ]),
    turn.text('Listed three times.', { match: { toolResultFor: 'toolu_p3' } }),
  ]);
  await useModel(serviceWorker, model.url);
  const wp = new WpAdmin(await context.newPage(), seed);
  await wp.login('editor1', 'edit.php');

  await setCountersignPlugin(seed, false);
  let threadId: string;
  try {
    const thread = await openThread(context, serviceWorker, extensionId, wp.page);
    threadId = thread.threadId;
    await thread.client.send({
      type: 'message-send',
      threadId,
      text: 'List the types three times',
    });
    await thread.client.view((v) => !v.busy && v.items.at(-1)?.kind === 'assistant');

    const options = await OptionsPage.open(context, extensionId, 'sync');
    const site = options.page.getByTestId('sync-site');
    await expect(site.getByTestId('sync-mode')).toHaveText(
      'Local audit only (the site has no Countersign plugin)',
    );
    await expect(site.getByTestId('sync-local-note')).toHaveText(
      'The Countersign plugin is not active on this site: 3 records are kept in this browser and will be sent when it is.',
    );
    await expect(site.getByTestId('sync-queued')).toHaveText('3 records');
    await expect(site.getByTestId('sync-error')).toHaveText('None');
    await site.screenshot({ path: testInfo.outputPath('site-card-no-plugin.png') });
    expect(await siteRecordCount(seed, `thread_id = '${threadId}'`)).toBe(0);

    // Retention of 7 days, and one of the records ten days old (its creation time moved back,
    // the only test hook): a purge takes that one, as without a server, and no newer one.
    await options.ageRecords(10 * DAY, 1);
    await expect(await options.purgeOlderThan(7)).toContainText(
      'removed 1 record older than 7 days',
    );
    await options.goto('sync');
    await expect(site.getByTestId('sync-local-note')).toHaveText(
      'The Countersign plugin is not active on this site: 2 records are kept in this browser and will be sent when it is. Until then, records older than 7 days are removed from this browser by retention.',
    );
    await expect(site.getByTestId('sync-queued')).toHaveText('2 records');
    await site.screenshot({ path: testInfo.outputPath('site-card-no-plugin-retention.png') });
  } finally {
    await setCountersignPlugin(seed, true);
  }

  // The admin activated the plugin; the person asks the card to look again.
  const options = await OptionsPage.open(context, extensionId, 'sync');
  const site = options.page.getByTestId('sync-site');
  await site.getByRole('button', { name: 'Check the site again' }).click();
  await expect.poll(() => siteRecordCount(seed, `thread_id = '${threadId}'`)).toBe(2);
  // The two kept, not the purged one.
  await expect(site.getByTestId('sync-mode')).toHaveText(
    'Kept on the site too (the Countersign plugin is active)',
  );
  await expect(site.getByTestId('sync-queued')).toHaveText('0 records');
  await expect(site.getByTestId('sync-local-note')).toHaveCount(0);
  await site.screenshot({ path: testInfo.outputPath('site-card-plugin-back.png') });
  // Sent again on request: still one row per record.
  await site.getByRole('button', { name: 'Send now' }).click();
  await expect(site.getByRole('button', { name: 'Send now' })).toBeEnabled();
  expect(await siteRecordCount(seed, `thread_id = '${threadId}'`)).toBe(2);
  expect(await siteRecordCount(seed, `user_id = ${editor.id}`)).toBe(2);
  model.assertDone();
});
