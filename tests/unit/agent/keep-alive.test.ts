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

  it('a failing ping never throws out of the timer', () => {
    vi.useFakeTimers();
    const stop = chromeKeepAlive(1_000, () => {
      throw new Error('no chrome here');
    })();
    expect(() => vi.advanceTimersByTime(3_000)).not.toThrow();
    stop();
  });
});
