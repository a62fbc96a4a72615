import { queuedByTarget, targetKey, type AuditDb } from '../../audit';
import type { MirrorSiteView } from '../../shared/protocols/options-mirror-view';
import type { MirrorStateStore } from './site-state';

/**
 * A5: every site this browser mirrors to or keeps records of, with what waits and what
 * went wrong last, in words; `siteOfRoot` names a site by its REST root (the adapter's).
 */
export async function mirrorStatus(
  db: AuditDb,
  states: MirrorStateStore,
  retentionDays: number | null,
  siteOfRoot: (siteRoot: string) => string,
): Promise<MirrorSiteView[]> {
  const waiting = await queuedByTarget(db);
  const queued = new Map(waiting.map((q) => [targetKey(q.target), q.records]));
  const all: Array<Parameters<typeof targetKey>[0] & ReturnType<typeof freshView>> = [
    ...(await states.all()),
  ];
  const known = new Set(all.map(targetKey));
  for (const q of waiting) if (!known.has(targetKey(q.target))) all.push(freshView(q.target));
  return all
    .map((s) => ({
      siteRoot: s.siteRoot,
      userId: s.userId,
      displayName: s.displayName || null,
      label: siteOfRoot(s.siteRoot),
      mode: s.mode,
      lastSyncAt: s.lastSyncAt,
      queued: queued.get(targetKey(s)) ?? 0,
      delivered: s.delivered,
      lastError: s.lastError?.message ?? null,
      nextAttemptAt: s.nextAttemptAt,
      canRead: s.canRead,
      canManage: s.canManage,
      retentionDays,
    }))
    .sort((a, b) => a.label.localeCompare(b.label) || a.userId.localeCompare(b.userId));
}

function freshView(target: { siteRoot: string; userId: string }): {
  siteRoot: string;
  userId: string;
  mode: MirrorSiteView['mode'];
  lastSyncAt: number | null;
  delivered: number;
  lastError: { message: string } | null;
  nextAttemptAt: number;
  canRead: boolean;
  canManage: boolean;
  displayName?: string;
} {
  return {
    ...target,
    mode: 'unknown',
    lastSyncAt: null,
    delivered: 0,
    lastError: null,
    nextAttemptAt: 0,
    canRead: false,
    canManage: false,
  };
}
