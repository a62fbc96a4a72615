// Issue 33 item 6 (site side): who may fill the plugin's tables and how fast, the waiting list
// filtered in SQL, approvals that expire, approver capabilities nobody-or-anybody holds, and
// P7 withholding the entry's title from an approver who may not read it.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { login } from '../../support/wp-session';
import {
  api,
  batch,
  clearTables,
  count,
  php,
  record,
  seed,
  sql,
  userId,
  type ApiError,
} from './support';
import { decide, offer, requireSecondApprover, type Approval } from './approvals-support';

type List = { approvals: Approval[] };

// The limits come from the `countersign_rate_limits` filter; this test's mu-plugin sets it
// from an option, so each test chooses its own limits.
const MU = join(seed.dir, 'www/wp-content/mu-plugins/countersign-test-limits.php');

async function limits(value: Record<string, { max: number; window: number }> | null) {
  await php(
    value === null
      ? "delete_option('countersign_test_rate_limits');"
      : `update_option('countersign_test_rate_limits', json_decode('${JSON.stringify(value)}', true));`,
  );
  // Counters of earlier runs start from nothing.
  await sql("DELETE FROM wp_options WHERE option_name LIKE '%countersign_rl_%'");
}

beforeAll(() => {
  writeFileSync(
    MU,
    `<?php
add_filter('countersign_rate_limits', function ($limits) {
    $test = get_option('countersign_test_rate_limits');
    return is_array($test) ? array_merge($limits, $test) : $limits;
});
`,
  );
});

afterAll(async () => {
  await limits(null);
  rmSync(MU, { force: true });
});

beforeEach(async () => {
  await clearTables();
  await limits({
    records_batch: { max: 1000, window: 60 },
    approvals_offer: { max: 1000, window: 60 },
  });
  await api('admin', 'PUT', '/settings', { approvalExpiryMinutes: null });
  await requireSecondApprover({ tools: { wp_list_media: { capability: 'manage_options' } } });
});

describe('who may offer a call for approval', () => {
  it('only a person who may edit the entry it names; a subscriber’s or another author’s offer writes nothing', async () => {
    const post = seed.posts.editorPost;
    const sub = await offer('subscriber1', { entity: { type: 'post', id: post } });
    expect(sub.status).toBe(403);
    expect((sub.body as unknown as ApiError).code).toBe('countersign_approval_not_yours');
    expect((sub.body as unknown as ApiError).data.field).toBe('entity');
    const author = await offer('author1', { entity: { type: 'post', id: post } });
    expect(author.status).toBe(403);
    const settings = await offer('editor1', { entity: { type: 'settings', id: 0 } });
    expect(settings.status).toBe(403);
    const missing = await offer('editor1', { entity: { type: 'post', id: 999_999 } });
    expect(missing.status).toBe(403);
    expect(await count('approvals')).toBe(0);
    const own = await offer('author1', { entity: { type: 'post', id: seed.posts.draft } });
    expect(own.status).toBe(200);
    // A call that creates an entry (id 0) needs the right to write entries at all.
    const created = { entity: { type: 'post', id: 0 } };
    expect((await offer('subscriber1', created)).status).toBe(403);
    expect((await offer('contributor1', created)).status).toBe(200);
  });

  it('a signed-in user with no role on the site can neither send records nor offer calls', async () => {
    const name = `norole${Date.now().toString(36)}`;
    await php(
      `$id = wp_insert_user(array('user_login' => '${name}', 'user_pass' => '${name}-pass', 'role' => 'subscriber')); (new WP_User($id))->set_role('');`,
    );
    const s = await login(seed.origins.primary.url, name, `${name}-pass`);
    const before = await count('records');
    const res = await s.rest<ApiError>('POST', '/countersign/v1/records/batch', {
      records: [record('subscriber1')],
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('countersign_not_member');
    const o = await s.rest<ApiError>('GET', '/countersign/v1/approvals');
    expect(o.status).toBe(403);
    expect(await count('records')).toBe(before);
  });
});

describe('per-user rate limits answer 429 with Retry-After and write nothing', () => {
  it('record batches', async () => {
    await limits({ records_batch: { max: 3, window: 30 } });
    const before = await count('records');
    for (let i = 0; i < 3; i += 1)
      expect((await batch('author1', [record('author1')])).status).toBe(200);
    const res = await batch('author1', [record('author1')]);
    expect(res.status).toBe(429);
    expect((res.body as ApiError).code).toBe('countersign_rate_limited');
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(30);
    expect(await count('records')).toBe(before + 3);
    // Another person is not slowed by author1's flood.
    expect((await batch('editor1', [record('editor1')])).status).toBe(200);
  });

  it('approval offers', async () => {
    await limits({ approvals_offer: { max: 2, window: 30 } });
    const own = { entity: { type: 'post', id: seed.posts.draft } };
    expect((await offer('author1', own)).status).toBe(200);
    expect((await offer('author1', own)).status).toBe(200);
    const res = await offer('author1', own);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await count('approvals')).toBe(2);
  });
});

describe('the waiting list', () => {
  it('more than 100 newer offers for a capability the approver lacks do not hide the one they may decide', async () => {
    const real = (await offer('author1', { entity: { type: 'post', id: seed.posts.draft } })).body;
    expect(real.capability).toBe('edit_others_posts');
    const now = Date.now() + 1000;
    const junk = Array.from(
      { length: 120 },
      (_, i) =>
        `('junk-${i}', ${userId('editor1')}, 't', 'wp_list_media', '${'c'.repeat(64)}', 'manage_options', 'tool', 'post', 0, '{}', 'waiting', ${now + i}, ${now + i})`,
    );
    await sql(
      `INSERT INTO wp_countersign_approvals (id, requester_id, thread_id, tool, payload_hash, capability, required_by, entity_type, entity_id, card, status, created_at, updated_at) VALUES ${junk.join(',')}`,
    );
    // ana is an editor: edit_others_posts, not manage_options.
    const list = await api<List>('ana', 'GET', '/approvals');
    expect(list.body.approvals.map((a) => a.id)).toEqual([real.id]);
    // The administrator holds both and sees the newest 100.
    const admin = await api<List>('admin', 'GET', '/approvals');
    expect(admin.body.approvals).toHaveLength(100);
  });
});

describe('G12: an approval nobody picked up expires', () => {
  it('an approved call past its expiry is expired for its requester, never run', async () => {
    expect((await api('admin', 'PUT', '/settings', { approvalExpiryMinutes: 30 })).status).toBe(
      200,
    );
    const call = (await offer('editor1')).body;
    expect((await decide('admin', call)).body.status).toBe('approved');
    await sql(`UPDATE wp_countersign_approvals SET expires_at = 1 WHERE id = '${call.id}'`);
    const mine = await api<List>('editor1', 'GET', '/approvals?scope=mine');
    expect(mine.body.approvals.find((a) => a.id === call.id)?.status).toBe('expired');
    // A call already picked up keeps its status.
    const kept = (await offer('editor1')).body;
    await decide('admin', kept);
    expect((await api('editor1', 'POST', `/approvals/${kept.id}/done`)).status).toBe(200);
    await sql(`UPDATE wp_countersign_approvals SET expires_at = 1 WHERE id = '${kept.id}'`);
    await php('do_action("countersign_expire_approvals");');
    const rows = await sql(`SELECT status FROM wp_countersign_approvals WHERE id = '${kept.id}'`);
    expect(rows).toEqual([['approved']]);
  });
});

describe('approver capabilities', () => {
  it.each([
    ['read', 'read'],
    ['level_0', 'level_0'],
    ['an unknown one', 'approve_everything'],
  ])('%s is refused, naming the field, nothing written', async (_what, capability) => {
    await clearTables();
    const res = await api<ApiError>('admin', 'PUT', '/policy', {
      replaces: 0,
      policy: {},
      approvals: { tools: { wp_update_post: { capability } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('countersign_policy_invalid');
    expect(res.body.data.field).toBe('approvals.tools.wp_update_post.capability');
    expect(res.body.message).toContain(capability);
    expect(await count('policy')).toBe(0);
  });
});

describe('P7: an approver who may not read the entry', () => {
  it('receives neither its title nor its values, in the list or the call', async () => {
    await clearTables();
    await requireSecondApprover({ tools: { wp_list_media: { capability: 'edit_posts' } } });
    const call = (await offer('editor1', { tool: 'wp_list_media', class: null })).body;
    expect(call.entityTitle).toBe('Published post');
    // author1 holds edit_posts (may approve) but may not edit editor1's post.
    const list = await api<List>('author1', 'GET', '/approvals');
    expect(list.body.approvals[0]?.entityTitle).toBeNull();
    const one = await api<Approval>('author1', 'GET', `/approvals/${call.id}`);
    expect(one.body.withheld).toBe(true);
    expect(one.body.entityTitle).toBeNull();
    expect(JSON.stringify(one.body)).not.toContain('Published post');
    const admin = await api<Approval>('admin', 'GET', `/approvals/${call.id}`);
    expect(admin.body.entityTitle).toBe('Published post');
  });
});
