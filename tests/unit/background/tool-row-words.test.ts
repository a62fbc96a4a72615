import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { workerLanguages } from '../support/languages';
import { applyEvent } from '../../../src/background/threads/view-events';
import { setLocale } from '../../../src/i18n';
import { writeResult } from '../../../src/cms/wordpress/post-write';
import type { ToolContext } from '../../../src/tools/tool';
import type { WpPost } from '../../../src/cms/wordpress/schemas/post';
import { WpSession } from '../../../src/cms/wordpress/session';
import type { ThreadView } from '../../../src/shared/protocols/thread-protocol';

beforeAll(workerLanguages);

/**
 * Issue 37: a tool row says what the call did in the person's language (the tool's
 * `display.summary`), while the model and the audit keep the English summary; a failure keeps
 * the site's own words.
 */
afterEach(() => setLocale('en'));

const view = (): ThreadView => ({
  threadId: 't',
  title: 'T',
  untrusted: false,
  mode: 'agent',
  busy: true,
  pending: null,
  grants: [],
  items: [],
});
const ctx = {
  user: { id: 1 },
  // Only the admin URL is read (the edit link in the model's data).
  cms: Object.assign(Object.create(WpSession.prototype) as WpSession, {
    adminUrl: 'http://site.example/wp-admin/',
  }),
} as unknown as ToolContext;
const post = (status: string) =>
  ({
    id: 8,
    type: 'post',
    status,
    author: 1,
    title: { raw: 'Hello', rendered: 'Hello' },
    link: 'http://site.example/?p=8',
  }) as unknown as WpPost;

function rowAfter(result: ReturnType<typeof writeResult>, isError = false) {
  const v = view();
  applyEvent(
    v,
    {
      type: 'tool_result',
      threadId: 't',
      recordId: 'r1',
      position: 0,
      tool: 'wp_publish_entity',
      status: isError ? 'failed' : 'run',
      content: result.summary,
      summary: result.summary,
      ...(result.display ? { display: result.display } : {}),
      isError,
    },
    (tool) => tool,
  );
  return v.items[0] as Extract<ThreadView['items'][number], { kind: 'tool' }>;
}

describe('tool rows in the person language', () => {
  it('a publish WordPress turned into pending: German row, English summary for the model', () => {
    setLocale('de');
    const result = writeResult('published', post('pending'), ctx, { wanted: 'publish' });
    expect(result.summary).toBe(
      'Published post 8 "Hello" (pending). WordPress made it pending, not publish.',
    );
    const row = rowAfter(result);
    expect(row.summary).toBe(
      'post 8 „Hello“ veröffentlicht. Besucher sehen es nicht (Status: ausstehender Review). ' +
        'WordPress hat den Status „ausstehender Review“ gesetzt, nicht „veröffentlicht“.',
    );
    expect(row.summaryTranslated).toBe(true);
  });

  it('in Hebrew, the title inside the sentence is isolated', () => {
    setLocale('he');
    const row = rowAfter(writeResult('updated', post('publish'), ctx));
    expect(row.summary).toContain('\u2068Hello\u2069');
    expect(row.summary).toMatch(/[\u0590-\u05ff]/);
  });

  it("a failure keeps the site's words, marked as not the person's catalogue", () => {
    setLocale('de');
    const row = rowAfter(
      {
        summary: 'wp_publish_entity failed (forbidden): WordPress refused: no.',
        data: null,
        display: { summary: 'ignored' },
      },
      true,
    );
    expect(row.summary).toBe('WordPress refused: no.');
    expect(row.summaryTranslated).toBeUndefined();
  });

  it("a site's ability: its answer is kept for the row as text; a failed call keeps none", () => {
    const answer = JSON.stringify([{ id: 1, title: '<img src=x onerror=alert(1)>' }], null, 2);
    const ran = rowAfter({
      summary: 'Recent: ran',
      data: null,
      display: { summary: 'Ran.', answer },
    });
    expect(ran.answer).toBe(answer);
    const failed = rowAfter(
      { summary: 'failed: no.', data: null, display: { summary: 'x', answer } },
      true,
    );
    expect(failed.answer).toBeUndefined();
  });
});
