import type { WxtStorageItem } from '#imports';
import { ApiKeySchema } from './api-key-schema';
import { LegacyConnectionSchema } from './connection-schema';

/**
 * Version 1 to 2: the unversioned v0 object `{ baseUrl, model, apiKey }` becomes
 * `{ apiBaseUrl, defaultModel }`, and a key found in it moves to its own item (unless one
 * is already there), so no settings object holds a key any more (S3). Values are carried
 * over as they are; reading validates them and falls back field by field. A value that
 * already has the version 2 fields (its version metadata lost) passes through unchanged.
 */
export async function migrateFromV0(
  old: unknown,
  keyItem: WxtStorageItem<string | null, Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const legacy = LegacyConnectionSchema.safeParse(old);
  if (!legacy.success) return {};
  const { apiKey } = legacy.data;
  const apiBaseUrl = legacy.data.apiBaseUrl ?? legacy.data.baseUrl;
  const defaultModel = legacy.data.defaultModel ?? legacy.data.model;
  const key = apiKey === undefined ? undefined : ApiKeySchema.safeParse(apiKey);
  if (key?.success && (await keyItem.getValue()) === null) await keyItem.setValue(key.data);
  return {
    ...(apiBaseUrl === undefined ? {} : { apiBaseUrl }),
    ...(defaultModel === undefined ? {} : { defaultModel }),
  };
}
