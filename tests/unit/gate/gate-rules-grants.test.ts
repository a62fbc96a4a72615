import { ALLOW, ASK, DENY, ONCE, grant, idIs7, idIs8, row, runTable, src } from './gate-table';
import { liveFacts, tools } from './fixtures';

const { write, run, send, destroy } = tools;
const statusIsDraft = { '==': [{ var: 'facts.entity.status' }, 'draft'] };

runTable('gate precedence: auto-approval rules (G4)', [
  row(
    'G4: a matching rule approves a call of an ask entry',
    { admin: { wp_run_cron: { mode: 'ask', rule: idIs7 } }, tool: run },
    ['allow', 'ask', src('admin', 'wp_run_cron', { byRule: true })],
  ),
  row(
    'G4: a rule that does not match leaves the ask',
    { admin: { wp_run_cron: { mode: 'ask', rule: idIs8 } }, tool: run },
    ['ask', 'ask', src('admin', 'wp_run_cron')],
  ),
  row(
    'G4: a rule can test facts such as the entity status',
    { admin: { wp_update_post: { mode: 'ask', rule: statusIsDraft } }, tool: write },
    ['allow', 'ask', src('admin', 'wp_update_post', { byRule: true })],
  ),
  row(
    'G4: a rule approves only on exactly true, not on a truthy value',
    { admin: { wp_run_cron: { mode: 'ask', rule: { var: 'input.id' } } }, tool: run },
    ['ask', 'ask', src('admin', 'wp_run_cron')],
  ),
  row(
    'G4: a rule on a once entry approves the first call',
    { admin: { wp_run_cron: { mode: 'once', rule: idIs7 } }, tool: run },
    ['allow', 'once', src('admin', 'wp_run_cron', { byRule: true })],
  ),
  row(
    'G4: a rule on the "*" entry applies to tools without an entry',
    { admin: { '*': { mode: 'ask', rule: idIs7 } }, tool: send },
    ['allow', 'ask', src('admin', '*', { byRule: true })],
  ),
  row(
    'G4/G11: a managed entry whose rule does not match beats an admin allow',
    {
      managed: { wp_run_cron: { mode: 'ask', rule: idIs8 } },
      admin: { wp_run_cron: ALLOW },
      tool: run,
    },
    ['ask', 'ask', src('managed', 'wp_run_cron')],
  ),
  row(
    'G4/G11: a managed ask without a rule beats an admin rule that matches',
    {
      managed: { wp_run_cron: ASK },
      admin: { wp_run_cron: { mode: 'ask', rule: idIs7 } },
      tool: run,
    },
    ['ask', 'ask', src('managed', 'wp_run_cron')],
  ),
  row(
    'G4/G11: a managed "*" rule beats an admin allow for the tool',
    {
      managed: { '*': { mode: 'ask', rule: idIs7 } },
      admin: { wp_run_cron: ALLOW },
      tool: run,
      input: { id: 9 },
    },
    ['ask', 'ask', src('managed', '*')],
  ),
  row(
    'G4/G11: a matching managed rule approves over an admin deny',
    {
      managed: { wp_run_cron: { mode: 'ask', rule: idIs7 } },
      admin: { wp_run_cron: DENY },
      tool: run,
    },
    ['allow', 'ask', src('managed', 'wp_run_cron', { byRule: true })],
  ),
]);

runTable('gate precedence: thread grants (G14)', [
  row(
    'G14: once with a grant in the thread runs',
    { admin: { wp_run_cron: ONCE }, tool: run, grants: [grant('wp_run_cron')] },
    ['allow', 'once', src('grant', 'wp_run_cron')],
  ),
  row(
    'G14: once through "*" with a grant runs',
    { admin: { '*': ONCE }, tool: run, grants: [grant('wp_run_cron')] },
    ['allow', 'once', src('grant', '*')],
  ),
  row(
    'G14: a managed once with a grant runs',
    { managed: { wp_run_cron: ONCE }, tool: run, grants: [grant('wp_run_cron')] },
    ['allow', 'once', src('grant', 'wp_run_cron')],
  ),
  row(
    'G14: a grant for another tool does not count',
    { admin: { wp_run_cron: ONCE }, tool: run, grants: [grant('wp_send_email')] },
    ['ask', 'once', src('admin', 'wp_run_cron')],
  ),
  row(
    'G14: a grant does not turn an ask entry into allow',
    { admin: { wp_run_cron: ASK }, tool: run, grants: [grant('wp_run_cron')] },
    ['ask', 'ask', src('admin', 'wp_run_cron')],
  ),
  row(
    'G14: a grant does not count under the default ask',
    { tool: run, grants: [grant('wp_run_cron')] },
    ['ask', 'ask', src('default', 'wp_run_cron')],
  ),
  row(
    'G14: a grant does not lift a deny',
    { admin: { wp_run_cron: DENY }, tool: run, grants: [grant('wp_run_cron')] },
    ['deny', 'deny', src('admin', 'wp_run_cron')],
  ),
  row(
    'G14/G11: a managed ask beats an admin once with a grant',
    {
      managed: { wp_run_cron: ASK },
      admin: { wp_run_cron: ONCE },
      tool: run,
      grants: [grant('wp_run_cron')],
    },
    ['ask', 'ask', src('managed', 'wp_run_cron')],
  ),
  row(
    'G14/G2: a grant does not approve a destructive call',
    { admin: { wp_delete_post: ONCE }, tool: destroy, grants: [grant('wp_delete_post')] },
    ['ask', 'once', src('always-ask', 'wp_delete_post', { alwaysAsk: 'destructive' })],
  ),
  row(
    'G14/G2: a grant does not approve a live write',
    {
      admin: { wp_update_post: ONCE },
      tool: write,
      facts: liveFacts,
      grants: [grant('wp_update_post')],
    },
    ['ask', 'once', src('always-ask', 'wp_update_post', { alwaysAsk: 'live-write' })],
  ),
  row(
    'G14/G2: a grant still approves a draft write of the same tool',
    { admin: { wp_update_post: ONCE }, tool: write, grants: [grant('wp_update_post')] },
    ['allow', 'once', src('grant', 'wp_update_post')],
  ),
]);
