import type { BrowserContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { openThread, useModel } from './support/agent-setup';
import {
  clickPopup,
  screenshotScreen,
  waitForNotificationPopup,
} from './support/native-notification';
import { block, startModelServer, turn, type ModelServer } from '../support/model-server';

// Issue 6 (g): a call waits while no panel shows its thread; the approver gets Chromium's
// own notification, clicks it on the screen, and the side panel opens on that card.
test.use({ headful: true });
// The popup is Chromium's own window, clicked with xdotool under Xvfb: one clean-clone run
// in three saw the click not reach it (nothing opened within 15 s, every check before it
// green). One retry, here only; a second miss still fails.
test.describe.configure({ retries: 1 });

let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());

/**
 * The text of what matches `selector` in the side panel Chromium opened itself (Playwright
 * does not list side panels among a context's pages): read over the browser's CDP
 * session, attached to the panel's target. Empty until the panel and the element exist.
 */
async function sidePanelText(context: BrowserContext, selector: string): Promise<string> {
  const cdp = await context.browser()!.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const panel = targetInfos.find((t) => t.url.includes('/sidepanel.html'));
    if (!panel) return '';
    const { sessionId } = await cdp.send('Target.attachToTarget', {
      targetId: panel.targetId,
      flatten: false,
    });
    const reply = new Promise<string>((resolve) => {
      cdp.on('Target.receivedMessageFromTarget', (event) => {
        const message = JSON.parse(event.message) as {
          id?: number;
          result?: { result?: { value?: unknown } };
        };
        if (message.id === 1) resolve(String(message.result?.result?.value ?? ''));
      });
    });
    const expression = `document.querySelector(${JSON.stringify(selector)})?.innerText ?? ''`;
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({
        id: 1,
        method: 'Runtime.evaluate',
        params: { expression, returnByValue: true },
      }),
    });
    return await reply;
  } finally {
    await cdp.detach();
  }
}

test('(g) the notification of a waiting call opens the side panel on its card, and decides nothing', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
}, testInfo) => {
  const postId = seed.posts.editorPost;
  const slug = `notified-${Date.now()}`;
  model.setScript([
    turn.reply([block.toolUse('wp_update_post', { type: 'post', id: postId, slug }, 'toolu_n')], {
      delayMs: 400,
    }),
  ]);
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1');
  await admin.editPost(postId);
  const title = await admin.page.evaluate(
    (id) =>
      fetch(`/wp-json/wp/v2/posts/${id}?context=edit`, {
        headers: {
          'X-WP-Nonce': (window as unknown as { wpApiSettings: { nonce: string } }).wpApiSettings
            .nonce,
        },
      })
        .then((r) => r.json())
        .then((post: { title: { raw: string } }) => post.title.raw),
    postId,
  );
  // What Chromium is asked to show: the worker's own notifications API, watched (the real
  // call still happens, and the popup below is Chromium's).
  await serviceWorker.evaluate(() => {
    const api = chrome.notifications;
    const create = api.create.bind(api) as (...args: unknown[]) => Promise<string>;
    const shown: unknown[] = [];
    (globalThis as unknown as { shownNotifications: unknown[] }).shownNotifications = shown;
    api.create = ((...args: unknown[]) => {
      shown.push(args[1]);
      return create(...args);
    }) as typeof api.create;
  });
  const first = await openThread(context, serviceWorker, extensionId, admin.page);
  await first.client.send({
    type: 'message-send',
    threadId: first.threadId,
    text: 'Give it a short slug',
  });
  // The message is in the thread before its panel closes: "New" reuses an empty latest thread,
  // so under load the second open below took the first thread back (seen once in a clean-clone
  // run). The model answers 400 ms later, so the card still comes with no panel watching.
  await first.client.view((v) => v.items.some((i) => i.kind === 'user'));
  await first.panel.close(); // the person looks away before the card arrives

  // A newer thread: opening the panel normally would show it, not the waiting card.
  const second = await openThread(context, serviceWorker, extensionId, admin.page);
  expect(second.threadId).not.toBe(first.threadId);
  await second.panel.close();
  const elsewhere = await context.newPage();
  await elsewhere.goto(`chrome-extension://${extensionId}/options.html`);
  await elsewhere.bringToFront();

  // The worker asks Chromium for the notification only once the call waits (the model's
  // turn and the gate pass first, which come late under load: the popup's 20 s used to
  // cover them too, and ran out twice in clean-clone runs on 6.1); the popup's own wait
  // starts from that request.
  await expect
    .poll(
      () =>
        serviceWorker.evaluate(
          () =>
            (globalThis as unknown as { shownNotifications: unknown[] }).shownNotifications.length,
        ),
      { timeout: 60_000 },
    )
    .toBe(1);
  const popup = await waitForNotificationPopup();
  screenshotScreen(testInfo.outputPath('notification.png'));
  await testInfo.attach('notification.png', {
    path: testInfo.outputPath('notification.png'),
    contentType: 'image/png',
  });
  const shown = Object.keys(await serviceWorker.evaluate(() => chrome.notifications.getAll()));
  expect(shown).toHaveLength(1);
  expect(shown[0]).toContain(`countersign-approval:${first.tabId}:${first.threadId}:`);
  // What the person reads: which tool waits, on which entry, and that opening shows the change.
  const read = await serviceWorker.evaluate(
    () => (globalThis as unknown as { shownNotifications: unknown[] }).shownNotifications,
  );
  expect(read).toEqual([
    expect.objectContaining({
      title: 'Waiting for your decision: Update an entry',
      message: `Post “${title}”. Open Countersign to see what would change.`,
      requireInteraction: true,
    }),
  ]);
  clickPopup(popup);

  // The side panel opens on the waiting card, not on the newer thread.
  await expect
    .poll(() => sidePanelText(context, '[data-testid="approval-card"]'), { timeout: 15_000 })
    .toContain(slug);
  const card = await sidePanelText(context, '[data-testid="approval-card"]');
  expect(card).toContain('Waiting for your decision');
  expect(card).toContain('Approve');
  expect(await sidePanelText(context, 'h2')).toBe('Give it a short slug');
  screenshotScreen(testInfo.outputPath('notification-opened.png'));
  // The admin tab is in front again, and the notification is gone.
  expect(
    await serviceWorker.evaluate((id) => chrome.tabs.get(id).then((t) => t.active), first.tabId),
  ).toBe(true);
  expect(await serviceWorker.evaluate(() => chrome.notifications.getAll())).toEqual({});
  // Nothing was decided by the click: the call still waits, WordPress is unchanged.
  const status = await admin.page.evaluate(
    (id) => fetch(`/wp-json/wp/v2/posts/${id}`).then((r) => r.json()),
    postId,
  );
  expect((status as { slug: string }).slug).not.toBe(slug);
});
