import { storage } from '#imports';
import { z } from 'zod';
import { InputError } from '../shared/errors';
import { logger, registerSecret } from '../shared/log';
import { maskedKey } from './mask-key';

const log = logger('settings');

/** A key as pasted: printable ASCII without spaces, of a plausible length. */
export const ApiKeySchema = z
  .string()
  .trim()
  .min(20, 'is too short to be an API key')
  .max(400, 'is too long to be an API key')
  .regex(/^[\x21-\x7e]+$/, 'must not contain spaces or unusual characters');

/**
 * The API key, alone in its own `local:` item (S3): nothing else is stored with it, so
 * reading, exporting or logging the other settings can never carry it. It never goes to
 * sync storage, the CMS, the audit or a log line.
 */
export const apiKeyItem = storage.defineItem<string | null>('local:apiKey', {
  fallback: null,
  version: 1,
});

/** The stored key, or null when none is set or the stored value is unusable. */
export async function readApiKey(): Promise<string | null> {
  const stored = await apiKeyItem.getValue();
  if (stored === null) return null;
  const parsed = ApiKeySchema.safeParse(stored);
  if (parsed.success) {
    registerSecret(parsed.data); // any log line that would carry it is redacted
    return parsed.data;
  }
  // The value itself is never logged, only that it was refused.
  log.warn('the stored API key is not usable; Countersign acts as if none were set');
  return null;
}

/** Validates and stores a key; the error names the field and never repeats the key. */
export async function writeApiKey(key: string): Promise<void> {
  const parsed = ApiKeySchema.safeParse(key);
  if (!parsed.success) {
    throw new InputError(`API key: ${parsed.error.issues[0]?.message ?? 'is not valid'}.`);
  }
  registerSecret(parsed.data);
  await apiKeyItem.setValue(parsed.data);
}

/** Forgets the key: Countersign then runs without an agent (R3). */
export async function clearApiKey(): Promise<void> {
  await apiKeyItem.removeValue();
}

/** What the options page may show about the key: whether one is set, and its mask. */
export async function describeApiKey(): Promise<{ set: boolean; masked: string | null }> {
  const key = await readApiKey();
  return key === null ? { set: false, masked: null } : { set: true, masked: maskedKey(key) };
}
