import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { test, expect, launchWithExtension } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { OptionsPage } from './pages/options';
import { openThread, useModel } from './support/agent-setup';
import { siteSql } from './support/site-db';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import type { WpSeed } from '../support/wp-env';

// G11 across browsers: the site's rules, set by an admin in the options page of one browser
// profile, decide an editor's next call in another profile; a site policy that does not
// validate (written in the database by hand) fails closed and says so. The tool is
// wp_list_media, a read no other e2e test calls, so tests running beside this one are not
// affected by its site rule; the site's policy is restored at the end.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

const TOOL = 'wp_list_media';

/** The latest policy version row, to restore it afterwards (a new version with its content). */
async function latestPolicy(seed: WpSeed): Promise<{ policy: string; approvals: string }> {
  const rows = await siteSql(
    seed,
    "SELECT policy, IFNULL(approvals, 'NULL') FROM wp_countersign_policy ORDER BY version DESC LIMIT 1",
  );
  return { policy: rows[0]?.[0] ?? '{}', approvals: rows[0]?.[1] ?? 'NULL' };
}

/** The policy text without this test's keys (left over by an earlier run that was killed). */
function withoutOwnKeys(text: string): string {
  let policy: Record<string, unknown>;
  try {
    policy = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return '{}';
  }
  if (typeof policy !== 'object' || policy === null || Array.isArray(policy)) return '{}';
  if (!(TOOL in policy) && !('wp_list_terms' in policy)) return text;
  const { [TOOL]: _tool, wp_list_terms: _terms, ...rest } = policy;
  return JSON.stringify(rest);
}

/** Stores a policy version behind the plugin's back (as a hand edit in the database would). */
async function writePolicyRow(seed: WpSeed, policy: string, approvals = 'NULL'): Promise<void> {
  const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  await siteSql(
    seed,
    `INSERT INTO wp_countersign_policy (version, policy, approvals, user_id, created_at, record_id)
     SELECT IFNULL(MAX(version), 0) + 1, ${quote(policy)}, ${approvals === 'NULL' ? 'NULL' : quote(approvals)}, 1, ${Date.now()}, CONCAT('e2e-', UUID())
     FROM wp_countersign_policy`,
  );
}

/** The editor asks for the media list in a fresh thread; returns the thread's first card, if any. */
async function listMedia(
  context: BrowserContext,
  worker: Worker,
  extensionId: string,
  page: Page,
  id: string,
) {
  model.setScript([
    turn.reply([block.toolUse(TOOL, {}, id)]),
    turn.text('Listed.', { match: { toolResultFor: id } }),
  ]);
  const { client, threadId } = await openThread(context, worker, extensionId, page);
  await client.send({ type: 'message-send', threadId, text: 'List the media' });
  return client.view(
    (v) =>
      !v.busy &&
      v.items.some(
        (item) =>
          (item.kind === 'approval' && item.card.toolName === TOOL) ||
          (item.kind === 'assistant' && item === v.items.at(-1)),
      ),
  );
}

test("a site rule an admin sets in one browser decides an editor's next call in another; a site policy that does not validate fails closed there (G11)", async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  test.setTimeout(240_000);
  const before = await latestPolicy(seed);
  const cleaned = withoutOwnKeys(before.policy);
  if (cleaned !== before.policy) await writePolicyRow(seed, cleaned, before.approvals);
  try {
    await useModel(serviceWorker, model.url);
    const editor = new WpAdmin(await context.newPage(), seed);
    await editor.login('editor1');
    await editor.open('upload.php');

    // Before any site rule: a read runs without a card (the default).
    const free = await listMedia(context, serviceWorker, extensionId, editor.page, 'toolu_m1');
    expect(free.items.some((i) => i.kind === 'approval')).toBe(false);

    const dir = mkdtempSync(join(tmpdir(), 'countersign-e2e-site-admin-'));
    const other = await launchWithExtension(dir);
    try {
      const worker = other.serviceWorkers()[0] ?? (await other.waitForEvent('serviceworker'));
      const otherId = new URL(worker.url()).host;
      const admin = new WpAdmin(await other.newPage(), seed);
      await admin.login('admin', 'edit.php');
      const options = await OptionsPage.open(other, otherId, 'rules');
      const panel = options.page.getByTestId('site-rules');
      await expect(panel.getByTestId('site-policy-version')).toBeVisible();
      const row = panel.getByTestId(`site-rule-${TOOL}`);
      await row.getByRole('combobox').selectOption('ask');
      await panel.getByRole('button', { name: "Save the site's rules" }).click();
      await expect(panel.getByTestId('site-rules-status')).toHaveText(/Saved on the site/);
      await expect(options.toolRow(TOOL).getByTestId(`origin-${TOOL}`)).toHaveText(
        /This site decides on .*: ask/,
      );
      await options.page.screenshot({
        path: 'test-results/e2e/site-rules-admin.png',
        fullPage: true,
      });

      // The editor's next call follows the site's rule: it asks, and says whose rule it is.
      await editor.open('upload.php');
      const asked = await listMedia(context, serviceWorker, extensionId, editor.page, 'toolu_m2');
      const card = asked.items.find((i) => i.kind === 'approval');
      expect(card?.kind === 'approval' && card.card.toolName).toBe(TOOL);
      expect(card?.kind === 'approval' && card.card.reason).toMatch(/This site's policy asks/);

      // The editor sees where the rule comes from, and cannot change the site's rules.
      const mine = await OptionsPage.open(context, extensionId, 'rules');
      const mineRules = mine.page.getByTestId('site-rules');
      await expect(mine.toolRow(TOOL).getByTestId(`origin-${TOOL}`)).toHaveText(
        /This site decides on .*: ask/,
      );
      await expect(mineRules).toContainText("Only the site's administrators can change them.");
      await expect(mineRules.getByRole('button', { name: "Save the site's rules" })).toHaveCount(0);
      await mine.page.screenshot({
        path: 'test-results/e2e/site-rules-editor.png',
        fullPage: true,
      });

      // Someone else saves in between: the admin's save is refused and shows the rules now.
      await writePolicyRow(
        seed,
        JSON.stringify({
          ...JSON.parse((await latestPolicy(seed)).policy),
          wp_list_terms: { mode: 'ask' },
        }),
        (await latestPolicy(seed)).approvals,
      );
      await row.getByRole('combobox').selectOption('deny');
      await panel.getByRole('button', { name: "Save the site's rules" }).click();
      await expect(panel.getByTestId('site-rules-status')).toHaveText(
        /Someone changed the site's rules since you opened them; here they are now/,
      );
      await expect(row.getByRole('combobox')).toHaveValue('ask');
      await expect(panel.getByTestId('site-rule-wp_list_terms').getByRole('combobox')).toHaveValue(
        'ask',
      );
      expect(JSON.parse((await latestPolicy(seed)).policy)[TOOL]).toEqual({ mode: 'ask' });
    } finally {
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }

    // A hand edit in the database the extension cannot validate: that rule fails closed.
    const current = JSON.parse((await latestPolicy(seed)).policy) as Record<string, unknown>;
    await writePolicyRow(seed, JSON.stringify({ ...current, [TOOL]: { mode: 'sometimes' } }));
    await editor.page.waitForTimeout(5_500); // older than the admin-page refresh interval
    await editor.open('upload.php');
    const closed = await listMedia(context, serviceWorker, extensionId, editor.page, 'toolu_m3');
    const card = closed.items.find((i) => i.kind === 'approval');
    expect(card?.kind === 'approval' && card.card.reason).toBe(
      "This site's rules for Countersign could not be read for “List media”, so this call asks for approval until an admin fixes them.",
    );
    const mine = await OptionsPage.open(context, extensionId, 'rules');
    await expect(mine.page.getByTestId('site-policy-problems')).toContainText(
      `entry "${TOOL}" mode`,
    );
    await expect(mine.toolRow(TOOL).getByTestId(`origin-${TOOL}`)).toContainText(
      'its rule cannot be read, so it asks',
    );
    await mine.page.screenshot({ path: 'test-results/e2e/site-rules-invalid.png', fullPage: true });
  } finally {
    await writePolicyRow(seed, cleaned, before.approvals);
  }
});
