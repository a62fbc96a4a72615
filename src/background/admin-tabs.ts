import type { AdminTabsPort } from '../cms/adapter';
import { CountersignError } from '../shared/errors';
import type { ContextStore } from './context-store';

/**
 * E1: the CMS adapter's way into the person's admin tabs. `tabs()` lists what the content
 * scripts reported (the context store); `run()` executes an adapter's self-contained
 * function in a tab's page world and answers its return value, which the adapter
 * validates (the page is untrusted). A tab that does not answer in time is reported as
 * such; executeScript itself cannot be cancelled, so a late answer is ignored.
 */
export function adminTabsPort(store: ContextStore): AdminTabsPort {
  return {
    async tabs() {
      return (await store.contexts()).map(({ tabId, context }) => ({ tabId, context }));
    },
    async run(tabId, func, args, timeoutMs) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new CountersignError('tab-no-answer', `tab ${tabId} did not answer`)),
          timeoutMs,
        );
      });
      try {
        const injected = chrome.scripting.executeScript({
          target: { tabId },
          world: 'MAIN',
          func: func as (...a: unknown[]) => unknown,
          args,
        });
        const [first] = await Promise.race([injected, timeout]);
        return first?.result;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
