// Fuzzing every WordPress tool's input as the model could send it (T5, S1; issue 16):
// whatever arrives, validation answers with a valid call or a clean, bounded error for
// the model; it never throws, never hands on a prototype key, and a valid call hashes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WORDPRESS_TOOLS } from '../../../src/cms/wordpress/tools';
import { createRegistry } from '../../../src/tools/registry';
import { payloadHash } from '../../../src/run/call/payload-hash';
import { findUnsafeKey, TOO_DEEP } from '../../../src/run/call/unsafe-keys';
import {
  fuzzParams,
  hostileJson,
  nested,
  schemaShaped,
  type JsonSchemaLike,
} from '../../support/fuzz/hostile';

const registry = createRegistry([...WORDPRESS_TOOLS]);
const ids = fc.oneof(fc.constantFrom(1, 4, 42), fc.integer({ min: -5, max: 2 ** 31 }));
const RUNS = fuzzParams(150);

/** What the run loop does with a tool_use input before any gate: the same three steps. */
async function entry(tool: string, raw: unknown) {
  const unsafe = findUnsafeKey(raw);
  if (unsafe) return { kind: 'unsafe' as const, key: unsafe.key };
  const valid = registry.validate(tool, raw);
  if (!valid.ok) return { kind: 'error' as const, error: valid.error };
  return { kind: 'call' as const, input: valid.input, hash: await payloadHash(tool, valid.input) };
}

describe('every tool input from the model ends in a valid call or a clean error (T5)', () => {
  it.each(WORDPRESS_TOOLS.map((tool) => [tool.name, tool] as const))(
    '%s: schema-shaped hostile input',
    async (name, tool) => {
      const schema = registry.definition(name)!.input_schema as JsonSchemaLike;
      let calls = 0;
      await fc.assert(
        fc.asyncProperty(schemaShaped(schema, ids), async (raw) => {
          const outcome = await entry(name, raw);
          if (outcome.kind === 'call') {
            calls += 1;
            // A valid call is exactly what the schema accepts, and stays so (idempotent).
            expect(tool.input.safeParse(outcome.input).success).toBe(true);
            expect(findUnsafeKey(outcome.input)).toBeNull();
            expect(outcome.hash).toMatch(/^[0-9a-f]{64}$/);
          } else if (outcome.kind === 'error') {
            // The model is told which tool and which fields, in bounded words; the raw
            // value (which may be 200 KB of hostile text) is never echoed back.
            expect(outcome.error.startsWith(`Invalid input for ${name}: `)).toBe(true);
            expect(outcome.error.length).toBeLessThan(4000);
          }
        }),
        RUNS,
      );
      // The generator reaches the tool: a fuzz run that only ever fails validation
      // would prove nothing about what lies behind it.
      // wp_restore_entity is built by the extension from a recorded write (E4 Undo), never
      // by the model; random shapes do not reach its nested record ids, so only the refusals count.
      if (name !== 'wp_open_admin' && name !== 'wp_restore_entity')
        expect(calls).toBeGreaterThan(0);
    },
    60_000,
  );

  it('any JSON at all, for any tool name, never throws', async () => {
    const names = fc.oneof(
      fc.constantFrom(...registry.names()),
      fc.constantFrom('', '__proto__', 'constructor', 'wp_format_disk', 'toString'),
    );
    await fc.assert(
      fc.asyncProperty(names, hostileJson, async (name, raw) => {
        const outcome = await entry(name, raw);
        if (outcome.kind === 'error') expect(outcome.error.length).toBeLessThan(4000);
      }),
      { ...RUNS, numRuns: RUNS.numRuns * 4 },
    );
  });

  it('deeply nested input is refused without exhausting the stack', async () => {
    for (const depth of [1_000, 20_000]) {
      for (const asArray of [false, true]) {
        const raw = { type: 'post', id: 4, title: nested(depth, 'x', asArray) };
        const outcome = await entry('wp_update_post', raw);
        expect(outcome).toEqual({ kind: 'unsafe', key: TOO_DEEP });
      }
    }
  });
});
