import type { ToolCallRecord } from '../../../../src/audit';
import type {
  BatchAnswer,
  MirrorTransport,
  MirrorWho,
} from '../../../../src/background/mirror/drain';
import { MirrorError } from '../../../../src/background/mirror/errors';
import { MirrorStateStore, type KeyValueArea } from '../../../../src/background/mirror/site-state';

/** A key-value area in memory, standing in for chrome.storage.local. */
export function memoryArea(): KeyValueArea & { items: Record<string, unknown> } {
  const items: Record<string, unknown> = {};
  return {
    items,
    get: async (key) => (key in items ? { [key]: structuredClone(items[key]) } : {}),
    set: async (next) => void Object.assign(items, structuredClone(next)),
  };
}

/** A fresh state store over memory. */
export function memoryStates(): MirrorStateStore {
  return new MirrorStateStore(memoryArea());
}

/**
 * A fake site that follows the plugin's contract for batches (docs/server-api.md): upsert
 * by id, a repeated version is a duplicate, a refused record refuses the whole batch.
 */
interface FakeSite {
  plugin: boolean;
  signedIn: boolean;
  userId: string;
  failWith: MirrorError | null;
  refuse: Set<string>;
  stored: Map<string, ToolCallRecord>;
  deliveries: ToolCallRecord[];
  batches: number;
  statusCalls: number;
  /** How many times the REST index was read for the plugin. */
  indexReads: number;
  transport: MirrorTransport;
}

export function fakeSite(userId = '7'): FakeSite {
  const site: FakeSite = {
    plugin: true,
    signedIn: true,
    userId,
    /** Throw this for every batch while set (an outage). */
    failWith: null as MirrorError | null,
    refuse: new Set<string>(),
    /** What the site holds: id → version. */
    stored: new Map<string, ToolCallRecord>(),
    /** Every record of every batch request, in order (deliveries, not unique records). */
    deliveries: [] as ToolCallRecord[],
    batches: 0,
    statusCalls: 0,
    indexReads: 0,
    transport: {
      hasPlugin: async () => {
        site.indexReads += 1;
        return site.plugin;
      },
      status: async (): Promise<MirrorWho> => {
        site.statusCalls += 1;
        if (!site.signedIn) throw new MirrorError('signed-out', 'Signed out of WordPress.');
        return { userId: site.userId, canRead: true, canManage: false };
      },
      sendBatch: async (_state, records: ToolCallRecord[]): Promise<BatchAnswer> => {
        site.batches += 1;
        if (site.failWith) throw site.failWith;
        site.deliveries.push(...records);
        const refused = records.filter((r) => site.refuse.has(r.id));
        if (refused.length > 0) {
          return { stored: [], refused: refused.map((r) => ({ id: r.id, reason: 'bad record' })) };
        }
        for (const r of records) {
          const held = site.stored.get(r.id);
          if (!held || held.version < r.version) site.stored.set(r.id, r);
        }
        return { stored: records.map((r) => ({ id: r.id, version: r.version })), refused: [] };
      },
    },
  };
  return site;
}
