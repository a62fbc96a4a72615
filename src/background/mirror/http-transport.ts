import { z } from 'zod';
import type { CompanionServer, NonceSource } from '../../cms/adapter';
import type { ToolCallRecord } from '../../audit';
import type { BatchAnswer, MirrorTransport, MirrorWho } from './drain';
import { PluginClient, PluginHttpError } from './plugin-client';
import type { MirrorSiteState } from './site-state';

/** `POST /records/batch` success (docs/server-api.md). */
export const BatchResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      version: z.number().int().positive(),
      result: z.enum(['created', 'updated', 'duplicate', 'stale']),
    }),
  ),
});

/** The nonce for a target: from an open admin tab, or fetched with the stored admin URL. */
export type NonceFor = (state: MirrorSiteState) => Promise<NonceSource>;

/** What a batch may weigh: well under the plugin's 8 MiB body limit. */
const MAX_BATCH_BYTES = 4 * 1024 * 1024;

/**
 * A5: the mirror over the plugin's REST routes. A refused batch wrote nothing; the records
 * it names (`data.errors`) are answered as refused so the drain sets them aside and sends
 * the others again.
 */
export class HttpMirrorTransport implements MirrorTransport {
  constructor(
    private readonly nonceFor: NonceFor,
    private readonly urls: Pick<CompanionServer, 'restUrl'>,
    private readonly fetchImpl?: typeof fetch,
  ) {}

  private async client(state: MirrorSiteState): Promise<PluginClient> {
    return new PluginClient({
      restRoot: state.siteRoot,
      nonce: await this.nonceFor(state),
      urls: this.urls,
      fetch: this.fetchImpl,
    });
  }

  async hasPlugin(siteRoot: string): Promise<boolean> {
    const client = new PluginClient({
      restRoot: siteRoot,
      // The plugin's index answers without a session: no token is sent.
      nonce: {
        header: 'unused',
        expired: () => Promise.resolve(false),
        current: () => undefined,
        refresh: () => Promise.reject(new Error('unused')),
      },
      urls: this.urls,
      fetch: this.fetchImpl,
    });
    return client.hasPlugin();
  }

  async status(state: MirrorSiteState): Promise<MirrorWho> {
    const status = await (await this.client(state)).status();
    return {
      userId: status.userId,
      displayName: status.displayName,
      canRead: status.capabilities.readAllRecords,
      canManage: status.capabilities.managePolicy,
    };
  }

  async sendBatch(state: MirrorSiteState, records: ToolCallRecord[]): Promise<BatchAnswer> {
    const batch = withinBytes(records, MAX_BATCH_BYTES);
    const client = await this.client(state);
    try {
      const answer = await client.json('POST', 'records/batch', BatchResultSchema, {
        body: { records: batch },
      });
      return {
        stored: answer.results.map((r) => ({ id: r.id, version: r.version })),
        refused: [],
      };
    } catch (error) {
      const refused = refusedOf(error, batch);
      if (refused) return { stored: [], refused };
      throw error;
    }
  }
}

/** The records a refused batch names, or null when the refusal is not about records. */
function refusedOf(
  error: unknown,
  batch: ToolCallRecord[],
): { id: string; reason: string }[] | null {
  if (!(error instanceof PluginHttpError) || error.problem !== 'refused' || !error.body) {
    return null;
  }
  const { data, message } = error.body;
  const listed = (data?.errors ?? []).flatMap((e) =>
    e.id ? [{ id: e.id, reason: e.message.slice(0, 300) }] : [],
  );
  if (listed.length > 0) return listed;
  if (data?.id) return [{ id: data.id, reason: message.slice(0, 300) }];
  const index = (data as { index?: unknown } | undefined)?.index;
  const at = typeof index === 'number' ? batch[index] : undefined;
  return at ? [{ id: at.id, reason: message.slice(0, 300) }] : null;
}

/** The longest prefix of `records` whose JSON fits `limit` bytes (always at least one). */
export function withinBytes(records: ToolCallRecord[], limit: number): ToolCallRecord[] {
  let total = 0;
  const encoder = new TextEncoder();
  for (let i = 0; i < records.length; i++) {
    total += encoder.encode(JSON.stringify(records[i])).length + 1;
    if (total > limit && i > 0) return records.slice(0, i);
  }
  return records;
}
