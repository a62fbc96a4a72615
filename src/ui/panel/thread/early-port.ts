import { connectThreadPort, type PortLike } from './thread-connection';
import { ITEMS_FIRST } from './visible-items';

/** The port the panel's first script opened, for the tab it asked about. */
interface EarlyPort {
  tabId: number;
  port: PortLike;
  closed: boolean;
}

let early: EarlyPort | undefined;

/**
 * Issue 15: asks for the tab's thread (its last {@link ITEMS_FIRST} items) and the thread
 * list from the panel's first, tiny script, so the background opens the thread while the
 * rest of the panel's code loads. What arrives meanwhile is kept for the thread model,
 * which validates it like every push ({@link takeEarlyPort}). Nothing here renders.
 */
export function openEarly(tabId: number): void {
  early?.port.disconnect();
  const port = connectThreadPort();
  const entry: EarlyPort = { tabId, port: held(port), closed: false };
  port.onDisconnect.addListener(() => (entry.closed = true));
  port.postMessage({ type: 'thread-open', tabId, shown: ITEMS_FIRST });
  port.postMessage({ type: 'thread-list' });
  early = entry;
}

/**
 * The early port when it asked for `tabId`'s thread and is still open (once): it already
 * sent `thread-open` with {@link ITEMS_FIRST} and `thread-list`. Otherwise undefined, and
 * a port opened for another tab is closed.
 */
export function takeEarlyPort(tabId: number): PortLike | undefined {
  const taken = early;
  early = undefined;
  if (taken && (taken.tabId !== tabId || taken.closed)) taken.port.disconnect();
  return taken && taken.tabId === tabId && !taken.closed ? taken.port : undefined;
}

/** A port whose messages wait until its one listener is added, then go to it in order. */
function held(port: PortLike): PortLike {
  const waiting: unknown[] = [];
  let deliver: ((message: unknown) => void) | undefined;
  port.onMessage.addListener((message: unknown) => {
    if (deliver) deliver(message);
    else waiting.push(message);
  });
  return {
    postMessage: (message) => port.postMessage(message),
    disconnect: () => port.disconnect(),
    onMessage: {
      addListener(listener) {
        for (const message of waiting.splice(0)) listener(message);
        deliver = listener;
      },
    },
    onDisconnect: port.onDisconnect,
  };
}
