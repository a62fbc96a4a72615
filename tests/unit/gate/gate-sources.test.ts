import { ALLOW, ASK, DENY, ONCE, row, runTable, src } from './gate-table';
import { tools } from './fixtures';

const { read, write, run, send, trash, destroy, unclassified } = tools;

runTable('gate precedence: defaults (G3)', [
  row('G3: a read runs at once by default', { tool: read }, [
    'allow',
    'allow',
    src('default', 'wp_get_post'),
  ]),
  row('G3: a draft write asks by default', { tool: write }, [
    'ask',
    'ask',
    src('default', 'wp_update_post'),
  ]),
  row('G3: a run tool asks by default', { tool: run }, [
    'ask',
    'ask',
    src('default', 'wp_run_cron'),
  ]),
  row('G3: a send tool asks by default', { tool: send }, [
    'ask',
    'ask',
    src('default', 'wp_send_email'),
  ]),
  row('G3: a non-destructive delete asks by default', { tool: trash }, [
    'ask',
    'ask',
    src('default', 'wp_trash_post'),
  ]),
  row('G2/G3: a destructive tool asks by default, as always-ask', { tool: destroy }, [
    'ask',
    'ask',
    src('always-ask', 'wp_delete_post', { alwaysAsk: 'destructive' }),
  ]),
  row('G2/G3: an unclassified tool asks by default, as always-ask', { tool: unclassified }, [
    'ask',
    'ask',
    src('always-ask', 'wp_call_endpoint', { alwaysAsk: 'unclassified' }),
  ]),
]);

runTable('gate precedence: modes (G1)', [
  row('G1: allow runs at once', { admin: { wp_run_cron: ALLOW }, tool: run }, [
    'allow',
    'allow',
    src('admin', 'wp_run_cron'),
  ]),
  row('G1: ask asks every call, even for a read', { admin: { wp_get_post: ASK }, tool: read }, [
    'ask',
    'ask',
    src('admin', 'wp_get_post'),
  ]),
  row('G1: deny refuses, even a read', { admin: { wp_get_post: DENY }, tool: read }, [
    'deny',
    'deny',
    src('admin', 'wp_get_post'),
  ]),
  row('G1: once asks the first call of a thread', { admin: { wp_run_cron: ONCE }, tool: run }, [
    'ask',
    'once',
    src('admin', 'wp_run_cron'),
  ]),
]);

runTable('gate precedence: sources (G11)', [
  row(
    'G11: managed ask beats admin allow',
    { managed: { wp_run_cron: ASK }, admin: { wp_run_cron: ALLOW }, tool: run },
    ['ask', 'ask', src('managed', 'wp_run_cron')],
  ),
  row(
    'G11: managed allow beats admin deny',
    { managed: { wp_run_cron: ALLOW }, admin: { wp_run_cron: DENY }, tool: run },
    ['allow', 'allow', src('managed', 'wp_run_cron')],
  ),
  row(
    'G11: managed deny beats admin allow',
    { managed: { wp_run_cron: DENY }, admin: { wp_run_cron: ALLOW }, tool: run },
    ['deny', 'deny', src('managed', 'wp_run_cron')],
  ),
  row(
    'G11: a managed "*" beats an admin entry for the tool',
    { managed: { '*': ASK }, admin: { wp_run_cron: ALLOW }, tool: run },
    ['ask', 'ask', src('managed', '*')],
  ),
  row(
    'G11: a managed tool entry beats the managed "*"',
    { managed: { '*': ASK, wp_run_cron: ALLOW }, tool: run },
    ['allow', 'allow', src('managed', 'wp_run_cron')],
  ),
  row(
    'G11: a managed tool entry beats an admin "*"',
    { managed: { wp_run_cron: ALLOW }, admin: { '*': DENY }, tool: run },
    ['allow', 'allow', src('managed', 'wp_run_cron')],
  ),
  row(
    'G11: an admin tool entry beats the admin "*"',
    { admin: { '*': DENY, wp_run_cron: ALLOW }, tool: run },
    ['allow', 'allow', src('admin', 'wp_run_cron')],
  ),
  row(
    'G11: the admin "*" applies to tools without an entry',
    { admin: { '*': DENY, wp_run_cron: ALLOW }, tool: read },
    ['deny', 'deny', src('admin', '*')],
  ),
  row('G11: admin allow beats the default ask', { admin: { wp_send_email: ALLOW }, tool: send }, [
    'allow',
    'allow',
    src('admin', 'wp_send_email'),
  ]),
  row(
    'G11: admin ask beats the default allow of a read',
    { admin: { wp_get_post: ASK }, tool: read },
    ['ask', 'ask', src('admin', 'wp_get_post')],
  ),
  row(
    'G11: an admin "*" ask beats the default allow of a read',
    { admin: { '*': ASK }, tool: read },
    ['ask', 'ask', src('admin', '*')],
  ),
  row(
    'G11: managed allow beats the default ask',
    { managed: { wp_send_email: ALLOW }, tool: send },
    ['allow', 'allow', src('managed', 'wp_send_email')],
  ),
  row(
    'G11: managed deny beats the default allow of a read',
    { managed: { wp_get_post: DENY }, tool: read },
    ['deny', 'deny', src('managed', 'wp_get_post')],
  ),
  row(
    'G11: a managed "*" deny beats the default allow of a read',
    { managed: { '*': DENY }, tool: read },
    ['deny', 'deny', src('managed', '*')],
  ),
  row(
    'G11: a managed entry for another tool leaves the default',
    { managed: { wp_send_email: ALLOW }, tool: run },
    ['ask', 'ask', src('default', 'wp_run_cron')],
  ),
]);
