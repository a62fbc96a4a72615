import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import { auditRecords } from './support/records';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

// Issue 36 items 2 and 3 on a settings card (C2): the person fixes the agent's tagline and
// leaves "posts per page" as it is; through the real panel, background, SDK and WordPress.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

type Settings = { description: string; posts_per_page: number };

/** The site's settings as the signed-in administrator reads them. */
function settings(page: Page, change?: Partial<Settings>): Promise<Settings> {
  return page.evaluate(async (body) => {
    const nonce = await fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) => r.text());
    const answer = await fetch('/wp-json/wp/v2/settings', {
      method: body ? 'POST' : 'GET',
      headers: { 'X-WP-Nonce': nonce, 'Content-Type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    }).then((r) => r.json());
    return { description: answer.description, posts_per_page: answer.posts_per_page };
  }, change);
}

test('a settings card: the person edits the tagline and leaves posts per page as it is; only their tagline is written, and the agent is told (issue 36, C2) @both-versions', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const proposed = `Fresh newz every day ${stamp}`;
  const mine = `Fresh news every day ${stamp}`;
  model.setScript([
    turn.reply([
      block.toolUse('wp_update_settings', { description: proposed, posts_per_page: 12 }, 'toolu_s'),
    ]),
    turn.text('Tagline set, your way.', { match: { toolResultFor: 'toolu_s' } }),
  ]);
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('admin');
  await admin.open('options-general.php');
  const before = await settings(admin.page);
  try {
    const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
    await panel.ask('A new tagline and 12 posts per page');
    const card = panel.card;
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card.locator('.yaml-diff')).toHaveCount(2, { timeout: 30_000 });
    // C2: each setting's YAML diff, the stored value against the proposed one.
    await expect(card).toContainText('posts_per_page');
    await expect(card).toContainText(`removed: ${before.posts_per_page}`);
    await expect(card).toContainText('added: 12');
    // A number is left or applied, never edited as text.
    await expect(card.getByRole('button', { name: 'Edit posts_per_page' })).toHaveCount(0);
    const hashBefore = await card.locator('.hash').getAttribute('data-hash');

    // Item 2, by keyboard: the tagline's proposed text, fixed.
    await card.getByRole('button', { name: 'Edit description' }).focus();
    await panel.page.keyboard.press('Enter');
    const box = card.getByLabel('Your version of description');
    await expect(box).toBeFocused();
    await expect(box).toHaveValue(proposed);
    await box.fill(mine);
    await card.getByRole('button', { name: 'Show my version' }).click();
    await expect(card.getByTestId('edited-note')).toContainText('You edited this proposal', {
      timeout: 30_000,
    });
    await expect(card.locator('.yaml-diff').first()).toContainText(mine);

    // Item 3: posts per page left as it is, shown dimmed as the agent proposed it.
    await card.getByRole('checkbox', { name: 'Apply this change to posts_per_page' }).click();
    const left = card.getByRole('checkbox', { name: /Left as it is: posts_per_page/ });
    await expect(left).not.toBeChecked({ timeout: 30_000 });
    await expect(card.locator('.field-dropped')).toContainText('12');
    await expect(
      card.getByRole('checkbox', { name: 'Apply this change to description' }),
    ).toBeDisabled();
    const hashAfter = await card.locator('.hash').getAttribute('data-hash');
    expect(hashAfter).not.toBe(hashBefore);
    await panel.shot(info.outputPath('approval-card-settings-edited.png'));
    expect(await settings(admin.page)).toEqual(before); // nothing ran yet

    await panel.approve();
    await expect(panel.page.getByRole('log', { name: 'Thread' })).toContainText(
      'Tagline set, your way.',
      { timeout: 30_000 },
    );
    expect(await settings(admin.page)).toEqual({
      description: mine,
      posts_per_page: before.posts_per_page,
    });
    const [record] = (await auditRecords(serviceWorker)).filter(
      (r) => r.tool === 'wp_update_settings',
    );
    expect(record).toMatchObject({
      status: 'run',
      input: { description: proposed, posts_per_page: 12 },
      payloadHash: hashBefore,
      approvedEdit: { input: { description: mine }, payloadHash: hashAfter },
    });
    const told = JSON.stringify(model.requests.at(-1)?.body);
    expect(told).toContain('The person edited your proposal before approving it');
    expect(told).toContain('personLeftItAsItIs');
  } finally {
    await settings(admin.page, { description: before.description });
  }
});
