// page-runner.mjs: runs a bench entry (a TypeScript module of the project) in Debian's
// Chromium. It bundles the entry with Vite into .output/bench/<name>/, serves it from
// 127.0.0.1 cross-origin isolated (so performance.now() has 5 µs resolution, not 100 µs),
// opens it headless and calls the function the entry put on `window[global]`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const CHROMIUM = '/usr/bin/chromium';
const TYPES = { '.js': 'text/javascript', '.html': 'text/html', '.json': 'application/json' };

/**
 * Bundles one entry with Vite (no WXT plugins: bench entries use no extension API; the
 * audit's compiled record check is served as in the extension).
 */
async function buildBundle(entry, outDir) {
  const { build } = await import('vite');
  const preact = (await import('@preact/preset-vite')).default;
  const { recordCheckPlugin } = await import('../record-check-plugin.mjs');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    plugins: [preact(), recordCheckPlugin()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'esnext',
      // A profiled run keeps function names readable.
      minify: !process.env.COUNTERSIGN_BENCH_PROFILE,
      modulePreload: false,
      rollupOptions: {
        input: join(root, entry),
        output: { entryFileNames: 'bench.js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
}

async function serve(outDir, title) {
  const page =
    `<!doctype html><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,">` +
    '<body><main id="root"></main><script type="module" src="/bench.js"></script></body>';
  const server = createServer((req, res) => {
    const headers = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cache-Control': 'no-store',
    };
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html' }).end(page);
      return;
    }
    const file = resolve(outDir, `.${path}`);
    try {
      if (!file.startsWith(outDir + sep)) throw new Error('outside the bundle');
      const body = readFileSync(file);
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      res.writeHead(200, { ...headers, 'Content-Type': type }).end(body);
    } catch {
      res.writeHead(404, headers).end();
    }
  });
  await new Promise((ok, fail) => server.listen(0, '127.0.0.1', ok).once('error', fail));
  return server;
}

/** Median and 95th percentile of samples (ms). */
export function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  const mid = Math.floor(s.length / 2);
  return { median: s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2, p95: at(0.95) };
}

/**
 * Bundles `entry`, opens it in headless Chromium and returns what
 * `window[global](args)` resolves to, with the browser's version. By default the page
 * runs in a persistent profile (a temporary directory), so IndexedDB lives on disk as
 * the extension's does; `incognito` uses an off-the-record context instead.
 * @param {{ name: string, entry: string, global: string, args?: unknown,
 *   incognito?: boolean }} options
 */
export async function runPageBench({ name, entry, global, args, incognito = false }) {
  const outDir = join(root, '.output/bench', name);
  await buildBundle(entry, outDir);
  const { chromium } = await import('@playwright/test');
  const server = await serve(outDir, `${name} bench`);
  const profile = mkdtempSync(join(tmpdir(), `countersign-${name}-bench-`));
  let browser;
  let context;
  try {
    const launch = { executablePath: CHROMIUM, headless: true };
    if (incognito) {
      browser = await chromium.launch(launch);
      context = await browser.newContext();
    } else {
      context = await chromium.launchPersistentContext(profile, launch);
    }
    const page = context.pages()[0] ?? (await context.newPage());
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    page.setDefaultTimeout(300_000);
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction((key) => typeof globalThis[key] === 'function', global);
    // COUNTERSIGN_BENCH_PROFILE=<file>: a CPU profile of the run (Chrome's .cpuprofile).
    const profilePath = process.env.COUNTERSIGN_BENCH_PROFILE;
    const cdp = profilePath ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
      await cdp.send('Profiler.start');
    }
    const result = await page.evaluate(({ key, args }) => globalThis[key](args), {
      key: global,
      args,
    });
    if (cdp) {
      const { profile: cpu } = await cdp.send('Profiler.stop');
      writeFileSync(profilePath, JSON.stringify(cpu));
    }
    if (errors.length > 0) throw new Error(`the bench page logged errors: ${errors.join('; ')}`);
    const version =
      context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent));
    return { result, browser: `Chromium ${version.match(/[\d.]+/)?.[0] ?? version}` };
  } finally {
    await context?.close();
    await browser?.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
