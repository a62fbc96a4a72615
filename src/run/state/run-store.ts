import { CountersignError } from '../../shared/errors';
import { RunStateError } from '../errors';
import { readRunState, type RestoredRunState } from './run-state-read';
import type { RunState } from './run-state-schema';

/** What the run loop needs of the SealedStore (src/store): JSON in, JSON out, sealed. */
export interface SealedStoreLike {
  /**
   * Seals and writes `value` as JSON. `alongside` runs in the write's own transaction (same
   * database): both or neither. `beforeCommit` runs while the write is under way, before it
   * commits; a throw writes nothing.
   */
  put(
    key: string,
    value: unknown,
    options?: { alongside?: () => Promise<unknown>; beforeCommit?: () => void },
  ): Promise<void>;
  get(key: string): Promise<unknown>;
  delete(key: string): Promise<void>;
}

/** Where run states live between steps; every interruption saves through it. */
export interface RunStateStore {
  /** The thread's state, or undefined when none is stored; RunStateError when unusable. */
  load(threadId: string): Promise<RestoredRunState | undefined>;
  /**
   * Saves the state; it must read back as it is, or nothing is written. It may resolve to
   * a copy of what it stored (made while the write was under way) for the caller to keep.
   */
  save(state: RunState): Promise<RunState | void>;
  /**
   * Issue 15 item 6: saves the state and runs `alongside` (the call's audit writes) in one
   * IndexedDB transaction, one commit: both are stored or neither. A store without it
   * (test fakes) gets `alongside` first, then `save`, as two commits.
   */
  saveWith?(state: RunState, alongside: () => Promise<unknown>): Promise<RunState | void>;
}

/** The sealed-store item name of a thread's run state. */
export function runStateKey(threadId: string): string {
  return `run:${threadId}`;
}

/**
 * S3: run states sealed with AES-GCM through the SealedStore. A state is checked with
 * the reader before it is written, so nothing unreadable is ever stored; a value that
 * does not open is a `RunStateError` and is left where it is.
 */
export class SealedRunStore implements RunStateStore {
  constructor(private readonly sealed: SealedStoreLike) {}

  async load(threadId: string): Promise<RestoredRunState | undefined> {
    let raw: unknown;
    try {
      raw = await this.sealed.get(runStateKey(threadId));
    } catch (error) {
      if (!(error instanceof CountersignError) || !error.code.startsWith('sealed-')) throw error;
      const message = `The saved run of ${threadId} cannot be opened (${error.code}).`;
      throw new RunStateError('unreadable', threadId, message, [], { cause: error });
    }
    return raw === undefined ? undefined : readRunState(raw, threadId);
  }

  save(state: RunState): Promise<RunState> {
    return this.write(state);
  }

  /** The audit log must live in the sealed store's database (one `AuditDb`, services.ts). */
  saveWith(state: RunState, alongside: () => Promise<unknown>): Promise<RunState> {
    return this.write(state, alongside);
  }

  /**
   * The state is checked as built (not read back from its JSON): the schema takes only
   * what JSON holds the same way (finite numbers, strings, plain objects; tool inputs come
   * from JSON), so what the reader would find in the stored text is this state. The check
   * and the caller's copy run while the write is under way, before it commits: a state
   * that would lose a call or a preview on the next load aborts it, and nothing is stored.
   */
  private async write(state: RunState, alongside?: () => Promise<unknown>): Promise<RunState> {
    let copy: RunState | undefined;
    const beforeCommit = () => {
      const { report } = readRunState(state, state.threadId);
      if (report.droppedCalls.length > 0 || report.droppedPreviews > 0) {
        const message = `Refusing to save the run of ${state.threadId}: it would not read back whole.`;
        throw new RunStateError('invalid', state.threadId, message);
      }
      copy = structuredClone(state);
    };
    await this.sealed.put(runStateKey(state.threadId), state, { alongside, beforeCommit });
    return copy ?? structuredClone(state);
  }
}
