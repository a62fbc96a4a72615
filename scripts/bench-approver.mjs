#!/usr/bin/env node
// bench-approver.mjs: from a second approver's click on Approve (their own browser profile)
// to the change in WordPress, median of N runs (issue 14, G15). Runs
// tests/e2e/bench/second-approver.bench.ts in Debian's Chromium with the built extension and
// the test WordPress (started here when it is not up; COUNTERSIGN_WP_PORT moves it, as in
// tests), beside its floor measured in the same run: the same change by plain REST. Reads
// test-results/bench/second-approver.json. Timings are reported, never asserted.
//
// Usage: node scripts/bench-approver.mjs [--runs 5] [--json]
// Or:    import { benchApprover, approverLines } from './scripts/bench-approver.mjs'
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const OUT = join(root, 'test-results/bench/second-approver.json');

/** @param {{ runs?: number }} options */
export async function benchApprover({ runs = 5 } = {}) {
  if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
    throw new Error('runs must be an integer from 1 to 50');
  }
  rmSync(OUT, { force: true });
  const port = process.env.COUNTERSIGN_WP_PORT || '8885';
  execFileSync(
    'bash',
    [join(root, 'scripts/wp-stack.sh'), 'up', '--dir', '.stack/test', '--port', port],
    { cwd: root, stdio: 'ignore' },
  );
  execFileSync(
    'npx',
    ['playwright', 'test', '-c', 'playwright.bench.config.ts', 'second-approver'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, COUNTERSIGN_BENCH_APPROVER_RUNS: String(runs) },
    },
  );
  return JSON.parse(readFileSync(OUT, 'utf8'));
}

/** The result as lines for a console. */
export function approverLines(r) {
  return [
    `  WordPress ${r.wpVersion}, ${r.runs} runs; load average ${r.machine.loadavg.join(' ')}`,
    `  approver click to the change in WordPress, median: ${r.medianMs} ms`,
    `  each run (ms): ${r.clickToWriteMs.join(' ')} (includes the requester's pickup, every 3 s with its panel open)`,
    `  of which click to the decision stored on the site, median: ${r.decidedMedianMs} ms (each: ${r.clickToDecidedMs.join(' ')})`,
    `  the floor, plain REST POST of the same change, median: ${r.restMedianMs} ms (each: ${r.restPostMs.join(' ')})`,
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    const args = process.argv.slice(2);
    const at = args.indexOf('--runs');
    const result = await benchApprover(at >= 0 ? { runs: Number(args[at + 1]) } : {});
    if (args.includes('--json')) console.log(JSON.stringify(result, null, 2));
    else
      console.log(
        ['Second approver: click to change in WordPress', ...approverLines(result)].join('\n'),
      );
  } catch (error) {
    console.error(`bench-approver: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
