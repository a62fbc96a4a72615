import { ALLOW, ASK, DENY, ONCE, grant, idIs7, row, runTable, src } from './gate-table';
import { liveFacts, tools } from './fixtures';

const { write, liveWrite, destroy, unclassified } = tools;
const destructive = { alwaysAsk: 'destructive' } as const;
const liveWriteClass = { alwaysAsk: 'live-write' } as const;
const unclassifiedClass = { alwaysAsk: 'unclassified' } as const;

runTable('gate precedence: always-ask classes (G2)', [
  row(
    'G2: a destructive tool asks even when the admin allows it',
    { admin: { wp_delete_post: ALLOW }, tool: destroy },
    ['ask', 'allow', src('always-ask', 'wp_delete_post', destructive)],
  ),
  row(
    'G2: a destructive tool asks even when the managed policy allows it',
    { managed: { wp_delete_post: ALLOW }, tool: destroy },
    ['ask', 'allow', src('always-ask', 'wp_delete_post', destructive)],
  ),
  row(
    'G2: an unclassified tool asks even when the admin allows it',
    { admin: { wp_call_endpoint: ALLOW }, tool: unclassified },
    ['ask', 'allow', src('always-ask', 'wp_call_endpoint', unclassifiedClass)],
  ),
  row(
    'G2: an unclassified tool asks even when the managed policy allows it',
    { managed: { wp_call_endpoint: ALLOW }, tool: unclassified },
    ['ask', 'allow', src('always-ask', 'wp_call_endpoint', unclassifiedClass)],
  ),
  row(
    'G2: a write to a published post asks even when the admin allows it',
    { admin: { wp_update_post: ALLOW }, tool: write, facts: liveFacts },
    ['ask', 'allow', src('always-ask', 'wp_update_post', liveWriteClass)],
  ),
  row(
    'G2: a write that publishes a draft asks even when the managed policy allows it',
    { managed: { wp_update_post: ALLOW }, tool: write, input: { id: 7, status: 'publish' } },
    ['ask', 'allow', src('always-ask', 'wp_update_post', liveWriteClass)],
  ),
  row(
    'G2: a write without draft() is live and asks even when allowed',
    { admin: { wp_update_settings: ALLOW }, tool: liveWrite },
    ['ask', 'allow', src('always-ask', 'wp_update_settings', liveWriteClass)],
  ),
  row(
    'G2: a write that lands as a draft is not forced to ask',
    { admin: { wp_update_post: ALLOW }, tool: write },
    ['allow', 'allow', src('admin', 'wp_update_post')],
  ),
  row(
    'G2: an admin "*" allow applies to a draft write without always-ask',
    { admin: { '*': ALLOW }, tool: write },
    ['allow', 'allow', src('admin', '*')],
  ),
  row(
    'G1/G2: deny refuses a destructive tool rather than asking',
    { admin: { wp_delete_post: DENY }, tool: destroy },
    ['deny', 'deny', src('admin', 'wp_delete_post')],
  ),
  row(
    'G1/G2: a managed "*" deny refuses an unclassified tool',
    { managed: { '*': DENY }, tool: unclassified },
    ['deny', 'deny', src('managed', '*')],
  ),
  row(
    'G4/G2: a matching rule never widens always-ask',
    { admin: { wp_delete_post: { mode: 'ask', rule: idIs7 } }, tool: destroy },
    ['ask', 'ask', src('always-ask', 'wp_delete_post', destructive)],
  ),
  row(
    'G4/G2: a matching managed rule never widens always-ask for a live write',
    { managed: { wp_update_settings: { mode: 'ask', rule: idIs7 } }, tool: liveWrite },
    ['ask', 'ask', src('always-ask', 'wp_update_settings', liveWriteClass)],
  ),
]);

runTable('gate precedence: the explicit "*": "allow" opt-in (G2)', [
  row(
    'G2: the admin "*": "allow" opt-in approves a destructive call',
    { admin: { '*': ALLOW }, tool: destroy },
    ['allow', 'allow', src('admin', '*', destructive)],
  ),
  row(
    'G2: the "*": "allow" opt-in approves an unclassified call',
    { admin: { '*': ALLOW }, tool: unclassified },
    ['allow', 'allow', src('admin', '*', unclassifiedClass)],
  ),
  row(
    'G2: the "*": "allow" opt-in approves a live write',
    { admin: { '*': ALLOW }, tool: write, facts: liveFacts },
    ['allow', 'allow', src('admin', '*', liveWriteClass)],
  ),
  row(
    'G2/G11: a managed "*": "allow" is an explicit opt-in too',
    { managed: { '*': ALLOW }, tool: destroy },
    ['allow', 'allow', src('managed', '*', destructive)],
  ),
  row(
    "G2: with the opt-in, a tool's own allow entry approves its destructive calls",
    { admin: { '*': ALLOW, wp_delete_post: ALLOW }, tool: destroy },
    ['allow', 'allow', src('admin', 'wp_delete_post', destructive)],
  ),
  row(
    "G2: with the opt-in, a tool's own ask entry still asks",
    { admin: { '*': ALLOW, wp_delete_post: ASK }, tool: destroy },
    ['ask', 'ask', src('admin', 'wp_delete_post')],
  ),
  row(
    "G2: with the opt-in, a tool's own deny entry still refuses",
    { admin: { '*': ALLOW, wp_delete_post: DENY }, tool: destroy },
    ['deny', 'deny', src('admin', 'wp_delete_post')],
  ),
  row(
    'G2/G14: with the opt-in, a once entry with a grant approves a destructive call',
    {
      admin: { '*': ALLOW, wp_delete_post: ONCE },
      tool: destroy,
      grants: [grant('wp_delete_post')],
    },
    ['allow', 'once', src('grant', 'wp_delete_post', destructive)],
  ),
  row(
    'G2/G4: with the opt-in, a matching rule approves a destructive call',
    { admin: { '*': ALLOW, wp_delete_post: { mode: 'ask', rule: idIs7 } }, tool: destroy },
    ['allow', 'ask', src('admin', 'wp_delete_post', { byRule: true, ...destructive })],
  ),
  row(
    'G2/G11: a managed "*" ask switches off the admin "*": "allow" opt-in',
    { managed: { '*': ASK }, admin: { '*': ALLOW }, tool: destroy },
    ['ask', 'ask', src('always-ask', '*', destructive)],
  ),
  row(
    'G2/G11: a managed "*" ask keeps always-ask even under a managed tool allow',
    { managed: { '*': ASK, wp_delete_post: ALLOW }, admin: { '*': ALLOW }, tool: destroy },
    ['ask', 'allow', src('always-ask', 'wp_delete_post', destructive)],
  ),
  row(
    'G2: a "*" ask with a rule is not the opt-in',
    { admin: { '*': { mode: 'ask', rule: idIs7 } }, tool: destroy },
    ['ask', 'ask', src('always-ask', '*', destructive)],
  ),
  row(
    'G2/G14: a "*" once is not the opt-in: a grant does not approve a destructive call',
    { admin: { '*': ONCE }, tool: destroy, grants: [grant('wp_delete_post')] },
    ['ask', 'once', src('always-ask', '*', destructive)],
  ),
]);
