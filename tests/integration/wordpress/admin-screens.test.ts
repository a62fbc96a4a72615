// E1 on the real admin screens of the stack's WordPress (6.1, 6.8 or 7.1, COUNTERSIGN_WP_VERSION):
// Debian's Chromium loads each screen signed in as the administrator; the page readers' own code
// (the MAIN-world globals reader with its wait for the block editor, and the DOM facts) runs
// in the page as the content scripts run it; the background's `readWordPressContext` reads
// the result. Every screen must give a sound context, the editors their post.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { readPageGlobals, whenEditorReady } from '../../../src/cms/wordpress/page-globals';
import { readDomFacts } from '../../../src/cms/wordpress/collect-context';
import { readWordPressContext, type ContextReading } from '../../../src/cms/wordpress/read-context';

const seed = inject('wpSeed');
const site = seed.origins.primary.url;
const { posts } = seed;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
  page = await browser.newPage();
  await page.goto(`${site}/wp-login.php`);
  await page.fill('#user_login', 'admin');
  await page.fill('#user_pass', seed.users.admin.password);
  await Promise.all([page.waitForURL(/\/wp-admin\//), page.click('#wp-submit')]);
}, 60_000);
afterAll(async () => browser?.close());

/**
 * Opens a screen and reads it as the content scripts do, as soon as the page is interactive
 * (before the editor has necessarily set up its post): every answer of the MAIN reader (the
 * first one, then the one when the editor is ready or the wait is over) and the DOM facts.
 */
async function readScreen(path: string, editorWaitMs = 8000) {
  await page.goto(`${site}/wp-admin/${path}`, { waitUntil: 'domcontentloaded' });
  const { answers, dom } = (await page.evaluate(
    `(async () => {
      const readPageGlobals = (${readPageGlobals.toString()});
      const whenEditorReady = (${whenEditorReady.toString()});
      const readDomFacts = (${readDomFacts.toString()});
      const answers = [readPageGlobals(window)];
      await new Promise((done) => {
        const waits = whenEditorReady(window, (waited) => {
          answers.push(readPageGlobals(window, waited));
          done();
        }, ${editorWaitMs});
        // Not an editor still loading: whenEditorReady answers nothing, as in the page.
        if (!waits) done();
      });
      return { answers, dom: readDomFacts(window) };
    })()`,
  )) as { answers: unknown[]; dom: Parameters<typeof readWordPressContext>[1] };
  return answers.map((globals) => readWordPressContext(globals, dom));
}

function sound(reading: ContextReading | undefined) {
  if (!reading?.ok)
    throw new Error(`not trusted: ${reading && !reading.ok ? reading.reason : 'no reading'}`);
  return reading;
}

/** Each screen as the page context names it: WordPress's own id, what it shows, its name. */
const SCREENS = [
  {
    name: 'dashboard',
    path: 'index.php',
    screen: { id: 'dashboard', view: 'other', contentType: '', named: 'dashboard' },
  },
  {
    name: 'posts list',
    path: 'edit.php',
    screen: { id: 'edit-post', view: 'list', contentType: 'post' },
  },
  {
    name: 'pages list',
    path: 'edit.php?post_type=page',
    screen: { id: 'edit-page', view: 'list', contentType: 'page' },
  },
  {
    name: 'settings',
    path: 'options-general.php',
    screen: { id: 'options-general', view: 'other', named: 'settings-general' },
  },
  { name: 'media', path: 'upload.php', screen: { id: 'upload', view: 'other', named: 'media' } },
  {
    name: 'comments',
    path: 'edit-comments.php',
    screen: { id: 'edit-comments', view: 'other', named: 'comments' },
  },
];

describe(`E1: the context of every admin screen of WordPress ${seed.wpVersion}`, () => {
  it.each(SCREENS)('$name: a sound context with no entity and no editor', async (screen) => {
    const readings = await readScreen(screen.path);
    expect(readings).toHaveLength(1);
    const { context, waitingForEditor } = sound(readings[0]);
    expect(context.screen).toMatchObject(screen.screen);
    expect(context.editor).toBe('none');
    expect(context.entity).toBeUndefined();
    expect(context.userId).toBe(seed.users.admin.id);
    // G10 picks the safe-CSS rules of this version.
    expect(context.wpVersion).toBe(seed.wpVersion);
    expect(context.restRoot.startsWith(site)).toBe(true);
    expect(waitingForEditor).toBeUndefined();
  });

  it.each([
    {
      name: 'existing post',
      path: `post.php?post=${posts.published}&action=edit`,
      id: posts.published,
      type: 'post',
    },
    { name: 'page', path: `post.php?post=${posts.page}&action=edit`, id: posts.page, type: 'page' },
  ])('block editor, $name: the editor post, the address agrees', async ({ path, id, type }) => {
    const readings = (await readScreen(path)).map(sound);
    const last = readings.at(-1)!;
    expect(last.context.editor).toBe('block');
    expect(last.context.entity).toEqual({ id, type });
    expect(last.waitingForEditor).toBeUndefined();
    // Whatever the first read saw (still loading or not), it already named the same post.
    expect(readings[0]!.context.entity).toEqual({ id, type });
  });

  it('block editor, new post: the auto-draft the page gives (#post_ID)', async () => {
    const readings = (await readScreen('post-new.php')).map(sound);
    const last = readings.at(-1)!;
    expect(last.context.screen).toMatchObject({ id: 'post', view: 'editor', contentType: 'post' });
    expect(last.context.editor).toBe('block');
    expect(last.context.entity?.type).toBe('post');
    const postId = await page.inputValue('input#post_ID');
    expect(last.context.entity?.id).toBe(Number(postId));
    expect(readings[0]!.context.entity?.id).toBe(Number(postId));
  });

  it('classic editor (the seeded classic post): the post from the address, no editor store', async () => {
    const readings = (await readScreen(`post.php?post=${posts.classic}&action=edit`)).map(sound);
    expect(readings).toHaveLength(1);
    expect(readings[0]!.context.editor).toBe('classic');
    expect(readings[0]!.context.entity).toEqual({ id: posts.classic, type: 'post' });
    expect(readings[0]!.waitingForEditor).toBeUndefined();
  });

  it('a block editor that starts late: first "waiting for the editor" with the post of the address, then the editor post', async () => {
    const id = posts.published;
    const readings = (
      await readScreen(`post.php?post=${id}&action=edit&countersign_slow_editor=2500`)
    ).map(sound);
    expect(readings).toHaveLength(2);
    expect(readings[0]!.waitingForEditor).toBe(true);
    expect(readings[0]!.context.entity).toEqual({ id, type: 'post' });
    expect(readings[1]!.waitingForEditor).toBeUndefined();
    expect(readings[1]!.context.entity).toEqual({ id, type: 'post' });
  });

  it('an editor that never gets ready within the wait: the post of the address, waiting over', async () => {
    const id = posts.published;
    const readings = (
      await readScreen(`post.php?post=${id}&action=edit&countersign_slow_editor=20000`, 1500)
    ).map(sound);
    expect(readings).toHaveLength(2);
    expect(readings[0]!.waitingForEditor).toBe(true);
    expect(readings[1]!.waitingForEditor).toBeUndefined();
    expect(readings[1]!.context.entity).toEqual({ id, type: 'post' });
  });
});
