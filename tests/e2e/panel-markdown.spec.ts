import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import { startModelServer, turn, type ModelServer } from '../support/model-server';

// The model's markdown as a person reads it in the real panel (issue 15 item 8): a table,
// a nested list and code render as such; a javascript: link stays words.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

const ANSWER = [
  'Here is what I found:',
  '',
  '| Post | Status | Words |',
  '|---|---|---:|',
  '| Hello world | **live** | 312 |',
  '| Spring sale | draft | 88 |',
  '',
  '1. Posts to fix',
  '   - Hello world: the excerpt is empty',
  '   - Spring sale: no featured image',
  '2. Then publish the sale',
  '',
  '```',
  '<!-- wp:paragraph --><p>Sale!</p><!-- /wp:paragraph -->',
  '```',
  '',
  '[Open it](javascript:alert(1)) or [edit it](post.php?post=1&action=edit).',
].join('\n');

test('assistant markdown shows tables, nested lists and code in the panel', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  model.setScript([turn.text(ANSWER)]);
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await panel.ask('Which posts need work?');

  const answer = panel.page.locator('.msg-assistant .md').last();
  const table = answer.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Post', 'Status', 'Words']);
  await expect(table.getByRole('row').nth(1)).toContainText('Hello world');
  await expect(answer.locator('ol > li > ul > li')).toHaveText([
    'Hello world: the excerpt is empty',
    'Spring sale: no featured image',
  ]);
  await expect(answer.locator('pre code')).toContainText('<!-- wp:paragraph -->');
  // The javascript: link is shown as words, never as a link; the admin link is one.
  await expect(answer).toContainText('Open it (javascript:alert(1))');
  await expect(answer.getByRole('link', { name: 'Open it' })).toHaveCount(0);
  await expect(answer.getByRole('link', { name: 'edit it' })).toHaveAttribute(
    'href',
    /\/wp-admin\/post\.php\?post=1&action=edit$/,
  );
  await panel.shot(test.info().outputPath('panel-markdown.png'));
});
