// @vitest-environment happy-dom
// Issue 36 item 1 for second approvers: the calls ticked in the approvals view, decided
// together. Each keeps its own card and its own binding (id, hash, stamp: G7); none is
// pre-selected; those left out are rejected with the note; a call no longer waiting is
// named apart and never sent.
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ApprovalsPush,
  ApprovalSummary,
} from '../../../src/shared/protocols/approvals-protocol';
import { TogetherView } from '../../../src/ui/approvals/together';
import { KEY_GUARD_MS } from '../../../src/ui/cards/use-armed';
import { contentCard } from '../../support/panel-fixtures/sample-cards';
import { cleanup, click, mount, type } from './support';

type CardPush = Extract<ApprovalsPush, { type: 'card' }>;
const target = { siteRoot: 'https://example.test/wp-json/', userId: '1' };

function call(id: string, title: string, status = 'waiting'): [ApprovalSummary, CardPush] {
  const { recordId: _r, payloadHash: _p, ...data } = contentCard;
  return [
    {
      target,
      id,
      toolLabel: 'Update post',
      entityTitle: title,
      requester: 'Edna',
      createdAt: 1,
      expiresAt: null,
    },
    {
      type: 'card',
      target,
      id,
      status,
      requester: 'Edna',
      decidedBy: null,
      canDecide: true,
      withheld: false,
      card: { ...data, entity: { ...contentCard.entity!, title } },
      payloadHash: `hash-${id}`.padEnd(64, '0'),
      stamp: `stamp-${id}`,
      tool: 'wp_update_post',
    },
  ];
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function show(calls: Array<[ApprovalSummary, CardPush]>) {
  const onDecide = vi.fn();
  const root = mount(
    <TogetherView
      chosen={calls.map(([item]) => item)}
      cards={Object.fromEntries(calls.map(([item, push]) => [item.id, push]))}
      sending={false}
      onDecide={onDecide}
    />,
  );
  act(() => void vi.advanceTimersByTime(KEY_GUARD_MS));
  return { root, onDecide };
}

describe('decide together in the approvals view (issue 36, G7, G15)', () => {
  it('shows each call with who asked, none ticked; approves the ticked one and rejects the other with the note, each bound to its own hash and stamp', () => {
    const { root, onDecide } = show([call('a', 'First post'), call('b', 'Second post')]);
    expect(root.textContent).toContain('2 calls to decide together');
    expect(root.textContent).toContain('Requested by Edna');
    expect(root.querySelector('[data-testid="batch-member"]')!.textContent).toContain(
      'Second post',
    );
    const [tickA, tickB] = ['a', 'b'].map((id) =>
      root.querySelector<HTMLInputElement>(`[data-testid="select-${id}"]`)!,
    );
    expect(tickA!.checked).toBe(false);
    expect(tickB!.checked).toBe(false);
    click(tickA!);
    type(root.querySelector('textarea')!, 'Not this one.');
    const approve = root.querySelector('[data-testid="approve-selected"]')!;
    expect(approve.textContent).toBe('Approve selected (1 of 2)');
    click(approve);
    expect(onDecide).toHaveBeenCalledTimes(1);
    const [decisions] = onDecide.mock.calls[0]!;
    expect(decisions).toEqual([
      expect.objectContaining({
        approve: true,
        payloadHash: 'hash-a'.padEnd(64, '0'),
        stamp: 'stamp-a',
      }),
      expect.objectContaining({
        approve: false,
        payloadHash: 'hash-b'.padEnd(64, '0'),
        stamp: 'stamp-b',
        note: 'Not this one.',
      }),
    ]);
    expect(decisions[0].note).toBeUndefined();
    expect(decisions.map((d: { item: ApprovalSummary }) => d.item.id)).toEqual(['a', 'b']);
  });

  it('a call decided elsewhere since it was ticked is named apart and not sent', () => {
    const { root, onDecide } = show([
      call('a', 'First'),
      call('b', 'Second'),
      call('c', 'Gone', 'approved'),
    ]);
    expect(root.querySelector('[data-testid="together-closed"]')!.textContent).toContain(
      'Update post',
    );
    expect(root.querySelectorAll('[data-testid="batch-member"]')).toHaveLength(1);
    click(root.querySelector('[data-testid="select-a"]')!);
    click(root.querySelector('[data-testid="select-b"]')!);
    click(root.querySelector('[data-testid="approve-selected"]')!);
    const [decisions] = onDecide.mock.calls[0]!;
    expect(decisions.map((d: { item: ApprovalSummary }) => d.item.id)).toEqual(['a', 'b']);
  });

  it('says it is reading until every chosen card has arrived', () => {
    const [item] = call('a', 'First');
    const root = mount(
      <TogetherView chosen={[item]} cards={{}} sending={false} onDecide={() => {}} />,
    );
    expect(root.querySelector('[data-testid="together-reading"]')).not.toBeNull();
  });
});
