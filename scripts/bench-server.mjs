// The companion plugin's figures (issue 13): mirror throughput into the real site, a filtered
// page of 50 over 100,000 records (server time), and an export of 100,000 records. Runs
// against a stack with the plugin active (the test stack in npm run bench); empties the
// plugin's records table before and after. Timings are reported, never asserted.
//   node scripts/bench-server.mjs [--dir .stack/test]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '..');

/** The goals of issue 13. */
export const SERVER_GOALS = { recordsPerSecond: 2000, pageMs: 50, exportMs: 3000 };
/** Records per batch, as the extension's mirror sends them (the plugin's maximum is 500). */
export const BENCH_BATCH = 500;
const TOTAL = 100_000;

/** A minimal cookie + nonce session for one user on a loopback origin. */
async function login(origin, user, password) {
  const cookies = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${origin}/wp-login.php`, { redirect: 'manual' }));
  const form = new URLSearchParams({ log: user, pwd: password, testcookie: '1' });
  const res = await fetch(`${origin}/wp-login.php`, {
    method: 'POST',
    body: form,
    headers: { cookie: header() },
    redirect: 'manual',
  });
  keep(res);
  if (res.status !== 302) throw new Error(`login as ${user} failed (HTTP ${res.status})`);
  const nonceRes = await fetch(`${origin}/wp-admin/admin-ajax.php?action=rest-nonce`, {
    headers: { cookie: header() },
  });
  const nonce = (await nonceRes.text()).trim();
  return (path, init = {}) =>
    fetch(`${origin}/wp-json/countersign/v1${path}`, {
      ...init,
      headers: { cookie: header(), 'x-wp-nonce': nonce, ...init.headers },
    });
}

/** A record shaped as the extension's ToolCallRecord (statuses mixed, 100 threads, 3 tools). */
function makeRecord(i, userId, origin, start) {
  const tools = ['wp_update_post', 'wp_get_post', 'wp_update_settings'];
  const statuses = ['run', 'refused', 'failed', 'skipped', 'pending'];
  const status = statuses[i % statuses.length];
  const chain = { run: ['pending', 'approved', 'run'], failed: ['pending', 'approved', 'failed'] }[
    status
  ] ?? [status];
  const createdAt = start + i * 10;
  return {
    id: `bench-${String(i).padStart(7, '0')}`,
    threadId: `thread-${i % 100}`,
    owner: { userId, siteOrigin: origin },
    tool: tools[i % tools.length],
    input: { id: i, title: `Post ${i}`, content: 'Lorem ipsum dolor sit amet. '.repeat(8) },
    payloadHash: i.toString(16).padStart(64, '0'),
    status,
    mode: 'ask',
    classification: { kind: 'write', destructive: false, draft: true },
    transport: 'agent',
    position: i % 4,
    decidedBy: status === 'pending' ? null : i % 10 === 0 ? 'countersign:policy' : userId,
    decidedAt: status === 'pending' ? null : createdAt + 1,
    resultSummary: status === 'run' ? `Updated post ${i}` : undefined,
    createdAt,
    updatedAt: createdAt + chain.length,
    version: chain.length,
    history: chain.map((s, k) => ({ status: s, at: createdAt + k, by: k ? userId : null })),
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Runs the three measurements; returns the figures. */
export async function benchServer({ dir = '.stack/test' } = {}) {
  const stackDir = isAbsolute(dir) ? dir : resolve(REPO_ROOT, dir);
  const seed = JSON.parse(readFileSync(join(stackDir, 'seed.json'), 'utf8'));
  const sql = (q) =>
    execFileSync(
      'mariadb',
      [
        '--no-defaults',
        `--socket=${join(stackDir, 'mysqld.sock')}`,
        '-uroot',
        'wordpress',
        '-N',
        '-e',
        q,
      ],
      {
        encoding: 'utf8',
      },
    ).trim();
  const origin = seed.origins.primary.url;
  const call = await login(origin, seed.users.admin.login, seed.users.admin.password);
  const status = await call('/status');
  if (status.status !== 200)
    throw new Error(`the plugin does not answer (GET /status: HTTP ${status.status})`);
  sql('DELETE FROM wp_countersign_records');
  try {
    // 1. Mirror throughput: one user's outbox drained in batches, one request at a time.
    const userId = String(seed.users.admin.id);
    const start = Date.now() - TOTAL * 10;
    const bodies = [];
    for (let b = 0; b < TOTAL / BENCH_BATCH; b += 1) {
      const records = [];
      for (let i = b * BENCH_BATCH; i < (b + 1) * BENCH_BATCH; i += 1)
        records.push(makeRecord(i, userId, origin, start));
      bodies.push(JSON.stringify({ records }));
    }
    const t0 = performance.now();
    for (const body of bodies) {
      const res = await call('/records/batch', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      if (res.status !== 200)
        throw new Error(`batch refused: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
      await res.arrayBuffer();
    }
    const mirrorMs = performance.now() - t0;
    const stored = Number(sql('SELECT COUNT(*) FROM wp_countersign_records'));
    if (stored !== TOTAL) throw new Error(`${stored} rows stored, expected ${TOTAL}`);

    // 2. A filtered page of 50 (server time from Server-Timing), median of 20 per filter.
    const filters = [
      '',
      'status=refused',
      'tool=wp_get_post',
      'thread=thread-7',
      'status=run&thread=thread-5',
      `decided_by=countersign:policy`,
    ];
    const pages = [];
    for (const f of filters) {
      const own = [];
      const wall = [];
      const whole = [];
      let cursor = null;
      for (let k = 0; k < 22; k += 1) {
        const q = `/records?per_page=50${f ? `&${f}` : ''}${cursor ? `&cursor=${cursor}` : ''}`;
        const t = performance.now();
        const res = await call(q);
        const body = await res.json();
        const ms = performance.now() - t;
        if (res.status !== 200 || body.records.length !== 50)
          throw new Error(`page ${q}: HTTP ${res.status}`);
        cursor = body.nextCursor; // walk deeper each time: keyset cost must not grow
        const timing = res.headers.get('server-timing') ?? '';
        if (k < 2) continue; // warm-up
        own.push(Number(/countersign;dur=([\d.]+)/.exec(timing)?.[1]));
        whole.push(Number(/wp;dur=([\d.]+)/.exec(timing)?.[1]));
        wall.push(ms);
      }
      pages.push({
        filter: f || '(none)',
        route: median(own),
        server: median(whole),
        wall: median(wall),
      });
    }

    // 3. Export of all 100,000: time to the last byte, lines counted.
    const exports = {};
    for (const format of ['jsonl', 'csv']) {
      const t = performance.now();
      const res = await call(`/records/export?format=${format}`);
      const text = await res.text();
      const ms = performance.now() - t;
      const lines =
        text.split('\n').filter((l) => l.trim() !== '').length - (format === 'csv' ? 1 : 0);
      if (res.status !== 200 || lines !== TOTAL)
        throw new Error(`export ${format}: HTTP ${res.status}, ${lines} lines`);
      exports[format] = { ms, bytes: text.length };
    }
    return {
      batch: BENCH_BATCH,
      total: TOTAL,
      mirrorMs,
      recordsPerSecond: (TOTAL * 1000) / mirrorMs,
      pages,
      exports,
    };
  } finally {
    sql('DELETE FROM wp_countersign_records');
  }
}

/** Rows for bench.mjs's report(): [name, value, unit, budget]. */
export function serverRows(r) {
  const worst = r.pages.reduce((a, b) => (b.route > a.route ? b : a));
  const worstWhole = r.pages.reduce((a, b) => (b.server > a.server ? b : a));
  return [
    [
      `mirror throughput, batches of ${r.batch} (goal >= ${SERVER_GOALS.recordsPerSecond})`,
      r.recordsPerSecond,
      'r/s',
    ],
    // The same goal as a budget the report can check (lower is better): 2,000/s = 500 ms.
    [
      '  ms per 1,000 records mirrored',
      r.mirrorMs / (r.total / 1000),
      'ms',
      1_000_000 / SERVER_GOALS.recordsPerSecond,
    ],
    [
      `filter page of 50 / 100k, route time (worst: ${worst.filter})`,
      worst.route,
      'ms',
      SERVER_GOALS.pageMs,
    ],
    [`  whole request incl. WordPress boot (${worstWhole.filter})`, worstWhole.server, 'ms'],
    ['export 100k records, JSONL', r.exports.jsonl.ms, 'ms', SERVER_GOALS.exportMs],
    ['export 100k records, CSV', r.exports.csv.ms, 'ms', SERVER_GOALS.exportMs],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--dir');
  const result = await benchServer({ dir: i > 0 ? process.argv[i + 1] : undefined });
  console.log(
    `mirror: ${result.total} records in batches of ${result.batch}: ${(result.mirrorMs / 1000).toFixed(1)} s, ${Math.round(result.recordsPerSecond)} records/s (goal >= ${SERVER_GOALS.recordsPerSecond})`,
  );
  for (const p of result.pages) {
    console.log(
      `page of 50, filter ${p.filter}: route ${p.route.toFixed(1)} ms, whole request ${p.server.toFixed(1)} ms, client ${p.wall.toFixed(1)} ms (goal <= ${SERVER_GOALS.pageMs} ms server)`,
    );
  }
  for (const [f, e] of Object.entries(result.exports)) {
    console.log(
      `export ${f}: ${(e.ms / 1000).toFixed(2)} s, ${(e.bytes / 1e6).toFixed(1)} MB (goal <= ${SERVER_GOALS.exportMs / 1000} s)`,
    );
  }
}
