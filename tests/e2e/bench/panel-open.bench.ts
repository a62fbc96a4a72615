import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { WpAdmin } from '../pages/wp-admin';
import { openThread, useModel } from '../support/agent-setup';
import { REPO_ROOT } from '../../support/wp-env';
import { block, startModelServer, turn, type ScriptTurn } from '../../support/model-server';

// Issue 6's budget: the side panel opens to interactive with a 500-turn thread in
// <= 150 ms. The thread is made for real: 500 questions through the extension's thread
// port, answered by the scripted model through the real SDK (markdown, some thinking,
// some reads of the real WordPress). Then the side panel page is opened as a person
// opens it, RUNS times, and timed from navigation to "the last answer is on screen and
// the composer takes input". Figures go to test-results/bench/panel-open.json; nothing
// here asserts a time.
const TURNS = Number(process.env['COUNTERSIGN_BENCH_TURNS'] ?? 500);
const RUNS = 11;
const OUT = join(REPO_ROOT, 'test-results/bench/panel-open.json');

function answer(i: number): string {
  return [
    `Answer ${i}: here is what I found about **post ${i}**.`,
    '',
    `- The title reads well; the excerpt could be shorter (${i % 7} sentences).`,
    `- Two links point to [the archive](https://example.org/${i}) and to \`/about\`.`,
    '',
    'Shall I draft a new excerpt? I will ask before changing anything.',
  ].join('\n');
}

/** The model's side of TURNS turns: every 10th thinks first, every 25th reads a post. */
function script(postId: number): ScriptTurn[] {
  const turns: ScriptTurn[] = [];
  for (let i = 0; i < TURNS; i++) {
    if (i % 25 === 5) {
      turns.push(
        turn.reply([
          block.text(`Reading post ${postId} first.`),
          block.toolUse('wp_get_entity', { type: 'post', id: postId }, `toolu_read_${i}`),
        ]),
        turn.text(answer(i), { match: { toolResultFor: `toolu_read_${i}` } }),
      );
    } else if (i % 10 === 0) {
      turns.push(
        turn.reply([
          block.thinking(`Turn ${i}: what is asked?`, `sig-${i}`),
          block.text(answer(i)),
        ]),
      );
    } else turns.push(turn.text(answer(i)));
  }
  return turns;
}

// COUNTERSIGN_BENCH_TRACE=<file>: a Chromium trace of the last open, to see where the time goes.
const TRACE = process.env['COUNTERSIGN_BENCH_TRACE'];

/** Starts a trace (the whole browser: the panel and the worker); the result ends it. */
async function startTrace(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...data.value));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'toplevel',
        'extensions',
        'ipc',
        'disabled-by-default-v8.cpu_profiler',
      ],
    },
  });
  return async () => {
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await done;
    return { traceEvents: events };
  };
}

interface BenchWindow {
  __ready?: number;
  __marks: Record<string, number>;
}

/**
 * Runs in the panel page before its scripts: marks when the page was parsed, when the
 * thread's view arrived (and its size), and when the last answer is on screen with the
 * composer enabled: "interactive".
 */
function markReady(last: string) {
  const w = window as unknown as BenchWindow;
  w.__marks = {};
  const connect = chrome.runtime.connect.bind(chrome.runtime);
  chrome.runtime.connect = ((info: chrome.runtime.ConnectInfo) => {
    const port = connect(info);
    port.onMessage.addListener((push: { type: string }) => {
      if (push.type !== 'thread-view' || w.__marks['view'] !== undefined) return;
      w.__marks['view'] = performance.now();
      w.__marks['viewBytes'] = JSON.stringify(push).length;
    });
    return port;
  }) as typeof chrome.runtime.connect;
  // The tab state's two answers (quick: what the background knows; full: read from the site).
  const ask = chrome.runtime.sendMessage.bind(chrome.runtime) as (m: unknown) => Promise<unknown>;
  chrome.runtime.sendMessage = ((message: { type?: string; quick?: boolean }) => {
    const answer = ask(message);
    if (message?.type === 'tab-state-get') {
      const name = message.quick ? 'tabQuick' : 'tabFull';
      void answer.then(() => (w.__marks[name] ??= performance.now())).catch(() => undefined);
    }
    return answer;
  }) as typeof chrome.runtime.sendMessage;
  const check = () => {
    const now = performance.now();
    if (document.querySelector('#app > *')) w.__marks['painted'] ??= now;
    if (document.querySelector('[role="log"]')) w.__marks['log'] ??= now;
    if (w.__ready !== undefined) return;
    const composer = document.querySelector<HTMLTextAreaElement>('textarea');
    if (composer && !composer.disabled && document.body.innerText.includes(last)) {
      w.__ready = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  document.addEventListener('DOMContentLoaded', () => {
    w.__marks['parsed'] = performance.now();
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
    check();
  });
}

test('side panel open to interactive with a long thread (issue 6 bench)', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}) => {
  test.setTimeout(60 * 60_000);
  const model = await startModelServer();
  try {
    model.setScript(script(seed.posts.published));
    await useModel(serviceWorker, model.url);
    const admin = new WpAdmin(await context.newPage(), seed);
    await admin.login('editor1', 'edit.php');
    const { panel, tabId, threadId } = await openThread(
      context,
      serviceWorker,
      extensionId,
      admin.page,
    );

    // Every question waits for its answer: the view is idle and ends with the reply.
    const building = Date.now();
    const turnMs = await panel.evaluate(
      async ({ threadId, tabId, turns }) => {
        const port = chrome.runtime.connect({ name: 'thread' });
        // A port sees the views of the thread it opened; it sends once the thread is open
        // (as the panel does: the panel page's own port may be opening it at the same time).
        await new Promise<void>((resolve) => {
          const opened = (push: { type: string }) => {
            if (push.type !== 'thread-view') return;
            port.onMessage.removeListener(opened);
            resolve();
          };
          port.onMessage.addListener(opened);
          port.postMessage({ type: 'thread-open', tabId, threadId });
        });
        const times: number[] = [];
        let count = 0;
        for (let i = 0; i < turns; i++) {
          const started = performance.now();
          count = await new Promise<number>((resolve, reject) => {
            const listen = (push: {
              type: string;
              message?: string;
              view?: { threadId: string; busy: boolean; items: { kind: string }[] };
            }) => {
              if (push.type === 'error') reject(new Error(push.message));
              const view = push.view;
              if (
                view?.threadId === threadId &&
                !view.busy &&
                view.items.length > count + 1 &&
                view.items.at(-1)?.kind === 'assistant'
              ) {
                port.onMessage.removeListener(listen);
                resolve(view.items.length);
              }
            };
            port.onMessage.addListener(listen);
            port.postMessage({ type: 'message-send', threadId, text: `Question ${i}?` });
          });
          times.push(performance.now() - started);
        }
        port.disconnect();
        return times;
      },
      { threadId, tabId, turns: TURNS },
    );
    model.assertDone();
    await panel.close();

    // The floor, in the same browser and run: a static file of the extension (no script),
    // from navigation to its load event. Opened right after each panel open, so a busy
    // moment of the machine weighs on both sides of the ratio alike.
    const openStatic = async () => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/managed-schema.json`);
      const ms = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return nav.loadEventEnd || performance.now();
      });
      await page.close();
      return ms;
    };
    const staticOpens: number[] = [];
    const opens: { interactiveMs: number; items: number; marks: Record<string, number> }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await context.newPage();
      await page.setViewportSize({ width: 400, height: 900 });
      await page.addInitScript(markReady, `Answer ${TURNS - 1}:`);
      const tracing = run === RUNS - 1 && TRACE ? await startTrace(context, page) : undefined;
      await page.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
      const ready = await page.waitForFunction(
        () => (window as unknown as BenchWindow).__ready,
        undefined,
        { timeout: 60_000 },
      );
      const interactiveMs = (await ready.jsonValue()) as number;
      const items = await page.getByRole('log', { name: 'Thread' }).locator(':scope > *').count();
      const marks = await page.evaluate(() => (window as unknown as BenchWindow).__marks);
      // One answer of the background to this page, once it is idle: the least any panel
      // that shows the background's state waits for after its first script has run.
      marks['answer'] = await page.evaluate(async (tabId) => {
        const times: number[] = [];
        for (let i = 0; i < 5; i++) {
          const started = performance.now();
          await chrome.runtime.sendMessage({ type: 'tab-state-get', tabId, quick: true });
          times.push(performance.now() - started);
        }
        return times.sort((a, b) => a - b)[2]!;
      }, tabId);
      if (tracing) writeFileSync(TRACE!, JSON.stringify(await tracing()));
      opens.push({ interactiveMs, items, marks });
      if (run === RUNS - 1) {
        await page.screenshot({ path: join(dirname(OUT), 'panel-open-500.png') });
      }
      await page.close();
      staticOpens.push(await openStatic());
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
    const report = {
      turns: TURNS,
      buildSeconds: Math.round((Date.now() - building) / 1000),
      turnMs: { first: Math.round(turnMs[0] ?? NaN), last: Math.round(turnMs.at(-1) ?? NaN) },
      openMs: opens.map((o) => Math.round(o.interactiveMs)),
      medianMs: Math.round(median(opens.map((o) => o.interactiveMs))),
      budgetMs: 150,
      staticMs: Math.round(median(staticOpens) * 10) / 10,
      staticOpensMs: staticOpens.map((ms) => Math.round(ms)),
      // Where the time goes (medians, ms from navigation): page parsed, thread view in.
      parsedMs: Math.round(median(opens.map((o) => o.marks['parsed'] ?? NaN))),
      // One answer from the background to an idle panel page (median of each open's median).
      answerMs: Math.round(median(opens.map((o) => o.marks['answer'] ?? NaN)) * 10) / 10,
      viewMs: Math.round(median(opens.map((o) => o.marks['view'] ?? NaN))),
      // The tab state's answers, the app's first paint, the thread's log on screen.
      stepsMs: Object.fromEntries(
        ['tabQuick', 'tabFull', 'painted', 'log'].map((mark) => [
          mark,
          Math.round(median(opens.map((o) => o.marks[mark] ?? NaN))),
        ]),
      ),
      viewBytes: opens[0]?.marks['viewBytes'],
      renderedItems: opens[0]?.items,
      machine: { cpus: cpus().length, loadavg: loadavg().map((n) => Math.round(n * 10) / 10) },
      at: new Date().toISOString(),
    };
    console.log('panel open bench:', JSON.stringify(report, null, 2));
    mkdirSync(dirname(OUT), { recursive: true });
    writeFileSync(OUT, JSON.stringify(report, null, 2));
    expect(opens).toHaveLength(RUNS);
  } finally {
    await model.close();
  }
});
