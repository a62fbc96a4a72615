// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ThreadView } from '../../../src/shared/protocols/thread-protocol';
import { loadCards } from '../../../src/ui/cards/lazy-cards';
import { loadMarkdown } from '../../../src/ui/markdown/lazy-markdown';
import { KEY_GUARD_MS } from '../../../src/ui/cards/use-armed';
import { HASH } from '../../support/panel-fixtures/sample-cards';
import {
  commandsView,
  decidedView,
  longView,
  pendingView,
} from '../../support/panel-fixtures/sample-views';
import { ThreadPanel } from '../../../src/ui/panel/thread/thread-panel';
import { createThreadModel } from '../../../src/ui/panel/thread/thread-model';
import { viewPush } from '../../../src/background/threads/view-window';
import { act } from 'preact/test-utils';
import { button, cleanup, click, FakePort, mount, press, type } from './support';

const SITE = {
  origin: 'https://example.test',
  adminUrl: 'https://example.test/wp-admin/',
  tabId: 7,
};
let port: FakePort;

function open(view: ThreadView) {
  const model = createThreadModel(() => (port = new FakePort()));
  model.start(7);
  const root = mount(<ThreadPanel model={model} site={SITE} />);
  port.push({ type: 'thread-view', view });
  return { root, model };
}
const sent = () => port.sent.slice(2); // after thread-open and thread-list

// Both lazy chunks are loaded before any test renders, as a panel has them after first paint.
beforeAll(async () => void (await Promise.all([loadCards(), loadMarkdown()])));
beforeEach(() => void vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A message's Edit button, by its accessible name (the visible word is only "Edit"). */
function editButton(root: ParentNode): HTMLButtonElement {
  const found = root.querySelector<HTMLButtonElement>('button[aria-label="Edit this message"]');
  if (!found) throw new Error('no Edit button');
  return found;
}
describe('thread view', () => {
  it('shows messages, thinking collapsed, tool rows in words, and the pending card', () => {
    const { root } = open(pendingView);
    expect(root.querySelector('.msg-user')!.textContent).toContain('Make the title');
    const thinking = root.querySelector('details.thinking') as HTMLDetailsElement;
    expect(thinking.open).toBe(false);
    const tools = [...root.querySelectorAll('.tool-row')].map((row) => row.textContent);
    expect(tools).toEqual([
      '✓Read postDonePost 42, "Hello world"',
      '●Update postWaiting for your decision',
    ]);
    expect(root.querySelector('[data-testid="approval-card"]')).not.toBeNull();
    expect(root.querySelector('.card-kicker')!.textContent).toContain('Waiting for your decision');
  });

  it('R6: shows the untrusted badge with its explanation', () => {
    const { root } = open(pendingView);
    const badge = root.querySelector('[data-testid="untrusted"]')!;
    expect(badge.querySelector('summary')!.textContent).toContain(
      'Untrusted: this thread contains words others wrote',
    );
    expect(badge.textContent).toContain('nothing that goes live is approved automatically');
  });

  it('G6: disables the composer with the reason while a call is pending', () => {
    const { root } = open(pendingView);
    const box = root.querySelector('textarea[aria-label="Message"]') as HTMLTextAreaElement;
    expect(box.disabled).toBe(true);
    expect(root.querySelector('#composer-reason')!.textContent).toBe(
      'Waiting for your decision on the card above: new messages wait until it is decided.',
    );
    expect(box.getAttribute('aria-describedby')).toBe('composer-reason');
  });

  it('approving from the panel sends the decision over the port, with its tab and the card’s stamp', () => {
    const stamp = '2026-03-01T09:30:00';
    const view = structuredClone(pendingView);
    for (const item of view.items) if (item.kind === 'approval') item.card.targetModified = stamp;
    const { root } = open(view);
    act(() => void vi.advanceTimersByTime(KEY_GUARD_MS));
    click(button(root, 'Approve'));
    expect(sent()).toEqual([
      {
        type: 'decision',
        threadId: 'th-1',
        tabId: 7,
        recordId: 'rec-content',
        payloadHash: HASH,
        targetModified: stamp,
        approve: true,
      },
    ]);
    expect(root.textContent).toContain('Sending your decision…');
  });

  it('G14: lists grants and revokes them', () => {
    const { root } = open(pendingView);
    expect(root.querySelector('.grants')!.textContent).toContain('Create draft');
    click(button(root, 'Revoke'));
    expect(sent()).toEqual([{ type: 'grant-revoke', threadId: 'th-1', tool: 'create_draft' }]);
  });

  it('C6: a reopened thread shows decided cards without diffs and result cards', () => {
    const { root } = open(decidedView);
    const marks = [...root.querySelectorAll('.decided-mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['✓ Approved.', '✕ Rejected.']);
    expect(root.querySelectorAll('[data-testid="result-card"]')).toHaveLength(2);
    expect(root.querySelectorAll('.decided-card .field')).toHaveLength(0);
  });

  it('A6: the header lists the settings the thread changed', () => {
    const { root } = open(decidedView);
    const toggle = button(root, 'Settings changed (1)');
    click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(root.querySelector('#config-changes')!.textContent).toContain('Create draft');
  });

  it('U1: Publish sends publish for the result card', () => {
    const { root } = open(decidedView);
    click(button(root, 'Publish'));
    expect(sent()).toEqual([{ type: 'publish', threadId: 'th-1', recordId: 'rec-draft' }]);
    expect(button(root, 'Publishing…').disabled).toBe(true);
  });

  it('streams text into the assistant item', () => {
    const { root } = open({ ...decidedView, busy: true });
    port.push({ type: 'text-delta', threadId: 'th-1', itemId: 'a-2', text: 'Working on it' });
    const last = [...root.querySelectorAll('.msg-assistant')].at(-1)!;
    expect(last.textContent).toContain('Working on it');
    expect(last.querySelector('.caret')).not.toBeNull();
    expect(root.querySelector('[data-testid="busy"]')!.textContent).toContain('Working…');
  });

  it('while busy a message sent waits above the box, can be taken back, and goes when the step ends', () => {
    const { root } = open({ ...decidedView, busy: true });
    const box = root.querySelector('textarea[aria-label="Message"]') as HTMLTextAreaElement;
    expect(box.disabled).toBe(false);
    expect(root.querySelector('#composer-reason')!.textContent).toBe(
      'Working… a message you send now goes when this step ends.',
    );
    type(box, 'Also the excerpt');
    press(box, 'Enter');
    expect(box.value).toBe('');
    const waiting = root.querySelector('[data-testid="outgoing"]')!;
    expect(waiting.textContent).toContain('Sends when this step ends:');
    expect(waiting.textContent).toContain('Also the excerpt');
    expect(sent()).toEqual([]);
    click(button(waiting, 'Cancel'));
    expect(box.value).toBe('Also the excerpt');
    expect(root.querySelector('[data-testid="outgoing"]')).toBeNull();
    press(box, 'Enter');
    port.push({ type: 'thread-view', view: { ...decidedView, busy: false, pending: null } });
    expect(sent()).toEqual([
      { type: 'message-send', threadId: decidedView.threadId, text: 'Also the excerpt' },
    ]);
    expect(root.querySelector('[data-testid="outgoing"]')!.textContent).toContain('Sending…');
  });

  it('a message the background never took comes back into the box, with a note', () => {
    const { root } = open({ ...decidedView, busy: false, pending: null });
    const box = root.querySelector('textarea[aria-label="Message"]') as HTMLTextAreaElement;
    type(box, 'Shorten the title');
    press(box, 'Enter');
    expect(box.value).toBe('');
    port.drop();
    act(() => void vi.advanceTimersByTime(1_000));
    port.push({ type: 'thread-view', view: { ...decidedView, busy: false, pending: null } });
    expect(box.value).toBe('Shorten the title');
    expect(root.querySelector('[data-testid="unsent"]')!.textContent).toContain('was not sent');
    type(box, 'Shorten the title, please');
    expect(root.querySelector('[data-testid="unsent"]')).toBeNull();
  });

  it('shows "Reconnecting…" when the worker goes away, then the thread again', () => {
    const { root } = open(pendingView);
    port.drop();
    expect(root.querySelector('.banner')!.textContent).toContain('Reconnecting…');
    act(() => void vi.advanceTimersByTime(1_000));
    expect(port.sent[0]).toEqual({ type: 'thread-open', tabId: 7, shown: 24, threadId: 'th-1' });
    port.push({ type: 'thread-view', view: pendingView });
    expect(root.querySelector('.banner')).toBeNull();
  });

  it('admin links open in the admin tab; other links open in a new tab', () => {
    const update = vi.spyOn(chrome.tabs, 'update').mockResolvedValue(undefined);
    const { root } = open(commandsView);
    const [admin, site] = [...root.querySelectorAll('.links-item a')] as HTMLAnchorElement[];
    expect(admin!.href).toBe('https://example.test/wp-admin/post.php?post=51&action=edit');
    click(admin!);
    expect(update).toHaveBeenCalledWith(7, { url: admin!.href });
    expect(site!.target).toBe('_blank');
    expect(site!.rel).toBe('noopener noreferrer');
  });

  it('R1: an earlier message can be edited; the form says what follows is dropped', () => {
    const { root } = open({ ...decidedView, busy: false, pending: null });
    const edit = editButton(root);
    click(edit);
    const form = root.querySelector('form[aria-label="Edit your message"]')!;
    expect(form.textContent).toContain('everything after this message is dropped');
    const box = form.querySelector('textarea')!;
    expect(box.value).toBe(decidedView.items.find((i) => i.kind === 'user')!.text);
    expect(button(form, 'Send edit').disabled).toBe(true); // unchanged: nothing to send
    act(() => {
      box.value = 'Make the title shorter instead';
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    click(button(form, 'Send edit'));
    const userItem = decidedView.items.find((i) => i.kind === 'user')!;
    expect(sent()).toEqual([
      {
        type: 'message-edit',
        threadId: decidedView.threadId,
        itemId: userItem.id,
        text: 'Make the title shorter instead',
      },
    ]);
    expect(root.querySelector('form[aria-label="Edit your message"]')).toBeNull();
  });

  it('R1: while a call waits, Edit is disabled and says why; Escape cancels an edit', () => {
    const { root } = open(pendingView);
    const edit = editButton(root);
    expect(edit.disabled).toBe(true);
    expect(edit.title).toBe('Decide the waiting call before editing an earlier message.');
    cleanup();
    const again = open({ ...decidedView, busy: false, pending: null });
    click(editButton(again.root));
    const box = again.root.querySelector('form textarea')!;
    act(() => {
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(again.root.querySelector('form[aria-label="Edit your message"]')).toBeNull();
    expect(sent()).toEqual([]);
  });

  it('long threads render their last 24 items, with "Show earlier" adding 60 at a time', () => {
    const { root } = open(longView(1_000));
    expect(root.querySelectorAll('.msg')).toHaveLength(24);
    click(button(root, 'Show earlier (976 more)'));
    expect(root.querySelectorAll('.msg')).toHaveLength(84);
  });

  it('issue 15: a thread sent as its last items asks the background for earlier ones', () => {
    // The settings change (A6) is among the items the background keeps back.
    const whole = { ...decidedView, items: [...decidedView.items, ...longView(150).items] };
    const { root } = open(decidedView);
    port.push(viewPush(whole, 24));
    expect(root.querySelectorAll('.msg')).toHaveLength(24);
    expect(root.textContent).not.toContain('Question 0');
    expect(button(root, 'Settings changed (1)')).toBeTruthy();
    click(button(root, `Show earlier (${whole.items.length - 24} more)`));
    expect(sent().at(-1)).toEqual({ type: 'items-show', threadId: 'th-1', shown: 84 });
    // Until they arrive, the button says they are on their way and takes no second click.
    const loading = button(root, 'Loading earlier items…');
    expect(loading.disabled).toBe(true);
    expect(loading.getAttribute('aria-busy')).toBe('true');
    port.push(viewPush(whole, 84));
    expect(root.querySelectorAll('.msg')).toHaveLength(84);
    click(button(root, `Show earlier (${whole.items.length - 84} more)`));
    port.push(viewPush(whole, 144));
    click(button(root, `Show earlier (${whole.items.length - 144} more)`));
    expect(sent().at(-1)).toEqual({ type: 'items-show', threadId: 'th-1', shown: 204 });
    port.push(viewPush(whole, 204));
    expect(root.querySelector('.msg-user')!.textContent).toContain('Make the title');
    expect(root.querySelector('.show-earlier')).toBeNull();
    expect(button(root, 'Settings changed (1)')).toBeTruthy();
  });
});

describe('thread list', () => {
  it('asks for the list, switches threads and starts new ones', () => {
    const { root } = open(pendingView);
    click(button(root, 'Threads'));
    expect(sent()).toEqual([{ type: 'thread-list' }]);
    port.push({
      type: 'thread-list',
      threads: [
        { threadId: 'th-1', title: 'Friendlier title', updatedAt: Date.now(), pending: true },
        {
          threadId: 'th-2',
          title: 'Opening hours',
          updatedAt: Date.now() - 7_200_000,
          pending: false,
        },
      ],
    });
    const items = [...root.querySelectorAll('.thread-list button')];
    expect(items[0]!.getAttribute('aria-current')).toBe('true');
    expect(items[0]!.textContent).toContain('Waiting for you');
    click(items[1]!);
    expect(sent().at(-1)).toEqual({ type: 'thread-open', tabId: 7, shown: 24, threadId: 'th-2' });
    click(button(root, 'New'));
    expect(sent().at(-1)).toEqual({ type: 'thread-open', tabId: 7, shown: 24, fresh: true });
  });
});
