// A saved thread view of an older format opens; one this version cannot show is refused with
// a notice the person reads, and stays stored as it was (nothing overwrites it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SealedStore } from '../../../../src/store';
import type { ThreadPush } from '../../../../src/shared/protocols/thread-protocol';
import { startModelServer, type ModelServer } from '../../../support/model-server';
import { ServiceWorld, SITE_ORIGIN } from '../support/service-world';
import { viewFixture } from '../support/view-fixtures';

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(() => model.close());

const OWNER = { userId: '3', siteOrigin: SITE_ORIGIN, siteRoot: `${SITE_ORIGIN}/wp-json/` };

/** A world whose store holds `raw` as the view of its thread, listed for the tab's person. */
async function worldWith(raw: Record<string, unknown>) {
  const world = await ServiceWorld.create(model.url);
  await world.openTab(1);
  const threadId = raw.threadId as string;
  const sealed = new SealedStore(world.audit.db);
  await sealed.put(`thread-view:${threadId}`, raw);
  const entry = { threadId, title: raw.title, updatedAt: Date.now(), pending: false, owner: OWNER };
  await sealed.put('thread-index', { version: 2, threads: [entry] });
  const row = () => world.audit.db.sealed.get(`thread-view:${threadId}`);
  return { world, threadId, sealed, storedRow: await row(), row };
}

const errors = (pushes: ThreadPush[]) =>
  pushes.flatMap((p) => (p.type === 'error' ? [p.message] : []));

describe('a saved thread view of an older format, or one this version cannot show', () => {
  it('a v1 view (saved before views had a version) opens as it was, and is saved again in format 2', async () => {
    const raw = viewFixture('v1-decided');
    const { world, threadId, sealed } = await worldWith(raw);
    const panel = world.panel(world.worker());
    await panel.send({ type: 'thread-open', tabId: 1, threadId });
    expect(errors(panel.pushes)).toEqual([]);
    expect(panel.view()).toEqual(raw);
    await panel.send({ type: 'model-set', threadId, model: 'claude-sonnet-5-5' });
    expect(await sealed.get(`thread-view:${threadId}`)).toEqual({ ...raw, schemaVersion: 2 });
  });

  it.each([
    ['bad-future-version', /newer version of Countersign \(format 3; this version reads up to 2\)/],
    ['bad-malformed', /damaged at busy, items\[1\]\.kind/],
  ])(
    '%s: opening it says what is wrong, and its stored bytes stay as they were',
    async (name, said) => {
      const { world, threadId, storedRow, row } = await worldWith(viewFixture(name));
      const service = world.worker();
      await service.resumeInterrupted(); // a restart reads every listed thread
      const panel = world.panel(service);
      await panel.send({ type: 'thread-open', tabId: 1, threadId });
      expect(errors(panel.pushes)).toEqual([expect.stringMatching(said)]);
      expect(errors(panel.pushes)[0]).toMatch(/kept as it was/);
      expect(errors(panel.pushes)[0]).not.toMatch(/no longer exists/);

      // Opened without naming it (the latest): a new thread says why; the old one stays listed.
      const next = world.panel(service);
      await next.send({ type: 'thread-open', tabId: 1 });
      const view = next.view()!;
      expect(view.threadId).not.toBe(threadId);
      expect(view.items).toEqual([
        expect.objectContaining({ kind: 'notice', message: expect.stringMatching(said) }),
      ]);
      const list = next.pushes.flatMap((p) => (p.type === 'thread-list' ? [p.threads] : [])).at(-1);
      expect(list?.map((t) => t.threadId)).toContain(threadId);
      expect(await row()).toEqual(storedRow); // never rewritten
    },
  );
});
