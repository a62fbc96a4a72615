import { z } from 'zod';
import { InputError } from '../shared/errors';
import { readTrusted, writeTrusted } from './trusted-settings';

/** The longest expiry the form accepts: 90 days, in minutes. */
export const MAX_EXPIRY_MINUTES = 90 * 24 * 60;

/** G12: after how many minutes an unanswered approval expires; null: never (the default). */
export const RunOptionsSettingSchema = z.object({
  expireAfterMinutes: z.int().min(1).max(MAX_EXPIRY_MINUTES).nullable(),
});
export type RunOptionsSetting = z.infer<typeof RunOptionsSettingSchema>;

/*
 * G12: the pending-expiry setting lives in the trusted settings store (trusted-settings.ts):
 * a page must not be able to make every waiting approval expire at once (issue 33).
 */

/** The setting as the options page edits it; a damaged value reads as "never expire". */
export async function readRunOptionsSetting(): Promise<RunOptionsSetting> {
  const parsed = RunOptionsSettingSchema.safeParse(await readTrusted('runOptions'));
  return parsed.success ? parsed.data : { expireAfterMinutes: null };
}

/** Validates and stores the setting; the error names the field. */
export async function writeRunOptionsSetting(
  expireAfterMinutes: number | null,
): Promise<RunOptionsSetting> {
  const parsed = RunOptionsSettingSchema.safeParse({ expireAfterMinutes });
  if (!parsed.success) {
    throw new InputError(
      `Expire unanswered approvals after: must be a whole number of minutes from 1 to ${MAX_EXPIRY_MINUTES}.`,
    );
  }
  await writeTrusted('runOptions', parsed.data);
  return parsed.data;
}

/**
 * G12: what the run loop applies (`RunOptions` in src/run/deps.ts). No expiry unless the
 * admin set one: a pending call never turns into a rejection by waiting.
 */
export async function readRunOptions(): Promise<{ expireAfterMs?: number }> {
  const { expireAfterMinutes } = await readRunOptionsSetting();
  return expireAfterMinutes === null ? {} : { expireAfterMs: expireAfterMinutes * 60_000 };
}
