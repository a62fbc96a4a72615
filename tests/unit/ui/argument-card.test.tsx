// @vitest-environment happy-dom
// Issue 34 item 2, C4: an ability's approval card lists each argument by its schema's title
// with its description, shows values, titles and notes from the site as text (never markup),
// and says what the site does not: permission is checked only when it runs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalCard as Card } from '../../../src/shared/protocols/thread-protocol';
import { ApprovalCardSchema } from '../../../src/shared/protocols/thread-protocol';
import { ApprovalCard } from '../../../src/ui/cards/approval-card';
import { argsCard } from '../../support/panel-fixtures/sample-cards';
import { cleanup, mount } from './support';

const XSS = '<img src=x onerror="globalThis.pwned=1"><script>globalThis.pwned=2</script>';

const abilityCard: Card = {
  ...argsCard,
  recordId: 'rec-ability',
  toolName: 'ab_countersign-test_add-post-note',
  toolLabel: 'Add a note to a post',
  cardDescription: 'Adds a private note (post meta) to a post; earlier notes stay.',
  args: [
    { key: 'post_id', value: 12 },
    { key: 'note', value: XSS },
  ],
  argumentCard: {
    arguments: [
      { key: 'post_id', title: 'Post', description: 'The post this ability acts on.', value: '12' },
      { key: 'note', title: `Note ${XSS}`, description: XSS, value: XSS },
    ],
    notes: [
      'The site checks whether you may run this only when it runs: there is no trial run.',
      'The site does not say what this replaces or whether it can be undone.',
    ],
  },
  preview: { state: 'none', lines: [], notes: [] },
};

beforeEach(() => void vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('an ability’s approval card', () => {
  it('lists arguments by title and description, and the notes the site does not say', () => {
    expect(ApprovalCardSchema.safeParse(abilityCard).success).toBe(true);
    const root = mount(
      <ApprovalCard card={abilityCard} sending={false} imageOrigins={[]} onDecide={vi.fn()} />,
    );
    const list = root.querySelector('[data-testid="argument-card"]')!;
    const titles = [...list.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(titles[0]).toBe('Post (post_id)');
    expect(list.textContent).toContain('The post this ability acts on.');
    expect(list.querySelector('.card-notes')!.textContent).toContain(
      'only when it runs: there is no trial run.',
    );
    expect(list.textContent).toContain('does not say what this replaces');
    // The site's words are text: no element of theirs exists, nothing ran.
    expect(root.querySelector('img, script')).toBeNull();
    expect(list.textContent).toContain(XSS);
    expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
    // The generic argument list is not shown beside it.
    expect(root.querySelectorAll('dl.args')).toHaveLength(1);
  });

  it('C3: an id argument shows the entity by name (as text), or says it could not be read', () => {
    const named: Card = {
      ...abilityCard,
      argumentCard: {
        ...abilityCard.argumentCard!,
        arguments: [
          {
            ...abilityCard.argumentCard!.arguments[0]!,
            entity: { kind: 'post', id: 12, name: `Harbour notes ${XSS}` },
          },
          { key: 'user_id', title: 'User', value: '99', entity: { kind: 'user', id: 99 } },
        ],
      },
    };
    expect(ApprovalCardSchema.safeParse(named).success).toBe(true);
    const root = mount(
      <ApprovalCard card={named} sending={false} imageOrigins={[]} onDecide={vi.fn()} />,
    );
    const names = [...root.querySelectorAll('.arg-entity')].map((dd) => dd.textContent);
    expect(names).toEqual([
      `Post Harbour notes ${XSS}`,
      'Not found, or not yours to read; the site decides when the ability runs.',
    ]);
    expect(root.querySelector('img, script')).toBeNull();
  });
});
