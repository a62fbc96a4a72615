import { InputError } from '../shared/errors';
import { logger, registerSecret } from '../shared/log';
import { ApiKeySchema } from './api-key-schema';
import { maskedKey } from './mask-key';
import { readTrusted, removeTrusted, writeTrusted } from './trusted-settings';

export { ApiKeySchema } from './api-key-schema';

const log = logger('settings');

/*
 * The API key (S3), alone under its own name in the trusted store (trusted-settings.ts:
 * sealed, in the extension's IndexedDB, out of content scripts' reach): nothing else is
 * stored with it, so reading, exporting or logging the other settings can never carry it.
 * It never goes to extension storage, the CMS, the audit or a log line.
 */
/** The stored key, or null when none is set or the stored value is unusable. */
export async function readApiKey(): Promise<string | null> {
  const stored = await readTrusted('apiKey');
  if (stored === undefined || stored === null) return null;
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
  await writeTrusted('apiKey', parsed.data);
}

/** Forgets the key: Countersign then runs without an agent (R3). */
export async function clearApiKey(): Promise<void> {
  await removeTrusted('apiKey');
}

/** What the options page may show about the key: whether one is set, and its mask. */
export async function describeApiKey(): Promise<{ set: boolean; masked: string | null }> {
  const key = await readApiKey();
  return key === null ? { set: false, masked: null } : { set: true, masked: maskedKey(key) };
}
