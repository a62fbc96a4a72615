// One after another per key (the run loop's per-thread lock, and the read-change-write turns
// of the thread index, the mirror's site states, the offered calls and the notification focus):
// what each guarantee means for the work it runs.
import { describe, expect, it } from 'vitest';
import { OneAtATime, OneAtATimePerKey } from '../../../src/shared/one-at-a-time';

/** A piece of work that logs its start and end, and ends when told. */
function step(log: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const ended = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const work = async () => {
    log.push(`${name} start`);
    await ended;
    log.push(`${name} end`);
    return name;
  };
  return { work, finish, fail };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('OneAtATimePerKey', () => {
  it('work under one key starts only once the earlier work under it has ended', async () => {
    const turns = new OneAtATimePerKey();
    const log: string[] = [];
    const a = step(log, 'a');
    const b = step(log, 'b');
    const first = turns.run('thread-1', a.work);
    const second = turns.run('thread-1', b.work);
    await tick();
    expect(log).toEqual(['a start']);
    a.finish();
    b.finish();
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });

  it('work under other keys runs meanwhile', async () => {
    const turns = new OneAtATimePerKey();
    const log: string[] = [];
    const a = step(log, 'a');
    const b = step(log, 'b');
    const first = turns.run('thread-1', a.work);
    const other = turns.run('thread-2', b.work);
    await tick();
    expect(log).toEqual(['a start', 'b start']);
    b.finish();
    await other;
    a.finish();
    await first;
  });

  it('a failure is the caller’s; the next piece under the key still runs', async () => {
    const turns = new OneAtATimePerKey();
    const log: string[] = [];
    const a = step(log, 'a');
    const b = step(log, 'b');
    const failing = turns.run('k', a.work);
    const next = turns.run('k', b.work);
    a.fail(new Error('storage refused'));
    await expect(failing).rejects.toThrow('storage refused');
    await tick();
    expect(log).toEqual(['a start', 'b start']);
    b.finish();
    expect(await next).toBe('b');
  });
});

describe('OneAtATime', () => {
  it('read-change-write updates of one value each keep their change', async () => {
    const turns = new OneAtATime();
    let stored: string[] = [];
    const add = (item: string) =>
      turns.run(async () => {
        const read = [...stored];
        await tick(); // storage answers later
        stored = [...read, item];
      });
    await Promise.all(['a', 'b', 'c', 'd'].map(add));
    expect(stored.sort()).toEqual(['a', 'b', 'c', 'd']);
  });
});
