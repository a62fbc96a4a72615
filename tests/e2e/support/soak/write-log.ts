import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Counts, on the site itself, every REST update of a post with the excerpt it stored: a
 * must-use plugin appends `id<TAB>excerpt` to a log of its own on `rest_after_insert_post`
 * (revisions alone cannot prove "once": a second identical update leaves none). Its own
 * file names, so other tests' counters do not mix with it.
 */
export function installExcerptLog(stackDir: string, name: string) {
  const plugin = join(stackDir, 'www', 'wp-content', 'mu-plugins', `countersign-${name}.php`);
  const file = join(stackDir, 'log', `${name}-writes.log`);
  writeFileSync(file, '');
  writeFileSync(
    plugin,
    `<?php
add_action('rest_after_insert_post', function ($post, $request, $creating) {
  if (!$creating) file_put_contents(${JSON.stringify(file)}, $post->ID . "\\t" . str_replace("\\n", " ", $post->post_excerpt) . "\\n", FILE_APPEND | LOCK_EX);
}, 10, 3);
`,
  );
  return {
    /** How many REST updates stored `excerpt` on `postId`. */
    writes(postId: number, excerpt: string): number {
      const line = `${postId}\t${excerpt}`;
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l === line).length;
    },
    remove: () => rmSync(plugin, { force: true }),
  };
}
