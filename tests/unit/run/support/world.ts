import { AuditDb, AuditLog, type ToolCallRecord } from '../../../../src/audit';
import { mergeSources, type Policy, type SiteLayer } from '../../../../src/gate';
import {
  RunLoop,
  SealedRunStore,
  runStateKey,
  type RunDeps,
  type RunEvent,
} from '../../../../src/run';
import { SealedStore, StoreDb, type SealedDb } from '../../../../src/store';
import { ToolRegistry } from '../../../../src/tools/registry';
import type {
  ActingUser,
  AnyTool,
  CheckResult,
  GuardResult,
  ToolContext,
} from '../../../../src/tools/tool';
import { FakeCms, updatePostTool, type ToolOptions } from './fake-cms';
import { Faults, killableAudit, killableModel, killableStore, killableTool } from './faults';
import { deletePostTool, getPostTool, listCommentsTool, replacePostTool } from './fake-tools';
import { ScriptedModel } from './scripted-model';

/** The thread owner in every test: user 7 of site.test. */
export const OWNER = { userId: '7', siteOrigin: 'https://site.test' };
/** The acting user the CMS session belongs to. */
export const USER: ActingUser = { id: 7, name: 'Ed', roles: ['editor'], capabilities: {} };

/** A G9 or G10 check a test gives every tool (the CMS's own checks, faked). */
export type TestCheck = (ctx: ToolContext, tool: AnyTool, input: unknown) => Promise<CheckResult>;

/** Gives `tool` a guard of the test's checks, G9 then G10, as a CMS adapter's tools have. */
function guarded(tool: AnyTool, whole?: TestCheck, format?: TestCheck): AnyTool {
  if (!whole && !format) return tool;
  const guard = async (ctx: ToolContext, input: unknown): Promise<GuardResult> => {
    const w = whole ? await whole(ctx, tool, input) : { ok: true as const };
    if (!w.ok) return { ...w, check: 'whole-state' };
    const f = format ? await format(ctx, tool, input) : { ok: true as const };
    return f.ok ? f : { ...f, check: 'format' };
  };
  return { ...tool, guard };
}

/** What a test may vary about the world. */
export interface WorldOptions {
  admin?: Policy;
  managed?: Policy;
  /** G11, G15: the site's layer (its rules and second-approver approvals). */
  site?: SiteLayer;
  tools?: (cms: FakeCms) => AnyTool[];
  toolOptions?: ToolOptions;
  expireAfterMs?: number;
  /** G9 and G10 for every tool of the world (its `guard`); none by default. */
  checkWholeState?: TestCheck;
  checkFormats?: TestCheck;
  /** The user the CMS session belongs to (G5); USER by default. */
  sessionUser?: ActingUser;
  /** The CMS session the tools get (`ToolContext.cms`); the fake CMS by default. */
  cmsSession?: unknown;
  /** Runs on each worker's databases before they open (e.g. to inject quota errors). */
  beforeOpen?: (dbs: { auditDb: AuditDb; storeDb: SealedDb }) => void;
  /**
   * Issue 15 item 6: run states sealed in the audit's database, as the background has it,
   * so a call's record and state are one commit. Default: two databases, two commits.
   */
  oneDatabase?: boolean;
}

/** One service worker's life: its deps over the world's databases, and its kill switch. */
export interface Worker {
  deps: RunDeps;
  runs: RunLoop;
  faults: Faults;
  audit: AuditLog;
  storeDb: SealedDb;
}

/**
 * Everything that outlives a service worker: the IndexedDB databases (fake-indexeddb),
 * the CMS, the model's script, the clock and the events the panel saw. `worker()` starts
 * a fresh worker over them, as a restarted browser would.
 */
export class World {
  readonly cms = new FakeCms();
  readonly model = new ScriptedModel();
  readonly events: RunEvent[] = [];
  readonly clock = { now: 1_700_000_000_000 };
  private readonly auditName = `audit-run-${crypto.randomUUID()}`;
  private readonly storeName = `sealed-run-${crypto.randomUUID()}`;
  private current: Worker | null = null;

  constructor(public options: WorldOptions = {}) {}

  tools(): AnyTool[] {
    const make = this.options.tools;
    const cms = this.cms;
    const tools = make
      ? make(cms)
      : [
          getPostTool(cms),
          updatePostTool(cms, this.options.toolOptions),
          deletePostTool(cms),
          listCommentsTool(cms),
          replacePostTool(cms),
        ];
    const { checkWholeState, checkFormats } = this.options;
    return tools.map((tool) => guarded(tool, checkWholeState, checkFormats));
  }

  /** Starts a new worker; the previous one's connections are closed (it died). */
  worker(): Worker {
    if (this.current) {
      this.current.audit.db.close();
      this.current.storeDb.close();
    }
    const faults = new Faults();
    const auditDb = new AuditDb(this.auditName);
    const audit = new AuditLog(auditDb, { now: () => this.clock.now });
    const storeDb = this.storeDb(auditDb);
    this.options.beforeOpen?.({ auditDb, storeDb });
    const registry = new ToolRegistry().register(
      ...this.tools().map((tool) => killableTool(tool, faults)),
    );
    const deps: RunDeps = {
      model: killableModel(this.model, faults),
      request: { model: 'scripted', system: 'You help editors.', thinking: false, maxTokens: 1024 },
      registry,
      policy: mergeSources({
        managed: this.options.managed ?? {},
        site: this.options.site,
        admin: this.options.admin ?? {},
      }),
      toolContext: ({ threadId }) =>
        Promise.resolve({
          user: this.options.sessionUser ?? USER,
          threadId,
          cms: this.options.cmsSession ?? this.cms,
        }),
      audit: killableAudit(audit, faults),
      store: killableStore(new SealedRunStore(new SealedStore(storeDb)), faults, {
        atomic: this.options.oneDatabase === true,
      }),
      emit: (event) => this.events.push(event),
      clock: () => this.clock.now,
      newId: () => crypto.randomUUID(),
      options:
        this.options.expireAfterMs === undefined
          ? {}
          : { expireAfterMs: this.options.expireAfterMs },
    };
    this.current = { deps, runs: new RunLoop(deps), faults, audit, storeDb };
    return this.current;
  }

  /** Stores a raw run state for a thread, as an older worker (or a fixture) left it. */
  async seed(threadId: string, raw: unknown): Promise<void> {
    const db = this.storeDb();
    try {
      await new SealedStore(db).put(runStateKey(threadId), raw);
    } finally {
      db.close();
    }
  }

  /** The raw IndexedDB row holding a thread's sealed run state. */
  async sealedRow(threadId: string) {
    const db = this.storeDb();
    try {
      return await db.sealed.get(runStateKey(threadId));
    } finally {
      db.close();
    }
  }

  /** The database run states are sealed in: the audit's with `oneDatabase`, else its own. */
  private storeDb(auditDb?: AuditDb): SealedDb {
    if (!this.options.oneDatabase) return new StoreDb(this.storeName);
    return auditDb ?? new AuditDb(this.auditName);
  }

  /** The audit log on disk, for setting up records directly. */
  auditLog(): AuditLog {
    return new AuditLog(new AuditDb(this.auditName), { now: () => this.clock.now });
  }

  /** The records of a thread, read through a fresh log (the truth on disk). */
  async records(threadId: string): Promise<ToolCallRecord[]> {
    const db = new AuditDb(this.auditName);
    try {
      return await new AuditLog(db).byThread(threadId);
    } finally {
      db.close();
    }
  }

  /** The events of one type, in order. */
  eventsOf<T extends RunEvent['type']>(type: T): Extract<RunEvent, { type: T }>[] {
    return this.events.filter(
      (event): event is Extract<RunEvent, { type: T }> => event.type === type,
    );
  }
}
