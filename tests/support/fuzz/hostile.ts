// Hostile values for fuzzing what the model sends as tool input (issue 16, T5, S1):
// strings at the edges of Unicode and size, keys that reach prototypes, deep nesting, and
// values shaped by a tool's own JSON Schema so that most of them get past the first check.
import fc from 'fast-check';

/**
 * fast-check parameters for a fuzz run: a fixed seed, so `npm test` explores the same
 * inputs every time (a coverage check cannot flake), and another seed or more runs with
 * COUNTERSIGN_FUZZ_SEED / COUNTERSIGN_FUZZ_RUNS when hunting for new failures.
 */
export function fuzzParams(defaultRuns: number): { numRuns: number; seed: number } {
  const runs = Number(process.env['COUNTERSIGN_FUZZ_RUNS'] ?? defaultRuns);
  const seed = Number(process.env['COUNTERSIGN_FUZZ_SEED'] ?? 20_261_201);
  return { numRuns: runs, seed };
}

/** Strings a careless parser or renderer trips on; each is a real class of bug. */
const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800', // a lone high surrogate: not valid UTF-16, not encodable as UTF-8
  '\udfff',
  'x\ud83dy', // half an emoji
  '\u202e‮gnp.exe', // right-to-left override
  '\u200b\u200c\u200d\ufeff', // zero-width characters and a BOM
  'e\u0301\u0301\u0301\u0301\u0301', // stacked combining marks
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\u2028\u2029', // line separators that break naive JavaScript string embedding
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '<!-- wp:html --><script>alert(1)</script><!-- /wp:html -->',
  "'; DROP TABLE wp_posts; --",
  '%s%n%x',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  'javascript:alert(1)',
  '__proto__',
  'constructor',
  '\r\n\r\nSet-Cookie: x=1',
  'ﷺ𒐫𒈙',
  '\u{10ffff}',
];

/** A hostile string: an edge case, random Unicode, a mix, or a huge one. */
export function hostileString(options: { maxHuge?: number } = {}): fc.Arbitrary<string> {
  const maxHuge = options.maxHuge ?? 300_000;
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ maxLength: 80 }) },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.constantFrom(...EDGE_STRINGS), { minLength: 2, maxLength: 6 })
        .map((parts) => parts.join(' ')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('a', 'é', '<b>', '\ud800', '😀 '),
          fc.integer({ min: 1000, max: maxHuge }),
        )
        .map(([unit, count]) => unit.repeat(Math.ceil(count / unit.length))),
    },
  );
}

/** Keys that reach prototypes or shadow Object methods. */
export const hostileKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '',
  ' ',
  'a.b',
  '0',
);

/** A value nested `depth` levels deep, in objects or arrays. */
export function nested(depth: number, leaf: unknown = 1, asArray = false): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
}

/** Any JSON value, with hostile strings and keys mixed in, as JSON.parse would produce it. */
export const hostileJson: fc.Arbitrary<unknown> = fc
  .letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      hostileString({ maxHuge: 5000 }),
      fc.double(),
      fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 31), Number.MAX_SAFE_INTEGER + 2, 1e308),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc
        .array(fc.tuple(fc.oneof(hostileKey, fc.string({ maxLength: 8 })), tie('value')), {
          maxLength: 4,
        })
        .map(jsonObject),
    ),
  }))
  .value.map((value) => JSON.parse(JSON.stringify(value) ?? 'null') as unknown);

/** Builds an object from entries as JSON.parse does: `__proto__` becomes an own key. */
export function jsonObject(entries: [string, unknown][]): Record<string, unknown> {
  const text = `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
  return JSON.parse(text) as Record<string, unknown>;
}

/** The part of JSON Schema the tools' inputs use (zod's toJSONSchema output). */
export interface JsonSchemaLike {
  type?: string | string[];
  properties?: Record<string, JsonSchemaLike>;
  required?: string[];
  items?: JsonSchemaLike;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchemaLike[];
  oneOf?: JsonSchemaLike[];
  minimum?: number;
  maximum?: number;
  additionalProperties?: boolean | JsonSchemaLike;
  pattern?: string;
}

/**
 * Values shaped like the schema (right keys, mostly right types), with hostile strings
 * where strings go and, now and then, a wrong type, a missing key or an extra hostile key:
 * inputs a confused or manipulated model would plausibly send.
 */
export function schemaShaped(
  schema: JsonSchemaLike,
  ids: fc.Arbitrary<number>,
): fc.Arbitrary<unknown> {
  const wrong = hostileJson;
  const shaped = shapedBy(schema, ids);
  return fc.oneof({ weight: 9, arbitrary: shaped }, { weight: 1, arbitrary: wrong });
}

/** Strings matching a pattern, now and then a hostile one; undefined if fast-check cannot. */
function matching(pattern: string | undefined): fc.Arbitrary<string> | undefined {
  if (!pattern) return undefined;
  let fitting: fc.Arbitrary<string>;
  try {
    fitting = fc.stringMatching(new RegExp(pattern));
  } catch {
    return undefined; // e.g. lookahead, which fast-check does not generate
  }
  return fc.oneof(
    { weight: 4, arbitrary: fitting },
    { weight: 1, arbitrary: hostileString({ maxHuge: 20_000 }) },
  );
}

function shapedBy(schema: JsonSchemaLike, ids: fc.Arbitrary<number>): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => shapedBy(s, ids)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      // Most strings match the field's pattern, so the fuzz reaches what lies behind it.
      return matching(schema.pattern) ?? hostileString({ maxHuge: 200_000 });
    case 'integer':
      return fc.oneof({ weight: 4, arbitrary: ids }, { weight: 1, arbitrary: fc.integer() });
    case 'number':
      return fc.oneof(ids, fc.double({ noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? shapedBy(schema.items, ids) : hostileJson, { maxLength: 5 });
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      const fields = props.map(([key, sub]) =>
        fc.tuple(
          fc.constant(key),
          required.has(key)
            ? fc.oneof(
                { weight: 19, arbitrary: shapedBy(sub, ids) },
                { weight: 1, arbitrary: fc.constant(undefined) },
              )
            : fc.option(shapedBy(sub, ids), { nil: undefined, freq: 2 }),
        ),
      );
      const extra = fc.option(fc.tuple(hostileKey, hostileJson), { nil: undefined, freq: 8 });
      return fc.tuple(fc.tuple(...fields), extra).map(([pairs, more]) => {
        const entries = pairs.filter((pair): pair is [string, unknown] => pair[1] !== undefined);
        if (more) entries.push(more);
        return jsonObject(entries);
      });
    }
    default:
      return hostileJson;
  }
}
