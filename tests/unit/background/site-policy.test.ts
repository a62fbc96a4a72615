import { describe, expect, it } from 'vitest';
import { SitePolicyService, SitePolicyStaleError } from '../../../src/background/site-policy';
import { MirrorError } from '../../../src/background/mirror/errors';
import { PluginHttpError, type PluginClient } from '../../../src/background/mirror/plugin-client';
import { failureOf } from '../../../src/background/mirror/plugin-errors';

const target = { siteRoot: 'http://127.0.0.1:8930/wp-json/', userId: '2' };
const answer = (version: number, policy: unknown, canEdit = false) => ({
  version,
  policy,
  updatedAt: 1,
  updatedBy: { userId: '1', displayName: 'Admin' },
  canEdit,
});

/** A fake plugin: a scripted answer per GET, and a version that PUT checks. */
function site(options: { plugin?: boolean | 'unknown' } = {}) {
  const state = {
    plugin: options.plugin ?? true,
    gets: 0,
    next: [] as (unknown | Error)[],
    version: 1,
    policy: {} as unknown,
  };
  const client = {
    presence: async () =>
      state.plugin === 'unknown' ? 'unknown' : state.plugin ? 'present' : 'absent',
    json: async (method: string, _path: string, _schema: unknown, init?: { body?: unknown }) => {
      if (method === 'GET') {
        state.gets += 1;
        const next = state.next.shift() ?? answer(state.version, state.policy);
        if (next instanceof Error) throw next;
        return next;
      }
      const body = init?.body as { replaces: number; policy: unknown };
      if (body.replaces !== state.version) {
        throw new PluginHttpError('refused', 'stale', 409, {
          code: 'countersign_policy_stale',
          message: 'stale',
        });
      }
      state.version += 1;
      state.policy = body.policy;
      return answer(state.version, state.policy, true);
    },
  } as unknown as PluginClient;
  return { state, client };
}

/**
 * A site allowing drafts, a service that will have read it once, and a fresh service that
 * never did: what a failed read leaves with a reading and without one.
 */
function readOnceThenFresh() {
  const clock = { now: 0 };
  const { state, client } = site();
  state.policy = { wp_create_draft: { mode: 'allow' } };
  const service = new SitePolicyService(
    async () => client,
    () => [],
    () => clock.now,
  );
  const fresh = new SitePolicyService(
    async () => client,
    () => [],
    () => clock.now,
  );
  return { state, service, fresh, clock };
}

describe('G11: the site policy service', () => {
  it("a site without the plugin has no site layer (today's behaviour)", async () => {
    const { client } = site({ plugin: false });
    const service = new SitePolicyService(
      async () => client,
      () => [],
    );
    expect((await service.read(target)).status).toBe('none');
  });

  it('G15: a site whose REST index refuses to say has unknown rules: every call with a side effect waits', async () => {
    const { client } = site({ plugin: 'unknown' });
    const service = new SitePolicyService(
      async () => client,
      () => [],
    );
    const reading = await service.read(target);
    expect(reading.status).toBe('invalid');
    expect(reading.layer).toEqual({ policy: {}, failed: { '*': 'ask' }, approvalsUnknown: true });
    expect(reading.problems[0]).toMatch(/refused to say whether it runs the Countersign plugin/);
  });

  it('reads once per minute; a stale reading is read again before the next operation', async () => {
    let now = 1_000;
    const { state, client } = site();
    const service = new SitePolicyService(
      async () => client,
      () => [],
      () => now,
    );
    await service.read(target);
    now += 59_000;
    await service.read(target);
    expect(state.gets).toBe(1);
    state.policy = { wp_create_draft: { mode: 'allow' } };
    now += 2_000;
    expect((await service.read(target)).layer.policy).toEqual({
      wp_create_draft: { mode: 'allow' },
    });
    expect(state.gets).toBe(2);
  });

  it('a network failure keeps the last reading; with none, every call asks', async () => {
    const { state, service, fresh, clock } = readOnceThenFresh();
    await service.read(target);
    clock.now = 120_000;
    state.next.push(new MirrorError('network', 'down'), new MirrorError('network', 'down'));
    expect((await service.read(target)).layer.policy).toEqual({
      wp_create_draft: { mode: 'allow' },
    });
    const none = await fresh.read(target);
    expect(none.layer.failed).toEqual({ '*': 'ask' });
    expect(none.problems[0]).toMatch(/could not be reached/);
  });

  it('S5: a nonce refused even fresh is the session going stale: the last reading holds, and with none the words say to reload', async () => {
    const { state, service, fresh, clock } = readOnceThenFresh();
    const refusal = (code: string) =>
      failureOf(
        new Response(null, { status: 403 }),
        { code, message: 'Cookie check failed', data: { status: 403 } },
        clock.now,
      );
    await service.read(target);
    clock.now = 120_000;
    state.next.push(refusal('rest_cookie_invalid_nonce'), refusal('rest_cookie_invalid_nonce'));
    const kept = await service.read(target);
    expect(kept.status).toBe('ok');
    expect(kept.layer.policy).toEqual({ wp_create_draft: { mode: 'allow' } });
    const none = await fresh.read(target);
    expect(none.layer.failed).toEqual({ '*': 'ask' });
    expect(none.problems[0]).toMatch(/reload the WordPress admin tab/);
    // Any other refusal is about the person: it fails closed and says so.
    clock.now = 240_000;
    state.next.push(refusal('rest_forbidden'));
    const refused = await service.read(target);
    expect(refused.layer.failed).toEqual({ '*': 'ask' });
    expect(refused.problems[0]).toMatch(/your account may not read them/);
  });

  it('a policy that stops validating fails closed at the next read, even after a good one', async () => {
    let now = 0;
    const { state, client } = site();
    const service = new SitePolicyService(
      async () => client,
      () => [],
      () => now,
    );
    await service.read(target);
    state.next.push(answer(2, null));
    now = 61_000;
    expect((await service.read(target)).layer.failed).toEqual({ '*': 'ask' });
  });

  it('a write names the version it replaces; a stale one is refused with the rules as they are now', async () => {
    const { state, client } = site();
    const service = new SitePolicyService(
      async () => client,
      () => [],
    );
    const saved = await service.write(target, 1, { wp_list_media: { mode: 'ask' } });
    expect(saved.version).toBe(2);
    expect(state.policy).toEqual({ wp_list_media: { mode: 'ask' } });
    const stale = await service.write(target, 1, {}).catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(SitePolicyStaleError);
    expect((stale as SitePolicyStaleError).current.layer.policy).toEqual({
      wp_list_media: { mode: 'ask' },
    });
    expect(state.policy).toEqual({ wp_list_media: { mode: 'ask' } });
  });
});
