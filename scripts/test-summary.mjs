// Adds up the JSON reports of vitest and Playwright into one closing line:
// "tests: N passed (N of them flaky), N failed, N skipped"; before it, each flaky test by name,
// the test time of each Playwright project (one per WordPress version, plus the setup projects
// that bring the stacks up; the projects run at once over several workers), the browsers'
// set-up and the e2e wall time.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
/** @type {Map<string, { tests: number, ms: number }>} */
const byProject = new Map();
/** @type {{ file: string, ms: number, workers: number }[]} */
const e2eWalls = [];
/** Playwright tests that failed, then passed on a retry: `file › title [project]`. */
const flaky = [];
/** The e2e browsers' set-up before each test (the fixture's "browser" annotation). */
const browserSetUp = { launch: { n: 0, ms: 0 }, reset: { n: 0, ms: 0 } };

function walk(suite) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'flaky') flaky.push(`${spec.file} › ${spec.title} [${test.projectName}]`);
      const entry = byProject.get(test.projectName) ?? { tests: 0, ms: 0 };
      entry.tests += 1;
      for (const result of test.results ?? []) {
        entry.ms += result.duration ?? 0;
        for (const { type, description } of result.annotations ?? test.annotations ?? []) {
          const [how, ms] = type === 'browser' ? String(description).split(' ') : [];
          if (how in browserSetUp) {
            browserSetUp[how].n += 1;
            browserSetUp[how].ms += Number.parseInt(ms, 10) || 0;
          }
        }
      }
      byProject.set(test.projectName, entry);
    }
  }
  for (const child of suite.suites ?? []) walk(child);
}

for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    const workers = report.config?.metadata?.actualWorkers ?? 0;
    e2eWalls.push({ file, ms: report.stats.duration, workers });
    for (const suite of report.suites ?? []) walk(suite);
  }
}
for (const [project, { tests, ms }] of byProject) {
  console.log(`e2e ${project}: ${tests} tests, ${(ms / 1000).toFixed(0)} s of test time`);
}
for (const [how, { n, ms }] of Object.entries(browserSetUp)) {
  if (n) console.log(`e2e browsers, ${how}: ${n} tests, ${(ms / 1000).toFixed(0)} s of test time`);
}
for (const { file, ms, workers } of e2eWalls) {
  const over = workers ? ` over ${workers} worker${workers === 1 ? '' : 's'}` : '';
  console.log(`e2e wall time (${file}): ${(ms / 1000).toFixed(0)} s${over}`);
}
for (const name of flaky) console.log(`flaky (passed on its retry): ${name}`);
console.log(
  `\ntests: ${passed} passed (${flaky.length} of them flaky), ${failed} failed, ${skipped} skipped`,
);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
