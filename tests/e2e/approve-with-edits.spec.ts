import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { OptionsPage } from './pages/options';
import { useModel } from './support/agent-setup';
import { recordsOf } from './support/records';
import { createRestPost, readRestPost } from './support/rest-posts';
import {
  armPage,
  CLEAN,
  findings,
  INERT_PARSE_REPORTS,
  vectorParagraphs,
  vectorsWithin,
} from './support/xss-check';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

// Issue 36 item 2: the person fixes the agent's proposal on its card, then approves their
// own version; through the real panel, background, SDK and WordPress.
// The XSS corpus's inline handlers, met by DOMPurify's inert parse, are reported by the CSP.
test.use({ expectedConsoleErrors: [INERT_PARSE_REPORTS] });
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());
test.beforeEach(() => model.reset());

function readPost(page: Page, id: number): Promise<{ title: string; excerpt: string }> {
  return readRestPost(page, id).then(({ title, excerpt }) => ({ title, excerpt }));
}

test('the person edits the proposed title, sees their version with a new hash, approves it, and WordPress, the audit and the agent get it @both-versions', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  const id = seed.posts.editorPost;
  const stamp = Date.now();
  const proposed = `Ten tips for beter titles ${stamp}`;
  const mine = `Ten tips for better titles ${stamp}`;
  const excerpt = `Short and clear ${stamp}.`;
  model.setScript([
    turn.reply([
      block.text('I will retitle it and add an excerpt.'),
      block.toolUse('wp_update_post', { type: 'post', id, title: proposed, excerpt }, 'toolu_e'),
    ]),
    turn.text('Noted your fix.', { match: { toolResultFor: 'toolu_e' } }),
  ]);
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  await admin.editPost(id);
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await panel.ask('Give this post a better title and an excerpt');
  const card = panel.card;
  await expect(card).toBeVisible({ timeout: 30_000 });
  const hashBefore = await card.locator('.hash').getAttribute('data-hash');

  // Keyboard: the Edit button opens a labelled text box on the proposed title; while it is
  // open, deciding waits; Escape cancels and gives focus back to the button.
  const edit = card.getByRole('button', { name: 'Edit Title' });
  await edit.focus();
  await panel.page.keyboard.press('Enter');
  const box = card.getByLabel('Your version of Title');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(proposed);
  await expect(card.getByTestId('edit-first')).toBeVisible();
  await panel.page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
  await expect(edit).toBeFocused();

  await edit.click();
  await box.fill(mine);
  await card.getByRole('button', { name: 'Show my version' }).click();
  const note = card.getByTestId('edited-note');
  await expect(note).toContainText('You edited this proposal (Title)', { timeout: 30_000 });
  await expect(note).toContainText(proposed);
  const title = card.getByRole('region', { name: 'Title' });
  await expect(title).toContainText('Your version');
  await expect(title).toContainText(String(stamp));
  await expect(card.getByRole('region', { name: 'Excerpt' })).toContainText(String(stamp));
  const hashAfter = await card.locator('.hash').getAttribute('data-hash');
  expect(hashAfter).toMatch(/^[0-9a-f]{64}$/);
  expect(hashAfter).not.toBe(hashBefore);
  await panel.shot(info.outputPath('approval-card-edited.png'));
  expect((await readPost(admin.page, id)).title).not.toBe(mine); // nothing ran yet

  await panel.approve();
  await expect(panel.result).toBeVisible({ timeout: 30_000 });
  await expect(panel.result).toContainText('Live'); // the published post: visitors see it
  await expect(panel.page.getByRole('log', { name: 'Thread' })).toContainText('Noted your fix.');
  expect(await readPost(admin.page, id)).toEqual({ title: mine, excerpt });

  const [record] = await recordsOf(serviceWorker, 'wp_update_post', id);
  expect(record).toMatchObject({
    status: 'run',
    input: { title: proposed },
    payloadHash: hashBefore,
    approvedEdit: { fields: ['title'], payloadHash: hashAfter, input: { title: mine, excerpt } },
  });
  const told = JSON.stringify(model.requests.at(-1)?.body);
  expect(told).toContain('The person edited your proposal before approving it');
  expect(told).toContain(JSON.stringify(mine).slice(1, -1));

  // The audit viewer says what ran: the person's version, beside what the agent proposed.
  const options = await OptionsPage.open(context, extensionId, 'audit');
  await options.page
    .getByTestId('audit-table')
    .locator('tbody tr')
    .filter({ hasText: 'wp_update_post' })
    .getByRole('button')
    .first()
    .click();
  const shown = options.page.getByTestId('audit-record');
  await expect(shown.getByTestId('approved-input')).toContainText(mine);
  await expect(shown).toContainText('Input the agent proposed');
  await expect(shown).toContainText(hashAfter ?? 'no hash');
});

test('an edited value full of markup is shown as text, Undo my edits brings the proposal back, and rejecting runs nothing (S1)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  const id = seed.posts.editorPost;
  const excerpt = `A proposal ${Date.now()}`;
  model.setScript([
    turn.reply([block.toolUse('wp_update_post', { type: 'post', id, excerpt }, 'toolu_x')]),
    turn.text('Understood.', { match: { toolResultFor: 'toolu_x' } }),
  ]);
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  await admin.editPost(id);
  const before = await readPost(admin.page, id);
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await armPage(panel.page);
  await panel.ask('Write an excerpt');
  const card = panel.card;
  await expect(card).toBeVisible({ timeout: 30_000 });
  const hashBefore = await card.locator('.hash').getAttribute('data-hash');

  const vectors = vectorsWithin(3000);
  await card.getByRole('button', { name: 'Edit Excerpt' }).click();
  await card.getByLabel('Your version of Excerpt').fill(vectors);
  await card.getByRole('button', { name: 'Show my version' }).click();
  await expect(card.getByTestId('edited-note')).toBeVisible({ timeout: 30_000 });
  const site = new URL(admin.page.url()).origin;
  expect(await findings(panel.page, site), 'the rendered view').toEqual(CLEAN);
  await card.getByRole('button', { name: 'Source diff' }).click();
  await expect(card.getByRole('region', { name: 'Excerpt' })).toContainText('<script');
  expect(await findings(panel.page, site), 'the source diff').toEqual(CLEAN);

  await card.getByRole('button', { name: 'Undo my edits' }).click();
  await expect(card.getByTestId('edited-note')).toHaveCount(0, { timeout: 30_000 });
  await expect(card.locator('.hash')).toHaveAttribute('data-hash', hashBefore ?? '');
  await panel.reject('Not now');
  await expect(panel.page.getByRole('log', { name: 'Thread' })).toContainText('Understood.', {
    timeout: 30_000,
  });
  expect(await readPost(admin.page, id)).toEqual(before);
  const [record] = await recordsOf(serviceWorker, 'wp_update_post', id).then((all) =>
    all.filter((r) => (r.input as { excerpt?: string }).excerpt === excerpt),
  );
  expect(record).toMatchObject({ status: 'rejected' });
  expect(record).not.toHaveProperty('approvedEdit');
});

test('field by field: the person leaves the excerpt as it is, takes it back, leaves it again, and only the title is written (issue 36 item 3)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  const id = seed.posts.editorPost;
  const stamp = Date.now();
  const title = `Only this title ${stamp}`;
  const excerpt = `An excerpt nobody wanted ${stamp}`;
  model.setScript([
    turn.reply([block.toolUse('wp_update_post', { type: 'post', id, title, excerpt }, 'toolu_f')]),
    turn.text('Title only, then.', { match: { toolResultFor: 'toolu_f' } }),
  ]);
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  await admin.editPost(id);
  const before = await readPost(admin.page, id);
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await panel.ask('Retitle this post and give it an excerpt');
  const card = panel.card;
  await expect(card).toBeVisible({ timeout: 30_000 });
  const excerptBox = card.getByRole('checkbox', { name: 'Apply this change to Excerpt' });
  await expect(excerptBox).toBeChecked();
  // Keyboard: Space on the checkbox leaves the excerpt as it is.
  await excerptBox.focus();
  await panel.page.keyboard.press('Space');
  const left = card.getByRole('checkbox', { name: /Left as it is: Excerpt/ });
  await expect(left).not.toBeChecked({ timeout: 30_000 });
  await expect(card.getByTestId('edited-note')).toContainText(
    'Excerpt: left as it is on the site.',
  );
  // The last change left cannot be dropped: that would be a rejection.
  await expect(card.getByRole('checkbox', { name: 'Apply this change to Title' })).toBeDisabled();
  await left.click();
  await expect(card.getByTestId('edited-note')).toHaveCount(0, { timeout: 30_000 });
  await card.getByRole('checkbox', { name: 'Apply this change to Excerpt' }).click();
  await expect(left).toBeVisible({ timeout: 30_000 });
  await panel.shot(info.outputPath('approval-card-field-by-field.png'));

  await panel.approve();
  await expect(panel.page.getByRole('log', { name: 'Thread' })).toContainText('Title only, then.', {
    timeout: 30_000,
  });
  expect(await readPost(admin.page, id)).toEqual({ title, excerpt: before.excerpt });
  const [record] = await recordsOf(serviceWorker, 'wp_update_post', id).then((all) =>
    all.filter((r) => (r.input as { title?: string }).title === title),
  );
  expect(record).toMatchObject({
    status: 'run',
    input: { title, excerpt },
    approvedEdit: { fields: ['excerpt'], input: { type: 'post', id, title } },
  });
  expect(JSON.stringify(model.requests.at(-1)?.body)).toContain('personLeftItAsItIs');
});

/** A published post made for one test, so the seeded ones stay as other tests expect them. */
function createPublished(page: Page, title: string): Promise<number> {
  return createRestPost(page, { title, status: 'publish', excerpt: 'Old excerpt.' });
}

test('a turn decided at once: three cards together, one left out with a note, the others run in order (issue 36 item 1)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  const stamp = Date.now();
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  const [a, b, c] = [
    await createPublished(admin.page, `Batch A ${stamp}`),
    await createPublished(admin.page, `Batch B ${stamp}`),
    await createPublished(admin.page, `Batch C ${stamp}`),
  ];
  model.setScript([
    turn.reply([
      block.text('Three fixes.'),
      block.toolUse(
        'wp_update_post',
        { type: 'post', id: a, title: `Better A ${stamp}` },
        'toolu_1',
      ),
      block.toolUse(
        'wp_update_post',
        { type: 'post', id: b, title: `Better B ${stamp}` },
        'toolu_2',
      ),
      block.toolUse(
        'wp_update_post',
        { type: 'post', id: c!, excerpt: `New C ${stamp}.` },
        'toolu_3',
      ),
      block.toolUse('wp_update_post', { type: 'post', id: 999_999, title: 'Nobody' }, 'toolu_4'),
    ]),
    turn.text('Two of three done.', { match: { toolResultFor: 'toolu_4' } }),
  ]);
  await useModel(serviceWorker, model.url);
  await admin.editPost(a!);
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await panel.ask('Fix these three posts');
  const card = panel.card;
  await expect(card).toBeVisible({ timeout: 30_000 });
  const members = card.getByTestId('batch-member');
  await expect(members).toHaveCount(2);
  await expect(members.nth(0)).toContainText(`Better B ${stamp}`);
  await expect(members.nth(1)).toContainText(`New C ${stamp}.`);
  // The fourth names a post that cannot be read: not shown, and the card says why.
  await expect(card.getByTestId('batch-stop')).toContainText('handled on its own after them');
  const approve = card.getByTestId('approve-selected');
  await expect(approve).toHaveText('Approve selected (3 of 3)');
  await panel.shot(info.outputPath('approval-card-batch.png'));

  // Keyboard: Space leaves B out; the count follows; a note goes with it.
  await members.nth(0).getByRole('checkbox').focus();
  await panel.page.keyboard.press('Space');
  await expect(approve).toHaveText('Approve selected (2 of 3)');
  await card.getByLabel('Note for the calls you leave out (optional)').fill('Keep B as it is.');
  await panel.page.waitForTimeout(700); // the card arms (C7)
  await approve.click();
  await expect(panel.page.getByRole('log', { name: 'Thread' })).toContainText(
    'Two of three done.',
    { timeout: 30_000 },
  );
  const read = (id: number) => readRestPost(admin.page, id);
  expect((await read(a!)).title).toBe(`Better A ${stamp}`);
  expect((await read(b!)).title).toBe(`Batch B ${stamp}`);
  expect((await read(c!)).excerpt).toBe(`New C ${stamp}.`);
  const statuses = Object.fromEntries(
    await Promise.all(
      [a!, b!, c!].map(async (id) => [
        id,
        (await recordsOf(serviceWorker, 'wp_update_post', id))[0]?.status,
      ]),
    ),
  );
  expect(statuses).toEqual({ [a!]: 'run', [b!]: 'rejected', [c!]: 'run' });
  const told = JSON.stringify(model.requests.at(-1)?.body);
  expect(told).toContain('Keep B as it is.');

  // Item 4: one summary of the reply: what ran, what was rejected, what came back, each
  // with its entry, and Undo for what ran.
  const summary = panel.page.getByTestId('batch-summary');
  const rows = summary.getByTestId('batch-summary-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(`Batch A ${stamp}: Done`);
  await expect(rows.nth(1)).toContainText(`Batch B ${stamp}: Rejected`);
  await expect(rows.nth(2)).toContainText(`Batch C ${stamp}: Done`);
  await expect(rows.nth(0).getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(rows.nth(1).getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await summary.scrollIntoViewIfNeeded();
  await panel.shot(info.outputPath('batch-summary.png'));
});

test('a batch card whose calls carry the XSS corpus shows it as text (S1, issue 36)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  const stamp = Date.now();
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  const ids = [
    await createPublished(admin.page, `XSS batch A ${stamp}`),
    await createPublished(admin.page, `XSS batch B ${stamp}`),
  ];
  const vectors = vectorsWithin(900);
  model.setScript([
    turn.reply(
      ids.map((id, i) =>
        block.toolUse(
          'wp_update_post',
          { type: 'post', id, title: `${i} ${vectors}`, excerpt: `<p>x</p>${vectorParagraphs()}` },
          `toolu_x${i}`,
        ),
      ),
    ),
    turn.text('Rejected, fine.', { match: { toolResultFor: 'toolu_x1' } }),
  ]);
  await useModel(serviceWorker, model.url);
  await admin.editPost(ids[0]!);
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await armPage(panel.page);
  await panel.ask('Retitle both');
  const member = panel.card.getByTestId('batch-member');
  await expect(member).toHaveCount(1, { timeout: 30_000 });
  await expect(member.getByRole('region', { name: 'Title' })).toContainText('<script');
  const site = new URL(admin.page.url()).origin;
  expect(await findings(panel.page, site), 'the batch card').toEqual(CLEAN);
  await panel.page.waitForTimeout(700);
  await panel.card.getByRole('button', { name: 'Reject all' }).click();
  await panel.card.getByRole('button', { name: 'Confirm: reject all 2' }).click();
  await expect(panel.page.getByRole('log', { name: 'Thread' })).toContainText('Rejected, fine.', {
    timeout: 30_000,
  });
  for (const id of ids) expect((await readPost(admin.page, id)).title).toContain('XSS batch');
});
