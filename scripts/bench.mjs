// npm run bench: builds the extension and prints the figures the issues set budgets for.
// Timings are reported, never asserted in tests: these machines are noisy.
//   - gzip size of each entrypoint's JS (side panel initial load, content scripts, background)
//   - median REST GET / POST latency of the local WordPress (test stack)
//   - gate overhead per call in real Chromium, as a share of that POST (bench-gate.mjs)
//   - the card field diff beside google's diff-match-patch, in Chromium (bench-diff.mjs)
//   - side panel open to interactive with a 500-turn thread (bench-panel.mjs)
//   - audit filters, exports and purge on 100k records, in Chromium (bench-audit.mjs)
//   - the companion plugin: mirror throughput, a filtered page and an export of 100k records
//     on the test stack (bench-server.mjs)
//   - approve click to change visible in the open block editor, beside REST (bench-editor.mjs)
//   - a second approver's click to the change in WordPress (bench-approver.mjs, G15)
//   - editorial tasks: a turn decided at once beside one card per call (bench-editorial.mjs)
//   - a site with 300 abilities: the tool list per model request beside every ability and the
//     WordPress tools alone, and discovery's work in the worker (bench-abilities.mjs)
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchRest } from './bench-rest.mjs';
import { benchGate, gateLines } from './bench-gate.mjs';
import { DIFF_BUDGETS, benchDiff, diffLines } from './bench-diff.mjs';
import { PANEL_BUDGET_MS, PANEL_STATIC_RATIO, benchPanel, panelLines } from './bench-panel.mjs';
import { auditRows, benchAudit } from './bench-audit.mjs';
import { benchServer, serverRows } from './bench-server.mjs';
import { benchEditor, editorLines } from './bench-editor.mjs';
import { approverLines, benchApprover } from './bench-approver.mjs';
import { benchEditorial, editorialLines } from './bench-editorial.mjs';
import { abilitiesLines, benchAbilities } from './bench-abilities.mjs';
import { benchDiscovery, discoveryLines } from './bench-discovery.mjs';

const root = resolve(import.meta.dirname, '..');
const out = join(root, '.output/chrome-mv3');
const rows = [];
const report = (name, value, unit, budget) => {
  const verdict = budget === undefined ? '' : value <= budget ? 'within budget' : 'OVER BUDGET';
  rows.push({ name, value, unit, budget, verdict });
  const shown =
    unit === 'KB'
      ? value.toFixed(1)
      : unit === 'x'
        ? value.toFixed(3)
        : String(Math.round(value * 10) / 10);
  console.log(
    `${name.padEnd(48)} ${shown.padStart(9)} ${unit.padEnd(3)} ${budget === undefined ? '' : `(budget ${budget} ${unit}) ${verdict}`}`,
  );
};

console.log('Building the extension…');
// The test build: the bench stacks are on loopback hosts (scripts/loopback-manifest.mjs).
execFileSync('npx', ['wxt', 'build'], {
  cwd: root,
  stdio: 'ignore',
  env: { ...process.env, COUNTERSIGN_LOOPBACK: '1' },
});

const gz = (file) => gzipSync(readFileSync(join(out, file)), { level: 9 }).length / 1024;

/** Every JS file a page loads before it can render: its entry script and static imports. */
function initialScripts(html) {
  const page = readFileSync(join(out, html), 'utf8');
  const seen = new Set();
  const queue = [...page.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]);
  const entries = new Set(queue.map((file) => file.replace(/^\.\//, '')));
  while (queue.length) {
    const file = queue.shift().replace(/^\.\//, '');
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(out, file), 'utf8');
    // Static imports; dynamic import() loads later, except the entry's own: the side panel's
    // entry asks for its thread, then imports the panel at once (issue 15), which counts.
    const imports = [...code.matchAll(/(?:^|[^.\w])(?:import|from)\s*["'`]([^"'`]+\.js)["'`]/g)];
    if (entries.has(file)) imports.push(...code.matchAll(/\bimport\(\s*["'`]([^"'`]+\.js)["'`]/g));
    for (const m of imports) queue.push(join(dirname(file), m[1]).replace(/^\.\//, ''));
  }
  return [...seen];
}

console.log('\nBundle sizes (gzip -9)');
// A page loads the words of the one language it shows, English built in (src/i18n/page-language.ts):
// the other languages' chunks are not part of its initial JS, each is reported on its own.
const languages = [
  ...readFileSync(join(root, 'src/i18n/locales.ts'), 'utf8')
    .match(/SHIPPED_LOCALES = \[([^\]]*)\]/)[1]
    .matchAll(/'([a-z]+)'/g),
].map((m) => m[1]);
const languageChunk = (file) => languages.some((tag) => file.startsWith(`chunks/${tag}-`));
const initialEnglish = (html) => initialScripts(html).filter((file) => !languageChunk(file));
report(
  'side panel, initial JS (English)',
  initialEnglish('sidepanel.html').reduce((sum, f) => sum + gz(f), 0),
  'KB',
  60,
);
report(
  'options page, initial JS (English)',
  initialEnglish('options.html').reduce((sum, f) => sum + gz(f), 0),
  'KB',
);
for (const file of readdirSync(join(out, 'chunks')).filter((f) => languageChunk(`chunks/${f}`))) {
  report(`+ a page's words in ${file.split('-')[0]} (${file})`, gz(join('chunks', file)), 'KB');
}
for (const file of readdirSync(join(out, 'content-scripts')).filter((f) => f.endsWith('.js'))) {
  report(`content script ${file}`, gz(join('content-scripts', file)), 'KB', 4);
}
report('background.js', gz('background.js'), 'KB', 200);

console.log('\nLocal WordPress REST (admin, cookie + nonce, median of 20)');
try {
  // The test stack, started here when it is not up (COUNTERSIGN_WP_PORT moves it, as in tests).
  const port = process.env.COUNTERSIGN_WP_PORT || '8885';
  execFileSync(
    'bash',
    [join(root, 'scripts/wp-stack.sh'), 'up', '--dir', '.stack/test', '--port', port],
    {
      cwd: root,
      stdio: 'ignore',
    },
  );
  const seed = JSON.parse(readFileSync(join(root, '.stack/test/seed.json'), 'utf8'));
  const rest = await benchRest({ baseUrl: seed.origins.primary.url, like: seed.posts.published });
  report('REST GET posts/<id>?context=edit', rest.get.median, 'ms');
  report('REST POST posts/<id> (title)', rest.post.median, 'ms');
} catch (error) {
  console.log(`  skipped: the test stack did not start (${error.message}; see .stack/test/log/)`);
}

console.log('\nGate overhead (real Chromium), per wp_update_post call');
try {
  const gate = await benchGate();
  for (const line of gateLines(gate)) console.log(line);
  report('gate overhead per call, median', gate.total.median, 'ms');
  report('one IndexedDB commit (floor), median', gate.steps.floor.median, 'ms');
  report(
    'gate overhead / one IndexedDB commit',
    gate.total.median / gate.steps.floor.median,
    'x',
    1.2,
  );
  const post = rows.find((r) => r.name.startsWith('REST POST'))?.value;
  if (!post) console.log('  no REST POST median to compare with: the REST section was skipped');
  else report('gate overhead / REST POST median', (100 * gate.total.median) / post, '%', 2);
} catch (error) {
  console.log(`  skipped: ${error.message}`);
}

console.log('\nA site with 300 abilities (real Chromium, same run)');
try {
  const abilities = await benchAbilities();
  for (const line of abilitiesLines(abilities)) console.log(line);
  report('tool list, 300 abilities (Countersign)', abilities.offered / 1024, 'KB');
  report('  / WordPress tools alone', abilities.offered / abilities.wordpressAlone, 'x');
  report('  every ability offered / Countersign', abilities.everyAbility / abilities.offered, 'x');
} catch (error) {
  console.log(`  skipped: ${error.message}`);
}

console.log('\nDiscovering 300 abilities over the network (WordPress 7.1 test stack, same run)');
try {
  // The 7.1 test stack (port + 10, as in tests), started here when it is not up.
  const port = String(Number(process.env.COUNTERSIGN_WP_PORT || '8885') + 10);
  execFileSync(
    'bash',
    [
      join(root, 'scripts/wp-stack.sh'),
      'up',
      '--wp',
      '7.1',
      '--dir',
      '.stack/test-7.1',
      '--port',
      port,
    ],
    { cwd: root, stdio: 'ignore' },
  );
  const discovery = await benchDiscovery();
  for (const line of discoveryLines(discovery)) console.log(line);
  report('discovery, 300 abilities (once per session)', discovery.many.median, 'ms');
  report('  / the same site without them', discovery.many.median / discovery.few.median, 'x');
} catch (error) {
  console.log(`  skipped: ${error.message}`);
}

console.log('\nCard field diff vs google diff-match-patch (real Chromium, same run)');
try {
  const diff = await benchDiff();
  for (const line of diffLines(diff)) console.log(line);
  report('diff, 200 KB with 1% of words changed', diff.edited.ours, 'ms');
  report('  / diff-match-patch on the same input', diff.edited.ratio, 'x', DIFF_BUDGETS.edited);
  report('diff, 200 KB full rewrite', diff.rewritten.ours, 'ms');
  report('  / diff-match-patch (1 s timeout)', diff.rewritten.ratio, 'x', DIFF_BUDGETS.rewritten);
} catch (error) {
  console.log(`  skipped: ${error.message}`);
}

console.log('\nSide panel open to interactive with a 500-turn thread (real Chromium)');
try {
  const panelOpen = await benchPanel();
  for (const line of panelLines(panelOpen)) console.log(line);
  report('panel open to interactive, 500 turns, median', panelOpen.medianMs, 'ms', PANEL_BUDGET_MS);
  report(
    '  / a static extension page, same run',
    panelOpen.medianMs / panelOpen.staticMs,
    'x',
    PANEL_STATIC_RATIO,
  );
} catch (error) {
  console.log(`  skipped: ${error.message}`);
}

console.log('\nApprove click to change visible in the open block editor (real Chromium, E1)');
try {
  const editor = await benchEditor();
  for (const line of editorLines(editor)) console.log(line);
  report('approve click to the open editor showing it, median', editor.medianMs, 'ms');
  report('  floor: plain REST POST of the same fields, median', editor.restMedianMs, 'ms');
} catch (error) {
  console.log(`  skipped: ${error.message}`);
}

console.log('\nEditorial tasks: a turn decided at once, beside one card per call (issue 36)');
try {
  const editorial = await benchEditorial();
  for (const line of editorialLines(editorial)) console.log(line);
  for (const row of editorial.results.filter((x) => x.path === 'turn at once')) {
    const one = editorial.results.find((x) => x.task === row.task && x.path !== row.path);
    report(`${row.task}: decisions, at once`, row.decisions, '');
    report(`  peer: one card per call`, one?.decisions ?? NaN, '');
    report(`${row.task}: first card to last write, at once`, row.firstCardToLastWriteMs, 'ms');
    report(`  peer: one card per call`, one?.firstCardToLastWriteMs ?? NaN, 'ms');
  }
} catch (error) {
  console.log(`  skipped: ${error.message}`);
}

console.log("\nSecond approver's click to the change in WordPress (two browser profiles, G15)");
try {
  const approver = await benchApprover();
  for (const line of approverLines(approver)) console.log(line);
  report('approver click to the change in WordPress, median', approver.medianMs, 'ms');
  report('  floor: plain REST POST of the same change, median', approver.restMedianMs, 'ms');
} catch (error) {
  console.log(`  skipped: ${error.message}`);
}

console.log('\nAudit log on 100,000 records (real Chromium, built extension)');
try {
  const audit = await benchAudit();
  console.log(
    `  ${audit.browser}; exports median of ${audit.runs}; load average ${audit.loadavg.join(' ')}`,
  );
  for (const [name, value, unit, budget] of auditRows(audit)) report(name, value, unit, budget);
} catch (error) {
  console.log(`  skipped: ${error.message}`);
}

console.log('\nCompanion WordPress plugin, 100,000 records in the test stack (bench-server.mjs)');
try {
  const seed = JSON.parse(readFileSync(join(root, '.stack/test/seed.json'), 'utf8'));
  execFileSync(
    'bash',
    [join(root, 'scripts/wp-stack.sh'), 'up', '--dir', '.stack/test', '--port', String(seed.port)],
    { cwd: root, stdio: 'ignore' },
  );
  const server = await benchServer({ dir: '.stack/test' });
  for (const [name, value, unit, budget] of serverRows(server)) report(name, value, unit, budget);
} catch (error) {
  console.log(`  skipped: ${error.message}`);
}

const over = rows.filter((r) => r.verdict === 'OVER BUDGET');
console.log(over.length ? `\n${over.length} figure(s) over budget.` : '\nAll budgets met.');
