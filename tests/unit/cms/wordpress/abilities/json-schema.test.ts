// A site's ability schemas are outside input (issue 34 item 2; T5, G5): bounded before they
// are compiled, compiled without eval (MV3 CSP), and every input or output checked against
// them with an answer naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { util } from 'zod/v4/core';
import {
  compileAbilitySchema,
  SCHEMA_LIMITS,
  schemaProblems,
} from '../../../../../src/cms/wordpress/abilities/json-schema';

const noteInput = {
  type: 'object',
  properties: {
    post_id: { type: 'integer', title: 'Post', minimum: 1 },
    note: { type: 'string', minLength: 1, maxLength: 200 },
  },
  required: ['post_id', 'note'],
  additionalProperties: false,
};

function compiled(raw: unknown) {
  const result = compileAbilitySchema(raw);
  if (!result.ok) throw new Error(result.reason);
  return result;
}

describe('compiling an ability schema under the extension CSP', () => {
  // MV3's CSP makes `new Function` throw: zod must still build and run the validator.
  // Only `Function` is put back afterwards: `vi.unstubAllGlobals()` would also remove the
  // fake `chrome` WXT's set-up stubbed, for every later file of a shared (non-isolated) worker.
  const original = globalThis.Function;
  beforeAll(() => {
    globalThis.Function = new Proxy(Function, {
      construct() {
        throw new EvalError('Refused to evaluate a string as JavaScript (CSP)');
      },
    });
  });
  afterAll(() => {
    globalThis.Function = original;
  });

  it('checks input with answers that name the field', () => {
    const { validator } = compiled(noteInput);
    expect(schemaProblems(validator, { post_id: 5, note: 'hi' })).toEqual([]);
    // zod probed for eval after the stub, so it parses on its closures only.
    expect(() => new Function('')).toThrow(EvalError);
    expect(util.allowsEval.value).toBe(false);
    expect(schemaProblems(validator, { post_id: 0, note: 'hi' })[0]).toMatch(/^post_id: /);
    expect(schemaProblems(validator, { post_id: 5 })[0]).toMatch(/^note: /);
    expect(schemaProblems(validator, { post_id: 5, note: 'x'.repeat(201) })[0]).toMatch(/^note/);
    expect(schemaProblems(validator, { post_id: 5, note: 'a', extra: 1 }).length).toBe(1);
    expect(schemaProblems(validator, 'not an object')[0]).toMatch(/whole value/);
  });

  it('checks output against the output schema', () => {
    const { validator } = compiled({
      type: 'object',
      properties: { greeting: { type: 'string' } },
      required: ['greeting'],
    });
    expect(schemaProblems(validator, { greeting: 'hello' })).toEqual([]);
    expect(schemaProblems(validator, { greeting: 42 })[0]).toMatch(/^greeting: /);
  });
});

describe('hostile or odd schemas', () => {
  it('reads "no schema" from nothing, {} and PHP’s empty array', () => {
    for (const none of [undefined, null, {}, []]) {
      const result = compiled(none);
      expect(result.validator).toBeUndefined();
    }
  });

  it('accepts PHP’s empty properties list', () => {
    const { validator } = compiled({ type: 'object', properties: [] });
    expect(schemaProblems(validator, {})).toEqual([]);
  });

  function refusal(raw: unknown): string {
    const result = compileAbilitySchema(raw);
    expect(result.ok).toBe(false);
    return result.ok ? '' : result.reason;
  }

  it('refuses a schema over the size bound', () => {
    const big = { type: 'object', description: 'x'.repeat(SCHEMA_LIMITS.chars) };
    expect(refusal(big)).toMatch(/over 64000 characters/);
  });

  it('refuses a schema nested too deep', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 30; i++) deep = { type: 'array', items: deep };
    expect(refusal(deep)).toMatch(/nested deeper than 20/);
  });

  it('refuses a schema with too many parts', () => {
    const anyOf = Array.from({ length: 4100 }, () => ({}));
    expect(refusal({ anyOf })).toMatch(/more than 4000 parts/);
  });

  it('refuses $ref outside its own definitions and survives $ref loops', () => {
    expect(refusal({ $ref: 'https://evil.example/schema.json' })).toMatch(/\$ref/);
    expect(refusal({ $ref: '#' })).toMatch(/\$ref/);
    const loop = {
      definitions: { a: { $ref: '#/definitions/b' }, b: { $ref: '#/definitions/a' } },
      $ref: '#/definitions/a',
    };
    expect(refusal(loop)).toMatch(/cannot be checked here/);
  });

  it('refuses keywords zod cannot check instead of ignoring them', () => {
    expect(refusal({ if: { type: 'string' }, then: { minLength: 2 } })).toMatch(/Conditional/);
    expect(refusal({ type: 'object', patternProperties: { '^x': {} } })).toMatch(/pattern/);
  });

  it('leaves regular expressions to the site (no ReDoS in the extension), and says so', () => {
    const result = compiled({ type: 'string', pattern: '^(a+)+$', maxLength: 100 });
    const started = performance.now();
    expect(schemaProblems(result.validator, 'a'.repeat(40) + '!')).toEqual([]);
    expect(performance.now() - started).toBeLessThan(500);
    expect(result.notes).toEqual(['text patterns are checked by the site when the ability runs']);
  });

  it('reads property names as names, never as keywords', () => {
    const { validator } = compiled({
      type: 'object',
      properties: { pattern: { type: 'string' }, $ref: { type: 'integer' } },
      required: ['pattern'],
    });
    expect(schemaProblems(validator, { pattern: 'x', $ref: 2 })).toEqual([]);
    expect(schemaProblems(validator, { pattern: 3 })[0]).toMatch(/^pattern: /);
  });

  it('ignores keywords it does not know, and keeps enums as data', () => {
    const { validator } = compiled({
      type: 'string',
      enum: ['a', 'b'],
      'x-frobnicate': { $ref: 'https://evil.example' },
      title: '<img src=x onerror=alert(1)>',
    });
    expect(schemaProblems(validator, 'a')).toEqual([]);
    expect(schemaProblems(validator, 'c').length).toBe(1);
  });

  it('refuses what is not a schema at all', () => {
    expect(refusal('string')).toMatch(/not an object/);
    expect(refusal([{ type: 'string' }])).toMatch(/list/);
  });
});
