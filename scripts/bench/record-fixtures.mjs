#!/usr/bin/env node
// record-fixtures.mjs: records the WordPress REST answers the gate bench replays from memory
// (scripts/bench/fixtures/*.json), from the test stack, as the admin sees them. The bench's
// stubbed HTTP client answers exactly these bodies, so the access() it measures parses and
// validates what a real WordPress sends. Run again after the seed changes:
//   node scripts/bench/record-fixtures.mjs [--dir .stack/test]
// Loopback origins only; reads, never writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';

const root = resolve(import.meta.dirname, '../..');
const dirArg = process.argv.indexOf('--dir');
const dir = resolve(root, dirArg > 0 ? process.argv[dirArg + 1] : '.stack/test');
const seed = JSON.parse(readFileSync(join(dir, 'seed.json'), 'utf8'));
const site = new URL(seed.origins.primary.url);
if (site.protocol !== 'http:' || !/^127\.\d+\.\d+\.\d+$|^localhost$/.test(site.hostname)) {
  throw new Error(`refusing a non-loopback site: ${site.origin}`);
}
const { login, appPassword } = seed.users.admin;
const auth = `Basic ${Buffer.from(`${login}:${appPassword}`).toString('base64')}`;

/** Fixture file -> REST route and query, as the adapter asks for them. */
const ROUTES = {
  'types.json': 'wp/v2/types',
  'types-edit.json': 'wp/v2/types?context=edit',
  'users-me-edit.json': 'wp/v2/users/me?context=edit',
  'posts-links.json': 'wp/v2/posts?context=edit&per_page=1&status=any&_fields=id%2C_links',
  'post-draft-edit.json': `wp/v2/posts/${seed.posts.draft}?context=edit`,
  'categories.json': `wp/v2/categories?include=${seed.categories.testing}%2C${seed.categories.news}&per_page=100&_fields=id`,
  'tags.json': `wp/v2/tags?include=${seed.tags.alpha}%2C${seed.tags.beta}&per_page=100&_fields=id`,
};

for (const [file, route] of Object.entries(ROUTES)) {
  const res = await fetch(new URL(`wp-json/${route}`, site), {
    headers: { authorization: auth, accept: 'application/json' },
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`GET ${route} -> HTTP ${res.status}`);
  const body = await res.json();
  const path = join(root, 'scripts/bench/fixtures', file);
  const json = JSON.stringify({ route, site: site.origin, body });
  writeFileSync(path, await format(json, { ...(await resolveConfig(path)), filepath: path }));
  console.log(`recorded ${file} (${route})`);
}
