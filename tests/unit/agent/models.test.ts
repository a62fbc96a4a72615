import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODEL_ID,
  MODEL_CHOICES,
  supportsThinking,
  thinkingModeOf,
} from '../../../src/agent/models';
import { thinkingParams } from '../../../src/agent/claude/thinking-params';

describe('model picker and thinking capabilities (R4)', () => {
  it('is short, has unique ids and lists the default', () => {
    expect(MODEL_CHOICES.length).toBeLessThanOrEqual(4);
    expect(new Set(MODEL_CHOICES.map((m) => m.id)).size).toBe(MODEL_CHOICES.length);
    expect(MODEL_CHOICES.map((m) => m.id)).toContain(DEFAULT_MODEL_ID);
  });

  it.each([
    ['claude-opus-5-5', 'adaptive-only'],
    ['claude-fable-5-2', 'adaptive-only'],
    ['claude-opus-4-7', 'adaptive-only'],
    ['claude-sonnet-5-5', 'adaptive'],
    ['claude-opus-5', 'adaptive'],
    ['claude-sonnet-4-6', 'adaptive'],
    ['claude-haiku-4-5-20251001', 'budget'],
    ['claude-opus-4-1', 'budget'],
    ['claude-3-7-sonnet-latest', 'budget'],
    ['my-gateway-model', 'none'],
  ])('%s takes thinking as %s', (id, mode) => {
    expect(thinkingModeOf(id)).toBe(mode);
    expect(supportsThinking(id)).toBe(mode !== 'none');
  });

  it('a budget is at least 1024 and below max_tokens, which grows when needed', () => {
    expect(thinkingParams('claude-haiku-4-5', true, 1000)).toEqual({
      thinking: { type: 'enabled', budget_tokens: 1024 },
      maxTokens: 2048,
    });
    expect(thinkingParams('claude-haiku-4-5', true, 32_000)).toEqual({
      thinking: { type: 'enabled', budget_tokens: 8000 },
      maxTokens: 32_000,
    });
    expect(thinkingParams('claude-haiku-4-5', false, 1000)).toEqual({ maxTokens: 1000 });
  });

  it('never disables thinking on a model that cannot turn it off', () => {
    expect(thinkingParams('claude-opus-5-5', false, 4000)).toEqual({ maxTokens: 4000 });
    expect(thinkingParams('unknown-model', true, 4000)).toEqual({ maxTokens: 4000 });
  });
});
