import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRegistry } from '../../../src/tools/registry';
import { validateToolInput } from '../../../src/tools/validate-input';
import { makeTool } from './make-tool';

const input = z.strictObject({
  id: z.number().int().describe('Post id.'),
  meta: z
    .object({ tags: z.array(z.string().describe('Tag.')).describe('Tags.') })
    .optional()
    .describe('Meta.'),
  'odd key': z.string().optional().describe('Odd.'),
});
const registry = createRegistry([makeTool({ input })]);

describe('T5: tool input from the model is validated, errors name the fields', () => {
  it('T5: valid input comes back parsed, with the tool', () => {
    const result = registry.validate('wp_update_post', { id: 3, meta: { tags: ['a'] } });
    expect(result).toEqual({
      ok: true,
      tool: registry.get('wp_update_post'),
      input: { id: 3, meta: { tags: ['a'] } },
    });
  });

  it('T5: a wrong type names the field path', () => {
    const result = registry.validate('wp_update_post', { id: 'x' });
    expect(result).toEqual({
      ok: false,
      error: 'Invalid input for wp_update_post: id: expected number, received string.',
    });
  });

  it('T5: nested and array paths are named, every one of them', () => {
    const result = registry.validate('wp_update_post', { id: 1.5, meta: { tags: ['a', 2] } });
    expect(result.ok).toBe(false);
    const error = result.ok ? '' : result.error;
    expect(error).toContain('id: expected int');
    expect(error).toContain('meta.tags[1]: expected string, received number');
  });

  it('T5: an unknown field is named so the model can drop it', () => {
    const result = registry.validate('wp_update_post', { id: 1, colour: 'red', 'odd key': 'x' });
    expect(result).toEqual({
      ok: false,
      error: 'Invalid input for wp_update_post: colour: not a field of this tool; remove it.',
    });
  });

  it('T5: a key that is not an identifier is quoted in the path', () => {
    const result = registry.validate('wp_update_post', { id: 1, 'odd key': 4 });
    expect(result.ok ? '' : result.error).toContain('["odd key"]: expected string');
  });

  it('T5: input that is not an object is named as the whole input', () => {
    const result = registry.validate('wp_update_post', 'delete everything');
    expect(result.ok ? '' : result.error).toBe(
      'Invalid input for wp_update_post: (input): expected object, received string.',
    );
  });

  it('T5: an unknown tool is an error for the model that lists the real ones', () => {
    expect(registry.validate('wp_drop_tables', {})).toEqual({
      ok: false,
      error: 'Unknown tool "wp_drop_tables". Available tools: wp_update_post.',
    });
  });

  it('T5: validateToolInput gives the typed input', () => {
    const tool = makeTool({ input });
    const result = validateToolInput(tool, { id: 2 });
    expect(result.ok && result.input).toEqual({ id: 2 });
  });
});
