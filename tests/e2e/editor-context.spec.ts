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
    await expect(panel.state('invalid')).toHaveCount(0);
    await panel.page.screenshot({ path: testInfo.outputPath(`editor-ready-${wpVersion}.png`) });
  },
);

// On 6.1 only: what the page readers take from each screen on both versions is proven by
// tests/integration/wordpress/admin-screens.test.ts (the same ten screens, the readers' own
// code in Chromium); this tour proves the panel's words for them (moved 2026-12-04).
test('every admin screen: the panel names the screen, and on editors the post being edited', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
  wpVersion,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('admin');
  const { posts } = seed;
  const title = {
    post: await titleOf(admin.page, 'posts', posts.published),
    page: await titleOf(admin.page, 'pages', posts.page),
    classic: await titleOf(admin.page, 'posts', posts.classic),
  };
  const screens: Array<{ name: string; path: string; screen: string; entity?: string | RegExp }> = [
    { name: 'dashboard', path: 'index.php', screen: 'Dashboard' },
    { name: 'posts list', path: 'edit.php', screen: 'Post list' },
    { name: 'pages list', path: 'edit.php?post_type=page', screen: 'Page list' },
    // A new post is an auto-draft WordPress made for the editor, titled "Auto Draft".
    {
      name: 'new post (block editor)',
      path: 'post-new.php',
      screen: 'Editing post (block editor)',
      entity: 'Auto Draft',
    },
    {
      name: 'existing post (block editor)',
      path: `post.php?post=${posts.published}&action=edit`,
      screen: 'Editing post (block editor)',
      entity: title.post,
    },
    {
      name: 'page (block editor)',
      path: `post.php?post=${posts.page}&action=edit`,
      screen: 'Editing page (block editor)',
      entity: title.page,
    },
    {
      name: 'classic editor',
      path: `post.php?post=${posts.classic}&action=edit`,
      screen: 'Editing post (classic editor)',
      entity: title.classic,
    },
    { name: 'settings', path: 'options-general.php', screen: 'General settings' },
    { name: 'media', path: 'upload.php', screen: 'Media library' },
    { name: 'comments', path: 'edit-comments.php', screen: 'Comments' },
  ];
  await admin.open('index.php');
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
