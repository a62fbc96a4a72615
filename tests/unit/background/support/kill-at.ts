import { vi } from 'vitest';
import { ThreadViewStore } from '../../../../src/background/threads/thread-view-store';
import { SealedRunStore, type RunState } from '../../../../src/run';
import type { ThreadView } from '../../../../src/shared/protocols/thread-protocol';
import type { ServiceWorld } from './service-world';

/** How late the dying worker's view writes land: in the extension they follow the run's events. */
const VIEW_LAG_MS = 200;

/**
 * A worker killed at a commit: that commit is on disk, and then nothing of that worker
 * runs again (every later write of its stores never returns and writes nothing), as when
 * Chrome stops a service worker. Until then its view writes land `VIEW_LAG_MS` late, as in
 * the extension, where the view follows the run's events (a result card, a session read);
 * one still on its way when the worker dies is lost. Workers started later work normally.
 * `view` picks a view write to die at instead (once it is on disk).
 */
export function killAt(
  pick: (state: RunState) => boolean,
  { view: pickView }: { view?: (view: ThreadView) => boolean } = {},
): { killed: Promise<void>; arm(): void } {
  const dead = new WeakSet<object>();
  const views = new Set<ThreadViewStore>();
  const runs = new Set<SealedRunStore>();
  const die = () => {
    armed = false;
    for (const store of [...views, ...runs]) dead.add(store);
    onKill();
  };
  let armed = false;
  let onKill = () => undefined as void;
  const killed = new Promise<void>((resolve) => (onKill = resolve));
  const never = new Promise<void>(() => undefined);
  const stuck = new Promise<RunState>(() => undefined);
  const saveView = ThreadViewStore.prototype.save;
  vi.spyOn(ThreadViewStore.prototype, 'save').mockImplementation(function (
    this: ThreadViewStore,
    ...args: Parameters<ThreadViewStore['save']>
  ) {
    if (dead.has(this)) return never;
    views.add(this);
    if (!armed) return saveView.apply(this, args);
    return new Promise<void>((resolve) => setTimeout(resolve, VIEW_LAG_MS)).then(async () => {
      if (dead.has(this)) return never;
      await saveView.apply(this, args);
      if (!armed || !pickView?.(args[0])) return;
      die();
      return never;
    });
  });
  for (const method of ['save', 'saveWith'] as const) {
    const original = SealedRunStore.prototype[method] as (...a: unknown[]) => Promise<RunState>;
    vi.spyOn(SealedRunStore.prototype, method).mockImplementation(async function (
      this: SealedRunStore,
      ...args: unknown[]
    ): Promise<RunState> {
      if (dead.has(this)) return stuck;
      runs.add(this);
      const stored = await original.apply(this, args);
      if (!armed || !pick(args[0] as RunState)) return stored;
      die();
      return stuck;
    });
  }
  return { killed, arm: () => (armed = true) };
}

/**
 * The worker after a kill: a new one starts, resumes what the dead one left, and a panel
 * reopens the thread on tab 1 at the same time (as Chrome does); returns that panel.
 */
export async function nextWorker(world: ServiceWorld, threadId: string) {
  const service = world.worker();
  const next = world.panel(service);
  await Promise.all([
    service.resumeInterrupted(),
    next.send({ type: 'thread-open', tabId: 1, threadId }),
  ]);
  return next;
}
