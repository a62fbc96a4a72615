#!/usr/bin/env node
// bench-gate.mjs: what the gate path costs per tool call, measured in Debian's Chromium.
// It bundles scripts/bench/gate-page.ts (the real src modules: registry, WordPress tools,
// gate, payload hash, audit log, sealed run store) into .output/bench/, serves it from
// 127.0.0.1, and times N calls of wp_update_post after a warm-up, step by step:
//   validate (T5) · hash (SHA-256 of canonical JSON) · facts() · evaluate (+ canGrantOnce)
//   · access() (G5) · persist (pending audit record + sealed run-state save, IndexedDB)
// The WordPress session's fetch answers recorded REST bodies from memory
// (scripts/bench/fixtures): the client, JSON parsing and zod validation run as they do
// with a real answer; only the network round trips are gone (their count is reported).
//
// Usage: node scripts/bench-gate.mjs [-n 200] [--warmup 50] [--prefill 1000] [--incognito] [--json]
// Or:    import { benchGate, gateLines } from './scripts/bench-gate.mjs'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, '.output/bench');
const CHROMIUM = '/usr/bin/chromium';
const MAX_ITERATIONS = 5000;
const STEPS = ['validate', 'hash', 'facts', 'evaluate', 'access', 'persist', 'record', 'save'];

/** Bundles the page's entry with Vite (no WXT plugins: the modules need none). */
async function buildBundle() {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'esnext',
      modulePreload: false,
      rollupOptions: {
        input: join(root, 'scripts/bench/gate-page.ts'),
        output: { entryFileNames: 'gate-bench.js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
}

const PAGE =
  '<!doctype html><meta charset="utf-8"><title>gate bench</title><link rel="icon" href="data:,">' +
  '<script type="module" src="/gate-bench.js"></script>';
const TYPES = { '.js': 'text/javascript', '.html': 'text/html', '.json': 'application/json' };

/**
 * Serves the bundle on 127.0.0.1 (a random port), cross-origin isolated so that
 * performance.now() has its fine (5 µs) resolution rather than 100 µs.
 */
async function serve() {
  const server = createServer((req, res) => {
    const headers = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cache-Control': 'no-store',
    };
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html' }).end(PAGE);
      return;
    }
    const file = resolve(outDir, `.${path}`);
    try {
      if (!file.startsWith(outDir + sep)) throw new Error('outside the bundle');
      const body = readFileSync(file);
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      res.writeHead(200, { ...headers, 'Content-Type': type }).end(body);
    } catch {
      res.writeHead(404, headers).end();
    }
  });
  await new Promise((ok, fail) => server.listen(0, '127.0.0.1', ok).once('error', fail));
  return server;
}

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  const mid = Math.floor(s.length / 2);
  return { median: s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2, p95: at(0.95) };
}

/**
 * Times the gate path per call in headless Chromium. By default the page runs in a
 * persistent profile (a temporary directory), so IndexedDB lives on disk as the
 * extension's does; `incognito` uses `browser.newContext()` instead (an off-the-record
 * context), for comparison.
 * @param {{ iterations?: number, warmup?: number, prefill?: number, incognito?: boolean }} options
 * @returns {Promise<{ iterations: number, warmup: number, prefill: number,
 *   steps: Record<string, { median: number, p95: number }>, total: { median: number, p95: number },
 *   processWaiting: { median: number, p95: number }, readsPerCall: number, browser: string,
 *   crossOriginIsolated: boolean, profile: string }>} times in milliseconds
 */
export async function benchGate({
  iterations = 200,
  warmup = 50,
  prefill = 1000,
  incognito = false,
} = {}) {
  for (const [name, value, min] of [
    ['iterations', iterations, 1],
    ['warmup', warmup, 0],
    ['prefill', prefill, 0],
  ]) {
    if (!Number.isInteger(value) || value < min || value > MAX_ITERATIONS) {
      throw new Error(`${name} must be an integer from ${min} to ${MAX_ITERATIONS}`);
    }
  }
  await buildBundle();
  const { chromium } = await import('@playwright/test');
  const server = await serve();
  const profile = mkdtempSync(join(tmpdir(), 'countersign-gate-bench-'));
  let browser;
  let context;
  try {
    const launch = { executablePath: CHROMIUM, headless: true };
    if (incognito) {
      browser = await chromium.launch(launch);
      context = await browser.newContext();
    } else {
      context = await chromium.launchPersistentContext(profile, launch);
    }
    const page = context.pages()[0] ?? (await context.newPage());
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    page.setDefaultTimeout(300_000);
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => typeof globalThis.gateBench === 'function');
    const raw = await page.evaluate((options) => globalThis.gateBench(options), {
      iterations,
      warmup,
      prefill,
    });
    if (errors.length > 0) throw new Error(`the bench page logged errors: ${errors.join('; ')}`);
    if (raw.misses.length > 0) {
      throw new Error(`requests with no recorded answer: ${raw.misses.join(', ')}`);
    }
    return {
      iterations,
      warmup,
      prefill,
      steps: Object.fromEntries(STEPS.map((step) => [step, stats(raw.steps[step])])),
      total: stats(raw.steps.total),
      processWaiting: stats(raw.processWaiting),
      readsPerCall: raw.readsPerCall,
      browser: `Chromium ${context.browser()?.version() ?? raw.userAgent.match(/Chrome\/([\d.]+)/)?.[1]}`,
      crossOriginIsolated: raw.crossOriginIsolated,
      profile: incognito ? 'incognito (IndexedDB in memory)' : 'persistent (IndexedDB on disk)',
    };
  } finally {
    await context?.close();
    await browser?.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The per-step table of a result, as lines for a console (times in µs). */
export function gateLines(result) {
  const us = (ms) => `${(ms * 1000).toFixed(0).padStart(7)} µs`;
  const row = (label, s) => `  ${label.padEnd(46)} median ${us(s.median)}   p95 ${us(s.p95)}`;
  return [
    `  ${result.browser}, headless; ${result.iterations} calls after ${result.warmup} warm-up;` +
      ` ${result.profile} profile; audit log prefilled with ${result.prefill} records;` +
      ` timer ${result.crossOriginIsolated ? '5 µs' : '100 µs'} resolution`,
    row('validate (T5, registry, wp_update_post)', result.steps.validate),
    row('hash (SHA-256 of canonical JSON)', result.steps.hash),
    row('facts() (entry read, from memory)', result.steps.facts),
    row('evaluate + canGrantOnce (JSON-Logic rule)', result.steps.evaluate),
    row('access() (G5, cached caps, reads from memory)', result.steps.access),
    row('persist (the two writes below)', result.steps.persist),
    row('  audit record create (Dexie, IndexedDB)', result.steps.record),
    row('  sealed run-state save (AES-GCM, IndexedDB)', result.steps.save),
    row('total of the steps', result.total),
    row('cross-check: processWaiting (+G10, +preview)', result.processWaiting),
    `  REST reads answered from memory per call: ${result.readsPerCall}` +
      ' (each a network round trip on a real site, not counted above)',
  ];
}

function parseArgs(argv) {
  const opts = { json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => Number(argv[++i]);
    if (a === '-n' || a === '--iterations') opts.iterations = next();
    else if (a === '--warmup') opts.warmup = next();
    else if (a === '--prefill') opts.prefill = next();
    else if (a === '--incognito') opts.incognito = true;
    else if (a === '--json') opts.json = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return opts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    const { json, ...options } = parseArgs(process.argv.slice(2));
    const result = await benchGate(options);
    if (json) console.log(JSON.stringify(result, null, 2));
    else console.log(['Gate overhead per call', ...gateLines(result)].join('\n'));
  } catch (error) {
    console.error(`bench-gate: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
