import type { Page } from '@playwright/test';
import { test, expect, BOTH_VERSIONS } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { Panel } from './pages/panel';

/** The raw title WordPress holds for a post or page, read as the signed-in person. */
function titleOf(page: Page, type: 'posts' | 'pages', id: number): Promise<string> {
  return page.evaluate(
    async ([t, i]) => {
      const nonce = await fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) => r.text());
      const post = await fetch(`/wp-json/wp/v2/${t}/${i}?context=edit`, {
        headers: { 'X-WP-Nonce': nonce },
      }).then((r) => r.json());
      return post.title.raw as string;
    },
    [type, id] as const,
  );
}

test(
  'a block editor that loads slowly: the panel waits for it, then shows its post (never "cannot be trusted")',
  { tag: BOTH_VERSIONS },
  async ({ context, serviceWorker, extensionId, seed, wpVersion }, testInfo) => {
    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('editor1');
    const id = seed.posts.published;
    await admin.open('index.php');
    const title = await titleOf(admin.page, 'posts', id);
    // The stack's mu-plugin starts this editor 5 s late: its store is there, its post is not.
    await admin.open(`post.php?post=${id}&action=edit&countersign_slow_editor=5000`);
    const panel = await Panel.openFor(context, serviceWorker, extensionId, admin.page);
    const waiting = panel.state('waiting-editor');
    await expect(waiting).toBeVisible();
    await expect(waiting).toContainText('Waiting for the editor…');
    await expect(waiting).toContainText(`post ${id}`);
    await panel.page.screenshot({ path: testInfo.outputPath(`waiting-editor-${wpVersion}.png`) });
    await expect(panel.entityTitle).toHaveText(title, { timeout: 20_000 });
    await expect(panel.page.getByTestId('screen')).toHaveText('Editing post (block editor)');
    // The person as the site knows them (the walking skeleton's check, moved here).
    await expect(panel.userRole).toHaveText('Editor');
    await expect(panel.state('invalid')).toHaveCount(0);
    await panel.page.screenshot({ path: testInfo.outputPath(`editor-ready-${wpVersion}.png`) });
  },
);

// On 6.1 only, and four kinds of screen: what the page readers take from every screen on
// every version is proven by tests/integration/wordpress/admin-screens.test.ts (ten screens,
// the readers' own code in Chromium), the words for each screen by
// tests/unit/ui/screen-label.test.ts. This tour proves the way between them, page to panel:
// a list, a screen with a name of its own, and the post being edited in either editor
// (issue 38: the other six screens, two of them block editors, proved nothing more here).
test('admin screens: the panel names the screen, and on editors the post being edited', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
  wpVersion,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('admin', 'edit.php');
  const { posts } = seed;
  const title = {
    post: await titleOf(admin.page, 'posts', posts.published),
    classic: await titleOf(admin.page, 'posts', posts.classic),
  };
  const screens: Array<{ name: string; path: string; screen: string; entity?: string | RegExp }> = [
    { name: 'posts list', path: 'edit.php', screen: 'Post list' },
    {
      name: 'existing post (block editor)',
      path: `post.php?post=${posts.published}&action=edit`,
      screen: 'Editing post (block editor)',
      entity: title.post,
    },
    {
      name: 'classic editor',
      path: `post.php?post=${posts.classic}&action=edit`,
      screen: 'Editing post (classic editor)',
      entity: title.classic,
    },
    { name: 'settings', path: 'options-general.php', screen: 'General settings' },
  ];
  const panel = await Panel.openFor(context, serviceWorker, extensionId, admin.page);
  const seen: string[] = [];
  for (const s of screens) {
    await test.step(s.name, async () => {
      await admin.open(s.path);
      await expect(panel.page.getByTestId('screen')).toHaveText(s.screen);
      await expect(panel.userRole).toHaveText('Administrator');
      if (s.entity) await expect(panel.entityTitle).toHaveText(s.entity);
      else await expect(panel.entityTitle).toHaveCount(0);
      await expect(panel.state('invalid')).toHaveCount(0);
      await expect(panel.state('waiting-editor')).toHaveCount(0);
      const entity = s.entity ? ((await panel.entityTitle.textContent()) ?? '') : '';
      seen.push(`${s.name}: ${s.screen}${entity ? ` / ${entity}` : ''}`);
      await panel.page.screenshot({
        path: testInfo.outputPath(`${wpVersion}-${s.name.replace(/\W+/g, '-')}.png`),
      });
    });
  }
  await testInfo.attach(`screens-${wpVersion}.txt`, { body: seen.join('\n') });
  console.log(`WordPress ${seed.wpVersion}, what the panel showed:\n  ${seen.join('\n  ')}`);
});
