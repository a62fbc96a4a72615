// wp_create_draft against the real site as each role.
import { describe, expect, it } from 'vitest';
import { as, run, seed, stored, tool } from './support';

async function countTitled(title: string): Promise<number> {
  const admin = await as('admin');
  const response = await admin.http.rest<unknown[]>(
    'GET',
    `/wp/v2/posts?status=draft,pending&search=${encodeURIComponent(title)}`,
  );
  return response.body.length;
}

describe('wp_create_draft', () => {
  it.each(['admin', 'editor1', 'editor2', 'author1', 'contributor1'] as const)(
    '%s creates a draft that visitors do not see',
    async (key) => {
      const outcome = await run(await as(key), 'wp_create_draft', {
        title: `Draft by ${key}`,
        content: '<!-- wp:paragraph -->\n<p>Hello</p>\n<!-- /wp:paragraph -->',
        categories: [seed.categories.news],
      });
      expect(outcome).toMatchObject({
        stage: 'done',
        result: { data: { status: 'draft', visitorsSee: false } },
      });
      const id = (outcome as { result: { data: { id: number } } }).result.data.id;
      expect(await stored(id)).toMatchObject({
        status: 'draft',
        author: seed.users[key].id,
        title: { raw: `Draft by ${key}` },
        categories: [seed.categories.news],
      });
    },
  );

  it('lets a contributor submit for review but not create pages; refuses subscribers', async () => {
    const contributor = await as('contributor1');
    const pending = await run(contributor, 'wp_create_draft', {
      title: 'For review',
      status: 'pending',
    });
    expect(pending).toMatchObject({ stage: 'done', result: { data: { status: 'pending' } } });
    expect(
      await run(contributor, 'wp_create_draft', { type: 'page', title: 'Page?' }),
    ).toMatchObject({
      stage: 'refused',
      message: 'Your account cannot edit pages.',
    });
    expect(await run(await as('subscriber1'), 'wp_create_draft', { title: 'Sub' })).toMatchObject({
      stage: 'refused',
    });
  });

  it('creates nothing when a value would be dropped or markup stripped', async () => {
    const title = `Nothing-${Date.now()}`;
    expect(
      await run(await as('editor1'), 'wp_create_draft', { title, categories: [876_543] }),
    ).toMatchObject({
      stage: 'refused',
      message: 'There is no category with id 876543.',
    });
    expect(
      await run(await as('editor2'), 'wp_create_draft', {
        title,
        content: '<iframe src="https://x.test/"></iframe>',
      }),
    ).toMatchObject({ stage: 'guard', fields: ['content'] });
    expect(
      await run(await as('author1'), 'wp_create_draft', { title: `${title} <script>x</script>` }),
    ).toMatchObject({
      stage: 'guard',
      fields: ['title'],
    });
    expect(await countTitled(title)).toBe(0);
  });

  it('refuses malformed input', async () => {
    const editor = await as('editor1');
    for (const bad of [
      {},
      { title: 5 },
      { title: 'x', status: 'publish' },
      { title: 'x', type: 'POST' },
      { title: 'x', meta: {} },
    ]) {
      const outcome = await run(editor, 'wp_create_draft', bad);
      expect(['invalid', 'refused']).toContain(outcome.stage);
    }
  });

  it('gives card data for a create: type label, title and the new values', async () => {
    const card = await tool('wp_create_draft').card!((await as('author1')).ctx, {
      type: 'post',
      status: 'draft',
      title: 'Card',
      featured_media: seed.media.image,
    });
    expect(card).toEqual({
      entity: { typeLabel: 'Post', title: 'Card' },
      lands: 'draft',
      fields: [
        { key: 'title', label: 'Title', format: 'text', current: { raw: '' }, proposed: 'Card' },
        {
          key: 'featured_media',
          label: 'Featured image',
          format: 'number',
          current: { raw: '' },
          proposed: seed.media.image,
        },
      ],
    });
  });
});
