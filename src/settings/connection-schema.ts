import { z } from 'zod';
import { DEFAULT_MODEL_ID } from '../agent/models';
import { DEFAULT_API_BASE_URL, apiBaseUrlProblem, normalizeApiBaseUrl } from './api-base-url';

/** A validated, normalized API base URL. */
export const ApiBaseUrlSchema = z
  .string()
  .superRefine((value, issues) => {
    const problem = apiBaseUrlProblem(value);
    if (problem) issues.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizeApiBaseUrl);

/** A model id as the API names it; gateways may use their own, so any id-shaped text passes. */
export const ModelIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][\w.:@/-]{0,99}$/, 'must be a model id such as claude-sonnet-5-5');

/**
 * Where the model is reached: `own-key`, the person's own key at the API base URL; `site`,
 * the AI connection of the site the thread works on (WordPress 7 Connectors, through the
 * companion plugin, which holds the site's key; the browser never sees it).
 */
export const MODEL_SOURCES = ['own-key', 'site'] as const;
export const ModelSourceSchema = z.enum(MODEL_SOURCES);
export type ModelSource = z.infer<typeof ModelSourceSchema>;

/**
 * The connection settings (version 2), everything but the API key, which is stored apart
 * (see api-key.ts) so that reading or logging these can never reveal it. `modelSource`
 * came later: a stored value without it reads as `own-key`, what it always was.
 */
export const ConnectionSettingsSchema = z.object({
  apiBaseUrl: ApiBaseUrlSchema,
  defaultModel: ModelIdSchema,
  modelSource: ModelSourceSchema,
});
export type ConnectionSettings = z.infer<typeof ConnectionSettingsSchema>;

/** What a new install starts with. */
export const DEFAULT_CONNECTION: ConnectionSettings = {
  apiBaseUrl: DEFAULT_API_BASE_URL,
  defaultModel: DEFAULT_MODEL_ID,
  modelSource: 'own-key',
};

/** How each field is named in messages for the person. */
export const FIELD_LABELS: Record<keyof ConnectionSettings, string> = {
  apiBaseUrl: 'API base URL',
  defaultModel: 'Default model',
  modelSource: 'Model connection',
};

/**
 * The unversioned v0 layout, which WXT reads as version 1: one flat object that also held
 * the key. Only the migration to version 2 reads it.
 */
export const LegacyConnectionSchema = z
  .object({
    baseUrl: z.string().optional(),
    model: z.string().optional(),
    apiKey: z.string().optional(),
    // A version 2 value whose version metadata was lost reads as version 1 too.
    apiBaseUrl: z.string().optional(),
    defaultModel: z.string().optional(),
  })
  .loose();
export type LegacyConnection = z.infer<typeof LegacyConnectionSchema>;
