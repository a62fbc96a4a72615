// Launches Debian's Chromium with the built extension, signs in as the administrator, opens
// the side panel beside the dashboard, prints the logins, and stays until the browser closes.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';

const root = resolve(import.meta.dirname, '..');
// scripts/start.sh names the stack of the WordPress version it started (.stack/dev-7.1 by default).
const stack = resolve(root, process.env.COUNTERSIGN_START_STACK || '.stack/dev-7.1');
const seed = JSON.parse(readFileSync(join(stack, 'seed.json'), 'utf8'));
const extension = join(root, '.output/chrome-mv3');
const profile = join(root, '.stack/chromium-profile');
mkdirSync(profile, { recursive: true });
rmSync(join(profile, 'DevToolsActivePort'), { force: true });
let xvfb;
if (!process.env.DISPLAY) {
  const display = `:${90 + Math.floor(Math.random() * 9)}`;
  xvfb = spawn('Xvfb', [display, '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'], {
    stdio: 'ignore',
  });
  process.env.DISPLAY = display;
  await sleep(500);
  console.log(`No display: Chromium runs on Xvfb ${display}; a screenshot is saved below.`);
}

const args = [
  `--user-data-dir=${profile}`,
  `--load-extension=${extension}`,
  `--disable-extensions-except=${extension}`,
  '--remote-debugging-port=0',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--window-position=0,0',
  '--window-size=1600,1000',
  // Chromium needs --no-sandbox as root; --test-type hides the warning bar that flag brings.
  ...(process.getuid?.() === 0 ? ['--no-sandbox', '--test-type'] : []),
  'about:blank',
];
const browserProcess = spawn('/usr/bin/chromium', args, { stdio: 'ignore' });
const shutdown = () => {
  browserProcess.kill('SIGTERM');
  xvfb?.kill('SIGTERM');
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

const portFile = join(profile, 'DevToolsActivePort');
for (let i = 0; i < 100 && !existsSync(portFile); i++) await sleep(100);
const port = readFileSync(portFile, 'utf8').split('\n')[0];
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
const context = browser.contexts()[0];
const page = context.pages()[0] ?? (await context.newPage());

const site = seed.origins.primary.url.replace(/\/$/, '');
// Sign in through the login form's endpoint rather than typing into the page, so the
// browser does not offer to save the seeded password.
await context.request.get(`${site}/wp-login.php`);
await context.request.post(`${site}/wp-login.php`, {
  form: {
    log: seed.users.admin.login,
    pwd: seed.users.admin.password,
    testcookie: '1',
    redirect_to: `${site}/wp-admin/`,
  },
  maxRedirects: 0,
});
await page.goto(`${site}/wp-admin/`);

// Open the side panel the way the toolbar button does (Extensions.triggerAction).
const cdp = await browser.newBrowserCDPSession();
const { targetInfos } = await cdp.send('Target.getTargets', {
  filter: [{ type: 'tab' }, { type: 'service_worker' }],
});
const worker = targetInfos.find(
  (t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'),
);
const tab = targetInfos.find((t) => t.type === 'tab' && t.url.includes('/wp-admin/'));
if (worker && tab) {
  const extensionId = new URL(worker.url).host;
  // The worker sets "open the panel on toolbar click" at start-up; give it a moment.
  await sleep(1000);
  try {
    await cdp.send('Extensions.triggerAction', { id: extensionId, targetId: tab.targetId });
  } catch (error) {
    console.log(
      `Could not open the side panel automatically (${error.message}); click the toolbar button.`,
    );
  }
}
await sleep(2500);
if (xvfb) {
  const shot = join(root, '.stack/start-screenshot.png');
  try {
    execFileSync('import', ['-window', 'root', shot]);
    console.log(`Screenshot of the screen: ${shot}`);
  } catch (error) {
    console.log(`Could not take a screenshot: ${error.message}`);
  }
}
await browser.close(); // disconnects; the browser keeps running

const logins = Object.values(seed.users)
  .map((u) => `  ${u.role.padEnd(16)} ${u.login} / ${u.password}`)
  .join('\n');
console.log(`
Countersign is running.
  WordPress:  ${site}/wp-admin/  (also ${seed.origins.secondary.url} — not granted yet, to try the grant button)
  Side panel: the Countersign toolbar button, or Alt+Shift+K
  Settings:   right-click the toolbar button > Options (API key, gate rules, audit log)
Logins:
${logins}
Close the browser (or press Ctrl+C) to stop. The WordPress stack keeps running: npm run wp -- down --dir ${stack}`);

await new Promise((done) => browserProcess.on('exit', done));
xvfb?.kill('SIGTERM');
