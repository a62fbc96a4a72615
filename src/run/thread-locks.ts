import { OneAtATimePerKey } from '../shared/one-at-a-time';

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
export class ThreadLocks extends OneAtATimePerKey implements ThreadLock {}

/**
 * For a `RunLoop` whose caller already holds the thread's lock for the whole operation
 * (the background's ThreadService): taking it again here would wait for itself.
 */
export const HELD_BY_CALLER: ThreadLock = { run: (_threadId, work) => work() };
