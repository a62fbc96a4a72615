/**
 * The model picker (R4) and what each model accepts for extended thinking. Checked against
 * Anthropic's models overview and the model list of @anthropic-ai/sdk 1.14: the Claude 5.5
 * generation is current; the 5.5 models think adaptively and reject a fixed thinking
 * budget, older ones (Haiku 4.5, Sonnet 4.5, Opus 4.1) take `budget_tokens`.
 */

/**
 * How a model takes the request's `thinking` field:
 * - `adaptive-only`: `{type: 'adaptive'}`; thinking cannot be turned off or budgeted.
 * - `adaptive`: `{type: 'adaptive'}` to think, `{type: 'disabled'}` not to.
 * - `budget`: `{type: 'enabled', budget_tokens}` to think; nothing sent not to.
 * - `none`: the field is never sent (unknown models: the API's default applies).
 */
export type ThinkingMode = 'adaptive-only' | 'adaptive' | 'budget' | 'none';

/** One entry of the composer's model picker. */
export interface ModelChoice {
  id: string;
  label: string;
  /** A few words for the picker. */
  hint: string;
  thinking: ThinkingMode;
}

/** The picker, short on purpose: one model per speed and price class. */
export const MODEL_CHOICES: readonly ModelChoice[] = [
  {
    id: 'claude-opus-5-5',
    label: 'Claude Opus 5.5',
    hint: 'most capable, slower',
    thinking: 'adaptive-only',
  },
  {
    id: 'claude-sonnet-5-5',
    label: 'Claude Sonnet 5.5',
    hint: 'balanced (default)',
    thinking: 'adaptive',
  },
  {
    id: 'claude-haiku-5-5',
    label: 'Claude Haiku 5.5',
    hint: 'fastest, cheapest',
    thinking: 'adaptive',
  },
];

/** The model a new thread uses unless settings or the composer say otherwise. */
export const DEFAULT_MODEL_ID = 'claude-sonnet-5-5';

/**
 * Families the picker does not list but settings may name (older models, gateways that
 * keep the Anthropic ids). The first matching rule wins, so narrower patterns come first.
 */
const FAMILY_RULES: ReadonlyArray<readonly [RegExp, ThinkingMode]> = [
  [/^claude-(fable|mythos)-/, 'adaptive-only'],
  [/^claude-opus-(5-5|4-7|4-8)\b/, 'adaptive-only'],
  [/^claude-(opus|sonnet|haiku)-5\b/, 'adaptive'],
  [/^claude-(opus|sonnet)-4-6\b/, 'adaptive'],
  [/^claude-(opus|sonnet|haiku)-4\b/, 'budget'],
  [/^claude-3-7-sonnet\b/, 'budget'],
];

/** The picker entry with this id, if it is one. */
export function findModelChoice(modelId: string): ModelChoice | undefined {
  return MODEL_CHOICES.find((choice) => choice.id === modelId);
}

/** How the model with this id takes extended thinking (see {@link ThinkingMode}). */
export function thinkingModeOf(modelId: string): ThinkingMode {
  const listed = findModelChoice(modelId);
  if (listed) return listed.thinking;
  return FAMILY_RULES.find(([pattern]) => pattern.test(modelId))?.[1] ?? 'none';
}

/** Whether asking this model for extended thinking does anything. */
export function supportsThinking(modelId: string): boolean {
  return thinkingModeOf(modelId) !== 'none';
}
