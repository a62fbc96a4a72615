import { describe, expect, it } from 'vitest';
import { evaluate, mergeSources, resolvePolicyEntry } from '../../../src/gate';
import { ALLOW, ASK, DENY, ONCE, grant, idIs7, row, runTable, src } from './gate-table';
import { tools } from './fixtures';

const { read, write, run } = tools;

runTable('gate precedence: the site policy between managed and admin (G11)', [
  row(
    "G11: the site's entry wins over the admin's entry of the same tool",
    { site: { policy: { wp_run_cron: ASK } }, admin: { wp_run_cron: ALLOW }, tool: run },
    ['ask', 'ask', src('site', 'wp_run_cron')],
  ),
  row(
    'G11: the site\'s "*" wins over the admin\'s entry for a tool',
    { site: { policy: { '*': ASK } }, admin: { wp_get_post: ALLOW }, tool: read },
    ['ask', 'ask', src('site', '*')],
  ),
  row(
    "G11: a managed entry wins over the site's",
    { managed: { wp_run_cron: ALLOW }, site: { policy: { wp_run_cron: DENY } }, tool: run },
    ['allow', 'allow', src('managed', 'wp_run_cron')],
  ),
  row(
    'G11: a managed "*" wins over the site\'s entry for the tool',
    { managed: { '*': ASK }, site: { policy: { wp_get_post: ALLOW } }, tool: read },
    ['ask', 'ask', src('managed', '*')],
  ),
  row(
    "G11: the site's allow approves a draft write the default would ask for",
    { site: { policy: { wp_update_post: ALLOW } }, tool: write },
    ['allow', 'allow', src('site', 'wp_update_post')],
  ),
  row(
    "G11: the site's deny refuses, whatever the admin allows",
    { site: { policy: { wp_get_post: DENY } }, admin: { wp_get_post: ALLOW }, tool: read },
    ['deny', 'deny', src('site', 'wp_get_post')],
  ),
  row(
    'G11: the admin entry applies where the site has none',
    { site: { policy: { wp_run_cron: ASK } }, admin: { wp_get_post: DENY }, tool: read },
    ['deny', 'deny', src('admin', 'wp_get_post')],
  ),
  row(
    "G11: a site entry that did not validate asks, although the admin's allows it",
    {
      site: { policy: {}, failed: { wp_get_post: 'ask' } },
      admin: { wp_get_post: ALLOW },
      tool: read,
    },
    ['ask', 'ask', src('site', 'wp_get_post')],
  ),
  row(
    'G11: a site entry that did not validate but said deny refuses',
    {
      site: { policy: {}, failed: { wp_get_post: 'deny' } },
      admin: { wp_get_post: ALLOW },
      tool: read,
    },
    ['deny', 'deny', src('site', 'wp_get_post')],
  ),
  row(
    'G11: a site policy that did not parse makes even a read ask',
    { site: { policy: {}, failed: { '*': 'ask' } }, tool: read },
    ['ask', 'ask', src('site', '*')],
  ),
  row(
    'G11: a failed-closed entry ignores a once grant',
    {
      site: { policy: {}, failed: { wp_run_cron: 'ask' } },
      admin: { wp_run_cron: ONCE },
      tool: run,
      grants: [grant('wp_run_cron')],
    },
    ['ask', 'ask', src('site', 'wp_run_cron')],
  ),
]);

describe('G11: site policy merge details', () => {
  it('a failed-closed site "*" never counts as the "*": "allow" opt-in, and the admin\'s is switched off', () => {
    const policy = mergeSources({
      site: { policy: {}, failed: { '*': 'ask' } },
      admin: { '*': ALLOW },
    });
    expect(policy.entries['*']).toEqual({ mode: 'ask', source: 'site', failedClosed: true });
    expect(policy.shadowed).toEqual(['*']);
    const decision = evaluate(
      policy,
      { tool: run, input: {} },
      { facts: {}, untrusted: false, grants: [] },
    );
    expect(decision.decision).toBe('ask');
    expect(decision.decision === 'ask' && decision.reason).toMatch(
      /site's rules for Countersign could not be read/,
    );
  });

  it('the reason of a failed-closed entry names the tool and says it asks until fixed', () => {
    const policy = mergeSources({ site: { policy: {}, failed: { wp_run_cron: 'ask' } } });
    const decision = evaluate(
      policy,
      { tool: run, input: {} },
      { facts: {}, untrusted: false, grants: [] },
    );
    expect(decision.decision === 'ask' && decision.reason).toBe(
      "This site's rules for Countersign could not be read for “Run cron”, so this call asks for approval until an admin fixes them.",
    );
  });

  it('a site rule approves a matching call like an admin rule (G4)', () => {
    const policy = mergeSources({
      site: { policy: { wp_run_cron: { mode: 'ask', rule: idIs7 } } },
    });
    expect(resolvePolicyEntry(policy, 'wp_run_cron')).toEqual({
      mode: 'ask',
      rule: idIs7,
      source: 'site',
      entry: 'wp_run_cron',
    });
    const decision = evaluate(
      policy,
      { tool: run, input: { id: 7 } },
      { facts: {}, untrusted: false, grants: [] },
    );
    expect(decision).toEqual({
      decision: 'allow',
      mode: 'ask',
      rule: { source: 'site', entry: 'wp_run_cron', byRule: true },
    });
  });
});
