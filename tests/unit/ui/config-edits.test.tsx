// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalCard as Card } from '../../../src/shared/protocols/thread-protocol';
import { ApprovalCard } from '../../../src/ui/cards/approval-card';
import { configCard } from '../../support/panel-fixtures/sample-cards';
import { button, cleanup, click, mount, type } from './support';

/** Issue 36 items 2 and 3 on a settings card (C2): the person's controls per setting. */

const card: Card = {
  ...configCard,
  config: [
    { key: 'blogdescription', current: 'Just another site', proposed: 'Fresh newz daily' },
    { key: 'posts_per_page', current: 10, proposed: 12 },
  ],
  editable: ['blogdescription'],
  droppable: ['blogdescription', 'posts_per_page'],
};

async function show(shown: Card) {
  const onAmend = vi.fn();
  const root = mount(
    <ApprovalCard
      card={shown}
      sending={false}
      imageOrigins={[]}
      onDecide={vi.fn()}
      onAmend={onAmend}
    />,
  );
  // The YAML diffs load the yaml library first.
  for (let tick = 0; tick < 50 && !root.querySelector('.yaml-diff'); tick++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
  return { root, onAmend };
}

afterEach(cleanup);

describe('a settings card the person may change (issue 36, C2)', () => {
  it('offers to edit the text setting only, and a checkbox per setting', async () => {
    const { root } = await show(card);
    expect(root.querySelectorAll('.yaml-diff')).toHaveLength(2);
    expect(button(root, 'Edit blogdescription')).toBeTruthy();
    expect(() => button(root, 'Edit posts_per_page')).toThrow();
    const boxes = [...root.querySelectorAll<HTMLInputElement>('.field-include input')];
    expect(boxes.map((box) => [box.dataset['testid'], box.checked])).toEqual([
      ['include-blogdescription', true],
      ['include-posts_per_page', true],
    ]);
  });

  it("sends the person's text for the setting, bound to the card's hash", async () => {
    const { root, onAmend } = await show(card);
    click(button(root, 'Edit blogdescription'));
    const box = root.querySelector<HTMLTextAreaElement>('textarea')!;
    expect(box.value).toBe('Fresh newz daily');
    type(box, 'Fresh news daily');
    click(button(root, 'Show my version'));
    expect(onAmend).toHaveBeenCalledWith(
      expect.objectContaining({
        recordId: card.recordId,
        payloadHash: card.payloadHash,
        fields: { blogdescription: 'Fresh news daily' },
      }),
    );
  });

  it('unchecking a setting leaves it as it is; a setting left is shown dimmed, as the agent proposed it', async () => {
    const { root, onAmend } = await show(card);
    click(root.querySelector('[data-testid="include-posts_per_page"]')!);
    expect(onAmend).toHaveBeenCalledWith(
      expect.objectContaining({ fields: {}, drop: ['posts_per_page'] }),
    );
    cleanup();
    const left = await show({
      ...card,
      payloadHash: 'b'.repeat(64),
      config: [card.config![0]!],
      droppedConfig: [card.config![1]!],
      edited: {
        fields: ['posts_per_page'],
        proposed: { posts_per_page: '12' },
        dropped: ['posts_per_page'],
      },
    });
    const dimmed = left.root.querySelector('.field-dropped')!;
    expect(dimmed.textContent).toContain('posts_per_page');
    expect(dimmed.textContent).toContain('Agent proposed');
    const box = dimmed.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(box.checked).toBe(false);
    // The last setting still applied cannot be left too: that is a rejection.
    const last = left.root.querySelector<HTMLInputElement>(
      '[data-testid="include-blogdescription"]',
    )!;
    expect(last.disabled).toBe(true);
    click(box);
    expect(left.onAmend).toHaveBeenCalledWith(
      expect.objectContaining({ fields: {}, restore: ['posts_per_page'] }),
    );
  });
});
