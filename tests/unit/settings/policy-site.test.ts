import { describe, expect, it } from 'vitest';
import { parseSitePolicy } from '../../../src/settings/policy-site';

const TOOLS = ['wp_update_post', 'wp_create_draft', 'wp_list_media'];
const answer = (policy: unknown) => ({
  version: 3,
  policy,
  updatedAt: 1_700_000_000_000,
  updatedBy: { userId: '1', displayName: 'Admin' },
  canEdit: false,
});

describe("G11: reading the site's policy (fails closed where it does not validate)", () => {
  it('valid entries are the site layer; nothing fails', () => {
    const read = parseSitePolicy(answer({ wp_create_draft: { mode: 'allow' } }), TOOLS, 5);
    expect(read.status).toBe('ok');
    expect(read.layer).toEqual({ policy: { wp_create_draft: { mode: 'allow' } } });
    expect(read.version).toBe(3);
    expect(read.problems).toEqual([]);
  });

  it('a bad entry fails closed for its own tool only, asking, and the others still apply', () => {
    const read = parseSitePolicy(
      answer({ wp_create_draft: { mode: 'allow' }, wp_list_media: { mode: 'sometimes' } }),
      TOOLS,
      5,
    );
    expect(read.status).toBe('invalid');
    expect(read.layer).toEqual({
      policy: { wp_create_draft: { mode: 'allow' } },
      failed: { wp_list_media: 'ask' },
    });
    expect(read.problems[0]).toMatch(/entry "wp_list_media" mode/);
    expect(read.problems[0]).toMatch(/ask for approval/);
  });

  it('a bad entry that plainly said deny still refuses', () => {
    const read = parseSitePolicy(
      answer({ wp_update_post: { mode: 'deny', rule: { '==': [1, 1] } } }),
      TOOLS,
      5,
    );
    expect(read.layer.failed).toEqual({ wp_update_post: 'deny' });
  });

  it.each([
    ['null (stored text that is not JSON)', null],
    ['a string', 'allow everything'],
    ['an array', [{ mode: 'allow' }]],
  ])('a document that is %s fails closed for every tool', (_, policy) => {
    const read = parseSitePolicy(answer(policy), TOOLS, 5);
    expect(read.status).toBe('invalid');
    expect(read.layer).toEqual({ policy: {}, failed: { '*': 'ask' } });
    expect(read.problems[0]).toMatch(/do not parse/);
  });

  it('a key that cannot be a tool name fails closed for every tool (nobody can tell which it meant)', () => {
    const read = parseSitePolicy(answer({ 'WP-Update-Post': { mode: 'allow' } }), TOOLS, 5);
    expect(read.layer.failed).toEqual({ '*': 'ask' });
  });

  it("an answer that is not the plugin's shape fails closed for every tool", () => {
    const read = parseSitePolicy({ policy: {} }, TOOLS, 5);
    // G15: nobody can tell which calls need a second approver either: they wait.
    expect(read.layer).toEqual({ policy: {}, failed: { '*': 'ask' }, approvalsUnknown: true });
    expect(read.problems[0]).toMatch(/could not be read/);
  });

  it('an entry for a tool this version lacks is kept and reported, not failed closed', () => {
    const read = parseSitePolicy(answer({ wp_run_cron: { mode: 'deny' } }), TOOLS, 5);
    expect(read.status).toBe('ok');
    expect(read.problems).toEqual([
      'This site\'s policy: "wp_run_cron" is not a tool of this version; the entry has no effect.',
    ]);
  });

  it("G15: the approvals beside the policy are the layer's second-approver rules", () => {
    const raw = { ...answer({}), approvals: { classes: { 'live-write': {} } } };
    const read = parseSitePolicy(raw, TOOLS, 5);
    expect(read.status).toBe('ok');
    expect(read.layer).toEqual({ policy: {}, approvals: { classes: { 'live-write': {} } } });
  });

  it('G15: approvals that do not parse make every call with a side effect wait, and say so', () => {
    const raw = {
      ...answer({ wp_create_draft: { mode: 'allow' } }),
      approvals: { classes: { everything: {} } },
    };
    const read = parseSitePolicy(raw, TOOLS, 5);
    expect(read.status).toBe('invalid');
    expect(read.layer).toEqual({
      policy: { wp_create_draft: { mode: 'allow' } },
      approvalsUnknown: true,
    });
    expect(read.problems).toEqual([
      "This site's second-approver rules do not parse, so nobody can tell which calls need another person: every call with a side effect waits until an admin fixes them.",
    ]);
  });

  it('G2/G11: a site "*": allow is reported as not applied (a site relaxes single tools only)', () => {
    const read = parseSitePolicy(answer({ '*': { mode: 'allow' } }), TOOLS, 5);
    expect(read.problems).toEqual([
      'This site\'s policy sets every tool ("*") to allow. A site may tighten every tool but relax single tools only, and can never let destructive, unclassified or live calls run without asking, so that rule is not applied here; the other rules decide.',
    ]);
  });
});
