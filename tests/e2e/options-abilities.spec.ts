import { expect, test } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { OptionsPage } from './pages/options';
import { openThread, useModel } from './support/agent-setup';
import { latestPolicy, writePolicyRow } from './support/site-policy-rows';
import { siteSql } from './support/site-db';
import type { ThreadView } from '../../src/shared/protocols/thread-protocol';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

// Issue 34: the options page lists the abilities a site offers the person, grouped by
// category, each with what its plugin claims and what the gate makes of it; a browser rule
// set there for an ability is kept and decides that ability's next call. The test stack's
// abilities plugin (scripts/wp-stack/abilities-test-plugin.php) registers them on 7.1; on 6.1
// the page says the site offers none.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

const READ = 'ab_countersign-test_recent-titles';
const NOTE = 'ab_countersign-test_add-post-note';
const BARE = 'ab_countersign-test_set-excerpt';
const TRASH = 'ab_countersign-test_trash-post';

test("the options page lists a site's abilities with where each class came from, and a rule set there decides the next call @both-versions", async ({
  context,
  serviceWorker,
  extensionId,
  seed,
  wpVersion,
}, testInfo) => {
  test.setTimeout(180_000);
  const editor = new WpAdmin(await context.newPage(), seed);
  await editor.login('admin', 'edit.php');
  const options = await OptionsPage.open(context, extensionId, 'rules');
  const abilities = options.page.getByTestId('site-tools');
  if (wpVersion !== '7.1') {
    // No Abilities API before 6.9: nothing to list, and the page says so.
    await expect(abilities.getByTestId('site-tools-none')).toContainText('offers no abilities');
    return;
  }
  await expect(abilities.getByRole('heading', { name: 'Countersign tests' })).toBeVisible();
  // WordPress's own (core/…) and the test plugin's, as many as the page says it lists.
  await expect(abilities.getByRole('heading', { name: 'Site', exact: true })).toBeVisible();
  // Each ability's heading sits under the site's (3) and its group's (4).
  await expect(
    abilities.getByRole('heading', { level: 5, name: /^Recent post titles/ }),
  ).toBeVisible();
  const rows = await abilities.locator('.tool-rule').count();
  expect(rows).toBeGreaterThanOrEqual(7);
  await expect(abilities.getByRole('status')).toHaveText(`${rows} abilities`);
  // What each plugin author claims, and what the gate makes of it.
  const claims = (tool: string) => options.toolRow(tool).getByTestId(`class-origin-${tool}`);
  await expect(claims(READ)).toContainText('read-only');
  await expect(claims(READ)).toContainText('So it only reads');
  await expect(claims(NOTE)).toContainText('not destructive');
  await expect(claims(NOTE)).toContainText('So it is a write: every call asks.');
  await expect(claims(NOTE)).toContainText('never sends it again');
  await expect(claims(TRASH)).toContainText('safe to repeat');
  await expect(claims(TRASH)).toContainText('So it is destructive');
  await expect(claims(TRASH)).toContainText('may send it once more');
  await expect(claims(BARE)).toContainText('nothing (no annotations)');
  await expect(claims(BARE)).toContainText('unclassified: every call asks, whatever a rule says');
  // An ability hidden from REST is not listed; the site's rules panel (an admin may edit it)
  // offers the abilities too.
  await expect(options.toolRow('ab_countersign-test_hidden')).toHaveCount(0);
  await expect(options.page.getByTestId(`site-rule-${READ}`)).toBeVisible();
  await abilities.screenshot({ path: testInfo.outputPath('options-abilities.png') });

  // The read-only ability, set to ask in this browser, from the keyboard.
  await options.toolRow(READ).getByLabel('Mode').focus();
  await options.toolRow(READ).getByLabel('Mode').selectOption('ask');
  await options.saveRules();
  await options.page.reload();
  await expect(options.toolRow(READ).getByLabel('Mode')).toHaveValue('ask');
  await expect(options.page.getByTestId('policy-problems')).toHaveCount(0);

  // Its next call asks, where without the rule it runs at once.
  model.setScript([
    turn.reply([block.toolUse(READ, { count: 1 }, 'toolu_opt_ab')]),
    turn.text('Done.', { match: { toolResultFor: 'toolu_opt_ab' } }),
  ]);
  await useModel(serviceWorker, model.url);
  const opened = await openThread(context, serviceWorker, extensionId, editor.page);
  await opened.client.send({ type: 'message-send', threadId: opened.threadId, text: 'Titles?' });
  const view = await opened.client.view(
    (v: ThreadView) => !v.busy && v.items.some((i) => i.kind === 'approval'),
  );
  const card = view.items.find((i) => i.kind === 'approval');
  expect(card?.kind === 'approval' && card.card.toolName).toBe(READ);

  // Without an open admin tab of the site, the page says how to list them.
  await editor.page.close();
  await options.page.reload();
  await expect(abilities.getByTestId('site-tools-no-tab')).toContainText('open its admin in a tab');
  // The rule stays, though the ability is not listed now.
  await expect(options.page.getByTestId('policy-problems')).toHaveCount(0);
});

test("the site's rules give an ability a class: an unannotated one classed read-only runs at once, a read-only one classed a write asks @wp7", async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  test.setTimeout(180_000);
  const [policy, approvals] = await latestPolicy(seed);
  const post = seed.posts.editorPost;
  // Kept as hex to be restored byte for byte (an empty excerpt is an empty answer).
  const hex = (
    await siteSql(seed, `SELECT HEX(post_excerpt) FROM wp_posts WHERE ID = ${post}`)
  )[0]?.[0];
  try {
    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('admin', 'edit.php');
    const options = await OptionsPage.open(context, extensionId, 'rules');
    const panel = options.page.getByTestId('site-rules');
    // From the keyboard: the class of each, in the site's rules panel.
    const bareClass = panel
      .getByTestId(`site-rule-${BARE}`)
      .getByLabel('What it does, on this site');
    await bareClass.focus();
    await bareClass.selectOption({ label: 'Only reads' });
    await panel
      .getByTestId(`site-rule-${READ}`)
      .getByLabel('What it does, on this site')
      .selectOption({ label: 'Writes (not destructive)' });
    await panel
      .getByTestId(`site-rule-${BARE}`)
      .screenshot({ path: testInfo.outputPath('site-class-select.png') });
    await panel.getByRole('button', { name: "Save the site's rules" }).click();
    await expect(panel.getByTestId('site-rules-status')).toHaveText(/Saved on the site/);
    // The site stores the class with the entry.
    const [stored] = await latestPolicy(seed);
    expect(JSON.parse(stored)).toEqual({ [BARE]: { class: 'read' }, [READ]: { class: 'write' } });
    await options.page.reload();
    await expect(
      panel.getByTestId(`site-rule-${BARE}`).getByLabel('What it does, on this site'),
    ).toHaveValue('read');
    // The abilities list says the class is the site's.
    const claims = (tool: string) => options.toolRow(tool).getByTestId(`class-origin-${tool}`);
    await expect(claims(BARE)).toContainText("This site's rules class it as only reading");
    await expect(claims(READ)).toContainText("This site's rules class it as a write");
    await options.toolRow(READ).screenshot({ path: testInfo.outputPath('site-class.png') });

    // The editor's thread: the unannotated one runs at once, the read-only one asks.
    model.setScript([
      turn.reply([block.toolUse(BARE, { post_id: post, excerpt: 'Short.' }, 'toolu_bare')]),
      turn.reply([block.toolUse(READ, { count: 1 }, 'toolu_read')], {
        match: { toolResultFor: 'toolu_bare' },
      }),
      turn.text('Done.', { match: { toolResultFor: 'toolu_read' } }),
    ]);
    await useModel(serviceWorker, model.url);
    const editor = new WpAdmin(await context.newPage(), seed);
    await editor.login('editor1', 'edit.php');
    const opened = await openThread(context, serviceWorker, extensionId, editor.page);
    await opened.client.send({ type: 'message-send', threadId: opened.threadId, text: 'Go.' });
    const view = await opened.client.view(
      (v: ThreadView) => !v.busy && v.items.some((i) => i.kind === 'approval'),
    );
    expect(view.items.find((i) => i.kind === 'tool' && i.tool === BARE)).toMatchObject({
      status: 'run',
    });
    const card = view.items.find((i) => i.kind === 'approval');
    expect(card?.kind === 'approval' && card.card.toolName).toBe(READ);
    await expect
      .poll(
        async () =>
          (await siteSql(seed, `SELECT post_excerpt FROM wp_posts WHERE ID = ${post}`))[0]?.[0],
      )
      .toBe('Short.');
  } finally {
    await writePolicyRow(seed, policy, approvals);
    await siteSql(
      seed,
      `UPDATE wp_posts SET post_excerpt = UNHEX('${hex ?? ''}') WHERE ID = ${post}`,
    );
  }
});
