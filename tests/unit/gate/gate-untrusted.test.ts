import { ALLOW, DENY, ONCE, grant, idIs7, idIs8, row, runTable, src } from './gate-table';
import { liveFacts, tools } from './fixtures';

const { read, write, run, send, destroy, unclassified } = tools;

runTable('gate precedence: untrusted threads (S2, G4)', [
  row(
    'S2: an admin allow does not approve a live call in an untrusted thread',
    { admin: { wp_run_cron: ALLOW }, tool: run, untrusted: true },
    ['ask', 'allow', src('untrusted', 'wp_run_cron')],
  ),
  row(
    'S2: a managed allow does not approve a live call in an untrusted thread',
    { managed: { wp_send_email: ALLOW }, tool: send, untrusted: true },
    ['ask', 'allow', src('untrusted', 'wp_send_email')],
  ),
  row(
    'S2: the "*": "allow" opt-in does not approve a destructive call in an untrusted thread',
    { admin: { '*': ALLOW }, tool: destroy, untrusted: true },
    ['ask', 'allow', src('untrusted', '*')],
  ),
  row(
    'S2: the "*": "allow" opt-in does not approve a live write in an untrusted thread',
    { admin: { '*': ALLOW }, tool: write, facts: liveFacts, untrusted: true },
    ['ask', 'allow', src('untrusted', '*')],
  ),
  row(
    'S2: the "*": "allow" opt-in does not approve an unclassified call in an untrusted thread',
    { admin: { '*': ALLOW }, tool: unclassified, untrusted: true },
    ['ask', 'allow', src('untrusted', '*')],
  ),
  row(
    'S2: a managed "*": "allow" does not approve a send in an untrusted thread',
    { managed: { '*': ALLOW }, tool: send, untrusted: true },
    ['ask', 'allow', src('untrusted', '*')],
  ),
  row(
    'S2: "*": "allow" still approves a draft write in an untrusted thread',
    { admin: { '*': ALLOW }, tool: write, untrusted: true },
    ['allow', 'allow', src('admin', '*')],
  ),
  row(
    'S2: an admin allow still approves a draft write in an untrusted thread',
    { admin: { wp_update_post: ALLOW }, tool: write, untrusted: true },
    ['allow', 'allow', src('admin', 'wp_update_post')],
  ),
  row('S2: a read still runs in an untrusted thread', { tool: read, untrusted: true }, [
    'allow',
    'allow',
    src('default', 'wp_get_post'),
  ]),
  row(
    'S2: deny still refuses in an untrusted thread',
    { admin: { wp_get_post: DENY }, tool: read, untrusted: true },
    ['deny', 'deny', src('admin', 'wp_get_post')],
  ),
  row(
    'S2/G2: without the opt-in, always-ask answers first in an untrusted thread',
    { admin: { wp_delete_post: ALLOW }, tool: destroy, untrusted: true },
    ['ask', 'allow', src('always-ask', 'wp_delete_post', { alwaysAsk: 'destructive' })],
  ),
  row(
    'G4/S2: a matching rule does not apply in an untrusted thread, even to a draft',
    { admin: { wp_update_post: { mode: 'ask', rule: idIs7 } }, tool: write, untrusted: true },
    ['ask', 'ask', src('untrusted', 'wp_update_post')],
  ),
  row(
    'G4/S2: a matching managed rule does not apply in an untrusted thread',
    { managed: { wp_run_cron: { mode: 'ask', rule: idIs7 } }, tool: run, untrusted: true },
    ['ask', 'ask', src('untrusted', 'wp_run_cron')],
  ),
  row(
    'G4/S2: a rule that does not match asks as its entry says in an untrusted thread',
    { admin: { wp_run_cron: { mode: 'ask', rule: idIs8 } }, tool: run, untrusted: true },
    ['ask', 'ask', src('admin', 'wp_run_cron')],
  ),
  row(
    'G14/S2: a grant does not approve a live call in an untrusted thread',
    { admin: { wp_run_cron: ONCE }, tool: run, untrusted: true, grants: [grant('wp_run_cron')] },
    ['ask', 'once', src('untrusted', 'wp_run_cron')],
  ),
  row(
    'G14/S2: a grant still approves a draft write in an untrusted thread',
    {
      admin: { wp_update_post: ONCE },
      tool: write,
      untrusted: true,
      grants: [grant('wp_update_post')],
    },
    ['allow', 'once', src('grant', 'wp_update_post')],
  ),
]);
