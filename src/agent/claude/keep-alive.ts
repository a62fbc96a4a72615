/**
 * Starts keeping the MV3 worker alive and returns the function that stops it. The model
 * calls it once per `generate`, around every attempt and every retry wait.
 */
export type KeepAlive = () => () => void;

/** For tests and for contexts that are not a service worker. */
export const noKeepAlive: KeepAlive = () => () => undefined;

/** How often the worker touches an extension API while a reply streams. */
export const KEEP_ALIVE_INTERVAL_MS = 20_000;

/**
 * Chrome 116+ keeps a service worker alive while it has an open network request and
 * restarts its 30 s idle timer on every extension API call. A long thinking turn can sit
 * quiet on the wire, and a retry wait has no request open at all, so this calls the
 * cheapest API, `chrome.runtime.getPlatformInfo()`, every 20 s until it is stopped.
 */
export function chromeKeepAlive(
  intervalMs = KEEP_ALIVE_INTERVAL_MS,
  ping: () => Promise<unknown> = () => chrome.runtime.getPlatformInfo(),
): KeepAlive {
  return () => {
    const timer = setInterval(() => {
      try {
        void ping().catch(() => undefined);
      } catch {
        // A context without the API: nothing to keep alive.
      }
    }, intervalMs);
    return () => clearInterval(timer);
  };
}

/** chromeKeepAlive() inside an extension, noKeepAlive elsewhere (Node tests). */
export function defaultKeepAlive(): KeepAlive {
  const runtime = (globalThis as { chrome?: { runtime?: { getPlatformInfo?: unknown } } }).chrome
    ?.runtime;
  return typeof runtime?.getPlatformInfo === 'function' ? chromeKeepAlive() : noKeepAlive;
}
