#!/usr/bin/env node
// bench-editor.mjs: from the click on Approve to the open block editor holding the approved
// title and content (issue 11, E1), median of N runs, beside the plain REST write of the same
// values measured in the same run (its floor); and from the click to WordPress storing the
// change with no editor open (issue 35), beside one plain GET + POST of the same field. Runs tests/e2e/bench/editor-write.bench.ts in
// Debian's Chromium with the built extension and the test WordPress; reads its figures from
// test-results/bench/editor-write.json. Timings are reported, never asserted.
//
// Usage: node scripts/bench-editor.mjs [--runs 9] [--json]
// Or:    import { benchEditor, editorLines } from './scripts/bench-editor.mjs'
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const OUT = join(root, 'test-results/bench/editor-write.json');
const APPROVE_OUT = join(root, 'test-results/bench/approve-write.json');

/** @param {{ runs?: number }} options */
export async function benchEditor({ runs = 9 } = {}) {
  if (!Number.isInteger(runs) || runs < 1 || runs > 100) {
    throw new Error('runs must be an integer from 1 to 100');
  }
  rmSync(OUT, { force: true });
  rmSync(APPROVE_OUT, { force: true });
  execFileSync('npx', ['playwright', 'test', '-c', 'playwright.bench.config.ts', 'editor-write'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, COUNTERSIGN_BENCH_EDITOR_RUNS: String(runs) },
  });
  return {
    ...JSON.parse(readFileSync(OUT, 'utf8')),
    approve: JSON.parse(readFileSync(APPROVE_OUT, 'utf8')),
  };
}

/** The result as lines for a console. */
export function editorLines(r) {
  return [
    `  WordPress ${r.wpVersion}, ${r.runs} runs; load average ${r.machine.loadavg.join(' ')}`,
    `  approve click to the open editor holding the change, each run (ms): ${r.approveToEditorMs.join(' ')}`,
    `  the floor, plain REST POST of the same fields, each run (ms): ${r.restPostMs.join(' ')}`,
    // Issue 35: with no editor open, approve is one GET and one POST; the goal is that pair + 30 ms.
    `  approve click to WordPress storing the change, no editor open, median ${r.approve.medianMs} ms (each run: ${r.approve.approveToStoredMs.join(' ')})`,
    `  the floor, plain REST GET + POST of the same field, median ${r.approve.floorMedianMs} ms; goal <= floor + 30 ms = ${r.approve.floorMedianMs + 30} ms: ${r.approve.medianMs <= r.approve.floorMedianMs + 30 ? 'within' : '**over**'}`,
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    const args = process.argv.slice(2);
    const at = args.indexOf('--runs');
    const result = await benchEditor(at >= 0 ? { runs: Number(args[at + 1]) } : {});
    if (args.includes('--json')) console.log(JSON.stringify(result, null, 2));
    else
      console.log(
        ['Approve click to change visible in the open editor', ...editorLines(result)].join('\n'),
      );
  } catch (error) {
    console.error(`bench-editor: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
