import { CountersignError } from '../../shared/errors';
import { RunStateError } from '../errors';
import { readRunState, type RestoredRunState } from './run-state-read';
import type { RunState } from './run-state-schema';

/** What the run loop needs of the SealedStore (src/store): JSON in, JSON out, sealed. */
export interface SealedStoreLike {
  /** `alongside` runs in the write's own transaction (same database): both or neither. */
  put(key: string, value: unknown, alongside?: () => Promise<unknown>): Promise<void>;
  get(key: string): Promise<unknown>;
  delete(key: string): Promise<void>;
}

/** Where run states live between steps; every interruption saves through it. */
export interface RunStateStore {
  /** The thread's state, or undefined when none is stored; RunStateError when unusable. */
  load(threadId: string): Promise<RestoredRunState | undefined>;
  /** Saves the state; it must read back as it is, or nothing is written. */
  save(state: RunState): Promise<void>;
  /**
   * Issue 15 item 6: saves the state and runs `alongside` (the call's audit writes) in one
   * IndexedDB transaction, one commit: both are stored or neither. A store without it
   * (test fakes) gets `alongside` first, then `save`, as two commits.
   */
  saveWith?(state: RunState, alongside: () => Promise<unknown>): Promise<void>;
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

  save(state: RunState): Promise<void> {
    return this.write(state);
  }

  /** The audit log must live in the sealed store's database (one `AuditDb`, services.ts). */
  saveWith(state: RunState, alongside: () => Promise<unknown>): Promise<void> {
    return this.write(state, alongside);
  }

  private async write(state: RunState, alongside?: () => Promise<unknown>): Promise<void> {
    // A round trip through JSON is what storage does; reading it back must give the
    // same calls, or the write would lose them on the next load.
    const json: unknown = JSON.parse(JSON.stringify(state));
    const { report } = readRunState(json, state.threadId);
    if (report.droppedCalls.length > 0 || report.droppedPreviews > 0) {
      const message = `Refusing to save the run of ${state.threadId}: it would not read back whole.`;
      throw new RunStateError('invalid', state.threadId, message);
    }
    await this.sealed.put(runStateKey(state.threadId), json, alongside);
  }
}
