import { describe, expect, it, vi } from 'vitest';
import { WORDPRESS_TOOLS } from '../../../src/cms/wordpress/tools';
import type { AnyTool } from '../../../src/tools/tool';
import { awaiting, decisionFor, newThread } from './support/flow';
import { RecordedSite, WP_ADMIN } from './support/recorded-site';
import draft from '../../../scripts/bench/fixtures/post-draft-edit.json';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World, type WorldOptions } from './support/world';

const drafts = { '==': [{ var: 'facts.entity.status' }, 'draft'] };

/** The real WordPress tools over the recorded site, run by the real run loop. */
function wordpressWorld(site: RecordedSite, options: WorldOptions = {}) {
  const world = new World({
    tools: () => [...WORDPRESS_TOOLS],
    sessionUser: WP_ADMIN,
    cmsSession: site.session(),
    ...options,
  });
  return { world, worker: world.worker() };
}

/** The model asks for one title change of the site's post, then closes its turn. */
function asksTitle(world: World, site: RecordedSite, title: string) {
  const call = toolUse('wp_update_post', { type: 'post', id: site.postId, title });
  world.model.script.push(reply(call), reply(text('Done.')));
}

/** The real tools; `readsBeforeWrite` notes how often the entry was read when a write began. */
function writeProbe(site: RecordedSite) {
  const probe = {
    readsBeforeWrite: -1,
    tools: () =>
      WORDPRESS_TOOLS.map((tool): AnyTool =>
        tool.name === 'wp_update_post'
          ? {
              ...tool,
              execute: (ctx, input, target) => {
                probe.readsBeforeWrite = site.postReads();
                return tool.execute(ctx, input, target);
              },
            }
          : tool,
      ),
  };
  return probe;
}

describe('one read of the entry per gate pass (issue 15 item 6, G5, G13)', () => {
  it('a refused call reads its entry once: facts() and access() share the read', async () => {
    const site = new RecordedSite();
    const { world, worker } = wordpressWorld(site, {
      admin: { wp_update_post: { mode: 'deny' } },
    });
    const threadId = await newThread(worker);
    asksTitle(world, site, 'New title');
    await worker.runs.send(threadId, 'Rename it.', OWNER);
    // access() ran (it comes before the policy's deny) on the read facts() used.
    expect(await world.records(threadId)).toMatchObject([
      { status: 'refused', error: { code: 'policy-deny' } },
    ]);
    expect(site.postReads()).toBe(1);
  });

  it('an auto-approved call reads its entry once: the write uses that read (issue 35)', async () => {
    const site = new RecordedSite();
    const probe = writeProbe(site);
    const { world, worker } = wordpressWorld(site, {
      admin: { wp_update_post: { mode: 'allow' } },
      tools: probe.tools,
    });
    const threadId = await newThread(worker);
    asksTitle(world, site, 'New title');
    await worker.runs.send(threadId, 'Rename it.', OWNER);
    expect(await world.records(threadId)).toMatchObject([{ status: 'run', mode: 'allow' }]);
    expect(site.writes).toEqual([{ title: 'New title' }]);
    expect(probe.readsBeforeWrite).toBe(1);
    expect(site.postReads()).toBe(1);
  });

  it('a rename is carded from one read, and approving reads once more and writes once (issue 35 item 2)', async () => {
    const site = new RecordedSite();
    const { world, worker } = wordpressWorld(site);
    const threadId = await newThread(worker);
    asksTitle(world, site, 'Mine');
    const card = awaiting(await worker.runs.send(threadId, 'Rename it.', OWNER));
    // The preview and the card's data come from the gate pass's read, kept with the call.
    expect(site.postReads()).toBe(1);
    expect(card.preview?.lines.join('\n')).toContain('Mine');
    expect(card.preview?.card).toMatchObject({
      entity: { ref: { type: 'post', id: site.postId } },
      fields: [{ key: 'title', current: { raw: draft.body.title.raw }, proposed: 'Mine' }],
    });
    await worker.runs.decide(threadId, decisionFor(card));
    expect(site.writes).toEqual([{ title: 'Mine' }]);
    expect(site.postReads()).toBe(2);
  });

  it('G10 judges the same read: an account without unfiltered_html adds no read', async () => {
    const site = new RecordedSite();
    const probe = writeProbe(site);
    const { unfiltered_html: _dropped, ...capabilities } = WP_ADMIN.capabilities;
    const { world, worker } = wordpressWorld(site, {
      admin: { wp_update_post: { mode: 'allow' } },
      tools: probe.tools,
      sessionUser: { ...WP_ADMIN, capabilities },
    });
    const threadId = await newThread(worker);
    const ref = { type: 'post', id: site.postId };
    const boxed = toolUse('wp_update_post', { ...ref, title: '<div>Boxed</div>' });
    const plain = toolUse('wp_update_post', { ...ref, title: 'Plain' });
    world.model.script.push(reply(boxed, plain), reply(text('Done.')));
    await worker.runs.send(threadId, 'Rename it.', OWNER);
    // The first call's markup is refused by G10 (on the pass's read), the second runs.
    expect(await world.records(threadId)).toMatchObject([
      { status: 'refused', error: { code: 'format' } },
      { status: 'run' },
    ]);
    expect(site.writes).toEqual([{ title: 'Plain' }]);
    expect(probe.readsBeforeWrite).toBe(2);
  });

  it('the next pass reads again: a rule that approved the draft asks once it is published', async () => {
    const site = new RecordedSite();
    const { world, worker } = wordpressWorld(site, {
      admin: { wp_update_post: { mode: 'ask', rule: drafts } },
    });
    const threadId = await newThread(worker);
    asksTitle(world, site, 'While a draft');
    expect((await worker.runs.send(threadId, 'Rename it.', OWNER)).kind).toBe('final');
    expect(site.writes).toHaveLength(1);

    site.editElsewhere({ status: 'publish' });
    asksTitle(world, site, 'Now live');
    const card = awaiting(await worker.runs.send(threadId, 'Once more.', OWNER));
    expect(card.input).toMatchObject({ title: 'Now live' });
    expect(site.writes).toHaveLength(1);
  });

  it('a call waiting behind the card is previewed from one read; its card data waits until it is offered', async () => {
    const site = new RecordedSite();
    const { world, worker } = wordpressWorld(site);
    const threadId = await newThread(worker);
    const ref = { type: 'post', id: site.postId };
    const first = toolUse('wp_update_post', { ...ref, title: 'First' });
    const second = toolUse('wp_update_post', { ...ref, excerpt: 'Second' });
    world.model.script.push(reply(first, second), reply(text('Done.')));
    const card = awaiting(await worker.runs.send(threadId, 'Rename it.', OWNER));
    expect(card.preview?.card).toBeDefined();
    const later = card.batch[0] ?? card.waiting[0];
    expect(later?.preview?.lines.join('\n')).toContain('Second');
    expect(later?.preview).not.toHaveProperty('card');
    // The pending call's pass, the later call's own gate pass (shown beside it), its preview.
    expect(site.postReads()).toBe(3);
  });

  it('approving reads again: a change since the card refreshes it and writes nothing (G13)', async () => {
    const site = new RecordedSite();
    const { world, worker } = wordpressWorld(site);
    const threadId = await newThread(worker);
    asksTitle(world, site, 'Mine');
    const card = awaiting(await worker.runs.send(threadId, 'Rename it.', OWNER));

    site.editElsewhere({ title: { raw: 'Theirs', rendered: 'Theirs' } });
    const out = await worker.runs.decide(threadId, decisionFor(card));
    expect(out.decision.kind).toBe('target-changed');
    expect(site.writes).toEqual([]);

    if (out.decision.kind !== 'target-changed') return;
    // The refreshed card is built from the approve pass's read: it shows their title.
    expect(out.decision.approval.preview?.card?.fields).toMatchObject([
      { key: 'title', current: { raw: 'Theirs' }, proposed: 'Mine' },
    ]);
    await worker.runs.decide(threadId, decisionFor(out.decision.approval));
    expect(site.writes).toEqual([{ title: 'Mine' }]);
  });
});

describe('the open editors asked beside the approve pass, not before it (issue 35, E1-E3)', () => {
  it("the entry is read while the editors' answer is awaited; the write waits for it", async () => {
    const site = new RecordedSite();
    const { world, worker } = wordpressWorld(site);
    const threadId = await newThread(worker);
    asksTitle(world, site, 'Mine');
    const card = awaiting(await worker.runs.send(threadId, 'Rename it.', OWNER));
    let answer!: (held: string | null) => void;
    const editorHold = new Promise<string | null>((resolve) => (answer = resolve));
    const deciding = worker.runs.decide(threadId, decisionFor(card, { editorHold }));
    // G13's read of the entry goes out before the editors have answered.
    await vi.waitFor(() => expect(site.postReads()).toBe(2));
    expect(site.writes).toEqual([]);
    answer(null);
    expect((await deciding).decision).toMatchObject({ kind: 'decided', approved: true });
    expect(site.writes).toEqual([{ title: 'Mine' }]);
  });

  it('an approval the editors hold back changes nothing: the card still waits, nothing is written', async () => {
    const site = new RecordedSite();
    const { world, worker } = wordpressWorld(site);
    const threadId = await newThread(worker);
    asksTitle(world, site, 'Mine');
    const card = awaiting(await worker.runs.send(threadId, 'Rename it.', OWNER));
    const before = await worker.runs.state(threadId);
    const held = await worker.runs.decide(
      threadId,
      decisionFor(card, { editorHold: Promise.resolve('Title has unsaved edits.') }),
    );
    expect(held.decision).toMatchObject({
      kind: 'held',
      reason: 'Title has unsaved edits.',
      approval: { recordId: card.recordId, payloadHash: card.payloadHash },
    });
    expect(site.writes).toEqual([]);
    expect(await world.records(threadId)).toMatchObject([{ status: 'pending' }]);
    expect((await worker.runs.state(threadId)).revision).toBe(before.revision);
    // The person approves again once the editor is saved: it runs once.
    await worker.runs.decide(threadId, decisionFor(card, { editorHold: Promise.resolve(null) }));
    expect(site.writes).toEqual([{ title: 'Mine' }]);
  });
});
