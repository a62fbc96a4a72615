#!/usr/bin/env node
// bench-abilities.mjs (issue 34): what a site with 300 abilities costs, in Debian's Chromium,
// with the real src modules (scripts/bench/abilities-page.ts): the tool list sent with a model
// request (JSON characters, and tokens estimated at 4 characters each: the API's token counter
// cannot be reached from here) offering every ability, offering what the thread made relevant
// with the look-up (what Countersign sends), and the WordPress tools alone; and the time the
// worker takes to turn the 300 discovered entries into tools (parse, schema, registry).
//
// Usage: node scripts/bench-abilities.mjs [--count 300] [--runs 7]
// Or:    import { benchAbilities, abilitiesLines } from './scripts/bench-abilities.mjs'
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runPageBench, stats } from './bench/page-runner.mjs';

/** @param {{ count?: number, runs?: number }} options */
export async function benchAbilities({ count = 300, runs = 7 } = {}) {
  if (!Number.isInteger(count) || count < 2 || count > 5000) {
    throw new Error('count must be an integer from 2 to 5000');
  }
  if (!Number.isInteger(runs) || runs < 1 || runs > 100) {
    throw new Error('runs must be an integer from 1 to 100');
  }
  const { result, browser } = await runPageBench({
    name: 'abilities',
    entry: 'scripts/bench/abilities-page.ts',
    global: 'abilitiesBench',
    args: { count, runs },
  });
  return { ...result, build: stats(result.buildMs).median, runs, browser };
}

export function abilitiesLines(r) {
  const kb = (n) => `${(n / 1024).toFixed(1).padStart(7)} KB`;
  const tokens = (n) =>
    `≈ ${Math.round(n / 4)
      .toLocaleString('en-US')
      .padStart(6)} tokens`;
  const line = (label, n, note = '') => `    ${label.padEnd(44)} ${kb(n)}  ${tokens(n)}${note}`;
  return [
    `  ${r.browser}, headless; a site with ${r.count} abilities; medians of ${r.runs} runs`,
    '  tool list sent with each model request (JSON; tokens estimated at 4 characters each)',
    line(`every ability offered (${r.allTools} tools)`, r.everyAbility),
    line(`Countersign: relevant ones + look-up (${r.offeredTools})`, r.offered),
    line('WordPress tools alone (the floor)', r.wordpressAlone),
    `  ${r.count} discovered entries to tools in the worker    ${r.build.toFixed(1).padStart(8)} ms`,
  ];
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) {
  const args = process.argv.slice(2);
  const value = (flag, fallback) => {
    const at = args.indexOf(flag);
    return at === -1 ? fallback : Number(args[at + 1]);
  };
  const result = await benchAbilities({ count: value('--count', 300), runs: value('--runs', 7) });
  for (const line of abilitiesLines(result)) console.log(line);
}
