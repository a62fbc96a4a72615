import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WORDPRESS_TOOLS } from '../../../src/cms/wordpress/tools';
import { wordpressAdapter } from '../../../src/cms/wordpress/wordpress-adapter';
import {
  createOptionsHandler,
  type OptionsServices,
} from '../../../src/background/options-handlers';
import type { ConnectionTestResult } from '../../../src/agent/claude';
import { freshLog } from '../audit/support';

/** The options handler over a fresh audit log, the WordPress tools and a fixed clock. */
export function optionsHarness(now = 1_800_000_000_000) {
  fakeBrowser.reset();
  const { db, log, clock } = freshLog(now);
  const tested: { apiKey: string; apiBaseUrl: string }[] = [];
  let connectionResult: ConnectionTestResult = {
    status: 'ok',
    modelCount: 1,
    models: ['claude-sonnet-5-5'],
    message: 'Connected to api.anthropic.com: this key can use 1 model(s).',
  };
  const services: OptionsServices = {
    audit: () => log,
    tools: () => WORDPRESS_TOOLS,
    siteOfRoot: wordpressAdapter.siteOfRoot,
    now: () => clock.now,
    extensionOrigin: () => 'chrome-extension://test-extension-id',
    testConnection: async (connection) => {
      tested.push(connection);
      return connectionResult;
    },
  };
  const handle = createOptionsHandler(services);
  /** Sends a request and returns the value, or throws with the refusal. */
  async function send<T = unknown>(request: Record<string, unknown>): Promise<T> {
    const reply = await handle(request);
    if (!reply.ok) throw Object.assign(new Error(reply.error.message), reply.error);
    return reply.value as T;
  }
  return {
    db,
    log,
    clock,
    handle,
    send,
    tested,
    setConnectionResult: (result: ConnectionTestResult) => (connectionResult = result),
  };
}
