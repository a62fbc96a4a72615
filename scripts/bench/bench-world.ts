import { AuditDb, AuditLog, type ToolCallRecord } from '../../src/audit';
import { syntheticRecords } from '../../tests/support/synthetic-records';
import { WORDPRESS_TOOLS } from '../../src/cms/wordpress/tools';
import { loadCapabilities } from '../../src/cms/wordpress/capabilities';
import type { EffectivePolicy } from '../../src/gate';
import type { RunDeps } from '../../src/run/deps';
import { RunContext } from '../../src/run/run-context';
import { resultText } from '../../src/run/model-texts';
import { producePreview } from '../../src/run/call/previews';
import type { StoredPreview } from '../../src/run/state/run-state-schema';
import { SealedRunStore } from '../../src/run/state/run-store';
import { SealedStore } from '../../src/store';
import { createRegistry, type ToolRegistry } from '../../src/tools/registry';
import type { AnyTool, ToolContext } from '../../src/tools/tool';
import { DRAFT_ID, memorySession, type MemoryTraffic } from './memory-site';
import { benchPolicy, benchState, OWNER, TOOL, updateInput } from './scenario';

/** Everything the measured calls share, built once like the background builds it. */
export interface BenchWorld {
  registry: ToolRegistry;
  tool: AnyTool;
  policy: EffectivePolicy;
  ctx: ToolContext;
  audit: AuditLog;
  run: RunContext;
  /** The call's preview (P1) as `suspendAt` stores it, so saved states carry one. */
  preview: StoredPreview;
  traffic: MemoryTraffic;
}

/**
 * The real parts: the registry of every WordPress tool, the admin's session (capabilities
 * and post types loaded once, as `Sessions` does), the audit log and the sealed run store
 * over this page's real IndexedDB, and a run context for the bench thread. `prefill`
 * synthetic records go into the audit log first, so it is not measured empty.
 */
export async function buildWorld(prefill: number): Promise<BenchWorld> {
  const traffic: MemoryTraffic = { requests: 0, gets: 0, heartbeats: 0, misses: [] };
  const registry = createRegistry([...WORDPRESS_TOOLS]);
  const tool = registry.get(TOOL);
  if (!tool) throw new Error(`${TOOL} is not registered`);
  const policy = benchPolicy(registry.names());
  const session = memorySession(traffic);
  const user = await loadCapabilities(session);
  const threadId = `bench-${crypto.randomUUID()}`;
  const ctx: ToolContext = { user, threadId, cms: session };
  // One database for the audit log and the sealed run store, as the background has it.
  const audit = new AuditLog(new AuditDb());
  await prefillAudit(audit.db, prefill);
  const read = await registry.get('wp_get_entity')?.execute(ctx, { type: 'post', id: DRAFT_ID });
  if (!read) throw new Error('wp_get_entity is not registered');
  const deps: RunDeps = {
    model: {
      generate: () => Promise.reject(new Error('the gate bench never asks a model')),
    },
    request: { model: 'bench', system: '', thinking: false, maxTokens: 1024 },
    registry,
    policy,
    toolContext: () => Promise.resolve(ctx),
    audit,
    store: new SealedRunStore(new SealedStore(audit.db)),
    emit: () => {},
    clock: () => Date.now(),
    newId: () => crypto.randomUUID(),
  };
  const run = new RunContext(benchState(threadId, resultText(read), Date.now()), deps);
  // The first save creates the sealing key; every measured save reuses it, as a worker does.
  await run.save();
  const preview = await producePreview(ctx, tool, updateInput(0), 0, { target: undefined });
  if (!preview || preview.failed) throw new Error(`no preview of ${TOOL}`);
  return { registry, tool, policy, ctx, audit, run, preview, traffic };
}

async function prefillAudit(db: AuditDb, count: number): Promise<void> {
  const rows = syntheticRecords(count, { start: Date.now() - count * 60_000, stepMs: 60_000 });
  const stored: ToolCallRecord[] = rows.map((row) => {
    const createdAt = row.createdAt ?? Date.now();
    return {
      ...row,
      owner: OWNER,
      decidedBy: null,
      decidedAt: null,
      createdAt,
      updatedAt: createdAt,
      version: 1,
      history: [{ status: row.status, at: createdAt, by: null }],
    };
  });
  await db.records.bulkAdd(stored);
}
