import type { ThinkingConfigParam } from '@anthropic-ai/sdk/resources/messages';
import { thinkingModeOf } from '../models';

/** The smallest budget the API accepts for `thinking.type: 'enabled'`. */
export const MIN_THINKING_BUDGET = 1024;
/** The budget asked for when the request's max_tokens leaves room for it. */
export const THINKING_BUDGET = 8000;
/** Tokens kept for the visible answer on top of a thinking budget. */
const ANSWER_ROOM = 1024;

/** The thinking field (or none) and the max_tokens that goes with it. */
export interface ThinkingParams {
  thinking?: ThinkingConfigParam;
  maxTokens: number;
}

/**
 * Chooses the `thinking` field for a model (R4). Adaptive models are asked for a
 * summarized display, because newer models omit the thinking text by default and the
 * audit keeps it as the call's reasoning. A budget must be at least 1024 tokens and less
 * than max_tokens, so max_tokens grows when the caller asked for too few. Temperature is
 * never sent: extended thinking does not accept a changed one.
 */
export function thinkingParams(model: string, wanted: boolean, maxTokens: number): ThinkingParams {
  const mode = thinkingModeOf(model);
  switch (mode) {
    case 'adaptive-only':
      return wanted
        ? { thinking: { type: 'adaptive', display: 'summarized' }, maxTokens }
        : { maxTokens };
    case 'adaptive':
      return {
        thinking: wanted ? { type: 'adaptive', display: 'summarized' } : { type: 'disabled' },
        maxTokens,
      };
    case 'budget': {
      if (!wanted) return { maxTokens };
      const budget = Math.max(
        MIN_THINKING_BUDGET,
        Math.min(THINKING_BUDGET, maxTokens - ANSWER_ROOM),
      );
      return {
        thinking: { type: 'enabled', budget_tokens: budget },
        maxTokens: Math.max(maxTokens, budget + ANSWER_ROOM),
      };
    }
    case 'none':
      return { maxTokens };
  }
}
