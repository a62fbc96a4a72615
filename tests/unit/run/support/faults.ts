import type { AuditPort } from '../../../../src/run/deps';
import type { RunStateStore } from '../../../../src/run/state/run-store';
import type { RunState } from '../../../../src/run/state/run-state-schema';
import type { ModelPort } from '../../../../src/run/model-port';
import type { AnyTool } from '../../../../src/tools/tool';

/** The worker died here: nothing after this point happens in that worker. */
export class Killed extends Error {
  constructor(readonly point: string) {
    super(`Worker killed at ${point}.`);
    this.name = 'Killed';
  }
}

/** A step boundary where a test may kill the worker, with what happens there. */
export type FaultPoint =
  | 'store.save'
  | 'store.saved'
  | 'audit.create'
  | 'audit.created'
  | 'audit.transition'
  | 'audit.transitioned'
  | 'tool.execute'
  | 'tool.executed';

type Trigger = (point: FaultPoint, detail: Record<string, unknown>) => boolean;

/**
 * A kill switch for one worker. Once `trigger` matches, that call throws `Killed` and so
 * does every later call to storage, audit, tools and model: the worker is gone.
 */
export class Faults {
  killed: string | null = null;
  private trigger: Trigger | null = null;

  killAt(trigger: Trigger): void {
    this.trigger = trigger;
  }

  hit(point: FaultPoint, detail: Record<string, unknown> = {}): void {
    if (this.killed) throw new Killed(this.killed);
    if (this.trigger?.(point, detail)) {
      this.killed = point;
      throw new Killed(point);
    }
  }

  /** Throws when the worker is already dead. */
  alive(): void {
    if (this.killed) throw new Killed(this.killed);
  }
}

/** The audit port, with kill points around every write. */
export function killableAudit(audit: AuditPort, faults: Faults): AuditPort {
  return {
    create: async (record) => {
      faults.hit('audit.create', { status: record.status, tool: record.tool });
      const out = await audit.create(record);
      faults.hit('audit.created', { status: record.status, tool: record.tool });
      return out;
    },
    transition: async (id, to, patch) => {
      faults.hit('audit.transition', { id, to });
      const out = await audit.transition(id, to, patch);
      faults.hit('audit.transitioned', { id, to });
      return out;
    },
    get: (id) => (faults.alive(), audit.get(id)),
    byThread: (threadId) => (faults.alive(), audit.byThread(threadId)),
  };
}

/** The state store, with kill points before and after every save. */
export function killableStore(
  store: RunStateStore,
  faults: Faults,
  { atomic = false }: { atomic?: boolean } = {},
): RunStateStore {
  const around = async (state: RunState, write: () => Promise<RunState | void>) => {
    const calls = state.turn?.calls.map((call) => call.status) ?? [];
    faults.hit('store.save', { calls, turn: state.turn !== null });
    const stored = await write();
    faults.hit('store.saved', { calls, turn: state.turn !== null });
    return stored;
  };
  const killable: RunStateStore = {
    load: (threadId) => (faults.alive(), store.load(threadId)),
    save: (state) => around(state, () => store.save(state)),
  };
  const saveWith = store.saveWith?.bind(store);
  // One commit: a kill inside `alongside` (an audit kill point) aborts the transaction.
  if (atomic && saveWith)
    killable.saveWith = (state, alongside) => around(state, () => saveWith(state, alongside));
  return killable;
}

/** A tool whose execution can be killed before it starts or after its effect. */
export function killableTool(tool: AnyTool, faults: Faults): AnyTool {
  return {
    ...tool,
    execute: async (ctx, input, target) => {
      faults.hit('tool.execute', { tool: tool.name });
      const out = await tool.execute(ctx, input, target);
      faults.hit('tool.executed', { tool: tool.name });
      return out;
    },
  };
}

/** A model port that is gone once the worker is. */
export function killableModel(model: ModelPort, faults: Faults): ModelPort {
  return {
    generate: (request, onEvent, signal) => (
      faults.alive(),
      model.generate(request, onEvent, signal)
    ),
  };
}
