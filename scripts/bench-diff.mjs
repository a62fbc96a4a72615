#!/usr/bin/env node
// bench-diff.mjs: the card field diff beside google's diff-match-patch, in Chromium
// (issue 6). Inputs: a ~200 KB post body with 1% of its words changed, and a full rewrite
// of it (scripts/bench/diff-inputs.ts). Budgets: <= 0.3x diff-match-patch on the 1% edit,
// <= 0.1x on the rewrite (diff-match-patch with its default 1 s timeout), with output
// bounded and readable (segments and visible characters are printed).
//
// Usage: node scripts/bench-diff.mjs [--runs 7] [--json]
// Or:    import { benchDiff, diffLines } from './scripts/bench-diff.mjs'
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runPageBench, stats } from './bench/page-runner.mjs';

/** Budgets of issue 6: our time over diff-match-patch's (diff_main, defaults). */
export const DIFF_BUDGETS = { edited: 0.3, rewritten: 0.1 };

/** @param {{ runs?: number }} options */
export async function benchDiff({ runs = 7 } = {}) {
  if (!Number.isInteger(runs) || runs < 1 || runs > 100) {
    throw new Error('runs must be an integer from 1 to 100');
  }
  const { result, browser } = await runPageBench({
    name: 'diff',
    entry: 'scripts/bench/diff-page.ts',
    global: 'diffBench',
    args: { runs },
  });
  const summarize = (c) => ({
    ours: stats(c.ours).median,
    dmp: stats(c.dmp).median,
    dmpSemantic: stats(c.dmpSemantic).median,
    ratio: stats(c.ours).median / stats(c.dmp).median,
    segments: c.segments,
    visibleChars: c.visibleChars,
    changedVisibleChars: c.changedVisibleChars,
    dmpDiffs: c.dmpDiffs,
  });
  return {
    runs,
    size: result.size,
    browser,
    edited: summarize(result.edited),
    rewritten: summarize(result.rewritten),
  };
}

/** The result as lines for a console. */
export function diffLines(r) {
  const ms = (n) => `${n.toFixed(1).padStart(8)} ms`;
  const row = (label, c) => [
    `  ${label}`,
    `    ours (diffText + collapseParts)          ${ms(c.ours)}`,
    `    diff-match-patch diff_main               ${ms(c.dmp)}   (${c.dmpDiffs} diffs)`,
    `    diff-match-patch + cleanupSemantic       ${ms(c.dmpSemantic)}`,
    `    our output: ${c.segments} segments, ${c.visibleChars.toLocaleString('en-US')} characters` +
      ` visible before a fold is opened (${c.changedVisibleChars.toLocaleString('en-US')} changed)`,
  ];
  return [
    `  ${r.browser}, headless; ${Math.round(r.size / 1000)} KB document; medians of ${r.runs} interleaved runs`,
    ...row('1% of words changed', r.edited),
    ...row('full rewrite', r.rewritten),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    const args = process.argv.slice(2);
    const at = args.indexOf('--runs');
    const result = await benchDiff(at >= 0 ? { runs: Number(args[at + 1]) } : {});
    if (args.includes('--json')) console.log(JSON.stringify(result, null, 2));
    else {
      console.log(['Card diff vs diff-match-patch', ...diffLines(result)].join('\n'));
      for (const key of ['edited', 'rewritten']) {
        console.log(
          `  ${key}: ${result[key].ratio.toFixed(3)}x diff-match-patch (budget ${DIFF_BUDGETS[key]}x)`,
        );
      }
    }
  } catch (error) {
    console.error(`bench-diff: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
