import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import { approverBrowser, requireSecondApprover, type ApproverBrowser } from './support/approvers';
import { filledIn, textIn } from './support/catalogue-text';
import { strayText } from './support/stray-text';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';
import type { WpSeed } from '../support/wp-env';
import type { BrowserContext, Worker } from '@playwright/test';

/*
 * Issue 37 for the approvals view (G15): a second approver reads the view in their own
 * language. With the pseudo-locale in both browsers, every word of the list, the card and its
 * controls comes from a catalogue (the card's tool name and preview were composed by the
 * requester's browser, in the requester's language: docs/languages.md); in German the view's
 * own words are German.
 */
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

/**
 * An editor's live rename waits for a second approver; the admin's own browser (in
 * `language`) opens it in the approvals view, and `check` looks at it. The approver's
 * browser and the site's second-approver rule go afterwards, whatever `check` found.
 */
async function inApprovalsView(
  fixtures: Fixtures,
  language: string,
  check: (view: Page) => Promise<void>,
): Promise<void> {
  const dropPolicy = await requireSecondApprover(fixtures.seed);
  let approver: ApproverBrowser | undefined;
  try {
    const opened = await waitingInApprovalsView(fixtures, language);
    approver = opened.approver;
    await check(opened.view);
  } finally {
    await approver?.close();
    await dropPolicy();
  }
}

async function waitingInApprovalsView(
  { context, serviceWorker, extensionId, seed }: Fixtures,
  language: string,
): Promise<{ view: Page; approver: ApproverBrowser }> {
  await serviceWorker.evaluate((l) => chrome.storage.local.set({ uiLanguage: l }), language);
  model.setScript([
    turn.reply([
      block.toolUse(
        'wp_update_post',
        { type: 'post', id: seed.posts.editorPost, title: `Renamed ${Date.now()}` },
        'toolu_i18n',
      ),
    ]),
  ]);
  await useModel(serviceWorker, model.url);
  const editor = new WpAdmin(await context.newPage(), seed);
  await editor.login('editor1', 'edit.php');
  const { client, threadId } = await openThread(context, serviceWorker, extensionId, editor.page);
  await client.send({ type: 'message-send', threadId, text: 'Rename the post' });
  const waiting = await client.view((v) =>
    v.items.some((i) => i.kind === 'approval' && i.card.secondApprover?.status === 'waiting'),
  );
  const item = waiting.items.find((i) => i.kind === 'approval');
  if (item?.kind !== 'approval') throw new Error('no card');
  const approver = await approverBrowser(seed, 'admin');
  await approver.worker.evaluate((l) => chrome.storage.local.set({ uiLanguage: l }), language);
  const view = await approver.view(seed.origins.primary.restRoot, item.card.recordId);
  await view.setViewportSize({ width: 1000, height: 1100 });
  await expect(view.locator('html')).toHaveAttribute('lang', language);
  await expect(view.getByTestId('approval-card')).toBeVisible({ timeout: 30_000 });
  await expect(view.getByTestId('requested-by')).toBeVisible();
  return { view, approver };
}

interface Fixtures {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  seed: WpSeed;
}

test('pseudo-locale: every word of the approvals view comes from the catalogue (issue 37, G15)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  test.setTimeout(180_000);
  await inApprovalsView({ context, serviceWorker, extensionId, seed }, 'en-XA', async (view) => {
    await view.screenshot({ path: info.outputPath('approvals-pseudo.png'), fullPage: true });
    expect(await strayText(view, { root: 'body' })).toEqual([]);
  });
});

for (const lang of ['de', 'he'] as const) {
  test(`the approvals view in ${lang === 'de' ? 'German' : 'Hebrew, right to left'}: the list, who asks, the card and its buttons (issue 37, G15)`, async ({
    context,
    serviceWorker,
    extensionId,
    seed,
  }, info) => {
    test.setTimeout(180_000);
    await inApprovalsView({ context, serviceWorker, extensionId, seed }, lang, async (view) => {
      await expect(view.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
      await expect(view.getByRole('heading', { level: 1 })).toHaveText(
        textIn(lang, 'approvals.title'),
      );
      await expect(view.getByTestId('requested-by')).toContainText(
        filledIn(lang, 'approvals.requestedBy', { name: 'Editor One' }),
      );
      const card = view.getByTestId('approval-card');
      const approve = card.getByRole('button', {
        name: textIn(lang, 'cards.action.approve'),
        exact: true,
      });
      const reject = card.getByRole('button', {
        name: textIn(lang, 'cards.action.reject'),
        exact: true,
      });
      await expect(approve).toBeVisible();
      await expect(reject).toBeVisible();
      await expect(card).toContainText(textIn(lang, 'worker.field.title'));
      // Why it asks, for the one who decides (not the requester's "you cannot approve it yourself").
      await expect(card).toContainText(textIn(lang, 'approvals.card.reason'));
      if (lang === 'de') await expect(card).not.toContainText('nicht selbst freigeben');
      if (lang === 'he') {
        // Mirrored: the list of calls is on the right of the card, Approve right of Reject.
        const list = (await view.getByTestId('approvals-list').boundingBox())!;
        const shown = (await card.boundingBox())!;
        expect(list.x).toBeGreaterThan(shown.x);
        expect((await approve.boundingBox())!.x).toBeGreaterThan((await reject.boundingBox())!.x);
      }
      await view.screenshot({ path: info.outputPath(`approvals-${lang}.png`), fullPage: true });
    });
  });
}
