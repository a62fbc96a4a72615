import { describe, expect, it } from 'vitest';
import { canGrantOnce, mergePolicies } from '../../../src/gate';
import type { GateTool, Policy } from '../../../src/gate';
import type { CallFacts } from '../../../src/tools/tool';
import { draftFacts, draftInput, liveFacts, tools } from './fixtures';
import { ALLOW, ASK, DENY, ONCE } from './gate-table';

const { write, run, destroy, unclassified, read } = tools;

function offer(
  admin: Policy,
  tool: GateTool,
  opts: { managed?: Policy; facts?: CallFacts; untrusted?: boolean; input?: unknown } = {},
): boolean {
  const policy = mergePolicies(opts.managed ?? {}, admin);
  const input = opts.input ?? (tool === write ? draftInput : { id: 7 });
  const facts = opts.facts ?? (tool === write ? draftFacts : {});
  return canGrantOnce(policy, { tool, input }, { facts, untrusted: opts.untrusted ?? false });
}

describe('G14: "approve, and allow for this thread" is offered only where once is permitted', () => {
  it.each<[string, boolean, Policy, GateTool, Parameters<typeof offer>[2]?]>([
    ['G14: offered for a once entry', true, { wp_run_cron: ONCE }, run],
    ['G14: offered for a once reached through "*"', true, { '*': ONCE }, run],
    ['G14: offered for a once draft write', true, { wp_update_post: ONCE }, write],
    [
      'G14: offered for a draft write in an untrusted thread (it does not go live)',
      true,
      { wp_update_post: ONCE },
      write,
      { untrusted: true },
    ],
    ['G14: not offered for an ask entry', false, { wp_run_cron: ASK }, run],
    ['G14: not offered for an allow entry', false, { wp_run_cron: ALLOW }, run],
    ['G14: not offered for a deny entry', false, { wp_run_cron: DENY }, run],
    ['G14: not offered under the defaults', false, {}, run],
    ['G14: not offered for a read that runs anyway', false, {}, read],
    [
      'G14/G11: not offered when a managed ask beats the admin once',
      false,
      { wp_run_cron: ONCE },
      run,
      { managed: { wp_run_cron: ASK } },
    ],
    [
      'G14/G11: offered when a managed once beats the admin ask',
      true,
      { wp_run_cron: ASK },
      run,
      { managed: { wp_run_cron: ONCE } },
    ],
    ['G14/G2: not offered for a destructive tool', false, { wp_delete_post: ONCE }, destroy],
    [
      'G14/G2: not offered for an unclassified tool',
      false,
      { wp_call_endpoint: ONCE },
      unclassified,
    ],
    [
      'G14/G2: not offered for a live write',
      false,
      { wp_update_post: ONCE },
      write,
      { facts: liveFacts },
    ],
    [
      'G14/G2: offered for a destructive tool under the "*": "allow" opt-in',
      true,
      { '*': ALLOW, wp_delete_post: ONCE },
      destroy,
    ],
    [
      'G14/S2: not offered for a live call in an untrusted thread',
      false,
      { wp_run_cron: ONCE },
      run,
      { untrusted: true },
    ],
  ])('%s', (_name, expected, admin, tool, opts) => {
    expect(offer(admin, tool, opts)).toBe(expected);
  });
});
