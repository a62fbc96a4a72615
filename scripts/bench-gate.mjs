#!/usr/bin/env node
// bench-gate.mjs: what the gate path costs per tool call, measured in Debian's Chromium.
// It runs scripts/bench/gate-page.ts (the real src modules: registry, WordPress tools,
// gate, payload hash, audit log, sealed run store) in Chromium (bench/page-runner.mjs) and
// times N calls of wp_update_post after a warm-up, step by step:
//   validate (T5) · hash (SHA-256 of canonical JSON) made while the entry is read, then
//   facts() · evaluate (+ canGrantOnce) · access() (G5, its value reads sent with the entry's) · persist (pending audit record + sealed run-state save: one IndexedDB
//   commit since issue 15 item 6), and beside it, in the same run, its floor: one bare
//   IndexedDB commit of the same two rows; and the persist as it was (two commits).
// The WordPress session's fetch answers recorded REST bodies from memory
// (scripts/bench/fixtures): the client, JSON parsing and zod validation run as they do
// with a real answer; only the network round trips are gone (their count is reported).
//
// Usage: node scripts/bench-gate.mjs [-n 200] [--warmup 50] [--prefill 1000] [--incognito] [--json]
// Or:    import { benchGate, gateLines } from './scripts/bench-gate.mjs'
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runPageBench, stats } from './bench/page-runner.mjs';

const MAX_ITERATIONS = 5000;
const STEPS = [
  'validate',
  'facts',
  'evaluate',
  'access',
  'persist',
  'floor',
  'twoCommits',
  'sealedFloor',
];

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
  const { result: raw, browser } = await runPageBench({
    name: 'gate',
    entry: 'scripts/bench/gate-page.ts',
    global: 'gateBench',
    args: { iterations, warmup, prefill },
    incognito,
  });
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
    rename: raw.rename,
    browser,
    crossOriginIsolated: raw.crossOriginIsolated,
    profile: incognito ? 'incognito (IndexedDB in memory)' : 'persistent (IndexedDB on disk)',
  };
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
    row('hash beside the entry read, then facts()', result.steps.facts),
    row('evaluate + canGrantOnce (JSON-Logic rule)', result.steps.evaluate),
    row('access() (G5, cached caps, reads from memory)', result.steps.access),
    row('persist (record + sealed state, one commit)', result.steps.persist),
    row('total of the steps (gate overhead)', result.total),
    row('floor: one bare IndexedDB commit, same rows', result.steps.floor),
    row('before: the same persist as two commits', result.steps.twoCommits),
    `  gate overhead / one IndexedDB commit: ${(result.total.median / result.steps.floor.median).toFixed(2)}x` +
      ' (medians; goal at most 1.2x)',
    row('floor with sealing: state sealed (S3), one commit', result.steps.sealedFloor),
    `  sealing alone takes the floor to ${(result.steps.sealedFloor.median / result.steps.floor.median).toFixed(2)}x` +
      ' one bare commit, before any check or read of the gate',
    row('cross-check: processWaiting (+G10, +preview)', result.processWaiting),
    `  REST reads answered from memory per call: ${result.readsPerCall}` +
      ' (each a network round trip on a real site, not counted above)',
    ...renameLines(result.rename),
  ];
}

/**
 * Issue 35: what one rename asks of the site, card to result, beside its goals: at most 3
 * reads of the entry in all, and an approve of one GET plus one POST (the floor: G13's
 * re-read and the write). The heartbeats that ask whether someone else edits the entry
 * (admin-ajax.php) are printed apart (the first of a session fetches their nonce).
 */
export function renameLines(rename) {
  const { card, approve, result } = rename;
  const reads = card.gets + approve.gets + result.gets;
  const writes = card.writes + approve.writes + result.writes;
  const heartbeats = card.heartbeats + approve.heartbeats + result.heartbeats;
  return [
    `  one rename, card to result: ${reads} REST reads (card ${card.gets}, approve ${approve.gets},` +
      ` result card ${result.gets}), ${writes} write; goal at most 3 reads`,
    `    and ${heartbeats} heartbeats asking who else edits the entry (the first fetches its nonce)`,
    `  approve: ${approve.gets} GET + ${approve.writes} POST (floor: 1 GET + 1 POST)`,
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
