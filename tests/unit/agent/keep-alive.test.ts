import { afterEach, describe, expect, it, vi } from 'vitest';
import { turn } from '../../support/model-server';
import { chromeKeepAlive, type KeepAlive } from '../../../src/agent/claude';
import { modelFor, request, useModelServer } from './support';

const { server } = useModelServer();

afterEach(() => {
  vi.useRealTimers();
});

describe('keep-alive while a reply is open (MV3 worker)', () => {
  it('starts before the request and stops after the reply, also across a retry wait', async () => {
    const log: string[] = [];
    const keepAlive: KeepAlive = () => {
      log.push('start');
      return () => log.push('stop');
    };
    server().setScript([turn.error(529, { retryAfterMs: 5 }), turn.text('ok')]);
    const onEvent = () => log.push('event');
    await modelFor(server(), { keepAlive }).generate(request('hi'), onEvent);
    expect(log[0]).toBe('start');
    expect(log.at(-1)).toBe('stop');
    expect(log.filter((entry) => entry === 'start')).toHaveLength(1);
  });

  it('stops when the call fails', async () => {
    let running = false;
    const keepAlive: KeepAlive = () => {
      running = true;
      return () => (running = false);
    };
    server().setScript([turn.error(400)]);
    await modelFor(server(), { keepAlive })
      .generate(request('hi'), () => {})
      .catch(() => undefined);
    expect(running).toBe(false);
  });

  it('chromeKeepAlive pings every interval until stopped', () => {
    vi.useFakeTimers();
    const ping = vi.fn(async () => ({}));
    const stop = chromeKeepAlive(20_000, ping)();
    vi.advanceTimersByTime(61_000);
    expect(ping).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(ping).toHaveBeenCalledTimes(3);
  });

  it('pinging goes on after a ping throws or rejects, and stops when stopped', async () => {
    vi.useFakeTimers();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let calls = 0;
      // The first ping throws (no chrome.* in this context), the second rejects (the worker
      // is being torn down), the rest answer: the worker must still be kept alive after both.
      // A plain function, not vi.fn: a mock awaits what it returns (its settled results), which
      // would handle the rejection this test wants to see handled by chromeKeepAlive itself.
      const ping = () => {
        calls += 1;
        if (calls === 1) throw new Error('no chrome here');
        if (calls === 2) return Promise.reject(new Error('No SW'));
        return Promise.resolve({});
      };
      const stop = chromeKeepAlive(1_000, ping)();
      expect(() => vi.advanceTimersByTime(5_000)).not.toThrow();
      expect(calls).toBe(5);
      stop();
      vi.advanceTimersByTime(5_000);
      expect(calls).toBe(5);
      // A rejected ping is handled, not left to surface as an unhandled rejection.
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
