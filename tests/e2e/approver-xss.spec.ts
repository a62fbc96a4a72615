import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import { approverBrowser, requireSecondApprover, type ApproverBrowser } from './support/approvers';
import { siteSql } from './support/site-db';
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

// S1, G15: the whole XSS corpus (tests/unit/ui/xss-vectors.ts) through the approvals view in
// the approver's own browser profile: the requester's display name (the list and "Requested
// by"), the entry's title, and both sides of the diff (the site's current title and body hold
// the vectors, and the model's proposed ones do too). Nothing may run, load or be clickable
// beyond the view's own controls; the structural checks are xss-render.spec.ts's.
// With motion, as most people see the page: a vector may hide in an animation event.
test.use({ expectedConsoleErrors: [INERT_PARSE_REPORTS], motion: 'no-preference' });

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

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

test('every vector in the requester name, the entry title and both sides of the diff stays inert in the approvals view (S1, G15)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  test.setTimeout(240_000);
  const editorId = seed.users.editor1.id;
  const [[ownName]] = await siteSql(
    seed,
    `SELECT display_name FROM wp_users WHERE ID = ${editorId}`,
  );
  const dropPolicy = await requireSecondApprover(seed);
  let approver: ApproverBrowser | undefined;
  try {
    const stamp = `Probe${Date.now()}`;
    const editor = new WpAdmin(await context.newPage(), seed);
    await editor.login('editor1');
    // Published, so the rename goes live and needs the second approver.
    const target = await createPost(editor.page, {
      title: `${stamp} ${allVectors(' ')}`,
      content: vectorParagraphs(),
      status: 'publish',
    });
    // The requester's display name is the corpus too (as much as the column holds).
    const name = vectorsWithin(240);
    await siteSql(
      seed,
      `UPDATE wp_users SET display_name = '${name.replaceAll('\\', '\\\\').replaceAll("'", "''")}' WHERE ID = ${editorId}`,
    );
    model.setScript([
      turn.reply([
        block.toolUse(
          'wp_update_post',
          {
            type: 'post',
            id: target,
            title: `${stamp} new ${vectorsWithin(950)}`,
            content: `<p>Changed</p>${vectorParagraphs()}`,
          },
          'toolu_x',
        ),
      ]),
    ]);
    await useModel(serviceWorker, model.url);
    await editor.open('edit.php');
    const { client, threadId } = await openThread(context, serviceWorker, extensionId, editor.page);
    await client.send({ type: 'message-send', threadId, text: 'Rename it' });
    const waiting = await client.view((v) =>
      v.items.some((i) => i.kind === 'approval' && i.card.secondApprover?.status === 'waiting'),
    );
    const item = waiting.items.find((i) => i.kind === 'approval');
    if (item?.kind !== 'approval') throw new Error('no card');

    approver = await approverBrowser(seed, 'admin', { motion: 'no-preference' });
    const site = new URL(seed.origins.primary.url).origin;
    const view = await approver.view(seed.origins.primary.restRoot, item.card.recordId);
    await armPage(view);
    const card = view.getByTestId('approval-card');
    // Every place shows the words as text: the name, the entry title, both sides of the diff.
    await expect(view.getByTestId('requested-by')).toContainText('v0:');
    await expect(view.getByTestId('approvals-list')).toContainText(`${stamp} v0:`);
    await expect(card.locator('.entity-title')).toContainText(`${stamp} v0:`);
    const title = card.getByRole('region', { name: 'Title' });
    await expect(title).toContainText('removed: '); // the site's side
    await expect(title).toContainText('added: '); // the model's side
    await expect(title).toContainText(`new v0:`);
    const rendered = card.getByRole('group', { name: 'Content, rendered' });
    await expect(rendered).toContainText('Changed');
    await expect(rendered).toContainText('v0:');
    await view.screenshot({ path: info.outputPath('approvals-xss.png'), fullPage: true });
    expect(await findings(view, site), 'the approvals view').toEqual(CLEAN);

    // The source diff of the body: every vector as text, on both sides.
    await card.getByRole('button', { name: 'Source diff' }).first().click();
    await expect(card.getByRole('region', { name: 'Content' })).toContainText(E2E_VECTORS[0]!);
    expect(await findings(view, site), 'the source diff').toEqual(CLEAN);
  } finally {
    await approver?.close();
    await siteSql(
      seed,
      `UPDATE wp_users SET display_name = '${String(ownName).replaceAll("'", "''")}' WHERE ID = ${editorId}`,
    );
    await dropPolicy();
  }
});
