import { render, type ComponentChild } from 'preact';
import { act } from 'preact/test-utils';
import type { PortLike } from '../../../src/ui/panel/thread/thread-connection';

/** Renders into a fresh container attached to the document; returns it. */
export function mount(node: ComponentChild): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => render(node, container));
  return container;
}

/** Unmounts everything mounted by {@link mount}. */
export function cleanup(): void {
  for (const child of [...document.body.children]) {
    act(() => render(null, child));
    child.remove();
  }
}

/** The button whose text is exactly `text` (or starts with it), failing loudly if none. */
export function button(root: ParentNode, text: string | RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) =>
    typeof text === 'string' ? b.textContent?.trim() === text : text.test(b.textContent ?? ''),
  );
  if (!found) throw new Error(`no button ${String(text)}`);
  return found;
}

/** A real mouse click: `detail` 1, as a pointer would give. */
export function click(element: Element): void {
  act(() => {
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
  });
}

/** A key press on `element`; returns whether the default action went ahead. */
export function press(element: Element, key: string, init: KeyboardEventInit = {}): boolean {
  let allowed = true;
  act(() => {
    const down = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
    allowed = element.dispatchEvent(down);
    element.dispatchEvent(
      new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true, ...init }),
    );
  });
  return allowed;
}

/** Types into a text box as a person would (value, then an input event). */
export function type(element: HTMLTextAreaElement | HTMLInputElement, value: string): void {
  act(() => {
    element.value = value;
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** A port the test drives: records what the panel posts, pushes what the background says. */
export class FakePort implements PortLike {
  sent: unknown[] = [];
  private messageListeners: Array<(message: unknown) => void> = [];
  private disconnectListeners: Array<() => void> = [];
  disconnected = false;
  postMessage(message: unknown) {
    this.sent.push(message);
  }
  disconnect() {
    this.disconnected = true;
  }
  onMessage = {
    addListener: (listener: (message: unknown) => void) =>
      void this.messageListeners.push(listener),
  };
  onDisconnect = {
    addListener: (listener: () => void) => void this.disconnectListeners.push(listener),
  };
  /** The background sends `message`. */
  push(message: unknown) {
    act(() => this.messageListeners.forEach((listener) => listener(message)));
  }
  /** The service worker went away. */
  drop() {
    act(() => this.disconnectListeners.forEach((listener) => listener()));
  }
}

/**
 * The ports a thread model opened, in order: `connect` is the model's connect function;
 * `clear` forgets them (before each test).
 */
export const openedPorts = {
  all: [] as FakePort[],
  connect(): FakePort {
    const port = new FakePort();
    openedPorts.all.push(port);
    return port;
  },
  last(): FakePort {
    return openedPorts.all[openedPorts.all.length - 1]!;
  },
  clear(): void {
    openedPorts.all = [];
  },
};
