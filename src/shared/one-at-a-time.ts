/**
 * Runs read-change-write updates of one stored value one after another inside this worker.
 * Two at once would each write the value they had read, and the first one's change would be
 * lost (the thread index, the mirror's site states). A failed update does not stop the next.
 */
export class OneAtATime {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.tail.then(work, work);
    this.tail = next.catch(() => undefined);
    return next;
  }
}
