// The Abilities API of the real site (issue 34 item 2): discovery with the person's session,
// the method each kind demands, the site's refusal recorded as refused (A4), input checked
// before it leaves (T5, G5) and output read as data. WordPress 6.9+ (the 7.1 stack runs
// scripts/wp-stack/abilities-test-plugin.php); on 6.1 and 6.8 there are simply none.
import { describe, expect, it } from 'vitest';
import { discoverAbilities, loadCatalog } from '../../../src/cms/wordpress/abilities/discover';
import { runAbility } from '../../../src/cms/wordpress/abilities/run';
import { schemaProblems } from '../../../src/cms/wordpress/abilities/json-schema';
import { CmsHttpError } from '../../../src/cms/http-error';
import { as, makePost, seed, stored } from './support';

const [major = 0, minor = 0] = seed.wpVersion.split('.').map(Number);
const hasAbilities = major > 6 || (major === 6 && minor >= 9);

async function abilityOf(key: 'admin' | 'editor1', name: string) {
  const catalog = await discoverAbilities((await as(key)).session);
  const found = catalog.abilities.find((a) => a.name === name);
  if (!found) throw new Error(`no ability ${name} for ${key}`);
  return found;
}

describe.runIf(!hasAbilities)(`WordPress ${seed.wpVersion} without the Abilities API`, () => {
  it('answers "no abilities", without an error', async () => {
    const catalog = await discoverAbilities((await as('editor1')).session);
    expect(catalog).toEqual({ abilities: [], categories: [], skipped: [] });
  });
});

describe.runIf(hasAbilities)(`the Abilities API of WordPress ${seed.wpVersion}`, () => {
  it('discovers every ability the person may see, classified from its annotations', async () => {
    const catalog = await discoverAbilities((await as('editor1')).session);
    const byName = Object.fromEntries(catalog.abilities.map((a) => [a.name, a]));
    expect(byName['core/get-site-info']?.cls).toBe('read');
    expect(byName['countersign-test/recent-titles']?.cls).toBe('read');
    expect(byName['countersign-test/add-post-note']?.cls).toBe('write');
    expect(byName['countersign-test/trash-post']?.cls).toBe('destructive');
    expect(byName['countersign-test/set-excerpt']?.cls).toBe('unclassified');
    expect(byName['countersign-test/hidden']).toBeUndefined();
    expect(byName['countersign-test/add-post-note']?.toolName).toBe(
      'ab_countersign-test_add-post-note',
    );
    expect(catalog.skipped).toEqual([]);
    expect(catalog.categories.map((c) => c.slug)).toContain('countersign-test');
    // The schema keeps the titles and descriptions a card shows.
    const postId = (byName['countersign-test/trash-post']?.inputSchema?.properties as never)?.[
      'post_id'
    ];
    expect(postId).toMatchObject({ title: 'Post', description: 'The post this ability acts on.' });
  });

  it('reads every page: a small page size finds the same abilities', async () => {
    const session = (await as('admin')).session;
    const paged = await loadCatalog(session, 2);
    const whole = await loadCatalog(session);
    expect(paged.abilities.length).toBeGreaterThanOrEqual(7);
    expect(paged.abilities.map((a) => a.name)).toEqual(whole.abilities.map((a) => a.name));
  });

  it('runs a read-only ability by GET, its input in the query', async () => {
    const actor = await as('editor1');
    const ability = await abilityOf('editor1', 'countersign-test/recent-titles');
    const run = await runAbility(actor.session, ability, { count: 2 });
    expect(run.status).toBe('done');
    if (run.status !== 'done') return;
    expect(run.outputProblems).toEqual([]);
    expect((run.output as unknown[]).length).toBe(2);
  });

  it('runs an additive ability by POST, and a destructive idempotent one by DELETE', async () => {
    const admin = await as('admin');
    const post = await makePost('admin');
    const note = await abilityOf('admin', 'countersign-test/add-post-note');
    const noted = await runAbility(admin.session, note, { post_id: post.id, note: 'hi' });
    expect(noted).toMatchObject({ status: 'done', output: { notes: 1 }, outputProblems: [] });
    const trash = await abilityOf('admin', 'countersign-test/trash-post');
    const trashed = await runAbility(admin.session, trash, { post_id: post.id });
    expect(trashed).toMatchObject({ status: 'done', output: { status: 'trash' } });
    expect((await stored(post.id)).status).toBe('trash');
  });

  it('records the site’s refusal as refused, and nothing is written (A4)', async () => {
    const editor = await as('editor1');
    const post = await makePost('editor1');
    const trash = await abilityOf('editor1', 'countersign-test/trash-post');
    const run = await runAbility(editor.session, trash, { post_id: post.id });
    expect(run).toMatchObject({ status: 'refused', code: 'rest_ability_cannot_execute' });
    expect((await stored(post.id)).status).toBe('draft');
  });

  it('runs an ability without annotations by POST', async () => {
    const editor = await as('editor1');
    const post = await makePost('editor1');
    const excerpt = await abilityOf('editor1', 'countersign-test/set-excerpt');
    const run = await runAbility(editor.session, excerpt, { post_id: post.id, excerpt: 'Short.' });
    expect(run.status).toBe('done');
    expect((await stored(post.id)).excerpt.raw).toBe('Short.');
  });

  it('checks input against the schema before anything is sent', async () => {
    const note = await abilityOf('editor1', 'countersign-test/add-post-note');
    expect(schemaProblems(note.input, { post_id: 'five', note: '' })).toEqual([
      expect.stringMatching(/^post_id: /),
      expect.stringMatching(/^note: /),
    ]);
    // And the site agrees: what fails here fails there too (400, nothing written).
    const editor = await as('editor1');
    const post = await makePost('editor1');
    await expect(
      runAbility(editor.session, note, { post_id: post.id, note: 'x'.repeat(201) }),
    ).rejects.toMatchObject({ kind: 'invalid', status: 400 });
  });

  it('reads output that breaks its own schema as a failure, never as trusted text', async () => {
    const editor = await as('editor1');
    const broken = await abilityOf('editor1', 'countersign-test/broken-output');
    // WordPress checks output itself and answers with an error; where a site does not (a
    // filter), the extension's own check names the field beside the data.
    const error = await runAbility(editor.session, broken, undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CmsHttpError);
    expect((error as CmsHttpError).cmsCode).toBe('ability_invalid_output');
    expect(schemaProblems(broken.output, { greeting: 42 })[0]).toMatch(/^greeting: /);
  });
});
