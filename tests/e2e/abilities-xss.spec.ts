import { expect, test } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { OptionsPage } from './pages/options';
import { useModel } from './support/agent-setup';
import { siteSql } from './support/site-db';
import {
  CLEAN,
  INERT_PARSE_REPORTS,
  allVectors,
  armPage,
  findings,
  vectorsWithin,
} from './support/xss-check';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import type { WpSeed } from '../support/wp-env';

// Issue 34 (S1): the XSS corpus through a site's ability. A plugin is the author of an
// ability's label, description, category, the titles and descriptions of its schema and of
// what it answers; all of it reaches the model, the approval card, the tool row's answer and
// the options page's list of the site's abilities. Every vector stays text in each of them.
// The test plugin registers the probe while the option countersign_test_xss_ability is set.
test.use({ expectedConsoleErrors: [INERT_PARSE_REPORTS], motion: 'no-preference' });

const TOOL = 'ab_countersign-xss_probe';
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

async function probe(seed: WpSeed, strings: Record<string, string> | null): Promise<void> {
  if (strings === null) {
    await siteSql(
      seed,
      "DELETE FROM wp_options WHERE option_name = 'countersign_test_xss_ability'",
    );
    return;
  }
  const hex = Buffer.from(JSON.stringify(strings), 'utf8').toString('hex');
  await siteSql(
    seed,
    `INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('countersign_test_xss_ability', UNHEX('${hex}'), 'no') ON DUPLICATE KEY UPDATE option_value = UNHEX('${hex}')`,
  );
}

test("every vector in an ability's words and answer stays inert in the card, the answer and the options page (S1) @wp7", async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  test.setTimeout(180_000);
  const site = new URL(seed.origins.primary.url).origin;
  await probe(seed, {
    label: `Probe ${vectorsWithin(180)}`,
    category: `Group ${vectorsWithin(180)}`,
    description: vectorsWithin(3900),
    title: vectorsWithin(300),
    argument: vectorsWithin(3900),
    output: allVectors(' '),
  });
  try {
    model.setScript([
      turn.reply([block.toolUse(TOOL, { text: vectorsWithin(600) }, 'toolu_xss_probe')]),
      turn.text('Done.', { match: { toolResultFor: 'toolu_xss_probe' } }),
    ]);
    await useModel(serviceWorker, model.url);
    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('editor1', 'edit.php');
    const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
    await armPage(panel.page);
    await panel.ask('Run the probe');
    // Unannotated: it asks, and the card shows every string the plugin wrote, as text.
    await expect(panel.card).toBeVisible({ timeout: 60_000 });
    await expect(panel.card).toContainText('Probe v0:');
    await expect(panel.card.getByTestId('argument-card')).toContainText('v1:');
    await panel.shot(info.outputPath('ability-xss-card.png'));
    expect(await findings(panel.page, site), 'the ability card').toEqual(CLEAN);

    await panel.approve();
    const row = panel.page.locator('.tool-row', { hasText: 'Probe v0:' });
    await row.getByText('What the site answered').click();
    await expect(row.locator('.tool-answer pre')).toContainText('v0:');
    await expect(panel.page.locator('.msg-assistant').last()).toContainText('Done.', {
      timeout: 30_000,
    });
    expect(await findings(panel.page, site), 'the ability answer').toEqual(CLEAN);
    // The model read the plugin's words and its answer as data in its tool list and result.
    expect(JSON.stringify(model.messageRequests.at(-1)?.body)).toContain('v0:');

    // The options page's list of the site's abilities, grouped under the plugin's category.
    const options = await OptionsPage.open(context, extensionId, 'rules');
    await armPage(options.page);
    const list = options.page.getByTestId('site-tools');
    await expect(list).toContainText('Group v0:', { timeout: 30_000 });
    await expect(list).toContainText('Probe v0:');
    expect(await findings(options.page, site), 'the options page list').toEqual(CLEAN);
    model.assertDone();
  } finally {
    await probe(seed, null);
  }
});
