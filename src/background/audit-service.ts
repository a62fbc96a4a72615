import { AuditDb, AuditLog } from '../audit';
import type { CmsAdapter } from '../cms/adapter';
import type { ContextStore } from './context-store';
import { MirrorService } from './mirror/service';

let shared: AuditLog | undefined;
let mirror: MirrorService | undefined;

/**
 * The background's one audit log, opened on first use. The options handlers and the
 * retention alarm use it; the thread wiring may share it (or install its own with
 * `useAuditLog`, so every part of the worker writes through one Dexie connection).
 * A5: every write is queued for the owner's site and kicks the mirror; retention keeps
 * what the site has not confirmed (a site without the plugin drops its queue, so there
 * retention purges by age alone). `queued: false` (the first call decides; the worker's
 * wiring makes it, for a CMS without a companion server) queues nothing: the audit stays
 * here.
 */
export function auditLog({ queued = true }: { queued?: boolean } = {}): AuditLog {
  shared ??= new AuditLog(new AuditDb(), { mirror: queued, onQueued: () => mirror?.kick() });
  return shared;
}

/** Installs the log the background uses (start-up wiring and tests). */
export function useAuditLog(log: AuditLog): void {
  shared = log;
}

/** A5: starts the mirror over the shared log (once, at worker start-up). */
export function startMirror(
  contexts: ContextStore,
  adapter: CmsAdapter,
): MirrorService | undefined {
  // A CMS without a companion server keeps its audit in this browser only (A5 needs one).
  const companion = adapter.companion;
  if (!mirror && companion) {
    mirror = new MirrorService(auditLog().db, contexts, { label: adapter.label, companion });
    mirror.register();
  }
  return mirror;
}

/** The running mirror, if the worker started one. */
export function mirrorService(): MirrorService | undefined {
  return mirror;
}
