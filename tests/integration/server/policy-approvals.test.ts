// G15: the site policy's `approvals` (which calls need a second approver): stored with each
// version, kept when a writer leaves it out, validated as the extension validates it, and
// recorded in the policy change's audit record.
import { beforeEach, describe, expect, it } from 'vitest';
import { SecondApproverPolicySchema } from '../../../src/gate/approver-policy';
import { ToolCallRecordSchema, type ToolCallRecord } from '../../../src/audit/record-schema';
import { api, clearTables, count, sql, type ApiError } from './support';

type PolicyAnswer = { version: number; policy: unknown; approvals: unknown };

beforeEach(clearTables);

const APPROVALS = {
  tools: { wp_update_settings: { capability: 'manage_options' } },
  classes: { 'live-write': {}, destructive: { capability: 'delete_others_posts' } },
};

describe('site policy: second approvers', () => {
  it('has no approvals before the first write', async () => {
    const res = await api<PolicyAnswer>('editor1', 'GET', '/policy');
    expect(res.body.approvals).toEqual({});
    expect(res.text).toContain('"approvals":{}');
  });

  it('stores approvals with the version; editors read them as the extension parses them', async () => {
    const put = await api<PolicyAnswer>('admin', 'PUT', '/policy', {
      replaces: 0,
      policy: { '*': { mode: 'ask' } },
      approvals: APPROVALS,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ version: 1, approvals: APPROVALS });
    const read = await api<PolicyAnswer>('editor1', 'GET', '/policy');
    expect(SecondApproverPolicySchema.parse(read.body.approvals)).toEqual(APPROVALS);
  });

  it('a writer that leaves approvals out keeps them; an empty object clears them', async () => {
    await api('admin', 'PUT', '/policy', { replaces: 0, policy: {}, approvals: APPROVALS });
    const kept = await api<PolicyAnswer>('admin', 'PUT', '/policy', {
      replaces: 1,
      policy: { '*': { mode: 'once' } },
    });
    expect(kept.body).toMatchObject({ version: 2, approvals: APPROVALS });
    const cleared = await api<PolicyAnswer>('admin', 'PUT', '/policy', {
      replaces: 2,
      policy: {},
      approvals: {},
    });
    expect(cleared.body).toMatchObject({ version: 3, approvals: {} });
  });

  it('a change of approvals is in the audit record, with the old and new value', async () => {
    await api('admin', 'PUT', '/policy', { replaces: 0, policy: {} });
    const put = await api<PolicyAnswer & { recordId: string }>('admin', 'PUT', '/policy', {
      replaces: 1,
      policy: {},
      approvals: APPROVALS,
    });
    const list = await api<{ records: ToolCallRecord[] }>(
      'admin',
      'GET',
      '/records?thread=site-policy',
    );
    const latest = ToolCallRecordSchema.parse(list.body.records[0]);
    expect(latest.id).toBe(put.body.recordId);
    expect(latest.input).toEqual({ replaces: 1, policy: {}, approvals: APPROVALS });
    expect(latest.configChanges).toEqual([
      { key: 'site_policy', current: {}, proposed: {} },
      { key: 'site_approvals', current: {}, proposed: APPROVALS },
    ]);
  });

  it('a policy version stored before approvals existed (schema 2) reads as no approvals', async () => {
    await api('admin', 'PUT', '/policy', { replaces: 0, policy: {}, approvals: APPROVALS });
    await sql('UPDATE wp_countersign_policy SET approvals = NULL');
    const read = await api<PolicyAnswer>('editor1', 'GET', '/policy');
    expect(read.body.approvals).toEqual({});
  });

  it.each([
    ['an unknown class', { classes: { everything: {} } }, 'approvals.classes.everything'],
    [
      'a tool key that is not a tool name',
      { tools: { 'Update Post': {} } },
      'approvals.tools.Update Post',
    ],
    [
      'a capability with spaces',
      { tools: { wp_update_post: { capability: 'Edit Posts' } } },
      'approvals.tools.wp_update_post.capability',
    ],
    [
      'an unknown field in an entry',
      { classes: { destructive: { who: 'admins' } } },
      'approvals.classes.destructive.who',
    ],
    ['an unknown part', { people: {} }, 'approvals.people'],
    ['a list', [], 'approvals'],
  ])(
    'approvals with %s are refused, naming the field, nothing written',
    async (_what, approvals, field) => {
      const res = await api<ApiError>('admin', 'PUT', '/policy', {
        replaces: 0,
        policy: {},
        approvals,
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('countersign_policy_invalid');
      expect(res.body.data.field).toBe(field);
      expect(res.body.message).toMatch(/^The site policy was not saved: /);
      expect(SecondApproverPolicySchema.safeParse(approvals).success).toBe(false);
      expect(await count('policy')).toBe(0);
      expect(await count('records')).toBe(0);
    },
  );

  it('an editor cannot write approvals', async () => {
    const res = await api<ApiError>('editor1', 'PUT', '/policy', {
      replaces: 0,
      policy: {},
      approvals: APPROVALS,
    });
    expect(res.status).toBe(403);
    expect(await count('policy')).toBe(0);
  });
});
