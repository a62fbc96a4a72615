import type { Page } from '@playwright/test';
import type { ThreadView } from '../../../../src/shared/protocols/thread-protocol';
import type { WpSeed } from '../../../support/wp-env';
import { siteSql } from '../site-db';
import type { Op } from './plan';

/** An audit record of the extension, as far as the soak reads it. */
export interface SoakRecord {
  id: string;
  threadId: string;
  tool: string;
  status: string;
  version: number;
  input: { excerpt?: string } | null;
}

/** Every audit record of `threads`, read from the extension's database in an extension page. */
export function auditOf(page: Page, threads: string[]): Promise<SoakRecord[]> {
  return page.evaluate(
    (wanted) =>
      new Promise<SoakRecord[]>((resolve, reject) => {
        const open = indexedDB.open('countersign');
        open.onsuccess = () => {
          const all = open.result.transaction('records').objectStore('records').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve((all.result as SoakRecord[]).filter((r) => wanted.includes(r.threadId)));
          };
          all.onerror = () => reject(all.error);
        };
        open.onerror = () => reject(open.error);
      }),
    threads,
  );
}

/** The site's mirrored rows of `threads` (MariaDB): id, version, status. */
export async function siteRowsOf(seed: WpSeed, threads: string[]) {
  if (threads.length === 0) return [];
  const list = threads.map((t) => `'${t.replace(/[^A-Za-z0-9_-]/g, '')}'`).join(',');
  const rows = await siteSql(
    seed,
    `SELECT id, version, status FROM wp_countersign_records WHERE thread_id IN (${list})`,
  );
  return rows.map(([id, version, status]) => ({ id: id!, version: Number(version), status }));
}

/** What a finished soak found; lost, doubled and stuck must all be 0. */
export interface Tally {
  lost: number;
  doubled: number;
  stuck: number;
  /** Approved, and said plainly that it failed or may not have run (not counted as lost). */
  failedSaid: number;
  problems: string[];
}

/** One thread as the soak ran it: its steps (edited ones replaced) and its final view. */
export interface ThreadRun {
  threadId: string;
  ops: Op[];
  /** The steps run (settled or not), with how often their card was decided. */
  ran: Map<string, number>;
  replaced: Set<string>;
  unsettled: string[];
  view: ThreadView | undefined;
}

/**
 * Compares the four witnesses of a finished soak: the extension's audit, each thread's
 * transcript (its view), the site's mirrored records and WordPress's own write log.
 */
export function reconcile(
  runs: ThreadRun[],
  audit: SoakRecord[],
  site: Array<{ id: string; version: number; status: string | undefined }>,
  writes: (postId: number, excerpt: string) => number,
): Tally {
  const tally: Tally = { lost: 0, doubled: 0, stuck: 0, failedSaid: 0, problems: [] };
  const lost = (why: string) => (tally.lost++, tally.problems.push(`lost: ${why}`));
  const doubled = (why: string) => (tally.doubled++, tally.problems.push(`doubled: ${why}`));
  for (const run of runs) {
    for (const step of run.unsettled) {
      tally.stuck++;
      tally.problems.push(`stuck: ${run.threadId}: ${step}`);
    }
    if (run.view?.busy || run.view?.pending) {
      tally.stuck++;
      tally.problems.push(`stuck: ${run.threadId} ends busy or pending`);
    }
    const users = (run.view?.items ?? []).filter((i) => i.kind === 'user').map((i) => i.text);
    for (const op of run.ops) {
      if (!run.ran.has(op.id)) continue;
      const decided = run.ran.get(op.id)!;
      const settled = !run.unsettled.some((u) => u.startsWith(`${op.id}:`));
      const said = users.filter((t) => t.includes(`soak ${op.id} `)).length;
      if (run.replaced.has(op.id)) {
        if (said !== 0) doubled(`${op.id} was edited away but is still in the transcript`);
      } else if (said === 0 && settled) lost(`${op.id} missing from the transcript`);
      else if (said > 1) doubled(`${op.id} appears ${said} times in the transcript`);
      if (!op.excerpt) continue;
      const records = audit.filter(
        (r) => r.tool === 'wp_update_post' && r.input?.excerpt === op.excerpt,
      );
      const applied = writes(op.postId, op.excerpt);
      if (records.length === 0) {
        if (applied > 0) doubled(`${op.id}: stored ${applied} times with no audit record`);
        else if (settled && decided > 0) lost(`${op.id}: decided, but no audit record`);
        else if (settled) tally.failedSaid++; // the site was down: no card, the model was told
        continue;
      }
      if (records.length > 1) doubled(`${op.id}: ${records.length} audit records`);
      const status = records[0]!.status;
      if (decided === 0 && applied > 0) doubled(`${op.id} stored ${applied} times, never approved`);
      if (status === 'failed') {
        tally.failedSaid++;
        if (applied > 1) doubled(`${op.id} failed, yet stored ${applied} times`);
      } else if (op.kind === 'reject') {
        if (status !== 'rejected') lost(`${op.id} rejected, but the record says ${status}`);
        if (applied !== 0) doubled(`${op.id} rejected, but WordPress stored it ${applied} times`);
      } else if (status === 'run') {
        if (applied === 0) lost(`${op.id} recorded run, never reached WordPress`);
        if (applied > 1) doubled(`${op.id} stored ${applied} times by WordPress`);
      } else if (settled) {
        lost(`${op.id} approved, but the record says ${status}`);
      }
    }
  }
  const byId = new Map(site.map((row) => [row.id, row]));
  for (const record of audit) {
    const row = byId.get(record.id);
    if (!row) lost(`record ${record.id} (${record.tool}) never reached the site`);
    else if (row.version !== record.version || row.status !== record.status)
      lost(
        `record ${record.id}: site has v${row.version} ${row.status}, extension v${record.version} ${record.status}`,
      );
  }
  const ids = new Set(audit.map((r) => r.id));
  for (const row of site) if (!ids.has(row.id)) doubled(`site row ${row.id} has no record`);
  if (new Set(site.map((r) => r.id)).size !== site.length) doubled('a site row id twice');
  return tally;
}
