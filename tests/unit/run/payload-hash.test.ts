import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CanonicalJsonError,
  canonicalJson,
  payloadHash,
  shortHash,
} from '../../../src/run/call/payload-hash';

describe('G6: canonical JSON', () => {
  it.each<[string, unknown, string]>([
    ['null', null, 'null'],
    ['booleans', [true, false], '[true,false]'],
    ['an integer', 1, '1'],
    ['1.0 as 1', 1.0, '1'],
    ['a fraction', 0.1, '0.1'],
    ['the shortest round-trip form', 0.1 + 0.2, '0.30000000000000004'],
    ['1e21 in exponent form', 1e21, '1e+21'],
    ['1e20 in full', 1e20, '100000000000000000000'],
    ['a tiny number', 1e-7, '1e-7'],
    ['-0 as 0', -0, '0'],
    ['a negative number', -12.5, '-12.5'],
    ['no whitespace', { a: [1, { b: 2 }] }, '{"a":[1,{"b":2}]}'],
    [
      'sorted keys at every depth',
      { b: { y: 1, x: 2 }, a: [{ d: 1, c: 2 }] },
      '{"a":[{"c":2,"d":1}],"b":{"x":2,"y":1}}',
    ],
    ['upper case before lower case', { b: 1, B: 2, a: 3 }, '{"B":2,"a":3,"b":1}'],
    ['empty containers', { a: {}, b: [] }, '{"a":{},"b":[]}'],
    [
      'nested arrays kept in order',
      [
        [3, 1],
        [2, [0]],
      ],
      '[[3,1],[2,[0]]]',
    ],
    ['undefined properties left out', { a: undefined, b: 1 }, '{"b":1}'],
    [
      'a null-prototype object',
      Object.assign(Object.create(null), { z: 1, a: 2 }),
      '{"a":2,"z":1}',
    ],
    [
      'escapes as JSON.stringify',
      'quote " backslash \\ newline \n tab \t nul \u0000',
      '"quote \\" backslash \\\\ newline \\n tab \\t nul \\u0000"',
    ],
    ['non-ASCII unescaped', 'café ☕', '"café ☕"'],
    ['astral characters unescaped', '😀 𝄞', '"😀 𝄞"'],
    ['a lone surrogate escaped', '\uD800', '"\\ud800"'],
  ])('G6: %s', (_label, value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  it('G6: key order of the input does not matter', () => {
    const a = { tool: 't', input: { title: 'x', meta: { b: [1, 2], a: null }, id: 3 } };
    const b = { input: { id: 3, meta: { a: null, b: [1, 2] }, title: 'x' }, tool: 't' };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
  });

  it('G6: keys sort by UTF-16 code units, not code points (RFC 8785)', () => {
    // U+1F600 is stored as \uD83D\uDE00, which sorts before U+FFFF by code unit
    // although its code point is larger.
    expect(canonicalJson({ '\uFFFF': 1, '😀': 2, é: 3, z: 4 })).toBe(
      '{"z":4,"é":3,"😀":2,"\uFFFF":1}',
    );
  });

  it('G6: no Unicode normalization: composed and decomposed forms differ', () => {
    const composed = 'é'; // U+00E9
    const decomposed = 'e\u0301'; // e + combining acute accent
    expect(canonicalJson(composed)).toBe('"é"');
    expect(canonicalJson(decomposed)).toBe('"e\u0301"');
    expect(canonicalJson({ [decomposed]: 1, [composed]: 2 })).toBe(`{"e\u0301":1,"é":2}`);
  });

  it('G6: shared (non-cyclic) references are fine', () => {
    const shared = { a: 1 };
    expect(canonicalJson({ x: shared, y: [shared] })).toBe('{"x":{"a":1},"y":[{"a":1}]}');
  });

  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic['self'] = { again: cyclic };
  const sparse: unknown[] = [1];
  sparse[2] = 3;

  it.each<[string, unknown, string]>([
    ['NaN', { n: Number.NaN }, 'the value at $.n is NaN'],
    ['Infinity', [Infinity], 'the value at $[0] is Infinity'],
    ['-Infinity', { a: { b: -Infinity } }, 'the value at $.a.b is -Infinity'],
    ['undefined in an array', { tags: ['a', undefined] }, 'the value at $.tags[1] is undefined'],
    ['a hole in an array', sparse, 'the value at $[1] is undefined'],
    ['a function', { run: () => 1 }, 'the value at $.run is a function'],
    ['a symbol', { s: Symbol('x') }, 'the value at $.s is a symbol'],
    ['a BigInt', { big: 10n }, 'the value at $.big is a bigint'],
    ['a Date', { when: new Date(0) }, 'the value at $.when is a Date object'],
    ['a Map', { m: new Map() }, 'the value at $.m is a Map object'],
    ['a cycle', cyclic, 'the value at $.self.again refers back to itself'],
    ['an odd key', { 'a b': NaN }, 'the value at $["a b"] is NaN'],
    ['undefined itself', undefined, 'the value at $ is undefined'],
  ])('G6: refuses %s, naming the path', (_label, value, expected) => {
    expect(() => canonicalJson(value)).toThrow(CanonicalJsonError);
    expect(() => canonicalJson(value)).toThrow(expected);
  });
});

describe('G6: payload hash', () => {
  it('G6: is the SHA-256 hex of the canonical {tool, input}', async () => {
    const hash = await payloadHash('wp_update_post', { id: 1 });
    expect(hash).toBe('bbfa211ff1e523cabe3192d250b1cc9631f71cb42cf584bed40cc3f3bda71fee');
    expect(hash).toBe(
      createHash('sha256').update('{"input":{"id":1},"tool":"wp_update_post"}').digest('hex'),
    );
  });

  it('G6: hashes the UTF-8 bytes of astral and combining characters', async () => {
    const input = { title: '😀 e\u0301' };
    const expected = createHash('sha256')
      .update(Buffer.from(`{"input":{"title":"😀 e\u0301"},"tool":"t_x"}`, 'utf8'))
      .digest('hex');
    expect(await payloadHash('t_x', input)).toBe(expected);
  });

  it('G7: key order does not change the hash; any value change does', async () => {
    const a = await payloadHash('wp_update_post', { id: 1, title: 'A' });
    expect(await payloadHash('wp_update_post', { title: 'A', id: 1 })).toBe(a);
    expect(await payloadHash('wp_update_post', { title: 'A ', id: 1 })).not.toBe(a);
    expect(await payloadHash('wp_update_posts', { title: 'A', id: 1 })).not.toBe(a);
    expect(await payloadHash('wp_update_post', { title: 'A', id: 1.5 })).not.toBe(a);
  });

  it('G6: refuses input it cannot hash', async () => {
    await expect(payloadHash('t_x', { n: Number.NaN })).rejects.toThrow('$.input.n is NaN');
  });

  it('C4: the short hash is the first 8 hex characters', () => {
    expect(shortHash('bbfa211ff1e523cabe3192d250b1cc96')).toBe('bbfa211f');
  });
});
