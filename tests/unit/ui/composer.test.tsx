// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'preact/hooks';
import type { ThreadView } from '../../../src/shared/protocols/thread-protocol';
import { commandsView, decidedView } from '../../support/panel-fixtures/sample-views';
import { Composer } from '../../../src/ui/panel/thread/composer';
import { button, cleanup, click, mount, press, type } from './support';

afterEach(cleanup);

/** The composer with its text held as the thread model holds it. */
function Held(props: {
  view: ThreadView;
  onSend(text: string): boolean;
  onModel(m: string): void;
}) {
  const [draft, setDraft] = useState('');
  return (
    <Composer
      {...props}
      connection="open"
      draft={draft}
      onDraft={setDraft}
      onCancelQueued={() => undefined}
    />
  );
}

function compose(view: ThreadView, onSend = vi.fn((_text: string) => true)) {
  const onModel = vi.fn();
  const root = mount(<Held view={view} onSend={onSend} onModel={onModel} />);
  const box = root.querySelector('textarea') as HTMLTextAreaElement;
  return { root, box, onSend, onModel };
}

describe('composer', () => {
  it('Enter sends, Shift+Enter does not, and the box clears after sending', () => {
    const { box, onSend } = compose(decidedView);
    type(box, 'Make it shorter');
    press(box, 'Enter', { shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    press(box, 'Enter');
    expect(onSend).toHaveBeenCalledWith('Make it shorter');
    expect(box.value).toBe('');
  });

  it('keeps the text when it could not be sent', () => {
    const { box } = compose(
      decidedView,
      vi.fn(() => false),
    );
    type(box, 'Hello');
    press(box, 'Enter');
    expect(box.value).toBe('Hello');
  });

  it('agent mode: the model picker sends model-set', () => {
    const { root, onModel } = compose(decidedView);
    const select = root.querySelector('select') as HTMLSelectElement;
    expect(select.value).toBe('claude-sonnet-5-5');
    select.value = 'claude-haiku-5-5';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(onModel).toHaveBeenCalledWith('claude-haiku-5-5');
  });

  it('R3 commands mode: no AI words, no model picker, a "/" menu of commands', () => {
    const { root, box, onSend } = compose(commandsView);
    expect(box.placeholder).toBe('Search your content or type / for commands');
    expect(root.querySelector('select')).toBeNull();
    type(box, '/');
    const options = [...root.querySelectorAll('[role="option"]')].map((o) => o.textContent);
    expect(options.map((o) => o!.split(' ')[0])).toEqual([
      '/search',
      '/open',
      '/publish',
      '/trash',
    ]);
    type(box, '/p');
    expect(root.querySelectorAll('[role="option"]')).toHaveLength(1);
    press(box, 'Enter');
    expect(box.value).toBe('/publish ');
    expect(onSend).not.toHaveBeenCalled();
    type(box, '/publish post 51');
    press(box, 'Enter');
    expect(onSend).toHaveBeenCalledWith('/publish post 51');
    expect(root.textContent).not.toMatch(/\b(AI|agent|model|Claude)\b/i);
  });

  it('arrow keys move through the menu; Escape closes it', () => {
    const { root, box } = compose(commandsView);
    type(box, '/');
    press(box, 'ArrowDown');
    expect(root.querySelector('[aria-selected="true"]')!.textContent).toContain('/open');
    expect(box.getAttribute('aria-activedescendant')).toBe('command-1');
    press(box, 'Escape');
    expect(root.querySelector('[role="listbox"]')).toBeNull();
  });

  it('the Send button sends too, and is disabled while empty', () => {
    const { root, box, onSend } = compose(decidedView);
    expect(button(root, 'Send').disabled).toBe(true);
    type(box, 'Hi');
    click(button(root, 'Send'));
    expect(onSend).toHaveBeenCalledWith('Hi');
  });
});
