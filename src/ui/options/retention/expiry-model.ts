import { t } from '../../../i18n';
import { signal } from '@preact/signals';
import { readRunOptionsSetting, writeRunOptionsSetting } from '../../../settings/run-options';

/** The units the expiry is typed in. */
export const UNITS = { minutes: 1, hours: 60, days: 1440 } as const;
export type ExpiryUnit = keyof typeof UNITS;

export const expires = signal(false);
export const amountText = signal('24');
export const unit = signal<ExpiryUnit>('hours');
export const expiryError = signal<string | null>(null);
export const expiryStatus = signal<string | null>(null);

/** Reads the setting, shown in the largest unit that divides it. */
export async function loadExpiry(): Promise<void> {
  const { expireAfterMinutes } = await readRunOptionsSetting();
  expires.value = expireAfterMinutes !== null;
  if (expireAfterMinutes === null) return;
  const best =
    (['days', 'hours', 'minutes'] as const).find((u) => expireAfterMinutes % UNITS[u] === 0) ??
    'minutes';
  unit.value = best;
  amountText.value = String(expireAfterMinutes / UNITS[best]);
}

/** G12: saves the expiry (off by default: waiting never rejects). */
export async function saveExpiry(): Promise<void> {
  expiryStatus.value = null;
  const minutes = expires.value ? Number(amountText.value.trim() || NaN) * UNITS[unit.value] : null;
  try {
    await writeRunOptionsSetting(minutes);
    expiryError.value = null;
    expiryStatus.value =
      minutes === null ? t('options.expiry.savedNever') : t('options.connection.saved');
  } catch (error) {
    expiryError.value = error instanceof Error ? error.message : t('options.connection.notSaved');
  }
}
