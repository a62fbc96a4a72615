import type { AuditLog, MirrorTarget } from '../audit';
import { readRetention, writeLastPurge, type LastPurge } from '../settings/retention-store';
import { InputError } from '../shared/errors';
import { logger } from '../shared/log';
import { auditLog } from './audit-service';
import { MirrorStateStore } from './mirror/site-state';

const log = logger('retention');

/** The daily purge alarm (A2). */
export const RETENTION_ALARM = 'countersign-retention';
/** Once a day. */
export const RETENTION_PERIOD_MINUTES = 24 * 60;

/**
 * A2: registers the daily purge. Call once at worker start-up, synchronously, like every
 * MV3 listener: the alarm wakes a stopped worker, whose fresh start must already listen.
 * The alarm itself survives restarts and is created only when missing, so start-ups do
 * not keep pushing the next purge back.
 */
export function registerRetentionAlarm(getLog: () => AuditLog = auditLog): void {
  chrome.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== RETENTION_ALARM) return;
    void runRetentionPurge(getLog(), 'alarm').catch((error) =>
      log.error('the daily audit purge failed', error),
    );
  });
  void ensureAlarm().catch((error) => log.error('could not schedule the daily purge', error));
}

async function ensureAlarm(): Promise<void> {
  if (await chrome.alarms.get(RETENTION_ALARM)) return;
  await chrome.alarms.create(RETENTION_ALARM, {
    delayInMinutes: 1,
    periodInMinutes: RETENTION_PERIOD_MINUTES,
  });
}

/** A5: the targets whose site had no Countersign plugin when the mirror last looked. */
export async function localOnlyTargets(
  states: MirrorStateStore = new MirrorStateStore(),
): Promise<MirrorTarget[]> {
  return (await states.all())
    .filter((s) => s.mode === 'local-only')
    .map((s) => ({ siteRoot: s.siteRoot, userId: s.userId }));
}

/**
 * A2: removes records older than the retention setting (never pending ones, never ones
 * the mirror still has to deliver, except the old enough ones of sites without the plugin,
 * as without a server) and records what it removed for the options page.
 * Does nothing when no retention is set; "Purge now" is refused then, with a reason.
 */
export async function runRetentionPurge(
  audit: AuditLog,
  trigger: LastPurge['trigger'],
  now: number = Date.now(),
  localOnly: () => Promise<MirrorTarget[]> = localOnlyTargets,
): Promise<LastPurge | null> {
  const { days } = await readRetention();
  if (days === null) {
    if (trigger === 'manual') {
      throw new InputError('Set how many days to keep audit records before purging.');
    }
    return null;
  }
  try {
    const removed = await audit.purge(days, now, await localOnly());
    const result: LastPurge = { at: now, removed, days, trigger };
    await writeLastPurge(result);
    return result;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const safe = typeof code === 'string' && /^[\w.:-]+$/.test(code) ? code : 'purge-failed';
    await writeLastPurge({ at: now, removed: 0, days, trigger, error: safe });
    throw error;
  }
}
