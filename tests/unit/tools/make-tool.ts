import { z } from 'zod';
import type { AnyTool, Classification } from '../../../src/tools/tool';

const defaultInput = z.object({
  id: z.number().describe('The post id.'),
  title: z.string().optional().describe('The new title.'),
  status: z.enum(['draft', 'publish']).optional().describe('The new status.'),
});

/** A minimal valid tool for tests; override any part. Pass `classification: undefined` for an unclassified tool. */
export function makeTool(overrides: Partial<AnyTool> = {}): AnyTool {
  const base: AnyTool = {
    name: 'wp_update_post',
    label: 'Update post',
    description: 'Use to change the title or status of an existing post.',
    cardDescription: 'Changes a post.',
    input: defaultInput,
    classification: { kind: 'write', destructive: false },
    access: () => Promise.resolve({ ok: true }),
    execute: () => Promise.resolve({ summary: 'done', data: null }),
  };
  return { ...base, ...overrides };
}

/** A classification helper that keeps tests short. */
export function classed(
  kind: Classification['kind'],
  extra: Partial<Classification> = {},
): Classification {
  return { kind, destructive: false, ...extra };
}
