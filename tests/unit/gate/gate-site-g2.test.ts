import { describe, expect, it } from 'vitest';
import { evaluate, mergeSources, wildcardAllowOptIn } from '../../../src/gate';
import { ALLOW, ASK, DENY, ONCE, grant, row, runTable, src } from './gate-table';
import { liveFacts, tools } from './fixtures';

const { read, write, run, destroy, unclassified } = tools;
const live = { input: { id: 7, title: 'New title' }, facts: liveFacts };

// Issue 33 item 2: one PUT of `{"*": {"mode": "allow"}}` to the site's policy made an
// editor's live update run with no card. A site may tighten anything and relax a single
// tool, but never lifts G2; only the managed policy or the person's own admin opts in.
runTable('G2/G11: a site policy can never lift the always-ask classes', [
  row(
    'G2: the site\'s "*": allow does not let a live write run',
    { site: { policy: { '*': ALLOW } }, tool: write, ...live },
    ['ask', 'ask', src('always-ask', 'wp_update_post', { alwaysAsk: 'live-write' })],
  ),
  row(
    'G2: the site\'s "*": allow does not let a destructive call run',
    { site: { policy: { '*': ALLOW } }, tool: destroy },
    ['ask', 'ask', src('always-ask', 'wp_delete_post', { alwaysAsk: 'destructive' })],
  ),
  row(
    'G2: the site\'s "*": allow does not let an unclassified tool run',
    { site: { policy: { '*': ALLOW } }, tool: unclassified },
    ['ask', 'ask', src('always-ask', 'wp_call_endpoint', { alwaysAsk: 'unclassified' })],
  ),
  row(
    "G2: the site's allow for the tool itself does not let a live write run",
    { site: { policy: { wp_update_post: ALLOW } }, tool: write, ...live },
    ['ask', 'allow', src('always-ask', 'wp_update_post', { alwaysAsk: 'live-write' })],
  ),
  row(
    'G11: the site\'s "*": allow relaxes nothing: a run tool asks as by default',
    { site: { policy: { '*': ALLOW } }, tool: run },
    ['ask', 'ask', src('default', 'wp_run_cron')],
  ),
  row(
    'G11: the site\'s "*": once relaxes nothing either (no grant approves)',
    { site: { policy: { '*': ONCE } }, tool: run, grants: [grant('wp_run_cron')] },
    ['ask', 'ask', src('default', 'wp_run_cron')],
  ),
  row(
    'G11: the site\'s "*": allow does not hide the admin\'s own "*"',
    { site: { policy: { '*': ALLOW } }, admin: { '*': DENY }, tool: run },
    ['deny', 'deny', src('admin', '*')],
  ),
  row(
    'G11: the site\'s "*": ask still tightens every tool',
    { site: { policy: { '*': ASK } }, admin: { wp_run_cron: ALLOW }, tool: run },
    ['ask', 'ask', src('site', '*')],
  ),
  row(
    'G11: the site may relax a single tool that is not always-ask',
    { site: { policy: { wp_run_cron: ALLOW } }, tool: run },
    ['allow', 'allow', src('site', 'wp_run_cron')],
  ),
  row(
    'G2: the admin\'s own "*": allow (typed words) still lifts G2 under a site "*": allow',
    { site: { policy: { '*': ALLOW } }, admin: { '*': ALLOW }, tool: write, ...live },
    ['allow', 'allow', src('admin', '*', { alwaysAsk: 'live-write' })],
  ),
  row('G2: the managed "*": allow lifts G2', { managed: { '*': ALLOW }, tool: destroy }, [
    'allow',
    'allow',
    src('managed', '*', { alwaysAsk: 'destructive' }),
  ]),
  row(
    'G11: reads still run under a site "*": allow (the default lets them)',
    { site: { policy: { '*': ALLOW } }, tool: read },
    ['allow', 'allow', src('default', 'wp_get_post')],
  ),
]);

describe('G2/G11: the opt-in and the words of a site rule', () => {
  it('a site "*": allow is never the opt-in, even where it is the strongest "*"', () => {
    const policy = mergeSources({ site: { policy: { '*': ALLOW } } });
    expect(wildcardAllowOptIn(policy)).toBe(false);
    expect(policy.entries['*']).toBeUndefined();
  });

  it("says that the site's rule would let a live write run, and that it asks anyway", () => {
    const policy = mergeSources({ site: { policy: { wp_update_post: ALLOW } } });
    const decision = evaluate(
      policy,
      { tool: write, input: live.input },
      { facts: liveFacts, untrusted: false, grants: [] },
    );
    expect(decision.decision === 'ask' && decision.reason).toBe(
      "The site's rule for “Update post” would let it run, but a site can never switch this question off: This call of “Update post” would go live (it does not land as a draft), so it asks.",
    );
  });
});
