// Every route of countersign/v1 with each role: who is let in, who is refused and how.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, batch, clearTables, record, seed, userId, type ApiError } from './support';
import type { WpUserKey } from '../../support/wp-env';
import { login } from '../../support/wp-session';

const ROLES: WpUserKey[] = ['admin', 'editor1', 'author1', 'contributor1', 'subscriber1'];

beforeAll(async () => {
  await clearTables();
  // One record of each role, so "own records" and "every record" differ.
  for (const who of ROLES) expect((await batch(who, [record(who)])).status).toBe(200);
});

describe('anonymous requests (no cookie, no nonce)', () => {
  it.each([
    ['GET', '/status'],
    ['POST', '/records/batch'],
    ['GET', '/records'],
    ['GET', '/records/export'],
    ['GET', '/policy'],
    ['PUT', '/policy'],
    ['GET', '/settings'],
    ['PUT', '/settings'],
  ] as const)('%s %s is refused with 401 countersign_not_logged_in', async (method, path) => {
    const body = method === 'GET' ? undefined : {};
    const res = await api<ApiError>('anon', method, path, body);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('countersign_not_logged_in');
  });

  it('a logged-in cookie without the nonce counts as logged out', async () => {
    const s = await login(seed.origins.primary.url, 'admin', seed.users.admin.password);
    const res = await s.rest<ApiError>('GET', '/countersign/v1/status', undefined, {
      nonce: false,
    });
    expect(res.status).toBe(401);
  });
});

describe('GET /status', () => {
  it.each(ROLES)('answers %s with its id and capabilities', async (who) => {
    const res = await api<{
      plugin: string;
      apiVersion: number;
      schemaVersion: number;
      userId: string;
      capabilities: Record<string, boolean>;
      limits: { maxBatchRecords: number; maxRecordBytes: number };
    }>(who, 'GET', '/status');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plugin: 'countersign', apiVersion: 1, schemaVersion: 5 });
    expect(res.body.userId).toBe(userId(who));
    const admin = who === 'admin';
    expect(res.body.capabilities).toEqual({
      writeRecords: true,
      readAllRecords: admin,
      readPolicy: who !== 'subscriber1',
      managePolicy: admin,
      manageSettings: admin,
    });
    expect(res.body.limits).toMatchObject({ maxBatchRecords: 500, maxRecordBytes: 262_144 });
  });

  it('the REST index lists the namespace, so the extension can detect the plugin', async () => {
    const res = await fetch(seed.origins.primary.restRoot);
    const index = (await res.json()) as { namespaces: string[] };
    expect(index.namespaces).toContain('countersign/v1');
  });
});

describe('records', () => {
  it.each(ROLES)('%s may write its own records', async (who) => {
    const res = await batch(who, [record(who)]);
    expect(res.status).toBe(200);
  });

  it('the read capability (administrators) sees every user’s records', async () => {
    const res = await api<{ records: { owner: { userId: string } }[] }>(
      'admin',
      'GET',
      '/records?per_page=100',
    );
    expect(res.status).toBe(200);
    const owners = new Set(res.body.records.map((r) => r.owner.userId));
    for (const who of ROLES) expect(owners).toContain(userId(who));
  });

  it.each(['editor1', 'author1', 'subscriber1'] as const)(
    '%s sees only its own records, in the list and in the export',
    async (who) => {
      const list = await api<{ records: { owner: { userId: string } }[] }>(
        who,
        'GET',
        '/records?per_page=100',
      );
      expect(list.status).toBe(200);
      expect(list.body.records.length).toBeGreaterThan(0);
      expect(new Set(list.body.records.map((r) => r.owner.userId))).toEqual(new Set([userId(who)]));
      const exported = await api(who, 'GET', '/records/export?format=jsonl');
      expect(exported.status).toBe(200);
      const lines = exported.text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { owner: { userId: string } });
      expect(new Set(lines.map((r) => r.owner.userId))).toEqual(new Set([userId(who)]));
    },
  );

  it('asking for another user’s records without the read capability is refused', async () => {
    const res = await api<ApiError>('editor1', 'GET', `/records?user=${seed.users.admin.id}`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('countersign_forbidden');
    const exported = await api<ApiError>(
      'author1',
      'GET',
      `/records/export?user=${seed.users.admin.id}`,
    );
    expect(exported.status).toBe(403);
    const own = await api<{ records: unknown[] }>(
      'editor1',
      'GET',
      `/records?user=${seed.users.editor1.id}`,
    );
    expect(own.status).toBe(200);
  });

  it('an administrator may filter by any user', async () => {
    const res = await api<{ records: { owner: { userId: string } }[] }>(
      'admin',
      'GET',
      `/records?user=${seed.users.author1.id}`,
    );
    expect(res.status).toBe(200);
    expect(new Set(res.body.records.map((r) => r.owner.userId))).toEqual(
      new Set([userId('author1')]),
    );
  });
});

describe('policy', () => {
  it.each(['admin', 'editor1', 'author1', 'contributor1'] as const)(
    '%s (edit_posts) may read it',
    async (who) => {
      const res = await api<{ version: number; canEdit: boolean }>(who, 'GET', '/policy');
      expect(res.status).toBe(200);
      expect(res.body.canEdit).toBe(who === 'admin');
    },
  );

  it('a subscriber may not read it', async () => {
    const res = await api<ApiError & { data: { capability: string } }>(
      'subscriber1',
      'GET',
      '/policy',
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('countersign_forbidden');
    expect(res.body.data.capability).toBe('edit_posts');
  });

  it.each(['editor1', 'author1', 'subscriber1'] as const)('%s may not write it', async (who) => {
    const res = await api<ApiError>(who, 'PUT', '/policy', { replaces: 0, policy: {} });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('countersign_forbidden');
  });

  it('an administrator may write it', async () => {
    const current = await api<{ version: number }>('admin', 'GET', '/policy');
    const res = await api<{ version: number }>('admin', 'PUT', '/policy', {
      replaces: current.body.version,
      policy: { wp_update_post: { mode: 'ask' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(current.body.version + 1);
  });
});

describe('settings', () => {
  it('only an administrator may read and write them', async () => {
    expect((await api('admin', 'GET', '/settings')).status).toBe(200);
    expect((await api('admin', 'PUT', '/settings', {})).status).toBe(200);
    for (const who of ['editor1', 'author1', 'subscriber1'] as const) {
      expect((await api(who, 'GET', '/settings')).status).toBe(403);
      expect((await api(who, 'PUT', '/settings', { retentionDays: 1 })).status).toBe(403);
    }
  });
});
