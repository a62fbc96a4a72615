import { describe, expect, it } from 'vitest';
import { threadTitle } from '../../../src/agent/contract';

describe('R1 title: a short thread name from how it starts', () => {
  it('keeps a short first line as it is', () => {
    expect(threadTitle('Fix the typo in About us')).toBe('Fix the typo in About us');
  });
  it('uses the first non-empty line and collapses whitespace', () => {
    expect(threadTitle('\n\n  Retitle   post 4 \nthen publish it')).toBe('Retitle post 4');
  });
  it('cuts long openings at a word, with an ellipsis', () => {
    const title = threadTitle(
      'Please go through every draft from last week and make the titles consistent with our style guide',
    );
    expect(title.length).toBeLessThanOrEqual(60);
    expect(title.endsWith('…')).toBe(true);
    expect(title).not.toMatch(/\s…$/);
  });
  it('never returns an empty title', () => {
    expect(threadTitle('   ')).toBe('New thread');
  });
});
