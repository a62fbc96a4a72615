import type { AuditLog, RecordOwner } from '../audit';
import type { EffectivePolicy } from '../gate';
import type { ToolRegistry } from '../tools/registry';
import type { ToolContext } from '../tools/tool';
import type { RunEventSink } from './events';
import type { ModelPort, ModelRequest } from './model-port';
import type { RunStateStore } from './state/run-store';

/** What the run loop needs of the audit log (A1). */
export type AuditPort = Pick<AuditLog, 'create' | 'transition' | 'get' | 'byThread'>;

/** What the run loop needs of the tool registry. */
export type ToolSource = Pick<ToolRegistry, 'get' | 'list' | 'validate' | 'definitions'>;

/** Admin settings the loop applies. */
export interface RunOptions {
  /** G12: a pending call older than this is marked expired. Absent: never. */
  expireAfterMs?: number;
  /** How many steps one drive may take before it stops (resumable). Default 50. */
  maxSteps?: number;
}

/** Everything a step needs, injected so tests can use fakes and real stores alike. */
export interface RunDeps {
  model: ModelPort;
  /** The model request without its transcript and tools, which the loop supplies. */
  request: Omit<ModelRequest, 'messages' | 'tools'>;
  registry: ToolSource;
  policy: EffectivePolicy;
  /** The acting user (the thread's owner) and the CMS session for tools. */
  toolContext(thread: { threadId: string; owner: RecordOwner }): Promise<ToolContext>;
  audit: AuditPort;
  store: RunStateStore;
  emit: RunEventSink;
  clock(): number;
  newId(): string;
  options?: RunOptions;
  signal?: AbortSignal;
}
