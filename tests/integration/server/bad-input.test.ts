// Issue 33 item 7: every countersign/v1 route refuses bad or hostile input before its
// callback, with WordPress's standard error naming the parameter, and writes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, batch, clearTables, record, sql } from './support';
import { offer, offerBody, requireSecondApprover, type Approval } from './approvals-support';

interface WpError {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string> | string[]; field?: string | null };
}

/** The parameter an error names: WordPress's `data.params`, or the plugin's `data.field`. */
function named(body: WpError): string[] {
  const params = body.data.params;
  if (Array.isArray(params)) return params;
  if (params) return Object.keys(params);
  return body.data.field ? [body.data.field] : [];
}

/**
 * Everything a refused request could have changed, in one query: the plugin's tables and its
 * options as stored (a query, not a PHP process that loads WordPress: 25 cases read it).
 */
async function snapshot(): Promise<string> {
  const rows = await sql(
    "SELECT (SELECT COUNT(*) FROM wp_countersign_records), (SELECT MAX(version) FROM wp_countersign_policy), (SELECT GROUP_CONCAT(CONCAT(id, status, updated_at)) FROM wp_countersign_approvals), (SELECT GROUP_CONCAT(CONCAT(option_name, '=', option_value) ORDER BY option_name) FROM wp_options WHERE option_name IN ('countersign_retention_days', 'countersign_remove_data_on_uninstall', 'countersign_approval_expiry_minutes'))",
  );
  return JSON.stringify(rows);
}

let call: Approval;
const long = 'x'.repeat(5000);
/** The site as the last case left it: each case must leave it so. */
let state: string;

beforeAll(async () => {
  await clearTables();
  await requireSecondApprover();
  expect((await batch('editor1', [record('editor1')])).status).toBe(200);
  call = (await offer('editor1')).body;
  expect(call.status).toBe('waiting');
  state = await snapshot();
});

type Case = [string, 'GET' | 'POST' | 'PUT', string, unknown, string, string];
const CASES: Case[] = [
  [
    'records: a page of 0',
    'GET',
    '/records?per_page=0',
    undefined,
    'rest_invalid_param',
    'per_page',
  ],
  [
    'records: a user that is not an id',
    'GET',
    '/records?user=abc',
    undefined,
    'rest_invalid_param',
    'user',
  ],
  [
    'records: an unknown status',
    'GET',
    '/records?status=run,done',
    undefined,
    'rest_invalid_param',
    'status',
  ],
  [
    'records: a huge thread id',
    'GET',
    `/records?thread=${long}`,
    undefined,
    'rest_invalid_param',
    'thread',
  ],
  [
    'export: an unknown format',
    'GET',
    '/records/export?format=xml',
    undefined,
    'rest_invalid_param',
    'format',
  ],
  [
    'export: a date that is not epoch ms',
    'GET',
    '/records/export?from=yesterday',
    undefined,
    'rest_invalid_param',
    'from',
  ],
  [
    'batch: records not a list',
    'POST',
    '/records/batch',
    { records: 'all' },
    'rest_invalid_param',
    'records',
  ],
  [
    'batch: a record that is not an object',
    'POST',
    '/records/batch',
    { records: [1] },
    'rest_invalid_param',
    'records',
  ],
  [
    'policy: a negative version',
    'PUT',
    '/policy',
    { replaces: -1, policy: {} },
    'rest_invalid_param',
    'replaces',
  ],
  [
    'policy: no version',
    'PUT',
    '/policy',
    { policy: {} },
    'countersign_policy_invalid',
    'replaces',
  ],
  [
    'policy: a policy that is text',
    'PUT',
    '/policy',
    { replaces: 1, policy: 'allow all' },
    'rest_invalid_param',
    'policy',
  ],
  [
    'settings: retention of 0 days',
    'PUT',
    '/settings',
    { retentionDays: 0 },
    'rest_invalid_param',
    'retentionDays',
  ],
  [
    'settings: a flag that is text',
    'PUT',
    '/settings',
    { removeDataOnUninstall: 'yes' },
    'rest_invalid_param',
    'removeDataOnUninstall',
  ],
  [
    'settings: an expiry over a year',
    'PUT',
    '/settings',
    { approvalExpiryMinutes: 10_000_000 },
    'rest_invalid_param',
    'approvalExpiryMinutes',
  ],
  [
    'settings: an unknown setting',
    'PUT',
    '/settings',
    { keepForever: true },
    'countersign_invalid_settings',
    'keepForever',
  ],
  [
    'approvals: an unknown scope',
    'GET',
    '/approvals?scope=everyone',
    undefined,
    'rest_invalid_param',
    'scope',
  ],
  [
    'offer: a hash that is not hex',
    'POST',
    '/approvals',
    offerBody({ payloadHash: 'nothex' }),
    'rest_invalid_param',
    'payloadHash',
  ],
  [
    'offer: an id with a quote',
    'POST',
    '/approvals',
    offerBody({ id: "x' OR 1=1" }),
    'rest_invalid_param',
    'id',
  ],
  [
    'offer: an unknown class',
    'POST',
    '/approvals',
    offerBody({ class: 'everything' }),
    'rest_invalid_param',
    'class',
  ],
  [
    'offer: an entity of another kind',
    'POST',
    '/approvals',
    offerBody({ entity: { type: 'user', id: 1 } }),
    'rest_invalid_param',
    'entity',
  ],
  [
    'offer: no card',
    'POST',
    '/approvals',
    offerBody({ card: undefined }),
    'rest_missing_callback_param',
    'card',
  ],
  [
    'decision: approve as text',
    'POST',
    '',
    { approve: 'yes', payloadHash: 'b'.repeat(64), siteRoot: 'x' },
    'rest_invalid_param',
    'approve',
  ],
  [
    'decision: no payload hash',
    'POST',
    '',
    { approve: true, siteRoot: 'x' },
    'rest_missing_callback_param',
    'payloadHash',
  ],
  [
    'decision: a note too long',
    'POST',
    '',
    { approve: false, payloadHash: 'b'.repeat(64), siteRoot: 'x', note: long },
    'rest_invalid_param',
    'note',
  ],
  [
    'withdraw: a call that does not exist',
    'POST',
    '/approvals/no-such-call/withdraw',
    undefined,
    'countersign_approval_not_found',
    '',
  ],
];

describe('bad input to every route is refused, naming the field, and writes nothing', () => {
  it.each(CASES)('%s', async (_what, method, path, body, code, field) => {
    const who = path.startsWith('/records') || path === '/approvals' ? 'editor1' : 'admin';
    const url = path === '' ? `/approvals/${call.id}/decision` : path;
    const res = await api<WpError>(who, method, url, body);
    expect(res.status, res.text).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(code);
    if (field) {
      expect(named(res.body)).toContain(field);
      // The plugin's one place for what was wrong, on WordPress's own refusals too.
      expect(res.body.data.field).toBe(field);
    }
    expect(res.body.message.length).toBeGreaterThan(10);
    // A case that wrote fails here, and the next case starts from what it left.
    const [before, after] = [state, (state = await snapshot())];
    expect(after).toBe(before);
  });
});
