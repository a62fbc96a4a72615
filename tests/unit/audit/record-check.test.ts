// The build-time compiled check of a stored audit record (scripts/record-check-plugin.mjs)
// lets `readRecord` skip zod's copy for a record that is exactly the schema's shape. It may
// make a read faster and must never change its answer: whatever it accepts, zod accepts
// too, and returns the very same record.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import isExactRecord from 'virtual:countersign/record-check';
import { AuditRecordInvalidError } from '../../../src/audit/errors';
import { readRecord } from '../../../src/audit/record-read';
import { ToolCallRecordSchema, type ToolCallRecord } from '../../../src/audit/record-schema';

/** A stored record with every optional field, as the log writes one that ran and was undone. */
function fullRecord(): ToolCallRecord {
  return {
    id: '0190a7c2-0000-7000-8000-000000000001',
    threadId: 'thread-1',
    owner: {
      userId: '1',
      siteOrigin: 'https://example.test',
      siteRoot: 'https://example.test/wp-json/',
    },
    tool: 'wp_update_post',
    input: { id: 7, title: 'Hello' },
    payloadHash: 'ab'.repeat(32),
    status: 'run',
    mode: 'ask',
    classification: { kind: 'write', destructive: false, whole: false, draft: true },
    transport: 'agent',
    position: 0,
    decidedBy: 'admin',
    decidedAt: 1_700_000_000_500,
    outcome: 'Approved.',
    resultSummary: 'Updated post 7.',
    reasoning: 'The editor asked for a shorter title.',
    configChanges: [{ key: 'blogname', current: 'Old', proposed: 'New' }],
    undo: {
      entity: { type: 'post', id: 7 },
      before: {
        status: 'draft',
        fields: { title: 'Hello there' },
        comments: [{ id: 3, status: 'approved' }],
      },
      after: { status: 'draft', modified: '2026-12-03T10:00:00', fields: { title: 'Hello' } },
    },
    error: { code: 'rest_forbidden', class: 'CmsError' },
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_001_000,
    version: 3,
    history: [
      { status: 'pending', at: 1_700_000_000_000, by: null },
      { status: 'approved', at: 1_700_000_000_500, by: 'admin' },
      { status: 'run', at: 1_700_000_001_000, by: null },
    ],
  };
}

/** Every place in `fullRecord()` a value sits, as a path of keys. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (!value || typeof value !== 'object') return [prefix];
  const own = Object.entries(value).flatMap(([key, child]) =>
    paths(child, [...prefix, Array.isArray(value) ? Number(key) : key]),
  );
  return prefix.length ? [prefix, ...own] : own;
}

function parentOf(
  root: Record<string, unknown>,
  path: (string | number)[],
): Record<string, unknown> {
  let node: unknown = root;
  for (const key of path.slice(0, -1)) node = (node as Record<string, unknown>)[key];
  return node as Record<string, unknown>;
}

/** Values that sit on the edges of what zod and JSON Schema each accept. */
const edgeValue = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    NaN,
    Infinity,
    -Infinity,
    -0,
    0,
    1.5,
    -1,
    2 ** 53,
    '',
    'run',
    'pending',
    'write',
    'abc\n',
    'a b',
    '😀'.repeat(1_001), // 2,002 UTF-16 units, 1,001 code points: within a max of 2000
    '😀'.repeat(2_001),
    '\ud83d'.repeat(2_001), // lone surrogates count one each
    `${'😀'.repeat(1_999)}\ud83d\ud83d`,
    'é'.repeat(2_000),
    [],
    {},
    true,
  ),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.anything(),
);

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), path: fc.nat(), value: edgeValue }),
  fc.record({ kind: fc.constant('delete' as const), path: fc.nat() }),
  fc.record({ kind: fc.constant('stray' as const), path: fc.nat(), value: edgeValue }),
);

function mutate(
  record: Record<string, unknown>,
  changes: readonly { kind: 'set' | 'delete' | 'stray'; path: number; value?: unknown }[],
): void {
  for (const change of changes) {
    const all = paths(record);
    const path = all[change.path % all.length];
    if (!path) continue;
    const parent = parentOf(record, path);
    const key = path[path.length - 1] as string;
    if (change.kind === 'set') parent[key] = change.value;
    else if (change.kind === 'delete') delete parent[key];
    // A named property on an array is kept by storage and seen by nothing (no index, no
    // JSON); zod's copy drops it, the check leaves it. Strays go on objects only.
    else if (parent && typeof parent === 'object' && !Array.isArray(parent)) {
      parent.stray = change.value;
    }
  }
}

describe('the compiled record check (issue 15: export at its read floor)', () => {
  it('accepts a stored record as written, and readRecord returns it without a copy', () => {
    const raw = fullRecord();
    expect(isExactRecord(raw)).toBe(true);
    expect(readRecord(raw)).toBe(raw);
  });

  it('fills decidedBy and decidedAt with null when absent, as zod does', () => {
    const raw: Partial<ToolCallRecord> = fullRecord();
    delete raw.decidedBy;
    delete raw.decidedAt;
    expect(isExactRecord(raw)).toBe(true);
    expect(raw).toMatchObject({ decidedBy: null, decidedAt: null });
  });

  it('leaves to zod a record with a key the schema does not know, which zod drops', () => {
    const raw = { ...fullRecord(), stray: 1 };
    expect(isExactRecord(raw)).toBe(false);
    const read = readRecord(raw);
    expect(read).not.toHaveProperty('stray');
    expect(read).toEqual(fullRecord());
  });

  it('counts string lengths in characters as zod does (an emoji is one, not two)', () => {
    const within = { ...fullRecord(), outcome: '😀'.repeat(2_000) };
    expect(isExactRecord(within)).toBe(true);
    expect(ToolCallRecordSchema.safeParse(within).success).toBe(true);
    const over = { ...fullRecord(), outcome: `${'😀'.repeat(2_000)}a` };
    expect(isExactRecord(over)).toBe(false);
    expect(() => readRecord(over)).toThrow(AuditRecordInvalidError);
  });

  it.each([
    ['decidedAt', NaN],
    ['decidedAt', Infinity],
    ['version', 1.5],
    ['version', 0],
    ['position', -1],
  ])('refuses %s = %s, as zod does', (field, value) => {
    const raw = { ...fullRecord(), [field]: value };
    expect(isExactRecord(raw)).toBe(false);
    expect(() => readRecord(raw)).toThrow(new RegExp(`${field}:`));
  });

  it('never accepts what zod refuses, and what it accepts is what zod returns (property)', () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (changes) => {
        const raw = fullRecord() as unknown as Record<string, unknown>;
        mutate(raw, changes);
        const zod = ToolCallRecordSchema.safeParse(structuredClone(raw));
        if (isExactRecord(raw)) {
          expect(zod.success).toBe(true);
          expect(raw).toEqual(zod.data);
        }
      }),
      { numRuns: 3_000 },
    );
  });
});
