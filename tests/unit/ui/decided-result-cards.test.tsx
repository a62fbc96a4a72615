// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DecidedCard } from '../../../src/ui/cards/decided-card';
import { ResultCard } from '../../../src/ui/cards/result-card';
import { contentCard, draftResult, liveResult } from '../../support/panel-fixtures/sample-cards';
import { button, cleanup, click, mount } from './support';

const SITE = ['https://example.test'];
afterEach(cleanup);

describe('decided cards (C6)', () => {
  it.each([
    ['approved', 'Approved.'],
    ['rejected', 'Rejected.'],
    ['expired', 'Expired.'],
  ] as const)(
    '%s: says "%s", lists the arguments, shows no diff and no buttons',
    (decided, text) => {
      const root = mount(<DecidedCard card={contentCard} decided={decided} imageOrigins={SITE} />);
      expect(root.querySelector('.decided-mark')!.textContent).toContain(text);
      expect([...root.querySelectorAll('.arg dt')].map((dt) => dt.textContent)).toEqual([
        'id',
        'title',
      ]);
      expect(root.querySelectorAll('ins, del, .diff, .rendered, .field')).toHaveLength(0);
      expect(root.querySelectorAll('button')).toHaveLength(0);
    },
  );
});

describe('result cards (C5, U1)', () => {
  it('a live write says visitors see it, with no Publish', () => {
    const root = mount(
      <ResultCard card={liveResult} publishing={false} imageOrigins={SITE} onPublish={vi.fn()} />,
    );
    expect(root.querySelector('[data-testid="visibility"]')!.textContent).toContain(
      'Live: visitors see this now',
    );
    expect(root.querySelectorAll('button')).toHaveLength(0);
  });

  it('a draft says visitors see nothing, lists what differs, and Publish sends its record id', () => {
    const onPublish = vi.fn();
    const root = mount(
      <ResultCard
        card={draftResult}
        publishing={false}
        imageOrigins={SITE}
        onPublish={onPublish}
      />,
    );
    expect(root.querySelector('[data-testid="visibility"]')!.textContent).toContain(
      'Draft: visitors see nothing until it is published',
    );
    expect(
      root.querySelector(
        '[aria-label="What differs from the published version"] [aria-label="Content"]',
      ),
    ).not.toBeNull();
    click(button(root, 'Publish'));
    expect(onPublish).toHaveBeenCalledWith('rec-draft', undefined);
  });

  it('a draft changed since its card says nothing was published, shows what changed, and Publish asks again', () => {
    const onPublish = vi.fn();
    const card = {
      ...draftResult,
      checkedAt: 5,
      changedSince: [
        {
          key: 'title',
          label: 'Title',
          current: 'Old',
          proposed: 'Swapped',
          format: 'text' as const,
        },
      ],
    };
    const root = mount(
      <ResultCard card={card} publishing={false} imageOrigins={SITE} onPublish={onPublish} />,
    );
    const alert = root.querySelector('[role="alert"][aria-label="Changed since this card"]')!;
    expect(alert.textContent).toContain('Not published: this draft changed since this card');
    expect(alert.querySelector('[aria-label="Title"]')!.textContent).toContain('Swapped');
    click(button(root, 'Publish'));
    expect(onPublish).toHaveBeenCalledWith('rec-draft', 5);
  });

  it('shows "Publishing…" while on its way, then "Published." when the card comes back', () => {
    const root = mount(
      <ResultCard card={draftResult} publishing imageOrigins={SITE} onPublish={vi.fn()} />,
    );
    expect(button(root, 'Publishing…').disabled).toBe(true);
    const published = {
      ...draftResult,
      published: true,
      visibleToVisitors: true,
      visibilityText: '',
    };
    act(() =>
      render(
        <ResultCard card={published} publishing={false} imageOrigins={SITE} onPublish={vi.fn()} />,
        root,
      ),
    );
    expect(root.querySelector('.published')!.textContent).toContain('Published.');
    expect(root.querySelector('[data-testid="visibility"]')!.textContent).toContain(
      'Live: visitors see this now',
    );
    expect(root.querySelectorAll('button')).toHaveLength(0);
  });

  it('while the publish waits for its approval it says so and offers no second Publish; a refused one says why (U2, G2)', () => {
    const asked = { ...draftResult, publish: { state: 'asked' as const, recordId: 'rec-pub' } };
    const root = mount(
      <ResultCard card={asked} publishing={false} imageOrigins={SITE} onPublish={vi.fn()} />,
    );
    expect(root.querySelector('[data-testid="publish-state"]')!.textContent).toBe(
      'Publish waits for approval below.',
    );
    expect(() => button(root, 'Publish')).toThrow();
    expect(root.querySelector('.published')).toBeNull();
    const refused = {
      ...draftResult,
      publish: { state: 'refused' as const, message: 'Your account may not publish posts.' },
    };
    const onPublish = vi.fn();
    act(() =>
      render(
        <ResultCard card={refused} publishing={false} imageOrigins={SITE} onPublish={onPublish} />,
        root,
      ),
    );
    expect(root.querySelector('[data-testid="publish-state"]')!.textContent).toBe(
      'Your account may not publish posts.',
    );
    click(button(root, 'Publish'));
    expect(onPublish).toHaveBeenCalledWith('rec-draft', undefined);
  });

  it('no Publish for accounts the workflow does not allow (U1)', () => {
    const root = mount(
      <ResultCard
        card={{ ...draftResult, canPublish: false }}
        publishing={false}
        imageOrigins={SITE}
        onPublish={vi.fn()}
      />,
    );
    expect(() => button(root, 'Publish')).toThrow();
  });
});
