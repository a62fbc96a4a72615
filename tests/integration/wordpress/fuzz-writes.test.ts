// Fuzzing writes against the real WordPress (issue 16, T5, G10, S5): hostile titles,
// contents and excerpts, as an administrator and as an editor without unfiltered_html.
// Whatever the input, the call is refused before any write (and the post is exactly as
// it was), or it runs and WordPress holds every field it was given: never half a write.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzParams, hostileString } from '../../support/fuzz/hostile';
import { as, makePost, run, stored, tool, type StoredPost } from './support';

const RUNS = fuzzParams(15);
const FIELDS = ['title', 'content', 'excerpt'] as const;

const patch = fc
  .record(
    {
      title: hostileString({ maxHuge: 70_000 }),
      content: hostileString({ maxHuge: 300_000 }),
      excerpt: hostileString({ maxHuge: 5_000 }),
    },
    { requiredKeys: [] },
  )
  .filter((value) => Object.keys(value).length > 0);

/** Text with the entities kses writes for bare characters decoded (`&lt;` is `<`). */
function entityText(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The fields of a stored post a write may touch, and its modification time. */
function written(post: StoredPost) {
  return {
    title: post.title.raw,
    content: post.content.raw,
    excerpt: post.excerpt.raw,
    modified: post.modified_gmt,
    status: post.status,
  };
}

describe.each(['admin', 'editor2'] as const)('fuzzed wp_update_post as %s', (key) => {
  // An account without unfiltered_html has its markup passed through kses, which may
  // write a bare "<" or "&" as an entity: the same text, so compared as text. An
  // administrator's values are stored byte for byte.
  const lossless = key === 'admin' ? (value: string) => value : entityText;
  it('refuses cleanly or writes every given field; never half', async () => {
    const actor = await as(key);
    const post = await makePost('admin', { status: 'draft', content: '<p>Start</p>' });
    const seen: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(patch, async (values) => {
        const before = written(await stored(post.id));
        const outcome = await run(actor, 'wp_update_post', {
          type: 'post',
          id: post.id,
          ...values,
        });
        seen[outcome.stage] = (seen[outcome.stage] ?? 0) + 1;
        const after = written(await stored(post.id));
        if (outcome.stage !== 'done') {
          expect(after).toEqual(before);
          expect(outcome.message.length).toBeGreaterThan(0);
          expect(outcome.message.length).toBeLessThan(4000);
          return;
        }
        // What the call carries once validated (a title is trimmed, as WordPress does).
        const approved = tool('wp_update_post').input.parse({
          type: 'post',
          id: post.id,
          ...values,
        }) as Record<string, unknown>;
        for (const field of FIELDS) {
          const given = approved[field];
          if (given === undefined) expect(after[field]).toBe(before[field]);
          // What was approved is what is stored: WordPress may not trim or filter it
          // silently (G10 refuses markup it would strip, before any card).
          else expect(lossless(after[field])).toBe(lossless(given as string));
        }
      }),
      RUNS,
    );
    // Both branches were exercised: the property is not vacuous.
    expect(seen['done'] ?? 0).toBeGreaterThan(0);
  }, 240_000);
});
