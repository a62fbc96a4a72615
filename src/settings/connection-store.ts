import { InputError } from '../shared/errors';
import { logger } from '../shared/log';
import {
  ConnectionSettingsSchema,
  DEFAULT_CONNECTION,
  FIELD_LABELS,
  type ConnectionSettings,
} from './connection-schema';
import { readTrusted, writeTrusted } from './trusted-settings';

const log = logger('settings');

/*
 * The connection settings without the key, `{ apiBaseUrl, defaultModel }`, in the trusted
 * store (S3, G11: a content script must not point the key at another server). Earlier
 * layouts (connection-migration.ts) are moved there once, see trusted-settings.ts.
 */

/**
 * Reads the settings, validated field by field (STYLE 7): a field that does not validate
 * falls back to its default with a warning naming it, so a damaged value never stops the
 * extension and the others are kept.
 */
export async function readConnectionSettings(): Promise<ConnectionSettings> {
  const stored = await readTrusted('connection');
  if (stored === null || stored === undefined) return { ...DEFAULT_CONNECTION };
  const record = typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const result: Record<string, unknown> = { ...DEFAULT_CONNECTION };
  for (const field of Object.keys(DEFAULT_CONNECTION) as Array<keyof ConnectionSettings>) {
    // A field stored before it existed (`modelSource`) keeps its default without a warning.
    if (record[field] === undefined && field === 'modelSource') continue;
    const parsed = ConnectionSettingsSchema.shape[field].safeParse(record[field]);
    if (parsed.success) result[field] = parsed.data;
    else log.warn(`stored ${FIELD_LABELS[field]} is not valid; using the default`);
  }
  return result as ConnectionSettings;
}

/**
 * Validates and saves changed settings. A refusal is an InputError whose message names
 * each field that failed, e.g. "API base URL: must use https://".
 */
export async function writeConnectionSettings(
  changes: Partial<Record<keyof ConnectionSettings, string>>,
): Promise<ConnectionSettings> {
  const next = { ...(await readConnectionSettings()), ...changes };
  const parsed = ConnectionSettingsSchema.safeParse(next);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const field = issue.path[0] as keyof ConnectionSettings;
      return `${FIELD_LABELS[field] ?? String(field)}: ${issue.message}`;
    });
    throw new InputError(`${problems.join('. ')}.`);
  }
  await writeTrusted('connection', parsed.data);
  return parsed.data;
}
