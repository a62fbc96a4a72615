import { expect, test } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { OptionsPage } from './pages/options';
import { readTrustedSetting, useModel } from './support/agent-setup';
import { siteSql } from './support/site-db';
import { startModelServer, turn, apiKeyOf, type ModelServer } from '../support/model-server';
import type { WpSeed } from '../support/wp-env';

// Issue 34 item 4: the site's AI connection. The site's admin stored an Anthropic key under
// Settings → Connectors (WordPress 7) and allowed its use in Settings → Countersign with a
// daily limit of 2; an editor without any key of their own picks "the AI connection of the
// site" in the options, asks, and the answer streams through the companion plugin, which
// adds the site's key (the scripted model accepts that key only). The third request of the
// day is refused by the site in words that say so; the admin reads the usage on the site.
const SITE_KEY = 'sk-ant-api03-site-connector-key-e2e-0000000000';
const OPTIONS: Record<string, string> = {
  connectors_ai_anthropic_api_key: SITE_KEY,
  countersign_site_model_enabled: '1',
  countersign_site_model_daily_limit: '2',
};

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer({ apiKey: SITE_KEY });
});
test.afterAll(async () => model.close());

async function setOptions(seed: WpSeed, values: Record<string, string> | null, upstream: string) {
  const all = { ...OPTIONS, countersign_test_model_upstream: upstream };
  for (const [name, value] of Object.entries(all)) {
    await siteSql(
      seed,
      values === null
        ? `DELETE FROM wp_options WHERE option_name = '${name}'`
        : `INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('${name}', '${value}', 'no') ON DUPLICATE KEY UPDATE option_value = '${value}'`,
    );
  }
  await siteSql(seed, "DELETE FROM wp_usermeta WHERE meta_key = 'countersign_site_model_usage'");
}

test("an editor without a key works through the site's AI connection, within the site's daily limit @wp7", async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  await setOptions(seed, OPTIONS, model.url);
  try {
    model.setScript([
      turn.text('Hello from the site’s own connection.'),
      turn.text('A second answer.'),
    ]);
    // No key at all, and a base URL nobody answers on: only the site can carry the request.
    await useModel(serviceWorker, 'http://127.0.0.1:9', { withKey: false });
    const options = await OptionsPage.open(context, extensionId, 'connection');
    await options.page
      .getByRole('radio', { name: 'Through the AI connection of the site I work on' })
      .check();
    await expect(options.page.getByLabel('API key')).toBeHidden();
    await options.page.getByRole('button', { name: 'Save connection' }).click();
    await expect(options.page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await options.page.screenshot({ path: testInfo.outputPath('site-model-options.png') });
    expect(await readTrustedSetting(serviceWorker, 'connection')).toMatchObject({
      modelSource: 'site',
    });
    expect(await readTrustedSetting(serviceWorker, 'apiKey')).toBeFalsy();

    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('editor1');
    const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
    const log = panel.page.getByRole('log', { name: 'Thread' });
    await panel.ask('Say hello');
    await expect(panel.page.locator('.msg-assistant').last()).toContainText(
      'Hello from the site’s own connection.',
      { timeout: 30_000 },
    );
    // The model was reached with the site's key, streaming; the browser sent no key.
    const first = model.messageRequests[0];
    expect(first && apiKeyOf(first)).toBe(SITE_KEY);
    expect(first?.body).toMatchObject({ stream: true });
    expect(first?.headers['x-wp-nonce']).toBeUndefined();
    expect(first?.headers['cookie']).toBeUndefined();

    await panel.ask('Once more');
    await expect(panel.page.locator('.msg-assistant').last()).toContainText('A second answer.', {
      timeout: 30_000,
    });
    // The third request of the day is refused by the site, never forwarded.
    await panel.ask('And a third time');
    const notice = panel.page.locator('.notice-item').last();
    await expect(notice).toContainText('The AI connection of', { timeout: 30_000 });
    await expect(notice).toContainText('your own Anthropic key');
    expect(model.messageRequests).toHaveLength(2);
    await expect(log).not.toContainText('sk-ant-');
    await panel.shot(testInfo.outputPath('site-model-panel.png'));

    // The admin reads the usage on the site.
    const site = new WpAdmin(await context.newPage(), seed);
    await site.login('admin');
    await site.open('options-general.php?page=countersign');
    const [[name = '?'] = []] = await siteSql(
      seed,
      `SELECT display_name FROM wp_users WHERE ID = ${seed.users.editor1.id}`,
    );
    const row = site.page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    // Person, requests today (2: the refused third is not one), tokens in and out, in all.
    await expect(row.getByRole('cell').nth(1)).toHaveText('2');
    await expect(site.page.getByText('Connector Anthropic is not configured')).toBeHidden();
    await expect(
      site.page.getByRole('checkbox', {
        name: "Let people who may edit posts use this site's AI connection",
      }),
    ).toBeChecked();
    await site.page.screenshot({
      path: testInfo.outputPath('site-model-settings.png'),
      fullPage: true,
    });
    await expect(site.page.locator('body')).not.toContainText(SITE_KEY);
    model.assertDone();
  } finally {
    await setOptions(seed, null, model.url);
  }
});
