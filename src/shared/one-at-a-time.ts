/**
 * Runs work one piece after another per key inside this worker: work under a key starts
 * once every earlier piece under the same key has settled; other keys run freely. A failed
 * piece does not stop the next. The per-thread lock of the run loop (`ThreadLocks`) is one.
 */
export class OneAtATimePerKey {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}

/**
 * Runs read-change-write updates of one stored value one after another inside this worker.
 * Two at once would each write the value they had read, and the first one's change would be
 * lost (the thread index, the mirror's site states, the notification focus).
 */
export class OneAtATime {
  private readonly turns = new OneAtATimePerKey();

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.turns.run('', work);
  }
}
