// Integration tests of the companion plugin (server/wordpress/countersign) against the real
// test stack: signed-in sessions per role, records built with the extension's own schema,
// direct MariaDB access to count rows, and PHP with WordPress loaded (cron, options).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { ToolCallRecordSchema, type ToolCallRecord } from '../../../src/audit/record-schema';
import type { AuditStatus } from '../../../src/shared/vocabulary';
import { REPO_ROOT, type WpSeed, type WpUserKey } from '../../support/wp-env';
import { login, type RestResponse, type WpSession } from '../../support/wp-session';

const run = promisify(execFile);

export const seed: WpSeed = inject('wpSeed');
export const NS = '/countersign/v1';

const sessions = new Map<WpUserKey, Promise<WpSession>>();

/** A signed-in session (cookie + nonce) of a seeded user, once per test file. */
export function as(key: WpUserKey): Promise<WpSession> {
  let session = sessions.get(key);
  if (!session) {
    const user = seed.users[key];
    session = login(seed.origins.primary.url, user.login, user.password);
    sessions.set(key, session);
  }
  return session;
}

/** The WordPress user id of a seeded user, as the API and the extension write it. */
export function userId(key: WpUserKey): string {
  return String(seed.users[key].id);
}

/** A call of the plugin's API as a user, or anonymously (no cookie, no nonce). */
export async function api<T = unknown>(
  who: WpUserKey | 'anon',
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<RestResponse<T>> {
  if (who === 'anon') {
    const res = await fetch(`${seed.origins.primary.restRoot}${NS.slice(1)}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, ok: res.ok, headers: res.headers, body: parsed as T, text };
  }
  const session = await as(who);
  return session.rest<T>(method, `${NS}${path}`, body);
}

/** An error answer of the API. */
export interface ApiError {
  code: string;
  message: string;
  data: { status: number; index?: number; field?: string | null; errors?: ApiErrorItem[] };
}
export interface ApiErrorItem {
  index: number;
  id: string | null;
  field: string | null;
  code: string;
  message: string;
}

let counter = 0;
/** A unique id per call (the test run's time keeps reruns apart). */
export function uniqueId(prefix = 'rec'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

const CHAINS: Record<AuditStatus, AuditStatus[]> = {
  pending: ['pending'],
  approved: ['pending', 'approved'],
  rejected: ['pending', 'rejected'],
  run: ['pending', 'approved', 'run'],
  failed: ['pending', 'approved', 'failed'],
  refused: ['refused'],
  skipped: ['skipped'],
  expired: ['pending', 'expired'],
};

/**
 * A record as the extension stores it, validated by the extension's own ToolCallRecordSchema
 * (so what the tests send is what the mirror will send), owned by `owner`.
 */
export function record(
  owner: WpUserKey,
  fields: Partial<ToolCallRecord> & { status?: AuditStatus } = {},
): ToolCallRecord {
  const status = fields.status ?? 'run';
  const createdAt = fields.createdAt ?? Date.now();
  const chain = CHAINS[status];
  const history = chain.map((s, i) => ({
    status: s,
    at: createdAt + i,
    by: i ? userId(owner) : null,
  }));
  return ToolCallRecordSchema.parse({
    id: uniqueId(),
    threadId: 'thread-a',
    owner: { userId: userId(owner), siteOrigin: seed.origins.primary.url },
    tool: 'wp_update_post',
    input: { id: 4, title: 'A title, with "quotes"', meta: {} },
    payloadHash: 'a'.repeat(64),
    mode: 'ask',
    classification: { kind: 'write', destructive: false, draft: false },
    transport: 'agent',
    position: 0,
    decidedBy: status === 'pending' || status === 'refused' ? null : userId(owner),
    decidedAt: status === 'pending' ? null : createdAt + 1,
    createdAt,
    updatedAt: createdAt + chain.length,
    version: chain.length,
    history,
    ...fields,
    status,
  });
}

/** Runs SQL in the stack's MariaDB (root over its socket); rows as arrays of strings. */
export async function sql(query: string): Promise<string[][]> {
  const { stdout } = await run(
    'mariadb',
    [
      '--no-defaults',
      `--socket=${join(seed.dir, 'mysqld.sock')}`,
      '-uroot',
      'wordpress',
      '-N',
      '-B',
      '-e',
      query,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

/** How many rows a table of the plugin holds (optionally WHERE ...). */
export async function count(
  table: 'records' | 'policy' | 'approvals' | 'chain',
  where = '1=1',
): Promise<number> {
  const rows = await sql(`SELECT COUNT(*) FROM wp_countersign_${table} WHERE ${where}`);
  return Number(rows[0]?.[0]);
}

/** Runs PHP with WordPress loaded (scripts/wp-stack/eval.php); returns what it printed. */
export async function php(code: string): Promise<string> {
  const { stdout } = await run('php', [
    join(REPO_ROOT, 'scripts/wp-stack/eval.php'),
    seed.dir,
    String(seed.port),
    code,
  ]);
  return stdout;
}

/**
 * Empties the plugin's tables (each test file starts from nothing), the audit chain (A7)
 * and its head with them, so the emptied site verifies as an intact, empty chain.
 */
export async function clearTables(): Promise<void> {
  await sql(
    'DELETE FROM wp_countersign_records; DELETE FROM wp_countersign_policy; DELETE FROM wp_countersign_approvals;',
  );
  await sql(
    "DELETE FROM wp_countersign_chain; DELETE FROM wp_options WHERE option_name = 'countersign_chain_head';",
  ).catch(() => undefined); // No chain table before schema 5.
}

/** Posts a batch as a user. */
export function batch(who: WpUserKey | 'anon', records: unknown[]): Promise<RestResponse<unknown>> {
  return api(who, 'POST', '/records/batch', { records });
}

/** The database errors WordPress has logged on the test stack so far (WP_DEBUG_LOG). */
export function databaseErrors(): string[] {
  let log: string;
  try {
    log = readFileSync(join(seed.dir, 'log/debug.log'), 'utf8');
  } catch {
    return [];
  }
  return log.split('\n').filter((line) => line.includes('WordPress database error'));
}
