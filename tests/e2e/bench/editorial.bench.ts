import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { WpAdmin } from '../pages/wp-admin';
import { openThread, useModel } from '../support/agent-setup';
import { createRestPost, readRestPost } from '../support/rest-posts';
import { REPO_ROOT } from '../../support/wp-env';
import { block, startModelServer, turn } from '../../support/model-server';
import type { ThreadView } from '../../../src/shared/protocols/thread-protocol';

// Issue 36's figures: scripted editorial tasks through the real panel and worker, each done
// twice in the same run: today's one card per call (a decision per call) and the turn decided
// at once (one decision). For each: decisions (each one click in the panel) and the time from
// the first card to the last write seen on WordPress. Figures go to
// test-results/bench/editorial.json; nothing here asserts a time.
const OUT = join(REPO_ROOT, 'test-results/bench/editorial.json');

interface Task {
  name: string;
  /** The calls of the one reply; `landed` reads WordPress: did the call's change arrive? */
  calls: {
    tool: string;
    input: Record<string, unknown>;
    landed: (page: Page) => Promise<boolean>;
  }[];
}
type Settings = Record<string, unknown>;

/** The site's settings as the signed-in administrator reads (or, with `change`, writes) them. */
function settings(page: Page, change?: Settings): Promise<Settings> {
  return page.evaluate(async (body) => {
    const nonce = await fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) => r.text());
    return fetch('/wp-json/wp/v2/settings', {
      method: body ? 'POST' : 'GET',
      headers: { 'X-WP-Nonce': nonce, 'Content-Type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    }).then((r) => r.json());
  }, change);
}

/** The three settings the "change 3 settings" task sets, put back once the bench is done. */
const SETTING_KEYS = ['description', 'date_format', 'posts_per_page'] as const;

function createPost(page: Page, title: string, status: 'publish' | 'draft'): Promise<number> {
  return createRestPost(page, { title, status, excerpt: 'Old.' });
}

async function tasks(page: Page, stamp: string, round: number): Promise<Task[]> {
  const post =
    (id: number, check: (p: { title: string; excerpt: string; status: string }) => boolean) =>
    async (on: Page) =>
      check(await readRestPost(on, id));
  const retitle: Task['calls'] = [];
  for (let i = 0; i < 10; i += 1) {
    const id = await createPost(page, `Bench ${stamp} post ${i}`, 'publish');
    const title = `Bench ${stamp} better title ${i}`;
    retitle.push({
      tool: 'wp_update_post',
      input: { type: 'post', id, title },
      landed: post(id, (p) => p.title === title),
    });
  }
  const excerpts: Task['calls'] = [];
  for (let i = 0; i < 5; i += 1) {
    const id = await createPost(page, `Bench ${stamp} excerpt ${i}`, 'publish');
    const excerpt = `Bench ${stamp} tighter excerpt ${i}.`;
    excerpts.push({
      tool: 'wp_update_post',
      input: { type: 'post', id, excerpt },
      landed: post(id, (p) => p.excerpt === excerpt),
    });
  }
  for (let i = 0; i < 2; i += 1) {
    const id = await createPost(page, `Bench ${stamp} draft ${i}`, 'draft');
    excerpts.push({
      tool: 'wp_set_status',
      input: { type: 'post', id, status: 'publish' },
      landed: post(id, (p) => p.status === 'publish'),
    });
  }
  // Each round sets values the site does not hold yet, so each write is seen landing.
  const wanted: Settings = {
    description: `Bench ${stamp} tagline`,
    date_format: round === 0 ? 'Y-m-d' : 'j F Y',
    posts_per_page: 11 + round,
  };
  const settingCalls: Task['calls'] = SETTING_KEYS.map((key) => ({
    tool: 'wp_update_settings',
    input: { [key]: wanted[key] },
    landed: async (on) => (await settings(on))[key] === wanted[key],
  }));
  return [
    { name: 'retitle 10 posts', calls: retitle },
    { name: 'rewrite 5 excerpts and publish 2', calls: excerpts },
    { name: 'change 3 settings', calls: settingCalls },
  ];
}

test('editorial tasks: one card per call beside a turn decided at once (issue 36 bench)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  test.setTimeout(30 * 60_000);
  const model = await startModelServer();
  const results: Record<string, unknown>[] = [];
  let before: Settings | undefined;
  let page: Page | undefined;
  try {
    await useModel(serviceWorker, model.url);
    const admin = new WpAdmin(await context.newPage(), seed);
    // An administrator: the settings task needs manage_options (the posts' need less).
    await admin.login('admin', 'edit.php');
    before = await settings(admin.page);
    page = admin.page;
    for (const [round, path] of (['one card per call', 'turn at once'] as const).entries()) {
      for (const task of await tasks(admin.page, `${Date.now()}`, round)) {
        const id = (i: number) => `toolu_${path.length}_${i}_${Date.now()}`;
        const uses = task.calls.map((_, i) => id(i));
        model.setScript([
          turn.reply(task.calls.map((c, i) => block.toolUse(c.tool, c.input, uses[i]!))),
          turn.text('Done.', { match: { toolResultFor: uses.at(-1)! } }),
        ]);
        const { client, view } = await openThread(context, serviceWorker, extensionId, admin.page);
        await client.send({ type: 'message-send', threadId: view.threadId, text: task.name });
        let decisions = 0;
        let first = 0;
        const pending = (v: ThreadView) => v.pending !== null && !v.busy;
        const done = async () =>
          (await Promise.all(task.calls.map((c) => c.landed(admin.page)))).every(Boolean);
        while (!(await done())) {
          const now = await client.view(
            (v) => pending(v) || (!v.busy && v.pending === null),
            60_000,
          );
          if (now.pending === null) {
            await admin.page.waitForTimeout(50);
            continue;
          }
          const item = now.items.find(
            (i) => i.kind === 'approval' && i.card.recordId === now.pending && !i.decided,
          );
          if (item?.kind !== 'approval') throw new Error('no card for the pending call');
          first ||= Date.now();
          const batch =
            path === 'turn at once'
              ? (item.card.batch ?? []).map((m) => ({
                  recordId: m.recordId,
                  payloadHash: m.payloadHash,
                  targetModified: m.targetModified ?? null,
                  approve: true,
                }))
              : [];
          await client.send({
            type: 'decision',
            threadId: now.threadId,
            recordId: item.card.recordId,
            payloadHash: item.card.payloadHash,
            approve: true,
            ...(batch.length ? { batch } : {}),
          });
          decisions += 1;
          await client.view((v) => v.pending !== item.card.recordId || v.busy, 30_000);
        }
        const ms = Date.now() - first;
        results.push({
          task: task.name,
          path,
          calls: task.calls.length,
          decisions,
          firstCardToLastWriteMs: ms,
        });
        console.log(`${task.name}, ${path}: ${decisions} decisions, ${ms} ms`);
        await client.page.close();
      }
    }
  } finally {
    if (before && page) {
      const back = Object.fromEntries(SETTING_KEYS.map((key) => [key, before![key]]));
      await settings(page, back).catch(() => undefined);
    }
    await model.close();
  }
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(
    OUT,
    JSON.stringify(
      { results, machine: { cpus: cpus().length, loadavg: loadavg().map((l) => +l.toFixed(2)) } },
      null,
      2,
    ),
  );
});
