import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { CLEAN, E2E_VECTORS, INERT_PARSE_REPORTS, armPage, findings } from './support/xss-check';

// S1 (issue 16 item 4), the render place xss-render.spec.ts leaves out: without an API key a
// message searches the site and the panel lists what it found as links into the admin (R3).
// Their labels are the site's titles, so each carries the corpus here. The rendering is the
// extension's own (the site only supplies the strings), so one WordPress version is enough.
// With motion, as most people see the page: a vector may hide in an animation event.
test.use({ expectedConsoleErrors: [INERT_PARSE_REPORTS], motion: 'no-preference' });

test('search links shown without an API key keep every vector inert (S1, R3)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, info) => {
  test.setTimeout(120_000);
  const site = new URL(seed.origins.primary.url).origin;
  const stamp = `Linkprobe${Date.now()}`;
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1', 'edit.php');
  // A few posts, each titled with a slice of the corpus (a title is at most so long).
  const slices = 4;
  const per = Math.ceil(E2E_VECTORS.length / slices);
  const ids = await admin.page.evaluate(
    async ({ titles }) => {
      const nonce = await fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) => r.text());
      const made: number[] = [];
      for (const title of titles) {
        const res = await fetch('/wp-json/wp/v2/posts', {
          method: 'POST',
          headers: { 'X-WP-Nonce': nonce, 'Content-Type': 'application/json' },
          body: JSON.stringify({ title, content: 'Body.', status: 'draft' }),
        });
        if (!res.ok) throw new Error(`create post: HTTP ${res.status} ${await res.text()}`);
        made.push(((await res.json()) as { id: number }).id);
      }
      return made;
    },
    {
      titles: Array.from(
        { length: slices },
        (_, i) => `${stamp} ${E2E_VECTORS.slice(i * per, (i + 1) * per).join(' ')}`,
      ),
    },
  );

  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  await armPage(panel.page);
  await panel.ask(stamp);
  const links = panel.page.locator('.links-item');
  await expect(links.locator('li')).toHaveCount(slices, { timeout: 30_000 });
  // The labels are the titles as WordPress renders them, read as text: what is left of the
  // markup shows as words, never as elements.
  await expect(links).toContainText('[click](javascript:__pwned=1)');
  // Every link still leads to its post's editor, whatever its label holds.
  for (const id of ids) {
    await expect(links.locator(`a[href$="post.php?post=${id}&action=edit"]`)).toHaveCount(1);
  }
  await panel.shot(info.outputPath('xss-links.png'));
  expect(await findings(panel.page, site), 'the search links').toEqual(CLEAN);
});
