import { t } from '../../../i18n';
import { signal } from '@preact/signals';
import {
  readLastPurge,
  readRetention,
  writeRetention,
  type LastPurge,
} from '../../../settings/retention-store';
import { PurgeViewSchema } from '../../../shared/protocols/options-protocol';
import { ask, messageOf } from '../options-request';

export const keepAll = signal(true);
export const daysText = signal('90');
export const retentionError = signal<string | null>(null);
export const retentionStatus = signal<string | null>(null);
export const lastPurge = signal<LastPurge | null>(null);
export const purging = signal(false);
/** False until the stored setting is read: the form waits, so nothing typed is overwritten. */
export const retentionLoaded = signal(false);

/** Reads the setting and what the last purge did. */
export async function loadRetention(): Promise<void> {
  const { days } = await readRetention();
  keepAll.value = days === null;
  if (days !== null) daysText.value = String(days);
  retentionLoaded.value = true;
  lastPurge.value = await readLastPurge();
}

/** A2: saves the setting; the daily purge applies it from its next run. */
export async function saveRetention(): Promise<void> {
  retentionStatus.value = null;
  const days = keepAll.value ? null : Number(daysText.value.trim() || NaN);
  try {
    await writeRetention(days);
    retentionError.value = null;
    retentionStatus.value =
      days === null ? t('options.retention.savedAll') : t('options.retention.savedDays', { days });
  } catch (error) {
    retentionError.value =
      error instanceof Error ? error.message : t('options.connection.notSaved');
  }
}

/** Runs the purge now, through the background (pending records are never removed). */
export async function purgeNow(): Promise<void> {
  purging.value = true;
  try {
    const purge = await ask({ type: 'options-retention-purge' }, PurgeViewSchema);
    retentionStatus.value = t('options.retention.purged', { count: purge.removed });
    lastPurge.value = await readLastPurge();
  } catch (error) {
    retentionStatus.value = messageOf(error);
  } finally {
    purging.value = false;
  }
}
