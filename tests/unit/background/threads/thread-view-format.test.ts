// Stored thread views carry a format and migrate on read, like the run state (STYLE 5):
// the frozen fixtures of every shipped format must keep reading.
import { describe, expect, it } from 'vitest';
import {
  readThreadView,
  storedThreadView,
  THREAD_VIEW_VERSION,
  ThreadViewError,
} from '../../../../src/background/threads/thread-view-format';
import { ThreadViewSchema } from '../../../../src/shared/protocols/thread-protocol';
import { viewFixture, viewFixtureNames } from '../support/view-fixtures';

const refusal = (raw: unknown, threadId: string): ThreadViewError => {
  try {
    readThreadView(raw, threadId);
  } catch (error) {
    if (error instanceof ThreadViewError) return error;
    throw error;
  }
  throw new Error('the view was read');
};

describe('stored thread views: formats and migrations', () => {
  it('the frozen fixtures of format 1 (views stored before they had a version) are all there', () => {
    expect(viewFixtureNames(1)).toEqual(
      expect.arrayContaining(['v1-pending', 'v1-decided', 'v1-busy-mark', 'v1-sample-commands']),
    );
  });

  it.each(viewFixtureNames(1))('%s reads and migrates, every item as it was stored', (name) => {
    const raw = viewFixture(name);
    const view = readThreadView(raw, raw.threadId as string);
    expect(view).toEqual(raw); // nothing of what the panel showed is lost or changed
    expect(ThreadViewSchema.parse(view)).toEqual(view);
  });

  it('a migrated v1 view keeps its waiting card and the mark of an unfinished operation', () => {
    const pending = viewFixture('v1-pending');
    const view = readThreadView(pending, pending.threadId as string);
    expect(view.pending).toBe('86588917-bff9-4b65-8446-1e0474ab641c');
    expect(view.items.at(-1)).toMatchObject({
      kind: 'approval',
      card: { toolName: 'wp_update_post' },
    });
    const busy = viewFixture('v1-busy-mark');
    const marked = readThreadView(busy, busy.threadId as string);
    expect(marked).toMatchObject({
      busy: true,
      since: { transcript: 2, answers: 1, said: 1, items: 2 },
    });
  });

  it("a view is stored with today's format, and reads back as the same view", () => {
    const raw = viewFixture('v1-decided');
    const view = readThreadView(raw, raw.threadId as string);
    const stored = storedThreadView(view);
    expect(stored.schemaVersion).toBe(THREAD_VIEW_VERSION);
    expect(THREAD_VIEW_VERSION).toBe(2);
    expect(readThreadView(JSON.parse(JSON.stringify(stored)), view.threadId)).toEqual(view);
  });

  it('a view of a newer format is refused, saying so and what to do', () => {
    const raw = viewFixture('bad-future-version');
    const error = refusal(raw, raw.threadId as string);
    expect(error.reason).toBe('version');
    expect(error.code).toBe('thread-view-version');
    expect(error.fields).toEqual(['schemaVersion']);
    expect(error.message).toMatch(
      /newer version of Countersign \(format 3; this version reads up to 2\)/,
    );
    expect(error.message).toMatch(/Update the extension/);
    expect(error.message).toMatch(/kept as it was/);
  });

  it('a view that does not validate is refused, naming where it is damaged', () => {
    const raw = viewFixture('bad-malformed');
    const error = refusal(raw, raw.threadId as string);
    expect(error.reason).toBe('invalid');
    expect(error.fields).toEqual(expect.arrayContaining(['busy', 'items[1].kind']));
    expect(error.message).toMatch(/damaged at .*busy/);
    expect(error.message).toMatch(/items\[1\]\.kind/);
  });

  it.each([
    ['not an object', 'a string', '(view)'],
    [
      'a format that is not a number',
      { ...viewFixture('v1-pending'), schemaVersion: 'two' },
      'schemaVersion',
    ],
    ['a format below 1', { ...viewFixture('v1-pending'), schemaVersion: 0 }, 'schemaVersion'],
  ])('a stored view that is %s is refused as damaged', (_what, raw, field) => {
    const error = refusal(raw, '3e7f5f30-1103-470b-b1d9-d518410ba8a3');
    expect(error.reason).toBe('invalid');
    expect(error.fields).toEqual([field]);
  });

  it('a view stored under another thread is refused', () => {
    const error = refusal(viewFixture('v1-pending'), 'another-thread');
    expect(error.fields).toEqual(['threadId']);
  });
});
