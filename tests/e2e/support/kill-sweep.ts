import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { testStackOptions, type WpVersion } from '../../support/wp-env';

/** How one kill ended, as a person would see it. */
export type KillOutcome = 'offered-again' | 'ran-once' | 'failed-said';

const COUNTER = 'countersign-test-write-counter.php';

/**
 * Counts, on the site itself, every REST update of a post: a must-use plugin the test
 * installs in the test stack appends the post id to a file on `rest_after_insert_post`.
 * Revisions alone cannot prove "once": a second identical update leaves none. `version`
 * names the stack (each version has its own); the default is the environment's.
 */
export function installWriteCounter(version?: WpVersion): {
  writes(postId: number): number;
  remove(): void;
} {
  const dir = testStackOptions(process.env, version).dir;
  const plugin = join(dir, 'www', 'wp-content', 'mu-plugins', COUNTER);
  const file = join(dir, 'log', 'rest-post-writes.log');
  writeFileSync(file, '');
  writeFileSync(
    plugin,
    `<?php
add_action('rest_after_insert_post', function ($post, $request, $creating) {
  if (!$creating) file_put_contents(${JSON.stringify(file)}, $post->ID . "\n", FILE_APPEND | LOCK_EX);
}, 10, 3);
`,
  );
  return {
    writes: (postId) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line === String(postId)).length,
    remove: () => rmSync(plugin, { force: true }),
  };
}

/** A stored audit record, as far as these tests read it. */
export interface AuditRow {
  id: string;
  status: string;
  decidedBy?: string;
  error?: { code: string };
}

/**
 * The audit records of the `wp_update_post` calls that write `excerpt`, read from the
 * extension's database in an extension page (it works while the worker is stopped).
 */
export function auditRecords(page: Page, excerpt: string): Promise<AuditRow[]> {
  return page.evaluate(
    (wanted) =>
      new Promise<AuditRow[]>((resolve, reject) => {
        const open = indexedDB.open('countersign');
        open.onsuccess = () => {
          const all = open.result.transaction('records').objectStore('records').getAll();
          all.onsuccess = () => {
            open.result.close();
            const rows = all.result as Array<AuditRow & { tool: string; input: unknown }>;
            resolve(
              rows.filter(
                (r) =>
                  r.tool === 'wp_update_post' &&
                  (r.input as { excerpt?: string } | null)?.excerpt === wanted,
              ),
            );
          };
          all.onerror = () => reject(all.error);
        };
        open.onerror = () => reject(open.error);
      }),
    excerpt,
  );
}

/** The latest record of `tool` (`wp_update_post` unless named) of any thread. */
export async function lastRecord(
  page: Page,
  tool = 'wp_update_post',
): Promise<AuditRow | undefined> {
  return page.evaluate(
    (wanted) =>
      new Promise<AuditRow | undefined>((resolve, reject) => {
        const open = indexedDB.open('countersign');
        open.onsuccess = () => {
          const all = open.result.transaction('records').objectStore('records').getAll();
          all.onsuccess = () => {
            open.result.close();
            const rows = all.result as Array<AuditRow & { tool: string; updatedAt: number }>;
            resolve(
              rows
                .filter((r) => r.tool === wanted)
                .sort((a, b) => a.updatedAt - b.updatedAt)
                .at(-1),
            );
          };
          all.onerror = () => reject(all.error);
        };
        open.onerror = () => reject(open.error);
      }),
    tool,
  );
}

/** The revisions of a post whose excerpt is `excerpt` (one per update that changed it). */
export async function revisionsWith(admin: Page, postId: number, excerpt: string): Promise<number> {
  const revisions = await admin.evaluate(
    (id) =>
      fetch(`/wp-json/wp/v2/posts/${id}/revisions?context=edit&per_page=100`, {
        headers: {
          'X-WP-Nonce': (window as unknown as { wpApiSettings: { nonce: string } }).wpApiSettings
            .nonce,
        },
      }).then((r) => r.json()),
    postId,
  );
  return (revisions as Array<{ excerpt: { raw: string } }>).filter((r) => r.excerpt.raw === excerpt)
    .length;
}
