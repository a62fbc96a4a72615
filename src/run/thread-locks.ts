/** Serializes the operations of one thread; other threads run freely. */
export interface ThreadLock {
  /** Runs `work` after every earlier operation on the thread has settled. */
  run<T>(threadId: string, work: () => Promise<T>): Promise<T>;
}

/**
 * One operation per thread at a time inside this worker: a decision, a resume after a
 * restart and a message from a second panel must not interleave their reads and writes
 * (they would run one approved call twice). The background holds one for the whole
 * worker, where operations enter (`ThreadService`); a `RunLoop` used alone holds its own.
 */
export class ThreadLocks implements ThreadLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(threadId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(threadId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    this.tails.set(threadId, tail);
    void tail.then(() => {
      if (this.tails.get(threadId) === tail) this.tails.delete(threadId);
    });
    return next;
  }
}

/**
 * For a `RunLoop` whose caller already holds the thread's lock for the whole operation
 * (the background's ThreadService): taking it again here would wait for itself.
 */
export const HELD_BY_CALLER: ThreadLock = { run: (_threadId, work) => work() };
