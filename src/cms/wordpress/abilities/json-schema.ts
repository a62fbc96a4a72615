import { z } from 'zod';

/**
 * A site's ability schemas are outside input (T5): bounded first, then turned into a zod
 * validator with `z.fromJSONSchema`, which builds closures, never code (no `eval` or
 * `new Function`, so it runs under the extension's MV3 CSP, where ajv's compiler cannot).
 */

/** Serialized size, nesting and node count above which a schema is refused outright. */
export const SCHEMA_LIMITS = { chars: 64_000, depth: 20, nodes: 4_000 } as const;

export type CompiledSchema =
  { ok: true; validator?: z.ZodType; notes: string[] } | { ok: false; reason: string };

/**
 * Checks and compiles one schema. `undefined`, `{}` and PHP's empty array `[]` mean "no
 * schema". A refusal names why; nothing here throws.
 */
export function compileAbilitySchema(raw: unknown): CompiledSchema {
  if (raw === undefined || raw === null) return { ok: true, notes: [] };
  if (Array.isArray(raw)) {
    return raw.length === 0
      ? { ok: true, notes: [] }
      : { ok: false, reason: 'the schema is a list, not an object' };
  }
  if (typeof raw !== 'object') return { ok: false, reason: 'the schema is not an object' };
  let text: string;
  try {
    text = JSON.stringify(raw);
  } catch {
    return { ok: false, reason: 'the schema is not plain JSON' };
  }
  if (text.length > SCHEMA_LIMITS.chars) {
    return { ok: false, reason: `the schema is over ${SCHEMA_LIMITS.chars} characters` };
  }
  const notes: string[] = [];
  let walked: unknown;
  try {
    walked = walk(JSON.parse(text) as unknown, 0, { nodes: 0, notes });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message };
    throw error;
  }
  if (Object.keys(walked as object).length === 0) return { ok: true, notes };
  try {
    // A private registry: the site's titles and descriptions never land in zod's global one.
    const validator = z.fromJSONSchema(walked as Record<string, unknown>, {
      registry: z.registry(),
    });
    return { ok: true, validator, notes };
  } catch (error) {
    // Unsupported keywords (if/then, not) and $ref cycles (a RangeError) end here.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `the schema cannot be checked here: ${message.slice(0, 160)}` };
  }
}

/** The problems of `value` against a compiled schema, each naming its field; [] when valid. */
export function schemaProblems(validator: z.ZodType | undefined, value: unknown): string[] {
  if (!validator) return [];
  const parsed = validator.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.slice(0, 10).map((issue) => {
    const where = issue.path.map(String).join('.') || '(the whole value)';
    return `${where}: ${issue.message}`;
  });
}

interface WalkState {
  nodes: number;
  notes: string[];
}

/** Why a schema is refused before it is compiled. */
class Refusal extends Error {}

/** A bounded copy of the schema; throws a {@link Refusal} naming what is over the bounds. */
function walk(node: unknown, depth: number, state: WalkState, names = false): unknown {
  if (depth > SCHEMA_LIMITS.depth) {
    throw new Refusal(`the schema is nested deeper than ${SCHEMA_LIMITS.depth}`);
  }
  if (++state.nodes > SCHEMA_LIMITS.nodes) {
    throw new Refusal(`the schema has more than ${SCHEMA_LIMITS.nodes} parts`);
  }
  if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1, state));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (names) {
      // Keys of `properties` and `definitions` are names, never keywords.
      out[key] = walk(value, depth + 1, state);
      continue;
    } else if (!KEYWORDS.has(key)) {
      // Unknown keywords (`x-…`, typos) check nothing: dropped, never walked into.
      continue;
    } else if (DATA_KEYWORDS.has(key)) {
      out[key] = value;
      continue;
    } else if (key === '$ref') {
      if (typeof value !== 'string' || !/^#\/(definitions|\$defs)\/[^/]+$/.test(value)) {
        throw new Refusal('the schema refers outside its own definitions ($ref)');
      }
    } else if (key === 'patternProperties') {
      throw new Refusal('the schema uses patternProperties');
    } else if (key === 'pattern' && typeof value === 'string') {
      // A site's regular expression could backtrack for ever in the extension (ReDoS); the
      // site checks it itself before the ability runs.
      if (!state.notes.includes(patternNote)) state.notes.push(patternNote);
      continue;
    }
    out[key] = walk(value, depth + 1, state, NAME_MAPS.has(key));
  }
  return out;
}

/** The JSON Schema keywords kept (draft-04 to 2020-12); zod refuses those it cannot check. */
const KEYWORDS = new Set(
  (
    '$schema $ref $defs definitions $id id $comment type enum const anyOf oneOf allOf not ' +
    'properties required additionalProperties patternProperties propertyNames minProperties ' +
    'maxProperties items prefixItems additionalItems minItems maxItems uniqueItems contains ' +
    'minContains maxContains minLength maxLength pattern format minimum maximum ' +
    'exclusiveMinimum exclusiveMaximum multipleOf title description default examples ' +
    'unevaluatedItems unevaluatedProperties if then else dependentSchemas dependentRequired ' +
    'dependencies nullable readOnly writeOnly deprecated'
  ).split(' '),
);
/** Keywords whose value maps names to schemas. */
const NAME_MAPS = new Set(['properties', 'definitions', '$defs', 'dependencies']);
/** Keywords whose value is instance data, copied as it is (the size bound covers it). */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);

const patternNote = 'text patterns are checked by the site when the ability runs';
