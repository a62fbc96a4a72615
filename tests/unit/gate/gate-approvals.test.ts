import { describe, expect, it } from 'vitest';
import { canGrantOnce, evaluate, mergeSources } from '../../../src/gate';
import type { Policy, SiteLayer, ThreadGrant } from '../../../src/gate';
import type { SecondApproverPolicy } from '../../../src/gate/approver-policy';
import { ALLOW, ASK, ONCE, grant, idIs7 } from './gate-table';
import { liveFacts, tools } from './fixtures';

const { read, write, run, destroy } = tools;
const live = { input: { id: 7, title: 'New title' }, facts: liveFacts };

/** Every local way a call gets approved without asking (G1, G4, G14, G2's opt-in). */
const localApprovals: {
  name: string;
  managed?: Policy;
  site?: Omit<SiteLayer, 'approvals' | 'approvalsUnknown'>;
  admin?: Policy;
  grants?: ThreadGrant[];
}[] = [
  { name: 'an admin allow', admin: { wp_run_cron: ALLOW } },
  {
    name: 'an admin once with a thread grant',
    admin: { wp_run_cron: ONCE },
    grants: [grant('wp_run_cron')],
  },
  { name: 'an admin rule that matches', admin: { wp_run_cron: { mode: 'ask', rule: idIs7 } } },
  { name: 'the admin "*": allow opt-in', admin: { '*': ALLOW } },
  { name: 'a managed allow', managed: { wp_run_cron: ALLOW } },
  { name: 'the managed "*": allow opt-in', managed: { '*': ALLOW } },
  { name: "the site's own allow for the tool", site: { policy: { wp_run_cron: ALLOW } } },
  {
    name: 'a site rule that matches',
    site: { policy: { wp_run_cron: { mode: 'ask', rule: idIs7 } } },
  },
];

const byTool: SecondApproverPolicy = { tools: { wp_run_cron: {} } };
const byClass: SecondApproverPolicy = {
  classes: { 'live-write': { capability: 'publish_pages' } },
};

function decide(
  c: (typeof localApprovals)[number],
  approvals: Pick<SiteLayer, 'approvals' | 'approvalsUnknown'>,
  tool = run,
  call: { input: unknown; facts: typeof liveFacts } = { input: { id: 7 }, facts: {} },
) {
  const policy = mergeSources({
    managed: c.managed,
    admin: c.admin,
    site: { policy: {}, ...c.site, ...approvals },
  });
  return evaluate(
    policy,
    { tool, input: call.input },
    {
      facts: call.facts,
      untrusted: false,
      grants: c.grants ?? [],
    },
  );
}

describe('G15: a call the site sends to a second approver is never auto-approved locally', () => {
  it.each(localApprovals)('without approvals, $name approves the call (the control)', (c) => {
    expect(decide(c, {}).decision).toBe('allow');
  });

  it.each(localApprovals)(
    "$name: a call the site's approvals name asks the second approver",
    (c) => {
      const decision = decide(c, { approvals: byTool });
      expect(decision).toMatchObject({
        decision: 'ask',
        rule: { source: 'site', entry: 'wp_run_cron', secondApprover: true },
        secondApprover: { capability: 'edit_others_posts', by: 'tool' },
      });
    },
  );

  it.each(localApprovals)('$name: approvals that could not be read make the call wait', (c) => {
    const decision = decide(c, { approvalsUnknown: true });
    expect(decision).toMatchObject({ decision: 'ask', secondApprover: { unknown: true } });
    expect(decision.decision === 'ask' && decision.reason).toBe(
      'Waiting: the site may require a second approver for “Run cron”, and its rules could not be read just now. Nothing runs until they can be read.',
    );
  });

  it('a class entry covers a live write approved by the admin "*": allow opt-in', () => {
    const decision = decide(
      { name: '', admin: { '*': ALLOW } },
      { approvals: byClass },
      write,
      live,
    );
    expect(decision).toMatchObject({
      decision: 'ask',
      secondApprover: { capability: 'publish_pages', by: 'live-write' },
    });
  });

  it('a class entry does not cover a draft write: the admin allow approves it', () => {
    const decision = decide(
      { name: '', admin: { wp_update_post: ALLOW } },
      { approvals: byClass },
      write,
      {
        input: { id: 7, title: 'x' },
        facts: { entity: { id: 7, type: 'post', status: 'draft' } },
      },
    );
    expect(decision.decision).toBe('allow');
  });

  it('reads run while the approvals are unknown (they have no side effect)', () => {
    expect(decide({ name: '' }, { approvalsUnknown: true }, read).decision).toBe('allow');
  });

  it('a site deny still refuses a covered call (refusal comes first)', () => {
    const decision = decide(
      { name: '', site: { policy: { wp_delete_post: { mode: 'deny' } } } },
      { approvals: { classes: { destructive: {} } } },
      destroy,
    );
    expect(decision.decision).toBe('deny');
  });

  it('a covered call never offers "allow for the rest of the thread"', () => {
    const policy = mergeSources({
      admin: { wp_run_cron: ONCE },
      site: { policy: {}, approvals: byTool },
    });
    expect(
      canGrantOnce(policy, { tool: run, input: { id: 7 } }, { facts: {}, untrusted: false }),
    ).toBe(false);
  });

  it('an ask entry of a covered call names who approves, not the local rule', () => {
    const decision = decide({ name: '', admin: { wp_run_cron: ASK } }, { approvals: byTool });
    expect(decision.decision === 'ask' && decision.reason).toBe(
      'The site requires a second approver for “Run cron” (editors and administrators); you asked for it, so you cannot approve it yourself.',
    );
  });
});
