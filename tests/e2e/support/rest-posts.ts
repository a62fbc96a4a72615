import type { Page } from '@playwright/test';

/**
 * Creates a post as the signed-in person through WordPress's REST API and returns its id:
 * posts of a test's own, so the seeded ones stay as other tests expect them.
 */
export function createRestPost(page: Page, fields: Record<string, unknown>): Promise<number> {
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

/** A post's raw title, excerpt and status as the signed-in person reads them. */
export function readRestPost(
  page: Page,
  id: number,
): Promise<{ title: string; excerpt: string; status: string }> {
  return page.evaluate(async (postId) => {
    const nonce = await fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) => r.text());
    const p = await fetch(`/wp-json/wp/v2/posts/${postId}?context=edit`, {
      headers: { 'X-WP-Nonce': nonce },
    }).then((r) => r.json());
    return { title: p.title.raw, excerpt: p.excerpt.raw, status: p.status };
  }, id);
}
