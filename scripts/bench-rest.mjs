#!/usr/bin/env node
// bench-rest.mjs: how fast is the local WordPress REST API with cookie + nonce auth, the way the
// extension calls it? Logs in as admin, then takes the median of N timed requests of
//   GET  /wp/v2/posts/<id>?context=edit
//   POST /wp/v2/posts/<id>   {"title": ...}
// on a scratch draft, and leaves the site as it found it:
//   - the draft copies the content, terms and featured image of --like ID (default: the seeded
//     published post), so the requests do realistic work without touching any seeded post;
//   - its title changes on every POST and is restored at the end; then the draft is deleted for
//     good, with the revisions the POSTs created (editing a seeded post in place would leave
//     revisions and a new "modified" date behind: REST can delete neither);
//   - it logs out at the end, which removes its session token from the user.
//
// Usage: node scripts/bench-rest.mjs [--dir .stack/dev] [--url http://127.0.0.1:8881]
//          [-n 20] [--warmup 4] [--like ID] [--user admin --password admin-pass] [--json]
// Or:    import { benchRest } from './scripts/bench-rest.mjs'
// Loopback origins only. The stack must be running (scripts/wp-stack.sh up).
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAX_ITERATIONS = 1000;
const REQUEST_TIMEOUT_MS = 30_000;

function assertLoopback(baseUrl) {
  const u = new URL(baseUrl);
  const loopback =
    u.hostname === 'localhost' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(u.hostname);
  if (u.protocol !== 'http:' || !loopback) {
    throw new Error(`refusing a non-loopback URL: ${baseUrl}`);
  }
  return u.origin;
}

/** Minimal cookie-keeping client for one origin (WordPress sets host-only cookies). */
export function createClient(origin) {
  const cookies = new Map(); // "name\0path" -> { name, value, path }
  const store = (res) => {
    for (const header of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      let path = '/';
      let expired = false;
      for (const attr of attrs) {
        const [k = '', ...v] = attr.split('=');
        const key = k.trim().toLowerCase();
        const val = v.join('=').trim();
        if (key === 'path' && val.startsWith('/')) path = val;
        if (key === 'expires' && Date.parse(val) <= Date.now()) expired = true;
        if (key === 'max-age' && Number(val) <= 0) expired = true;
      }
      if (expired) cookies.delete(`${name}\0${path}`);
      else cookies.set(`${name}\0${path}`, { name, value: pair.slice(eq + 1).trim(), path });
    }
  };
  const cookieHeader = (pathname) =>
    [...cookies.values()]
      .filter((c) => c.path === '/' || pathname === c.path || pathname.startsWith(`${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  const client = {
    nonce: '',
    async request(path, { method = 'GET', headers = {}, body } = {}) {
      const url = new URL(path, origin);
      const h = { ...headers };
      const cookie = cookieHeader(url.pathname);
      if (cookie) h.cookie = cookie;
      const res = await fetch(url, {
        method,
        headers: h,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      store(res);
      return res;
    },
    async rest(method, path, body) {
      const headers = { 'x-wp-nonce': client.nonce, accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await client.request(`/wp-json${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      if (!res.ok) {
        throw new Error(`${method} ${path} -> HTTP ${res.status}: ${text.slice(0, 200)}`);
      }
      return { res, json };
    },
    async login(user, password) {
      await (await client.request('/wp-login.php')).arrayBuffer(); // wordpress_test_cookie
      const res = await client.request('/wp-login.php', {
        method: 'POST',
        body: new URLSearchParams({
          log: user,
          pwd: password,
          testcookie: '1',
          redirect_to: `${origin}/wp-admin/`,
        }),
      });
      await res.arrayBuffer();
      if (res.status !== 302) throw new Error(`login as ${user} failed (HTTP ${res.status})`);
      const n = await client.request('/wp-admin/admin-ajax.php?action=rest-nonce');
      client.nonce = (await n.text()).trim();
      if (!/^[0-9a-f]{10}$/.test(client.nonce)) throw new Error('no REST nonce after login');
    },
    async logout() {
      const page = await (await client.request('/wp-login.php?action=logout')).text();
      const m = /action=logout&(?:amp;)?(?:[^"']*?&(?:amp;)?)?_wpnonce=([0-9a-f]+)/.exec(page);
      if (!m) throw new Error('no logout link');
      await (await client.request(`/wp-login.php?action=logout&_wpnonce=${m[1]}`)).arrayBuffer();
      cookies.clear();
    },
  };
  return client;
}

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  const mid = Math.floor(s.length / 2);
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  const round = (x) => Math.round(x * 10) / 10;
  return {
    median: round(median),
    min: round(s[0]),
    p90: round(at(0.9)),
    max: round(s[s.length - 1]),
    samples: s.length,
  };
}

async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/**
 * Benchmarks REST GET and POST of a post with cookie + nonce auth. The post is a scratch draft
 * (a copy of post `like`'s content, terms and featured image when given) that is deleted for
 * good afterwards, together with the revisions the POSTs created: the site is left unchanged.
 * (Benchmarking a seeded post in place would leave revisions and a new "modified" date behind;
 * the REST API can neither delete revisions nor set "modified".)
 * @param {{ baseUrl: string, user?: string, password?: string, iterations?: number,
 *           warmup?: number, like?: number }} options
 * @returns {Promise<{ baseUrl: string, user: string, postId: number, like: number | null,
 *           iterations: number, get: object, post: object }>} times in milliseconds
 */
export async function benchRest({
  baseUrl,
  user = 'admin',
  password = 'admin-pass',
  iterations = 20,
  warmup = 4,
  like,
} = {}) {
  const origin = assertLoopback(baseUrl);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_ITERATIONS) {
    throw new Error(`iterations must be 1-${MAX_ITERATIONS}`);
  }
  if (!Number.isInteger(warmup) || warmup < 0 || warmup > 50)
    throw new Error('warmup must be 0-50');
  if (like !== undefined && !(Number.isInteger(like) && like > 0)) throw new Error('bad --like id');
  const client = createClient(origin);
  await client.login(user, password);
  const getMs = [];
  const postMs = [];
  let id;
  try {
    const draft = {
      title: 'Countersign REST bench (temporary)',
      status: 'draft',
      content:
        '<!-- wp:paragraph -->\n<p>Scratch post of scripts/bench-rest.mjs; it deletes it.</p>\n<!-- /wp:paragraph -->',
    };
    if (like !== undefined) {
      const { json: src } = await client.rest(
        'GET',
        `/wp/v2/posts/${like}?context=edit&_fields=content,excerpt,categories,tags,featured_media`,
      );
      Object.assign(draft, {
        content: src.content.raw,
        excerpt: src.excerpt.raw,
        categories: src.categories,
        tags: src.tags,
        featured_media: src.featured_media,
      });
    }
    id = (await client.rest('POST', '/wp/v2/posts', draft)).json.id;
    const get = () => client.rest('GET', `/wp/v2/posts/${id}?context=edit`);
    const post = (i) => client.rest('POST', `/wp/v2/posts/${id}`, { title: `${draft.title} ${i}` });
    for (let i = 0; i < warmup; i++) await get();
    for (let i = 0; i < iterations; i++) getMs.push(await timed(get));
    for (let i = 0; i < warmup; i++) await post(`warm-up ${i}`);
    for (let i = 0; i < iterations; i++) postMs.push(await timed(() => post(i)));
    await client.rest('POST', `/wp/v2/posts/${id}`, { title: draft.title }); // restore the title
  } finally {
    // Put everything back, even when a request above failed.
    if (id !== undefined) await client.rest('DELETE', `/wp/v2/posts/${id}?force=true`);
    await client.logout(); // removes this run's session token from the user
  }
  return {
    baseUrl: origin,
    user,
    postId: id,
    like: like ?? null,
    iterations,
    get: stats(getMs),
    post: stats(postMs),
  };
}

function parseArgs(argv) {
  const opts = { dir: process.env.COUNTERSIGN_WP_DIR || '.stack/dev', json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--dir') opts.dir = next();
    else if (a === '--url') opts.url = next();
    else if (a === '-n' || a === '--iterations') opts.iterations = Number(next());
    else if (a === '--warmup') opts.warmup = Number(next());
    else if (a === '--like') opts.like = Number(next());
    else if (a === '--user') opts.user = next();
    else if (a === '--password') opts.password = next();
    else if (a === '--json') opts.json = true;
    else if (a === '-h' || a === '--help') opts.help = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.help) {
    console.log(
      'usage: node scripts/bench-rest.mjs [--dir DIR] [--url URL] [-n N] [--warmup N] [--like ID] [--user U --password P] [--json]',
    );
    return;
  }
  let { url, user, password, like } = opts;
  if (!url) {
    const dir = isAbsolute(opts.dir) ? opts.dir : resolve(REPO_ROOT, opts.dir);
    let seed;
    try {
      seed = JSON.parse(readFileSync(resolve(dir, 'seed.json'), 'utf8'));
    } catch {
      throw new Error(
        `no ${dir}/seed.json: start the stack (scripts/wp-stack.sh up) or pass --url`,
      );
    }
    url = seed.origins.primary.url;
    if (!user) {
      user = seed.users.admin.login;
      password ??= seed.users.admin.password;
    }
    like ??= seed.posts.published;
  }
  const result = await benchRest({
    baseUrl: url,
    user,
    password,
    iterations: opts.iterations,
    warmup: opts.warmup,
    like,
  });
  if (opts.json) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  const line = (label, s) =>
    `  ${label.padEnd(40)} median ${String(s.median).padStart(6)} ms  (min ${s.min}, p90 ${s.p90}, max ${s.max})`;
  const target = `scratch draft ${result.postId}${result.like ? ` (copy of post ${result.like})` : ''}, deleted`;
  console.log(
    `REST bench: ${result.baseUrl} as ${result.user}, ${target}, ${result.iterations} requests each`,
  );
  console.log(line(`GET  /wp/v2/posts/${result.postId}?context=edit`, result.get));
  console.log(line(`POST /wp/v2/posts/${result.postId} {title}`, result.post));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err) => {
    const cause =
      err instanceof Error && err.cause
        ? ` (${err.cause.code ?? err.cause.message ?? err.cause})`
        : '';
    console.error(`bench-rest: ${err instanceof Error ? err.message : err}${cause}`);
    process.exitCode = 1;
  });
}
