import {
  ContentMessageSchema,
  PanelRequestSchema,
  type Reply,
  type ToolsHere,
} from '../shared/protocols/panel-protocol';

import { logger } from '../shared/log';
import { personWireError } from '../run';
import type { PageContext } from '../shared/protocols/page-context';
import type { ContextStore } from './context-store';
import { tabState } from './tab-state';
import { injectInto, syncContentScripts } from './content-scripts';
import type { CmsAdapter } from '../cms/adapter';
import type { OptionsReply } from '../shared/protocols/options-protocol';
import { isOptionsRequest } from './options-handlers';

const log = logger('messages');

type Sender = chrome.runtime.MessageSender;

/** True when the sender is one of the extension's own pages (S6), not a content script. */
export function isExtensionPage(
  sender: Sender,
  runtimeId: string,
  extensionOrigin: string,
): boolean {
  return (
    sender.id === runtimeId &&
    typeof sender.url === 'string' &&
    sender.url.startsWith(extensionOrigin)
  );
}

/** What the message map hands requests to: the CMS adapter and the options handler. */
export interface MessageServices {
  adapter: CmsAdapter;
  options(raw: unknown): Promise<OptionsReply<unknown>>;
  /** G11: an admin page of a site reported its context (its site policy is re-read). */
  pageOpened?(context: PageContext): void;
  /** Issue 34: what the agent may use on a tab, for the panel's list. */
  toolsHere?(tabId: number): Promise<ToolsHere>;
}

/**
 * The single message-handler map of the background. Content scripts may only report page
 * context, for their own tab and origin; everything else must come from an extension page.
 */
export function createMessageHandler(
  store: ContextStore,
  notifyPanels: (tabId: number) => void,
  services: MessageServices,
) {
  const extensionOrigin = chrome.runtime.getURL('');
  return async (raw: unknown, sender: Sender): Promise<Reply<unknown> | undefined> => {
    if (isExtensionPage(sender, chrome.runtime.id, extensionOrigin)) {
      if (isOptionsRequest(raw)) return services.options(raw);
      const request = PanelRequestSchema.safeParse(raw);
      if (!request.success) {
        // Names the field and what is wrong with it, never the value sent.
        const issue = request.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
        return refuse(
          'bad-request',
          `The request from the panel is malformed (${where}${issue?.message ?? 'unknown shape'}).`,
        );
      }
      try {
        switch (request.data.type) {
          case 'tab-state-get':
            return {
              ok: true,
              value: await tabState(store, services.adapter, request.data.tabId, {
                quick: request.data.quick,
              }),
            };
          case 'site-granted':
            await syncContentScripts(services.adapter.pageReaders);
            await injectInto(services.adapter.pageReaders, request.data.tabId);
            return { ok: true, value: null };
          case 'tools-here':
            if (!services.toolsHere)
              return refuse('unavailable', 'The tool list is not available.');
            return { ok: true, value: await services.toolsHere(request.data.tabId) };
        }
      } catch (error) {
        log.error(`request ${request.data.type} failed`, error);
        return { ok: false, error: personWireError(error) };
      }
    }
    return handleContentMessage(store, services, raw, sender, notifyPanels);
  };
}

async function handleContentMessage(
  store: ContextStore,
  services: MessageServices,
  raw: unknown,
  sender: Sender,
  notifyPanels: (tabId: number) => void,
): Promise<Reply<unknown> | undefined> {
  const tabId = sender.tab?.id;
  if (
    sender.id !== chrome.runtime.id ||
    tabId === undefined ||
    sender.frameId !== 0 ||
    !sender.url
  ) {
    log.warn('ignored a message from an unexpected sender');
    return refuse('bad-sender', 'Messages are accepted only from the top frame of a tab.');
  }
  const senderOrigin = new URL(sender.url).origin;
  const message = ContentMessageSchema.safeParse(raw);
  if (!message.success) {
    await store.set(tabId, {
      kind: 'invalid',
      origin: senderOrigin,
      reason: 'the page context message is malformed',
    });
    notifyPanels(tabId);
    return refuse('bad-message', 'A content script may only report page context.');
  } else {
    // The page URL comes from the browser's record of the sender, never from the page.
    const reading = services.adapter.readPageContext({ ...message.data, href: sender.url });
    await store.set(
      tabId,
      reading.ok
        ? {
            kind: 'context',
            context: reading.context,
            nonce: reading.nonce,
            pageNonce: reading.nonce,
            ...(reading.waitingForEditor ? { waitingForEditor: true as const } : {}),
          }
        : { kind: 'invalid', origin: senderOrigin, reason: reading.reason },
    );
    if (reading.ok) services.pageOpened?.(reading.context);
  }
  notifyPanels(tabId);
  return { ok: true, value: null };
}

function refuse(code: string, message: string): Reply<never> {
  return { ok: false, error: { code, message } };
}
