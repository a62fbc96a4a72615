#!/usr/bin/env node
// bench-discovery.mjs (issue 34): what discovering a site's abilities costs over the network,
// on the real WordPress 7.1 test stack, as the extension discovers them once per session: an
// editor's cookie + nonce, GET wp-abilities/v1/abilities?context=edit&per_page=100 page by
// page, then the categories (src/cms/wordpress/abilities/discover.ts). Measured with the test
// plugin's shop of 300 abilities switched on (option countersign_test_many_abilities) beside
// the same site with only its own handful, alternating, median of N each; the option is
// removed at the end. This is the part of the time to the first panel answer that the
// abilities add (the model's own time is the same either way).
//
// Usage: node scripts/bench-discovery.mjs [--dir .stack/test-7.1] [-n 7] [--count 300]
// Or:    import { benchDiscovery, discoveryLines } from './scripts/bench-discovery.mjs'
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient } from './bench-rest.mjs';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const OPTION = 'countersign_test_many_abilities';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Reads every page of a collection as discovery does; returns items, requests and bytes. */
async function readAll(client, path) {
  let items = 0;
  let bytes = 0;
  let requests = 0;
  for (let page = 1; page <= 20; page++) {
    const { res, json } = await client.rest(
      'GET',
      `${path}?context=edit&per_page=100&page=${page}`,
    );
    requests++;
    bytes += JSON.stringify(json).length;
    items += Array.isArray(json) ? json.length : 0;
    const pages = Number(res.headers.get('x-wp-totalpages') ?? '1');
    if (page >= pages || !Array.isArray(json) || json.length === 0) break;
  }
  return { items, bytes, requests };
}

async function discoverOnce(client) {
  const started = performance.now();
  const abilities = await readAll(client, '/wp-abilities/v1/abilities');
  const categories = await readAll(client, '/wp-abilities/v1/categories');
  return {
    ms: performance.now() - started,
    abilities: abilities.items,
    requests: abilities.requests + categories.requests,
    kb: (abilities.bytes + categories.bytes) / 1024,
  };
}

/** @param {{ dir?: string, runs?: number, count?: number }} options */
export async function benchDiscovery({ dir = '.stack/test-7.1', runs = 7, count = 300 } = {}) {
  const stackDir = isAbsolute(dir) ? dir : resolve(REPO_ROOT, dir);
  const seed = JSON.parse(readFileSync(join(stackDir, 'seed.json'), 'utf8'));
  if (!String(seed.wpVersion).startsWith('7.')) {
    throw new Error(`${dir} runs WordPress ${seed.wpVersion}; the Abilities API needs 6.9+`);
  }
  const sql = (q) =>
    execFileSync(
      'mariadb',
      [
        '--no-defaults',
        `--socket=${join(stackDir, 'mysqld.sock')}`,
        '-uroot',
        'wordpress',
        '-e',
        q,
      ],
      { encoding: 'utf8' },
    );
  const many = (n) =>
    sql(
      n === 0
        ? `DELETE FROM wp_options WHERE option_name = '${OPTION}'`
        : `INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('${OPTION}', '${n}', 'no') ON DUPLICATE KEY UPDATE option_value = '${n}'`,
    );
  const client = createClient(seed.origins.primary.url);
  await client.login(seed.users.editor1.login, seed.users.editor1.password);
  const samples = { few: [], many: [] };
  let shapes = {};
  try {
    for (let run = 0; run <= runs; run++) {
      for (const kind of run % 2 === 0 ? ['few', 'many'] : ['many', 'few']) {
        many(kind === 'many' ? count : 0);
        const result = await discoverOnce(client);
        if (run > 0) samples[kind].push(result.ms); // run 0 warms both up
        shapes[kind] = result;
      }
    }
  } finally {
    many(0);
    await client.logout().catch(() => {});
  }
  return {
    runs,
    few: { ...shapes.few, median: median(samples.few) },
    many: { ...shapes.many, median: median(samples.many) },
  };
}

export function discoveryLines(result) {
  const line = (label, r) =>
    `  ${label}: ${r.median.toFixed(0)} ms (${r.abilities} abilities, ${r.requests} requests, ${r.kb.toFixed(1)} KB)`;
  return [
    line('discovery, the site with the shop of 300', result.many),
    line('discovery, the same site without it', result.few),
    `  added before the first answer of a session: ${(result.many.median - result.few.median).toFixed(0)} ms (median of ${result.runs} each, once per session)`,
  ];
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    if (argv[i] === '--dir') options.dir = value;
    else if (argv[i] === '-n') options.runs = Number(value);
    else if (argv[i] === '--count') options.count = Number(value);
    else throw new Error(`unknown argument ${argv[i]}`);
    i++;
  }
  return options;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchDiscovery(parseArgs(process.argv.slice(2)));
  for (const line of discoveryLines(result)) console.log(line);
}
