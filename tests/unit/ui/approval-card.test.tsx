// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalCard as Card } from '../../../src/shared/protocols/thread-protocol';
import { ApprovalCard } from '../../../src/ui/cards/approval-card';
import { KEY_GUARD_MS } from '../../../src/ui/cards/use-armed';
import { HASH, argsCard, configCard, contentCard } from '../../support/panel-fixtures/sample-cards';
import { button, cleanup, click, mount, press, type } from './support';

const SITE = ['https://example.test'];

function show(card: Card) {
  const onDecide = vi.fn();
  const root = mount(
    <ApprovalCard card={card} sending={false} imageOrigins={SITE} onDecide={onDecide} />,
  );
  return { root, onDecide };
}
const arm = () => act(() => void vi.advanceTimersByTime(KEY_GUARD_MS));

beforeEach(() => void vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('approval card (C1, C4, C7)', () => {
  it('shows the tool, its card description, the entity, where it lands and the short hash', () => {
    const { root } = show(contentCard);
    expect(root.querySelector('h3')!.textContent).toBe('Update post');
    expect(root.textContent).toContain('Changes fields of one post, page or other entry.');
    expect(root.querySelector('.entity-type')!.textContent).toBe('Post');
    expect(root.querySelector('.entity-title')!.textContent).toBe('Hello world');
    expect(root.querySelector('.lands')!.textContent).toBe('Live');
    const hash = root.querySelector('.hash')!;
    expect(hash.querySelector('code')!.textContent).toBe(HASH.slice(0, 8));
    expect(hash.getAttribute('title')).toContain(HASH);
    expect(root.textContent).toContain('Why it asks: Changes to published posts ask every time.');
    expect(root.textContent).toContain('2 more calls wait behind this one.');
  });

  it('shows each changed field by label with current and proposed values and the word diff', () => {
    const { root } = show(contentCard);
    const title = root.querySelector('[aria-label="Title"]')!;
    const [current, proposed] = [...title.querySelectorAll('dd')];
    expect(current!.textContent).toContain('Hello');
    expect(proposed!.querySelector('ins')!.textContent).toBe('added: ,');
    expect([...proposed!.querySelectorAll('ins')].map((e) => e.textContent)).toEqual([
      'added: ,',
      'added: wide ',
    ]);
    expect(current!.querySelectorAll('ins')).toHaveLength(0);
    // The HTML field opens rendered, and switches to the source diff.
    const excerpt = root.querySelector('[aria-label="Excerpt"]')!;
    expect(excerpt.querySelector('.rendered')).not.toBeNull();
    click(button(excerpt, 'Source diff'));
    expect(excerpt.querySelector('.rendered')).toBeNull();
    expect([...excerpt.querySelectorAll('del')].map((e) => e.textContent)).toContain(
      'removed: WordPress',
    );
  });

  it('sends the decision with the record id and the full payload hash on click (G7)', () => {
    const { root, onDecide } = show(contentCard);
    arm();
    click(button(root, 'Approve'));
    expect(onDecide).toHaveBeenCalledWith({
      approve: true,
      recordId: 'rec-content',
      payloadHash: HASH,
      targetModified: null,
    });
  });

  it('ignores a key press or click right after it appears (no stray-key approval)', () => {
    const { root, onDecide } = show(contentCard);
    const approve = button(root, 'Approve');
    approve.focus();
    expect(approve.getAttribute('aria-disabled')).toBe('true');
    expect(press(approve, 'Enter')).toBe(false); // default (the synthetic click) prevented
    click(approve);
    expect(onDecide).not.toHaveBeenCalled();
    arm();
    expect(press(approve, 'Enter')).toBe(true);
    click(approve);
    expect(onDecide).toHaveBeenCalledTimes(1);
  });

  it('disarms again when the card comes back with new data (G13 refresh)', () => {
    const onDecide = vi.fn();
    const draw = (card: Card) => (
      <ApprovalCard card={card} sending={false} imageOrigins={SITE} onDecide={onDecide} />
    );
    const root = mount(draw(contentCard));
    arm();
    expect(button(root, 'Approve').getAttribute('aria-disabled')).toBe('false');
    // The same snapshot again (another view arrived): stays armed.
    act(() => render(draw({ ...contentCard }), root));
    expect(button(root, 'Approve').getAttribute('aria-disabled')).toBe('false');
    const refreshed: Card = {
      ...contentCard,
      fields: [
        { ...contentCard.fields![0]!, current: 'Hello there, world' },
        contentCard.fields![1]!,
      ],
      targetChanged: { fields: ['Title'], message: '' },
    };
    act(() => render(draw(refreshed), root));
    const approve = button(root, 'Approve');
    expect(approve.getAttribute('aria-disabled')).toBe('true');
    expect(press(approve, 'Enter')).toBe(false);
    click(approve);
    expect(onDecide).not.toHaveBeenCalled();
    arm();
    click(button(root, 'Approve'));
    expect(onDecide).toHaveBeenCalledTimes(1);
  });

  it('G13: shows the target-changed banner and marks the field', () => {
    const { root } = show({
      ...contentCard,
      targetChanged: { fields: ['title'], message: 'Someone edited the title.' },
    });
    const banner = root.querySelector('[role="alert"]')!;
    expect(banner.textContent).toContain(
      'The post changed since this card was built: title. Review the refreshed values and approve again.',
    );
    expect(banner.textContent).toContain('Someone edited the title.');
    expect(root.querySelector('[aria-label="Title"] .badge')!.textContent).toBe(
      'Changed since the card was built',
    );
  });

  it('Reject reveals an optional note, then Confirm reject sends it', () => {
    const { root, onDecide } = show(contentCard);
    arm();
    click(button(root, 'Reject'));
    type(root.querySelector('textarea')!, '  Keep the old title.  ');
    click(button(root, 'Confirm reject'));
    expect(onDecide).toHaveBeenCalledWith({
      approve: false,
      note: 'Keep the old title.',
      recordId: 'rec-content',
      payloadHash: HASH,
      targetModified: null,
    });
  });

  it('rejecting without a note sends no note', () => {
    const { root, onDecide } = show(contentCard);
    arm();
    click(button(root, 'Reject'));
    click(button(root, 'Confirm reject'));
    expect(onDecide.mock.calls[0]![0]).not.toHaveProperty('note');
  });

  it('G14: offers "Approve and allow" only when canGrantThread', () => {
    const granted = show(contentCard);
    arm();
    click(button(granted.root, 'Approve and allow Update post for this thread'));
    expect(granted.onDecide).toHaveBeenCalledWith(
      expect.objectContaining({ approve: true, grantThread: true }),
    );
    cleanup();
    const plain = show({ ...contentCard, canGrantThread: false });
    expect(() => button(plain.root, /Approve and allow/)).toThrow();
  });

  it('a card whose decision is on its way cannot be decided again', () => {
    const onDecide = vi.fn();
    const root = mount(
      <ApprovalCard card={contentCard} sending imageOrigins={SITE} onDecide={onDecide} />,
    );
    arm();
    click(button(root, 'Approve'));
    expect(onDecide).not.toHaveBeenCalled();
    expect(root.textContent).toContain('Sending your decision…');
  });
});

describe('previews and other layouts (P3, P4, P7, C2, C3)', () => {
  it('shows preview lines and the captured note', () => {
    const { root } = show(contentCard);
    const preview = root.querySelector('[aria-label="Preview"]')!;
    expect([...preview.querySelectorAll('li')].map((li) => li.textContent)).toEqual(
      contentCard.preview.lines,
    );
    expect(preview.textContent).toContain(
      'Captured when the run paused: the target may have changed since.',
    );
  });

  it('a failed preview says the person decides without one', () => {
    const { root } = show({ ...contentCard, preview: { state: 'failed', lines: [], notes: [] } });
    expect(root.querySelector('[aria-label="Preview"]')!.textContent).toContain(
      'No preview: you are deciding without one',
    );
  });

  it('a withheld preview says so and shows no lines', () => {
    const { root } = show(argsCard);
    const preview = root.querySelector('[aria-label="Preview"]')!;
    expect(preview.textContent).toContain('The preview is withheld');
    expect(preview.querySelectorAll('li')).toHaveLength(0);
  });

  it('C3: lists arguments; a media argument shows its name and a thumbnail with alt text', () => {
    const { root } = show(argsCard);
    expect([...root.querySelectorAll('.arg dt')].map((dt) => dt.textContent)).toEqual([
      'post',
      'media',
    ]);
    const img = root.querySelector('.media img')!;
    expect(img.getAttribute('alt')).toBe('harbour-at-dawn.jpg');
    expect(img.getAttribute('src')).toBe(
      'https://example.test/wp-content/uploads/harbour-150x150.jpg',
    );
  });

  it('C3: a thumbnail from another origin is not loaded', () => {
    const media = { ...argsCard.args[1]!.media!, thumbnailUrl: 'https://tracker.test/t.jpg' };
    const { root } = show({ ...argsCard, args: [{ key: 'media', value: 7, media }] });
    expect(root.querySelector('.media img')).toBeNull();
    expect(root.querySelector('.media')!.textContent).toContain('harbour-at-dawn.jpg');
  });

  it('C2: a YAML diff per setting, loaded lazily', async () => {
    vi.useRealTimers();
    const { root } = show(configCard);
    expect(root.textContent).toContain('Preparing the settings diff…');
    for (let tick = 0; tick < 50 && !root.querySelector('.yaml-diff'); tick++) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
    expect(root.querySelectorAll('.yaml-diff')).toHaveLength(2);
    const reading = root.querySelectorAll('.yaml-diff')[1]!;
    const changed = [...reading.querySelectorAll('.yl-ins, .yl-del')].map((line) =>
      line.textContent!.trimEnd(),
    );
    expect(changed).toEqual(['−removed: posts_per_page: 10', '+added: posts_per_page: 12']);
  });
});
