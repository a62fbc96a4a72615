import { describe, expect, it } from 'vitest';
import { yamlDiffs } from '../../../src/cards/yaml-diff';

describe('YAML diff of configuration items (C2)', () => {
  it('sorts keys on both sides, so only changed values show', async () => {
    const [diff] = await yamlDiffs([
      {
        key: 'reading',
        current: { show_on_front: 'posts', posts_per_page: 10, nested: { b: 1, a: 2 } },
        proposed: { nested: { a: 2, b: 1 }, posts_per_page: 12, show_on_front: 'posts' },
      },
    ]);
    expect(diff!.before).toBe(
      'nested:\n  a: 2\n  b: 1\nposts_per_page: 10\nshow_on_front: posts\n',
    );
    expect(diff!.lines.filter((line) => line.kind !== 'same')).toEqual([
      { kind: 'del', text: 'posts_per_page: 10' },
      { kind: 'ins', text: 'posts_per_page: 12' },
    ]);
  });

  it('a key order change alone is no change', async () => {
    const [diff] = await yamlDiffs([
      { key: 'x', current: { b: 1, a: 1 }, proposed: { a: 1, b: 1 } },
    ]);
    expect(diff!.lines.every((line) => line.kind === 'same')).toBe(true);
  });

  it('a deleted item shows its current value removed; a new one all added', async () => {
    const [deleted, created] = await yamlDiffs([
      { key: 'old', current: 'value', proposed: null, deleted: true },
      { key: 'new', current: undefined, proposed: ['a', 'b'] },
    ]);
    expect(deleted).toMatchObject({
      deleted: true,
      after: '',
      lines: [{ kind: 'del', text: 'value' }],
    });
    expect(created!.lines).toEqual([
      { kind: 'ins', text: '- a' },
      { kind: 'ins', text: '- b' },
    ]);
  });
});
