import { render, type ComponentChild } from 'preact';
import { act } from 'preact/test-utils';
import { expect, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { optionsHarness } from './support';

/** Routes the page's `chrome.runtime.sendMessage` to the options handler, as the worker does. */
export function routeToHandler(h: ReturnType<typeof optionsHarness>): void {
  fakeBrowser.runtime.onMessage.addListener((message, _sender, sendResponse) => {
    void h.handle(message).then(sendResponse);
    return true;
  });
}

/** Renders into a fresh container attached to the document. */
export function mount(node: ComponentChild): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => render(node, container));
  return container;
}

/** Unmounts everything. */
export function unmountAll(): void {
  for (const child of [...document.body.children]) {
    act(() => render(null, child));
    child.remove();
  }
}

/**
 * Lets pending requests, storage and renders settle. The settings live in IndexedDB,
 * sealed with WebCrypto (S3), whose requests take more than a few timer turns.
 */
export async function settle(rounds = 30): Promise<void> {
  for (let i = 0; i < rounds; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/**
 * Waits until `check` stops throwing (an `expect` or a lookup), as a person waits for the
 * page: on a loaded machine sealed storage and renders take longer than any fixed number
 * of turns, so a check after a bare `settle()` would fail for the wrong reason.
 */
export async function until<T>(check: () => T, timeout = 10_000): Promise<T> {
  await settle(3);
  return vi.waitFor(check, { timeout, interval: 20 });
}

/** Waits until the forms in `root` have read what is stored (none is `aria-busy`). */
export async function loaded(root: HTMLElement): Promise<void> {
  await until(() => {
    expect(root.querySelector('form')).not.toBeNull();
    expect(root.querySelector('[aria-busy="true"]')).toBeNull();
  });
}

/** The form control labelled `text` (by its <label for>). */
export function byLabel<T extends HTMLElement = HTMLInputElement>(
  root: ParentNode,
  text: string | RegExp,
): T {
  const label = [...root.querySelectorAll('label')].find((l) =>
    typeof text === 'string' ? l.textContent?.trim() === text : text.test(l.textContent ?? ''),
  );
  const control = label && document.getElementById(label.htmlFor);
  if (!control) throw new Error(`no control labelled ${String(text)}`);
  return control as T;
}

/** Sets a value as a person would, firing the event Preact listens to. */
export function set(
  element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  value: string,
): void {
  act(() => {
    element.value = value;
    element.dispatchEvent(
      new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}

/** Clicks the button whose text starts with `text`. */
export function clickButton(root: ParentNode, text: string): void {
  const button = [...root.querySelectorAll('button')].find((b) =>
    b.textContent?.trim().startsWith(text),
  );
  if (!button) throw new Error(`no button ${text}`);
  act(() => button.click());
}
