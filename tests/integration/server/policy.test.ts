// GET/PUT /policy: versioned writes, stale writes refused, bad policies refused with nothing
// written, and every change an audit record.
import { beforeEach, describe, expect, it } from 'vitest';
import { PolicySchema } from '../../../src/gate/policy-schema';
import { ToolCallRecordSchema, type ToolCallRecord } from '../../../src/audit/record-schema';
import { parseSitePolicy } from '../../../src/settings/policy-site';
import { ABILITY_TOOL_PREFIXES } from '../../../src/cms/wordpress/abilities/names';
import { api, as, clearTables, count, userId, type ApiError } from './support';

type PolicyAnswer = {
  version: number;
  policy: Record<string, unknown>;
  updatedAt: number | null;
  updatedBy: { userId: string; displayName: string } | null;
  canEdit: boolean;
  recordId?: string;
};

beforeEach(clearTables);

const RULE_POLICY = {
  wp_update_post: { mode: 'once', rule: { '==': [{ var: 'facts.status' }, 'draft'] } },
  '*': { mode: 'ask' },
  wp_trash_post: { mode: 'deny' },
};

describe('site policy', () => {
  it('starts at version 0 with no rules', async () => {
    const res = await api<PolicyAnswer>('editor1', 'GET', '/policy');
    expect(res.body).toEqual({
      version: 0,
      policy: {},
      approvals: {},
      updatedAt: null,
      updatedBy: null,
      canEdit: false,
    });
    expect(res.text).toContain('"policy":{}');
  });

  it('a write names the version it replaces; editors read what the admin wrote, as the extension parses it', async () => {
    const put = await api<PolicyAnswer>('admin', 'PUT', '/policy', {
      replaces: 0,
      policy: RULE_POLICY,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      version: 1,
      policy: RULE_POLICY,
      updatedBy: { userId: userId('admin') },
      canEdit: true,
    });
    const read = await api<PolicyAnswer>('author1', 'GET', '/policy');
    expect(read.body.version).toBe(1);
    expect(PolicySchema.parse(read.body.policy)).toEqual(RULE_POLICY);
    const next = await api<PolicyAnswer>('admin', 'PUT', '/policy', { replaces: 1, policy: {} });
    expect(next.body.version).toBe(2);
    expect(await count('policy')).toBe(2);
  });

  it("an ability's class is stored with or without a mode, and the extension reads it (issue 34)", async () => {
    const policy = {
      'ab_acme_sync-all': { class: 'write' },
      abh_0123456789abc_acme_report: { mode: 'allow', class: 'destructive' },
      // Issue 34 item 3: an ability the admin page registers takes a class as well.
      'abp_acme_page-note': { class: 'read' },
    };
    const put = await api<PolicyAnswer>('admin', 'PUT', '/policy', { replaces: 0, policy });
    expect(put.status).toBe(200);
    const read = await api<PolicyAnswer>('editor1', 'GET', '/policy');
    const reading = parseSitePolicy(read.body, [], 1, ABILITY_TOOL_PREFIXES);
    expect(reading.status).toBe('ok');
    expect(reading.layer.classes).toEqual({
      'ab_acme_sync-all': 'write',
      abh_0123456789abc_acme_report: 'destructive',
      'abp_acme_page-note': 'read',
    });
    expect(reading.layer.policy).toEqual({ abh_0123456789abc_acme_report: { mode: 'allow' } });
  });

  it('a stale write is refused with the current version, and changes nothing', async () => {
    await api('admin', 'PUT', '/policy', { replaces: 0, policy: { '*': { mode: 'ask' } } });
    await api('admin', 'PUT', '/policy', { replaces: 1, policy: { '*': { mode: 'once' } } });
    const stale = await api<ApiError & { data: { current: number } }>('admin', 'PUT', '/policy', {
      replaces: 1,
      policy: { '*': { mode: 'allow' } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('countersign_policy_stale');
    expect(stale.body.data.current).toBe(2);
    expect(stale.body.message).toMatch(/version 2 now, not 1/);
    const read = await api<PolicyAnswer>('admin', 'GET', '/policy');
    expect(read.body).toMatchObject({ version: 2, policy: { '*': { mode: 'once' } } });
    expect(await count('records', "tool='update_site_policy'")).toBe(2);
  });

  it('two writers racing for the same version: one wins, the other is told it is stale', async () => {
    const admin = await as('admin');
    const [a, b] = await Promise.all(
      ['ask', 'deny'].map((mode) =>
        admin.rest('PUT', '/countersign/v1/policy', { replaces: 0, policy: { '*': { mode } } }),
      ),
    );
    expect([a?.status, b?.status].sort()).toEqual([200, 409]);
    expect(await count('policy')).toBe(1);
    expect(await count('records')).toBe(1);
  });

  it('every change is an audit record with what it changed', async () => {
    await api('admin', 'PUT', '/policy', { replaces: 0, policy: { '*': { mode: 'ask' } } });
    const put = await api<PolicyAnswer>('admin', 'PUT', '/policy', {
      replaces: 1,
      policy: RULE_POLICY,
    });
    const list = await api<{ records: ToolCallRecord[] }>(
      'admin',
      'GET',
      '/records?thread=site-policy&tool=update_site_policy',
    );
    expect(list.body.records).toHaveLength(2);
    const latest = ToolCallRecordSchema.parse(list.body.records[0]);
    expect(latest).toMatchObject({
      id: put.body.recordId,
      status: 'run',
      mode: 'command',
      transport: 'command',
      decidedBy: userId('admin'),
      owner: { userId: userId('admin') },
      input: { replaces: 1, policy: RULE_POLICY },
      configChanges: [
        { key: 'site_policy', current: { '*': { mode: 'ask' } }, proposed: RULE_POLICY },
      ],
      resultSummary: 'Site policy version 2',
    });
  });

  it.each([
    [
      'a mode that does not exist',
      { wp_update_post: { mode: 'sometimes' } },
      'policy.wp_update_post.mode',
    ],
    [
      'a rule on an allow entry',
      { wp_update_post: { mode: 'allow', rule: { '==': [1, 1] } } },
      'policy.wp_update_post.rule',
    ],
    [
      'an unknown JSON-Logic operator',
      { wp_update_post: { mode: 'ask', rule: { log: [1] } } },
      'policy.wp_update_post.rule',
    ],
    ['a key that is not a tool name', { 'Update Post': { mode: 'ask' } }, 'policy.Update Post'],
    [
      'an unknown field in an entry',
      { wp_update_post: { mode: 'ask', note: 'x' } },
      'policy.wp_update_post.note',
    ],
    [
      'a class for a WordPress tool (only abilities take one, issue 34)',
      { wp_update_post: { mode: 'ask', class: 'read' } },
      'policy.wp_update_post.class',
    ],
    [
      'a class that is not read, write or destructive',
      { 'ab_acme_sync-all': { class: 'harmless' } },
      'policy.ab_acme_sync-all.class',
    ],
    ['a list instead of an object', [], 'policy'],
    ['an entry that is a string', { wp_update_post: 'ask' }, 'policy.wp_update_post'],
  ])(
    'a policy with %s is refused, naming the field, nothing written',
    async (_what, policy, field) => {
      const res = await api<ApiError>('admin', 'PUT', '/policy', { replaces: 0, policy });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('countersign_policy_invalid');
      expect(res.body.data.field).toBe(field);
      expect(res.body.message).toMatch(/^The site policy was not saved: /);
      // The extension refuses the same policy.
      expect(PolicySchema.safeParse(policy).success).toBe(false);
      expect(await count('policy')).toBe(0);
      expect(await count('records')).toBe(0);
    },
  );

  it('a body that does not parse, or has no version, is refused', async () => {
    const admin = await as('admin');
    const broken = await admin.rest<ApiError>(
      'PUT',
      '/countersign/v1/policy',
      '{"replaces": 0, "policy": {',
      {
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(broken.status).toBe(400);
    expect(['rest_invalid_json', 'countersign_policy_invalid']).toContain(broken.body.code);
    const unversioned = await api<ApiError>('admin', 'PUT', '/policy', { policy: {} });
    expect(unversioned.status).toBe(400);
    expect(unversioned.body.data.field).toBe('replaces');
    expect(await count('policy')).toBe(0);
  });
});
