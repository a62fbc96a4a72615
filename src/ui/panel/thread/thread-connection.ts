/** The part of `chrome.runtime.Port` the thread model uses (a fake in tests). */
export interface PortLike {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

/** Opens a port to the background. */
export type Connect = () => PortLike;

/** The port name the background listens on for thread traffic (R2). */
export const THREAD_PORT = 'thread';

/** The real connection: a long-lived port to the service worker (it wakes it if asleep). */
export const connectThreadPort: Connect = () => {
  const port = chrome.runtime.connect({ name: THREAD_PORT });
  // A port to a worker that was stopping ends with lastError set. The panel reconnects,
  // so reading it here says it was expected (Chrome would log it as unchecked otherwise).
  port.onDisconnect.addListener(() => void chrome.runtime.lastError);
  return port;
};

/** Waits before reconnect attempt `attempt` (0-based): quick at first, then up to 5 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(5_000, 200 * 2 ** attempt);
}
