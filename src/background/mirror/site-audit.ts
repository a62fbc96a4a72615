import { z } from 'zod';
import type { MirrorTarget } from '../../audit';
import type { SiteWhoView } from '../../shared/protocols/options-mirror-view';
import {
  SiteChainViewSchema,
  SiteRecordViewSchema,
  type SiteAuditFilter,
  type SiteAuditPage,
  type SiteChainView,
} from '../../shared/protocols/options-site-audit-view';
import { InputError } from '../../shared/errors';
import { logger } from '../../shared/log';
import { failureOf } from './plugin-errors';
import type { MirrorService } from './service';

const log = logger('site-audit');

/** How much of an export crosses to the options page at most (it becomes one download). */
const MAX_EXPORT_BYTES = 48 * 1024 * 1024;

const PageSchema = z.object({ records: z.array(z.unknown()), nextCursor: z.string().nullable() });

function query(filter: SiteAuditFilter): Record<string, string | number | undefined> {
  return {
    thread: filter.thread,
    tool: filter.tool,
    status: filter.status,
    user: filter.user,
    from: filter.from,
    to: filter.to,
  };
}

/** A5: who the site says is signed in, asked now (the site's card in the options page). */
export async function siteWho(mirror: MirrorService, target: MirrorTarget): Promise<SiteWhoView> {
  const who = await mirror.drain.who(target);
  if (!who) {
    return { plugin: false, sameUser: false, displayName: null, canRead: false, canManage: false };
  }
  const sameUser = who.userId === target.userId;
  return {
    plugin: true,
    sameUser,
    displayName: sameUser ? who.displayName || null : null,
    canRead: sameUser && who.canRead,
    canManage: sameUser && who.canManage,
  };
}

/**
 * A3 on the site: one page of the site's audit as the person sees it (every user's records
 * with the read capability, their own without). Each record is validated; one that does not
 * is left out and counted, never shown half-read.
 */
export async function siteRecords(
  mirror: MirrorService,
  target: MirrorTarget,
  filter: SiteAuditFilter,
  cursor: string | null,
): Promise<SiteAuditPage & { skipped: number }> {
  const client = await mirror.client(target);
  // Whose records these are comes from the site itself, not from the last sync: an admin
  // whose browser has not synced yet still reads everyone's.
  const everyone = (await client.status()).capabilities.readAllRecords;
  const page = await client.json('GET', 'records', PageSchema, {
    query: { ...query(filter), per_page: 50, cursor: cursor ?? undefined },
  });
  const records = [];
  let skipped = 0;
  for (const raw of page.records) {
    const parsed = SiteRecordViewSchema.safeParse(raw);
    if (parsed.success) records.push(parsed.data);
    else skipped += 1;
  }
  if (skipped > 0) log.warn(`${skipped} record(s) from ${target.siteRoot} did not validate`);
  return { records, nextCursor: page.nextCursor, everyone, skipped };
}

/** A3 on the site: the export the site streams, as one text for a download. */
export async function siteExport(
  mirror: MirrorService,
  target: MirrorTarget,
  filter: SiteAuditFilter,
  format: 'jsonl' | 'csv',
): Promise<{ text: string; filename: string; chain: string | null }> {
  const client = await mirror.client(target);
  const response = await client.authed('GET', 'records/export', {
    query: { ...query(filter), format },
  });
  if (!response.ok) {
    throw failureOf(response, await response.json().catch(() => null), Date.now());
  }
  const text = await response.text();
  if (text.length > MAX_EXPORT_BYTES) {
    throw new InputError(
      'The site audit is too large to export here in one file; narrow the filters (dates, user) and export in parts.',
    );
  }
  const day = new Date().toISOString().slice(0, 10);
  // A7: the site verified its chain before streaming; the header says what it found.
  const chain = response.headers.get('x-countersign-chain')?.slice(0, 200) ?? null;
  return { text, filename: `countersign-site-audit-${day}.${format}`, chain };
}

/** A7: the site's audit chain, verified by the site now; where it breaks, if it does. */
export async function siteChain(
  mirror: MirrorService,
  target: MirrorTarget,
): Promise<SiteChainView> {
  const client = await mirror.client(target);
  return client.json('GET', 'records/chain', SiteChainViewSchema);
}
