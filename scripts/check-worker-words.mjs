// Fails a build whose background worker names a message of a section it does not carry.
// The worker holds English whole and, of every other language, only WORKER_SECTIONS
// (src/i18n/worker-sections.ts): a key of another section would be English for everyone.
// Reads the built background.js, where every `t('section.key')` is still a string literal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(process.env.COUNTERSIGN_OUT_DIR ?? '.output', 'chrome-mv3');
const messages = 'src/i18n/messages/en';
const sections = [
  ...readFileSync(join(messages, 'index.ts'), 'utf8').matchAll(
    /import \{ (\w+) \} from '\.\/([\w-]+)'/g,
  ),
].map(([, name, file]) => ({ name, source: readFileSync(join(messages, `${file}.ts`), 'utf8') }));
const carried = new Set(
  [
    ...readFileSync('src/i18n/worker-sections.ts', 'utf8')
      .match(/WORKER_SECTIONS = \[([^\]]*)\]/)[1]
      .matchAll(/'(\w+)'/g),
  ].map((m) => m[1]),
);
if (sections.length < 5 || carried.size === 0) {
  console.error('check-worker-words: could not read the sections of the catalogue');
  process.exit(1);
}
const code = readFileSync(join(dir, 'background.js'), 'utf8');
const missing = new Set();
for (const { name, source } of sections) {
  if (carried.has(name)) continue;
  // The key as written in the bundle, up to a quote or a `${`: a key, or a key's prefix.
  for (const [, key] of code.matchAll(new RegExp(`["'\`]${name}\\.([A-Za-z0-9_.]+)`, 'g'))) {
    if (source.includes(`'${key}`)) missing.add(`${name}.${key}`);
  }
}
if (missing.size) {
  console.error(
    `${join(dir, 'background.js')} names messages of sections the worker does not carry ` +
      `(add the section to WORKER_SECTIONS in src/i18n/worker-sections.ts, or move the ` +
      `messages to the worker's own): ${[...missing].join(', ')}`,
  );
  process.exit(1);
}
