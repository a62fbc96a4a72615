import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { ThreadView } from '../../../src/shared/protocols/thread-protocol';
import { tabIdOf } from '../fixtures';
import { ThreadClient } from './thread-client';
import { readTrustedSetting, writeTrustedSetting, type TrustedName } from './trusted-settings';

/** The API key the e2e tests store; the scripted model server accepts any key. */
export const TEST_API_KEY = 'sk-ant-test-key-0123456789';

/**
 * Points the extension at the scripted model server, as an admin would in the options
 * page: base URL, default model and (unless `withKey` is false) an API key, in the
 * extension's trusted settings store (S3). `extra` settings of that store (a gate policy,
 * `{ policy, updatedAt }`, say) are written too.
 */
export async function useModel(
  worker: Worker,
  url: string,
  {
    withKey = true,
    extra = {},
  }: { withKey?: boolean; extra?: Partial<Record<TrustedName, unknown>> } = {},
): Promise<void> {
  await writeTrustedSetting(worker, 'connection', {
    apiBaseUrl: url,
    defaultModel: 'claude-sonnet-5-5',
  });
  await writeTrustedSetting(worker, 'apiKey', withKey ? TEST_API_KEY : null);
  for (const [name, value] of Object.entries(extra)) {
    await writeTrustedSetting(worker, name as TrustedName, value);
  }
}

export { readTrustedSetting };

/** A side panel page for `tab`, talking to the background's thread port directly. */
export interface OpenThread {
  panel: Page;
  client: ThreadClient;
  tabId: number;
  threadId: string;
  view: ThreadView;
}

/**
 * Opens the side panel page for the tab `tab` shows and a thread in it: a fresh one, or
 * `threadId` when given (a reopened thread). Returns once the first view arrived.
 */
export async function openThread(
  context: BrowserContext,
  worker: Worker,
  extensionId: string,
  tab: Page,
  { threadId, panel }: { threadId?: string; panel?: Page } = {},
): Promise<OpenThread> {
  const tabId = await tabIdOf(worker, tab);
  const page = panel ?? (await context.newPage());
  await page.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
  const client = await ThreadClient.connect(page);
  await client.send(
    threadId
      ? { type: 'thread-open', tabId, threadId }
      : { type: 'thread-open', tabId, fresh: true },
  );
  const view = await client.view((v) => !threadId || v.threadId === threadId);
  return { panel: page, client, tabId, threadId: view.threadId, view };
}
