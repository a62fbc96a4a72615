import { z } from 'zod';
import { InputError } from '../shared/errors';
import { readTrusted, writeTrusted } from './trusted-settings';

/** The longest retention the form accepts: ten years. */
export const MAX_RETENTION_DAYS = 3650;

/** A2: how many days audit records are kept; null keeps them all (the default). */
export const RetentionSchema = z.object({
  days: z.int().min(1).max(MAX_RETENTION_DAYS).nullable(),
});
export type Retention = z.infer<typeof RetentionSchema>;

/** What the last purge did, shown beside the setting (A2). */
export const LastPurgeSchema = z.object({
  at: z.number(),
  removed: z.int().nonnegative(),
  days: z.int().positive(),
  trigger: z.enum(['alarm', 'manual']),
  /** The error's code when the purge failed (S4: never its message). */
  error: z.string().optional(),
});
export type LastPurge = z.infer<typeof LastPurgeSchema>;

/*
 * Both live in the trusted settings store (trusted-settings.ts), out of content scripts'
 * reach: a page that set the retention to one day would have the next purge delete the
 * audit (issue 33).
 */

/** Reads the setting; a damaged value keeps every record (nothing is deleted by mistake). */
export async function readRetention(): Promise<Retention> {
  const parsed = RetentionSchema.safeParse(await readTrusted('retention'));
  return parsed.success ? parsed.data : { days: null };
}

/** Validates and stores the setting; the error names the field. */
export async function writeRetention(days: number | null): Promise<Retention> {
  const parsed = RetentionSchema.safeParse({ days });
  if (!parsed.success) {
    throw new InputError(
      `Keep audit records for: must be a whole number of days from 1 to ${MAX_RETENTION_DAYS}.`,
    );
  }
  await writeTrusted('retention', parsed.data);
  return parsed.data;
}

/** The last purge, or null when none ran or the stored value is unusable. */
export async function readLastPurge(): Promise<LastPurge | null> {
  const parsed = LastPurgeSchema.safeParse(await readTrusted('lastPurge'));
  return parsed.success ? parsed.data : null;
}

/** Records what a purge did. */
export async function writeLastPurge(purge: LastPurge): Promise<void> {
  await writeTrusted('lastPurge', LastPurgeSchema.parse(purge));
}
