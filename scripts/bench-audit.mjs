#!/usr/bin/env node
// bench-audit.mjs: the audit figures of issue 7 on 100k records, in Debian's Chromium with
// the built extension: the viewer's filters (one page of 50, through the viewer's own
// request), both exports (the page's buttons, first read to finished Blob, as the page
// reports it) and "Purge now". Records are seeded straight into the extension's
// IndexedDB from one of its pages (no hook in the extension). For reference it also times
// the floor of an export: reading every record from IndexedDB in the page, nothing else.
//
// Usage: node scripts/bench-audit.mjs [-n 100000] [--runs 3] [--json]
//        (COUNTERSIGN_OUT_DIR=<dir> picks another build than .output)
// Or:    import { benchAudit, auditLines } from './scripts/bench-audit.mjs'
/* global indexedDB, IDBKeyRange, chrome */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const CHROMIUM = '/usr/bin/chromium';
/** Budgets set by issue 7 for 100k records, in milliseconds. */
export const AUDIT_BUDGETS = { filterMs: 50, exportMs: 3000, purgeMs: 2000 };

/** tests/support/synthetic-records.ts, bundled for Node (it imports nothing at run time). */
async function loadSynthetic(dir) {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir: dir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      lib: {
        entry: join(root, 'tests/support/synthetic-records.ts'),
        formats: ['es'],
        fileName: 'synthetic',
      },
    },
  });
  return import(pathToFileURL(join(dir, 'synthetic.js')).href);
}

/**
 * Records as `AuditLog.create` stores them, with deciders as the run loop sets them. The
 * default mix has a pending record every fifth (a worst case for the purge: it must skip
 * them all); `statuses` gives another mix.
 */
function storedRecords(syntheticRecords, count, statuses) {
  const decider = { run: 'user', failed: 'user', refused: 'countersign:policy' };
  const options = { start: Date.UTC(2025, 0, 1), ...(statuses ? { statuses } : {}) };
  return syntheticRecords(count, options).map((r) => {
    const decide = decider[r.status];
    const decidedBy = decide === 'user' ? r.owner.userId : (decide ?? null);
    return {
      ...r,
      decidedBy,
      decidedAt: decidedBy ? r.createdAt : null,
      updatedAt: r.createdAt,
      version: 1,
      history: [{ status: r.status, at: r.createdAt, by: decidedBy }],
    };
  });
}

/** Empties the audit records and the mirror outbox, from an extension page. */
async function clearRecords(page) {
  await page.evaluate(async () => {
    const db = await new Promise((ok, fail) => {
      const open = indexedDB.open('countersign');
      open.onsuccess = () => ok(open.result);
      open.onerror = () => fail(open.error);
    });
    await new Promise((ok, fail) => {
      const tx = db.transaction(['records', 'outbox'], 'readwrite');
      tx.objectStore('records').clear();
      tx.objectStore('outbox').clear();
      tx.oncomplete = ok;
      tx.onerror = () => fail(tx.error);
    });
    db.close();
  });
}

async function seed(page, records, batch = 10_000) {
  for (let start = 0; start < records.length; start += batch) {
    await page.evaluate(
      async (json) => {
        const rows = JSON.parse(json);
        const db = await new Promise((ok, fail) => {
          const open = indexedDB.open('countersign');
          open.onsuccess = () => ok(open.result);
          open.onerror = () => fail(open.error);
        });
        await new Promise((ok, fail) => {
          const tx = db.transaction('records', 'readwrite', { durability: 'relaxed' });
          for (const row of rows) tx.objectStore('records').put(row);
          tx.oncomplete = ok;
          tx.onerror = () => fail(tx.error);
        });
        db.close();
      },
      JSON.stringify(records.slice(start, start + batch)),
    );
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** Median round trip of one request sent from the options page. */
function timeRequest(page, request, runs = 7) {
  return page.evaluate(
    async ({ request, runs }) => {
      const times = [];
      for (let i = 0; i < runs; i += 1) {
        const started = performance.now();
        const reply = await chrome.runtime.sendMessage(request);
        if (!reply.ok) throw new Error(JSON.stringify(reply));
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
    },
    { request, runs },
  );
}

/** One export through the page's button; the page's own time (first read to Blob). */
async function timeExport(page, format, expected) {
  const status = page.getByTestId('export-status');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 600_000 }),
    page.getByRole('button', { name: `Export ${format.toUpperCase()}` }).click(),
  ]);
  await download.delete();
  const text = (await status.textContent()) ?? '';
  const count = Number(/Exported ([\d,]+) records/.exec(text)?.[1]?.replaceAll(',', ''));
  if (count !== expected) throw new Error(`export said "${text}", expected ${expected} records`);
  return Number(/in ([\d.]+) s/.exec(text)?.[1]) * 1000;
}

/** Reads every record from IndexedDB in the page, in batches of 5,000: an export's floor. */
function timeRawRead(page) {
  return page.evaluate(async () => {
    const db = await new Promise((ok, fail) => {
      const open = indexedDB.open('countersign');
      open.onsuccess = () => ok(open.result);
      open.onerror = () => fail(open.error);
    });
    const started = performance.now();
    let from = -Infinity;
    for (;;) {
      const rows = await new Promise((ok, fail) => {
        const index = db.transaction('records').objectStore('records').index('createdAt');
        const request = index.getAll(IDBKeyRange.lowerBound(from, true), 5000);
        request.onsuccess = () => ok(request.result);
        request.onerror = () => fail(request.error);
      });
      if (rows.length < 5000) break;
      from = rows[rows.length - 1].createdAt;
    }
    db.close();
    return performance.now() - started;
  });
}

/**
 * The audit figures on `count` seeded records (milliseconds). Exports run `runs` times
 * each (median); the purge once, with a retention every seeded record is older than
 * (pending ones, a fifth, stay), then once more on a log with 10 pending records.
 */
export async function benchAudit({ count = 100_000, runs = 3 } = {}) {
  const out = join(process.env.COUNTERSIGN_OUT_DIR || join(root, '.output'), 'chrome-mv3');
  const scratch = mkdtempSync(join(tmpdir(), 'countersign-audit-bench-'));
  const { chromium } = await import('@playwright/test');
  let context;
  try {
    const { syntheticRecords } = await loadSynthetic(join(scratch, 'bundle'));
    context = await chromium.launchPersistentContext(join(scratch, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      acceptDownloads: true,
      args: [`--disable-extensions-except=${out}`, `--load-extension=${out}`, '--disable-gpu'],
    });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const page = await context.newPage();
    page.setDefaultTimeout(600_000);
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`chrome-extension://${new URL(worker.url()).host}/options.html#audit`);
    await page.getByTestId('audit-empty').waitFor();
    const records = storedRecords(syntheticRecords, count);
    await seed(page, records);
    const first = records[0].createdAt;
    const query = (filter) => ({ type: 'options-audit-query', filter, cursor: null, limit: 50 });
    const filters = {
      'tool + status': await timeRequest(
        page,
        query({ tool: 'wp_update_settings', status: 'refused' }),
      ),
      thread: await timeRequest(page, query({ threadId: 'thread-42' })),
      'date range': await timeRequest(page, query({ from: first + 3.6e6, to: first + 7.2e6 })),
      'decided by': await timeRequest(page, query({ decidedBy: '2' })),
      none: await timeRequest(page, query({})),
    };
    await page.reload();
    await page.getByTestId('audit-table').waitFor();
    const jsonl = [];
    const csv = [];
    const raw = [];
    for (let i = 0; i < runs; i += 1) {
      jsonl.push(await timeExport(page, 'jsonl', count));
      csv.push(await timeExport(page, 'csv', count));
      raw.push(await timeRawRead(page));
    }
    await page.evaluate(() => chrome.storage.local.set({ retention: { days: 1 } }));
    const started = performance.now();
    const purge = await page.evaluate(() =>
      chrome.runtime.sendMessage({ type: 'options-retention-purge' }),
    );
    const purgeMs = performance.now() - started;
    if (!purge.ok) throw new Error(`purge failed: ${JSON.stringify(purge)}`);

    // A log as it grows in use: calls wait for a person one at a time, so pending records
    // are rare (here 10 in 100k); record ids sort by time (UUID v7), like the synthetic ones.
    await clearRecords(page);
    const usual = storedRecords(syntheticRecords, count, ['run', 'refused', 'failed', 'skipped']);
    for (let i = 0; i < 10; i += 1) {
      const at = Math.floor(((i + 0.5) * count) / 10);
      usual[at] = { ...usual[at], status: 'pending', decidedBy: null, decidedAt: null };
      usual[at].history = [{ status: 'pending', at: usual[at].createdAt, by: null }];
    }
    await seed(page, usual);
    const usualStarted = performance.now();
    const usualPurge = await page.evaluate(() =>
      chrome.runtime.sendMessage({ type: 'options-retention-purge' }),
    );
    const usualPurgeMs = performance.now() - usualStarted;
    if (!usualPurge.ok) throw new Error(`purge failed: ${JSON.stringify(usualPurge)}`);
    if (errors.length > 0) throw new Error(`the options page threw: ${errors.join('; ')}`);
    return {
      records: count,
      runs,
      filters,
      exportJsonlMs: median(jsonl),
      exportCsvMs: median(csv),
      rawReadMs: median(raw),
      samples: { jsonl, csv, raw },
      purgeMs,
      purged: purge.value.removed,
      usualPurgeMs,
      usualPurged: usualPurge.value.removed,
      loadavg: loadavg().map((n) => Math.round(n * 10) / 10),
      browser: `Chromium ${context.browser()?.version() ?? ''}`.trim(),
    };
  } finally {
    await context?.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The figures as `report(name, value, unit, budget)` calls would print them. */
export function auditRows(result) {
  const n = result.records.toLocaleString('en-US');
  return [
    ...Object.entries(result.filters).map(([name, ms]) => [
      `audit filter "${name}", page of 50, median`,
      ms,
      'ms',
      AUDIT_BUDGETS.filterMs,
    ]),
    [
      `audit export JSONL, ${n} records, median`,
      result.exportJsonlMs,
      'ms',
      AUDIT_BUDGETS.exportMs,
    ],
    [`audit export CSV, ${n} records, median`, result.exportCsvMs, 'ms', AUDIT_BUDGETS.exportMs],
    [`  (floor: IndexedDB read of ${n} records)`, result.rawReadMs, 'ms'],
    [
      `audit purge, ${result.usualPurged.toLocaleString('en-US')} records (10 pending kept)`,
      result.usualPurgeMs,
      'ms',
      AUDIT_BUDGETS.purgeMs,
    ],
    [
      `  worst case: ${result.purged.toLocaleString('en-US')} records, every 5th pending`,
      result.purgeMs,
      'ms',
    ],
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const value = (name, fallback) => {
    const at = args.indexOf(name);
    return at < 0 ? fallback : Number(args[at + 1]);
  };
  try {
    const result = await benchAudit({ count: value('-n', 100_000), runs: value('--runs', 3) });
    if (args.includes('--json')) console.log(JSON.stringify(result, null, 2));
    else {
      console.log(`Audit (${result.browser}, load average ${result.loadavg.join(' ')})`);
      for (const [name, ms, unit, budget] of auditRows(result)) {
        const verdict = budget === undefined ? '' : ms <= budget ? 'within budget' : 'OVER BUDGET';
        console.log(
          `${name.padEnd(48)} ${String(Math.round(ms)).padStart(9)} ${unit}  ${budget ? `(budget ${budget} ms) ${verdict}` : ''}`,
        );
      }
    }
  } catch (error) {
    console.error(`bench-audit: ${error instanceof Error ? error.stack : error}`);
    process.exitCode = 1;
  }
}
