// A private X display per Playwright worker, for the tests that need a real window.
//
// Chromium's own permission prompt and notification popups are reached with xdotool and
// ImageMagick on the whole screen (native-prompt.ts, native-notification.ts): with several
// workers, two such tests on one display would read and click each other's windows. Each worker
// that opens a real window therefore starts its own Xvfb (the server picks a free display
// number itself, -displayfd) and points DISPLAY at it, so Chromium, xdotool and `import` of
// that worker all use it. Headless tests never start one.
import { spawn, type ChildProcess } from 'node:child_process';

const SCREEN = '1280x900x24'; // as xvfb-run -s "-screen 0 1280x900x24" gave before
const START_TIMEOUT_MS = 15_000;

let server: ChildProcess | undefined;
let ready: Promise<string> | undefined;

/**
 * Starts this worker's Xvfb once and sets process.env.DISPLAY to it; resolves to the display
 * (":N"). Without Xvfb installed it keeps the DISPLAY it has (a desktop session).
 */
export function ensurePrivateDisplay(): Promise<string> {
  ready ??= new Promise<string>((resolve, reject) => {
    const child = spawn(
      'Xvfb',
      ['-displayfd', '3', '-screen', '0', SCREEN, '-nolisten', 'tcp', '-noreset'],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
    );
    server = child;
    let stderr = '';
    let fd3 = '';
    const timer = setTimeout(() => fail(new Error('Xvfb did not start in 15 s')), START_TIMEOUT_MS);
    function fail(err: Error): void {
      clearTimeout(timer);
      child.kill();
      server = undefined;
      ready = undefined;
      reject(new Error(`${err.message}\n${stderr.slice(-2000)}`));
    }
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdio[3]?.on('data', (chunk: Buffer) => {
      fd3 += chunk.toString();
      const match = fd3.match(/^(\d+)\n/);
      if (!match) return;
      clearTimeout(timer);
      const display = `:${match[1]}`;
      process.env.DISPLAY = display;
      resolve(display);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' && process.env.DISPLAY) {
        clearTimeout(timer);
        server = undefined;
        resolve(process.env.DISPLAY); // no Xvfb: a desktop session's own display
      } else fail(err);
    });
    child.on('exit', (code) => {
      if (server === child) fail(new Error(`Xvfb exited (${code}) before it was ready`));
    });
  });
  return ready;
}

/** Stops this worker's Xvfb, if it started one (the worker fixture's teardown). */
export function stopPrivateDisplay(): void {
  const child = server;
  server = undefined;
  ready = undefined;
  child?.kill();
}

// A worker that dies without its teardown still takes its Xvfb along.
process.once('exit', () => server?.kill());
