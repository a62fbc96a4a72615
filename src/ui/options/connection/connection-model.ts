import { t } from '../../../i18n';
import { signal } from '@preact/signals';
import { apiBaseUrlIssue } from '../../../settings/api-base-url';
import { ApiKeySchema, clearApiKey, describeApiKey, writeApiKey } from '../../../settings/api-key';
import {
  DEFAULT_CONNECTION,
  ModelIdSchema,
  type ModelSource,
} from '../../../settings/connection-schema';
import {
  readConnectionSettings,
  writeConnectionSettings,
} from '../../../settings/connection-store';
import {
  ConnectionTestViewSchema,
  type ConnectionTestView,
} from '../../../shared/protocols/options-protocol';
import { ask, messageOf } from '../options-request';

/** The connection form's fields, as typed. The key field is write-only: it starts empty. */
export const form = {
  apiKey: signal(''),
  apiBaseUrl: signal(''),
  defaultModel: signal(''),
};
type FieldName = keyof typeof form;

/** Issue 34: the person's own key, or the AI connection of the site they work on. */
export const modelSource = signal<ModelSource>(DEFAULT_CONNECTION.modelSource);

/** What is stored about the key: whether one is, and its mask (S3). */
export const keyInfo = signal<{ set: boolean; masked: string | null }>({
  set: false,
  masked: null,
});
export const errors = signal<Partial<Record<FieldName, string>>>({});
export const status = signal<{ kind: 'idle' | 'saving' | 'saved' | 'error'; text?: string }>({
  kind: 'idle',
});
export const test = signal<{ running: boolean; result?: ConnectionTestView }>({ running: false });

/**
 * Whether the stored settings have reached the form. Until then the form is disabled:
 * reading the sealed settings takes a moment, and what a person typed before it arrived
 * would otherwise be overwritten by the stored values (seen: a typed key lost on save).
 */
export const loaded = signal(false);

/** Reads the stored settings into the form. */
export async function loadConnection(): Promise<void> {
  try {
    const settings = await readConnectionSettings();
    form.apiBaseUrl.value = settings.apiBaseUrl;
    form.defaultModel.value = settings.defaultModel;
    modelSource.value = settings.modelSource;
    form.apiKey.value = '';
    keyInfo.value = await describeApiKey();
  } finally {
    loaded.value = true;
  }
}

/** Every field's problem, found before anything is written, in the person's words. */
function check(): Partial<Record<FieldName, string>> {
  const found: Partial<Record<FieldName, string>> = {};
  const key = form.apiKey.value.trim();
  if (key) {
    const parsed = ApiKeySchema.safeParse(key);
    if (!parsed.success) found.apiKey = keyProblem(parsed.error.issues[0]?.code);
  }
  const urlIssue = apiBaseUrlIssue(form.apiBaseUrl.value);
  if (urlIssue) found.apiBaseUrl = t(`options.connection.invalid.url.${urlIssue}`);
  if (!ModelIdSchema.safeParse(form.defaultModel.value).success) {
    found.defaultModel = t('options.connection.invalid.model', {
      example: DEFAULT_CONNECTION.defaultModel,
    });
  }
  return found;
}

/** What is wrong with a pasted key, from the schema's issue (never the key itself). */
function keyProblem(code: string | undefined): string {
  if (code === 'too_small') return t('options.connection.invalid.key.short');
  if (code === 'too_big') return t('options.connection.invalid.key.long');
  return t('options.connection.invalid.key.chars');
}

/**
 * Saves the form: every field is checked first and nothing is written unless all pass
 * (nothing saved half-way). A new key replaces the stored one; an empty key field keeps it.
 */
export async function saveConnection(): Promise<void> {
  const found = check();
  errors.value = found;
  if (Object.keys(found).length > 0) {
    status.value = { kind: 'error', text: t('options.connection.fixFields') };
    return;
  }
  status.value = { kind: 'saving' };
  try {
    await writeConnectionSettings({
      apiBaseUrl: form.apiBaseUrl.value,
      defaultModel: form.defaultModel.value,
      modelSource: modelSource.value,
    });
    if (form.apiKey.value.trim()) await writeApiKey(form.apiKey.value);
    await loadConnection();
    status.value = { kind: 'saved', text: t('options.connection.saved') };
  } catch (error) {
    status.value = {
      kind: 'error',
      text: error instanceof Error ? error.message : t('options.connection.notSaved'),
    };
  }
}

/** Forgets the stored key: Countersign then works without an agent (R3). */
export async function removeKey(): Promise<void> {
  await clearApiKey();
  keyInfo.value = await describeApiKey();
  status.value = { kind: 'saved', text: t('options.connection.keyRemoved') };
}

/** Tests the saved key and base URL through the background; never throws. */
export async function runConnectionTest(): Promise<void> {
  test.value = { running: true };
  try {
    const result = await ask({ type: 'options-connection-test' }, ConnectionTestViewSchema);
    test.value = { running: false, result };
  } catch (error) {
    test.value = { running: false, result: { status: 'error', message: messageOf(error) } };
  }
}
