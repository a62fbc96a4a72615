import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { OptionsPage } from './pages/options';
import { openThread, useModel } from './support/agent-setup';
import {
  CLEAN,
  E2E_VECTORS,
  INERT_PARSE_REPORTS,
  allVectors,
  armPage,
  findings,
  vectorParagraphs,
  vectorsWithin,
} from './support/xss-check';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

// S1 (issue 16 item 4): the whole XSS corpus through every place the real extension shows
// words from the site, the model or another person, with the real worker, WordPress and
// Chromium. One page load per render place, every vector in it. The current side of each
// diff is the site's: the vectors are stored in real WordPress posts first.
// With motion, as most people see the page: a vector may hide in an animation event.
test.use({ expectedConsoleErrors: [INERT_PARSE_REPORTS], motion: 'no-preference' });

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());
test.beforeEach(() => model.reset());

const FAST = { chunkSize: 4000 };
const LAST = E2E_VECTORS.length - 1;

/** Creates a post as the signed-in person through the REST API; returns its id. */
async function createPost(page: Page, fields: Record<string, unknown>): Promise<number> {
  return page.evaluate(async (body) => {
    const nonce = await fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) => r.text());
    const res = await fetch('/wp-json/wp/v2/posts', {
      method: 'POST',
      headers: { 'X-WP-Nonce': nonce, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`create post: HTTP ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: number }).id;
  }, fields);
}

/** The raw title WordPress stored, to prove the vectors reached the site as written. */
async function rawTitle(page: Page, id: number): Promise<string> {
  return page.evaluate(async (postId) => {
    const nonce = await fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) => r.text());
    const post = await fetch(`/wp-json/wp/v2/posts/${postId}?context=edit`, {
      headers: { 'X-WP-Nonce': nonce },
    }).then((r) => r.json());
    return (post as { title: { raw: string } }).title.raw;
  }, id);
}

test('every vector in site content, model text and titles stays inert in the panel and the audit viewer (S1)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  test.setTimeout(180_000);
  const site = new URL(seed.origins.primary.url).origin;
  const stamp = `Probe${Date.now()}`;
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  // The target post holds every vector in its title, excerpt and body (the card's current side).
  const target = await createPost(admin.page, {
    title: `${stamp} ${allVectors(' ')}`,
    excerpt: vectorParagraphs(),
    content: vectorParagraphs(),
    status: 'draft',
  });
  expect(await rawTitle(admin.page, target)).toContain(E2E_VECTORS[0]);
  // The admin tab shows another post whose title is the corpus (the panel's entity title).
  const shown = await createPost(admin.page, {
    title: `Shown ${allVectors(' ')}`,
    content: '<!-- wp:paragraph --><p>Plain body.</p><!-- /wp:paragraph -->',
    status: 'draft',
  });
  await admin.editPost(shown);

  const markdown = `Model says:\n\n${allVectors('\n\n')}`;
  model.setScript([
    turn.reply(
      [block.text(markdown), block.toolUse('wp_search_content', { query: stamp }, 'toolu_find')],
      FAST,
    ),
    turn.reply(
      [
        block.thinking(`Reasoning ${allVectors('\n')}`, 'sig-xss'),
        block.text(markdown),
        block.toolUse(
          'wp_update_post',
          {
            type: 'post',
            id: target,
            title: `${stamp} new ${vectorsWithin(950)}`,
            excerpt: `<p>Changed</p>${vectorParagraphs()}`,
            content: `<p>Changed</p>${vectorParagraphs()}`,
          },
          'toolu_write',
        ),
      ],
      { ...FAST, match: { toolResultFor: 'toolu_find' } },
    ),
    turn.text(markdown, { ...FAST, match: { toolResultFor: 'toolu_write' } }),
    // The API's own error text is shown in a notice: the model's provider is outside too.
    turn.error(400, { message: E2E_VECTORS.slice(0, 6).join(' ') }),
  ]);
  await useModel(serviceWorker, model.url);

  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await armPage(panel.page);
  await expect(panel.page.getByTestId('entity-title')).toContainText('Shown v0:');
  // The person's own first message is the corpus too: it becomes the thread's title.
  const first = `Fix it ${E2E_VECTORS.slice(0, 40).join(' ')}`;
  await panel.composer.fill(first);
  await panel.composer.press('Enter');

  await expect(panel.card).toBeVisible({ timeout: 60_000 });
  const title = panel.card.getByRole('region', { name: 'Title' });
  await expect(title).toContainText('removed: </math> v15:'); // the site's side
  await expect(title).toContainText('added: new v0:'); // the model's side
  const rendered = panel.card.getByRole('group', { name: 'Content, rendered' });
  await expect(rendered).toContainText('Changed');
  await expect(rendered).toContainText('v0:');
  await expect(panel.page.locator('.msg-assistant .md').first()).toContainText(`v${LAST}:`);
  await expect(panel.page.locator('h2.thread-title')).toContainText('Fix it');
  await panel.shot(info.outputPath('xss-card.png'));
  expect(await findings(panel.page, site), 'the approval card').toEqual(CLEAN);

  // The source diff of both HTML fields (text, but every vector in it on both sides).
  await panel.card.getByRole('button', { name: 'Source diff' }).first().click();
  await expect(panel.card.getByRole('region', { name: 'Content' })).toContainText(E2E_VECTORS[0]!);
  expect(await findings(panel.page, site), 'the source diff').toEqual(CLEAN);

  await panel.approve();
  await expect(panel.result).toBeVisible({ timeout: 30_000 });
  await expect(panel.page.locator('.msg-assistant .md')).toHaveCount(3, { timeout: 30_000 });
  await panel.ask('Once more');
  await expect(panel.page.locator('.notice-item')).toContainText('<script>__pwned=1</script>', {
    timeout: 30_000,
  });
  await panel.page.getByRole('button', { name: 'Threads' }).click();
  await expect(panel.page.getByRole('list', { name: 'Threads' })).toContainText('Fix it');
  await panel.shot(info.outputPath('xss-result.png'));
  expect(await findings(panel.page, site), 'the result card, answer and notice').toEqual(CLEAN);
  model.assertDone();

  // The options page's audit viewer: the write's record, with input and reasoning.
  const options = await OptionsPage.open(context, extensionId, 'audit');
  await armPage(options.page);
  const table = options.page.getByTestId('audit-table');
  await table
    .locator('tbody tr')
    .filter({ hasText: 'wp_update_post' })
    .getByRole('button')
    .first()
    .click();
  const record = options.page.getByTestId('audit-record');
  await expect(record).toContainText(`v${LAST}:`);
  await expect(record).toContainText('Reasoning v0:');
  await options.page.screenshot({ path: info.outputPath('xss-audit.png'), fullPage: true });
  expect(await findings(options.page, site), 'the audit viewer').toEqual(CLEAN);
});

test('the approval notification reads as plain words when the title is the corpus (S1)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  const id = await createPost(admin.page, {
    title: `Notified ${E2E_VECTORS.slice(0, 30).join(' ')} &amp; done`,
    content: '<!-- wp:paragraph --><p>Body.</p><!-- /wp:paragraph -->',
    status: 'draft',
  });
  model.setScript([
    turn.reply(
      [block.toolUse('wp_update_post', { type: 'post', id, slug: `n-${id}` }, 'toolu_n')],
      {
        delayMs: 400,
      },
    ),
  ]);
  await useModel(serviceWorker, model.url);
  await serviceWorker.evaluate(() => {
    const api = chrome.notifications;
    const create = api.create.bind(api) as (...args: unknown[]) => Promise<string>;
    const shown: unknown[] = [];
    (globalThis as unknown as { shownNotifications: unknown[] }).shownNotifications = shown;
    api.create = ((...args: unknown[]) => {
      shown.push(args[1]);
      return create(...args);
    }) as typeof api.create;
  });
  const thread = await openThread(context, serviceWorker, extensionId, admin.page);
  await thread.client.send({ type: 'message-send', threadId: thread.threadId, text: 'Slug it' });
  await thread.panel.close(); // no panel shows the thread when its card arrives
  const notification = await expect
    .poll(
      () =>
        serviceWorker.evaluate(
          () =>
            (
              globalThis as unknown as {
                shownNotifications: Array<{ title: string; message: string }>;
              }
            ).shownNotifications[0],
        ),
      { timeout: 30_000 },
    )
    .toBeTruthy()
    .then(() =>
      serviceWorker.evaluate(
        () =>
          (
            globalThis as unknown as {
              shownNotifications: Array<{ title: string; message: string }>;
            }
          ).shownNotifications[0]!,
      ),
    );
  // What the person reads: the title's words, no markup, no entity codes, short enough to read.
  const text = `${notification.title}\n${notification.message}`;
  expect(text).toContain('Notified');
  expect(text).not.toMatch(/<[a-z!/]/i);
  expect(text).not.toMatch(/&[a-z#0-9]+;/i);
  expect(notification.message.length).toBeLessThanOrEqual(200);
});
