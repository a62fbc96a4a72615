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
import type { ThreadView } from '../../../src/shared/thread-protocol';

// Issue 36's figures: scripted editorial tasks through the real panel and worker, each done
// twice in the same run: today's one card per call (a decision per call) and the turn decided
// at once (one decision). For each: decisions (each one click in the panel) and the time from
// the first card to the last write seen on WordPress. Figures go to
// test-results/bench/editorial.json; nothing here asserts a time.
const OUT = join(REPO_ROOT, 'test-results/bench/editorial.json');

interface Task {
  name: string;
  /** The calls of the one reply; `check` is what WordPress shows once the call ran. */
  calls: {
    tool: string;
    input: Record<string, unknown>;
    post: number;
    check: (p: Post) => boolean;
  }[];
}
interface Post {
  title: string;
  excerpt: string;
  status: string;
}

function readPost(page: Page, id: number): Promise<Post> {
  return readRestPost(page, id);
}

function createPost(page: Page, title: string, status: 'publish' | 'draft'): Promise<number> {
  return createRestPost(page, { title, status, excerpt: 'Old.' });
}

async function tasks(page: Page, stamp: string): Promise<Task[]> {
  const retitle: Task['calls'] = [];
  for (let i = 0; i < 10; i += 1) {
    const post = await createPost(page, `Bench ${stamp} post ${i}`, 'publish');
    const title = `Bench ${stamp} better title ${i}`;
    retitle.push({
      tool: 'wp_update_post',
      input: { type: 'post', id: post, title },
      post,
      check: (p) => p.title === title,
    });
  }
  const excerpts: Task['calls'] = [];
  for (let i = 0; i < 5; i += 1) {
    const post = await createPost(page, `Bench ${stamp} excerpt ${i}`, 'publish');
    const excerpt = `Bench ${stamp} tighter excerpt ${i}.`;
    excerpts.push({
      tool: 'wp_update_post',
      input: { type: 'post', id: post, excerpt },
      post,
      check: (p) => p.excerpt === excerpt,
    });
  }
  for (let i = 0; i < 2; i += 1) {
    const post = await createPost(page, `Bench ${stamp} draft ${i}`, 'draft');
    excerpts.push({
      tool: 'wp_set_status',
      input: { type: 'post', id: post, status: 'publish' },
      post,
      check: (p) => p.status === 'publish',
    });
  }
  return [
    { name: 'retitle 10 posts', calls: retitle },
    { name: 'rewrite 5 excerpts and publish 2', calls: excerpts },
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
  try {
    await useModel(serviceWorker, model.url);
    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('editor1');
    await admin.open('edit.php');
    for (const path of ['one card per call', 'turn at once'] as const) {
      for (const task of await tasks(admin.page, `${Date.now()}`)) {
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
        const done = async () => {
          const posts = await Promise.all(task.calls.map((c) => readPost(admin.page, c.post)));
          return task.calls.every((c, i) => c.check(posts[i]!));
        };
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
