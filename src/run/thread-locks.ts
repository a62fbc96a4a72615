/**
 * One operation per thread at a time inside this worker: a decision and a resume of the
 * same thread must not interleave their reads and writes. Other threads run freely.
 */
export class ThreadLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `work` after every earlier operation on the thread has settled. */
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
