import { test, expect } from './fixtures';
import { OptionsPage } from './pages/options';
import { postTitle } from './support/approvers';
import { retitleDraftAndLive } from './support/draft-rule';
import { startModelServer, type ModelServer } from '../support/model-server';

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

// Issue 7's end-to-end case, with the rule set the way an admin sets it: in the options page.
// On both versions: the rule reads the post's status from WordPress and the draft edit writes.
// (policy-rule.spec.ts ran the same scenario with the rule put in storage; issue 38 merged it.)
test("an admin sets 'update post fields: allow when the post is a draft' in the options page; the agent's draft edit then runs without a card while a live edit still asks (G4, G2, A1) @both-versions", async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  const options = await OptionsPage.open(context, extensionId, 'connection');
  await options.page.getByLabel('API key').fill('sk-ant-api03-e2e-options-agent-0000000000');
  await options.page.getByLabel('API base URL').fill(model.url);
  await options.page.getByRole('button', { name: 'Save connection' }).click();
  await expect(options.page.getByTestId('masked-key')).toBeVisible();
  await options.allowDraftUpdates();

  const stamp = Date.now();
  const { threadId } = await retitleDraftAndLive(
    context,
    serviceWorker,
    extensionId,
    seed,
    model,
    stamp,
  );
  // The draft edit the rule let through is in WordPress; the live post still has its title.
  expect(await postTitle(seed, seed.posts.draft)).toBe(`Draft retitled ${stamp}`);
  expect(await postTitle(seed, seed.posts.editorPost)).not.toBe(`Live retitled ${stamp}`);

  // The audit viewer shows both calls: the draft edit approved by the rule, the live one pending.
  await options.goto('audit');
  await options.filterAudit({ thread: threadId, tool: 'wp_update_post' });
  const rows = options.page.getByTestId('audit-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('pending');
  await expect(rows.nth(1)).toContainText('run');
  await expect(rows.nth(1)).toContainText('countersign:policy');
});
