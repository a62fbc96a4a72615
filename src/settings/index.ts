/** Connection settings (R4, S3): API base URL and default model, and the key kept apart. */
export { DEFAULT_API_BASE_URL, apiBaseUrlProblem } from './api-base-url';
export {
  ConnectionSettingsSchema,
  DEFAULT_CONNECTION,
  type ConnectionSettings,
} from './connection-schema';
export { readConnectionSettings, writeConnectionSettings } from './connection-store';
export { readApiKey, writeApiKey, clearApiKey, describeApiKey } from './api-key';
export { ensureMigrated, useTrustedStore, SETTINGS_DB_NAME } from './trusted-settings';
export { maskedKey } from './mask-key';
