import { logger } from '../shared/log';
import type { ToolContext } from '../tools/tool';
import { pendingRecordId } from './call/approval-request';
import type { RunDeps } from './deps';
import { ThreadRefusedError } from './errors';
import type { NoticeLevel, RunEvent } from './events';
import type { RunState } from './state/run-state-schema';

const log = logger('run');

/** Audit writes to commit together with the next save of the run state. */
export type AuditWrite = () => Promise<unknown>;

/** Runs two audit writes in order, as one `AuditWrite`. */
export function bothWrites(first: AuditWrite | undefined, second: AuditWrite): AuditWrite {
  return first
    ? async () => {
        await first();
        await second();
      }
    : second;
}

/** An event without its thread id, which the context adds. */
type ThreadEvent = RunEvent extends infer E
  ? E extends RunEvent
    ? Omit<E, 'threadId'>
    : never
  : never;

/**
 * One operation on one thread: a working copy of the state, the deps, and the last copy
 * that reached storage. Steps change `state` and call `save()` at every point a restarted
 * worker must find; on failure the caller returns `saved`, the truth on disk.
 */
export class RunContext {
  state: RunState;
  saved: RunState;
  private context: Promise<ToolContext> | null = null;

  constructor(
    state: RunState,
    readonly deps: RunDeps,
  ) {
    this.saved = state;
    this.state = structuredClone(state);
  }

  get threadId(): string {
    return this.state.threadId;
  }

  now(): number {
    return this.deps.clock();
  }

  /**
   * Persists the working state (S3); throws when storage refuses, keeping `saved`. Once it
   * is stored, a `state` event tells the panel what it keeps of it (trust, grants, the call
   * that waits).
   * `alongside` is the call's audit writes, committed with the state in one transaction
   * (issue 15 item 6): a worker that dies finds both or neither.
   */
  async save(alongside?: AuditWrite): Promise<void> {
    const next: RunState = {
      ...this.state,
      revision: this.state.revision + 1,
      updatedAt: this.now(),
    };
    const { store } = this.deps;
    let stored: RunState | void;
    if (alongside && store.saveWith) stored = await store.saveWith(next, alongside);
    else {
      await alongside?.();
      stored = await store.save(next);
    }
    this.state = next;
    // The sealed store copies while its write commits, off the path of the save.
    this.saved = stored ?? structuredClone(next);
    this.emit({
      type: 'state',
      untrusted: next.untrusted,
      grants: next.grants.map((g) => g.tool),
      pending: pendingRecordId(next),
    });
  }

  /** Sends an event to the panel; a failing sink is logged, never fatal. */
  emit(event: ThreadEvent): void {
    try {
      this.deps.emit({ ...event, threadId: this.threadId } as RunEvent);
    } catch (error) {
      log.warn('An event listener failed.', error);
    }
  }

  notice(level: NoticeLevel, code: string, message: string): void {
    this.emit({ type: 'notice', level, code, message });
  }

  /**
   * G5: the tool context of the acting user, who must be the thread's owner; created once
   * per operation.
   */
  toolContext(): Promise<ToolContext> {
    this.context ??= this.deps
      .toolContext({ threadId: this.threadId, owner: this.state.owner })
      .then((ctx) => {
        if (String(ctx.user.id) !== this.state.owner.userId) {
          throw new ThreadRefusedError(
            'not-owner',
            this.threadId,
            `The CMS session belongs to user ${ctx.user.id}, not to the thread's owner (${this.state.owner.userId}); sign in as the owner to continue.`,
          );
        }
        return { ...ctx, threadId: this.threadId, signal: ctx.signal ?? this.deps.signal };
      });
    this.context.catch(() => {
      this.context = null;
    });
    return this.context;
  }
}
