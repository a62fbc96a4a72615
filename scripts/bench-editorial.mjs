#!/usr/bin/env node
// bench-editorial.mjs: scripted editorial tasks through the real panel and worker (issue 36):
// retitle 10 posts; rewrite 5 excerpts and publish 2; change 3 settings (one call each, as an
// administrator; the settings are put back afterwards). Each task runs twice in the same run,
// one card per call (a decision per call, as before) and the turn decided at once, and reports
// decisions (one click each in the panel) and the time from the first card to the last write
// WordPress shows. Runs tests/e2e/bench/editorial.bench.ts in Debian's Chromium with the built
// extension and the test WordPress (started here when it is not up). Timings are reported,
// never asserted.
//
// Usage: node scripts/bench-editorial.mjs [--json]
// Or:    import { benchEditorial, editorialLines } from './scripts/bench-editorial.mjs'
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const OUT = join(root, 'test-results/bench/editorial.json');

export async function benchEditorial() {
  rmSync(OUT, { force: true });
  const port = process.env.COUNTERSIGN_WP_PORT || '8885';
  execFileSync(
    'bash',
    [join(root, 'scripts/wp-stack.sh'), 'up', '--dir', '.stack/test', '--port', port],
    { cwd: root, stdio: 'ignore' },
  );
  execFileSync('npx', ['playwright', 'test', '-c', 'playwright.bench.config.ts', 'editorial'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return JSON.parse(readFileSync(OUT, 'utf8'));
}

/** The result as lines for a console: each task, its two paths side by side. */
export function editorialLines(r) {
  const lines = [`  load average ${r.machine.loadavg.join(' ')} on ${r.machine.cpus} cores`];
  const tasks = [...new Set(r.results.map((x) => x.task))];
  for (const task of tasks) {
    const of = (path) => r.results.find((x) => x.task === task && x.path === path);
    const one = of('one card per call');
    const batch = of('turn at once');
    lines.push(
      `  ${task} (${one?.calls} calls): turn at once ${batch?.decisions} decision(s), ${batch?.firstCardToLastWriteMs} ms` +
        ` | one card per call ${one?.decisions} decisions, ${one?.firstCardToLastWriteMs} ms`,
    );
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    const result = await benchEditorial();
    if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
    else for (const line of editorialLines(result)) console.log(line);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
