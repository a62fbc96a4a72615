// Issue 34 item 2: a site policy may name a site's ability by its tool name (`ab_…`, `abh_…`,
// with `-` in the words after the first), in its rules and in its second-approver tools, and
// the extension parses what the plugin stored. Other shapes stay refused, nothing written.
import { beforeEach, describe, expect, it } from 'vitest';
import { PolicySchema } from '../../../src/gate/policy-schema';
import { api, clearTables, count } from './support';

beforeEach(clearTables);

const POLICY = {
  'ab_countersign-test_set-excerpt': { mode: 'ask' },
  'abh_0k2x9q1m4n7p3_very-long-namespace_do': { mode: 'deny' },
};

describe('site policy naming abilities', () => {
  it('stores rules and approvals for ability tool names, as the extension reads them', async () => {
    const put = await api<{ version: number; policy: unknown }>('admin', 'PUT', '/policy', {
      replaces: 0,
      policy: POLICY,
      approvals: { tools: { 'ab_countersign-test_trash-post': {} } },
    });
    expect(put.status).toBe(200);
    expect(PolicySchema.parse(put.body.policy)).toEqual(POLICY);
  });

  it('still refuses a key that is no tool name, writing nothing', async () => {
    for (const key of ['-ab_x', 'AB_x_y', 'ab', 'ab_x y']) {
      const put = await api('admin', 'PUT', '/policy', {
        replaces: 0,
        policy: { [key]: { mode: 'ask' } },
      });
      expect(put.status, key).toBe(400);
    }
    expect(await count('policy')).toBe(0);
  });
});
