// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { applyInClassicPage } from '../../../../src/cms/wordpress/editor/classic-page';
import { readEditorInPage } from '../../../../src/cms/wordpress/editor/editor-page';
import {
  ClassicApplySchema,
  EditorReadingSchema,
} from '../../../../src/cms/wordpress/editor/editor-answers';

/*
 * The classic editor's form as WordPress renders it (text tab: no TinyMCE), for the logic of
 * the page function; the real editor, TinyMCE and Update are in tests/e2e/editor-classic.spec.ts.
 */
const LABELS = { title: 'Title', content: 'Content', excerpt: 'Excerpt', categories: 'Categories' };

function classicForm(title = 'Old title') {
  document.body.className = 'wp-admin post-php';
  document.body.innerHTML = `
    <div class="wrap"><form id="post" method="post" action="post.php">
      <input type="hidden" id="post_ID" value="7">
      <input type="hidden" id="original_post_status" value="publish">
      <input type="text" id="title" name="post_title">
      <textarea id="content" name="content"></textarea>
      <textarea id="excerpt" name="excerpt"></textarea>
      <input type="submit" id="publish" value="Update">
    </form></div>`;
  const input = document.getElementById('title') as HTMLInputElement;
  input.defaultValue = input.value = title;
  (document.getElementById('content') as HTMLTextAreaElement).defaultValue = '<p>Old words</p>';
  (document.getElementById('excerpt') as HTMLTextAreaElement).defaultValue = 'Old excerpt';
  let submitted = 0;
  document.getElementById('post')!.addEventListener('submit', (event) => {
    event.preventDefault();
    submitted += 1;
  });
  return { submitted: () => submitted };
}

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const apply = (values: Record<string, string>, others: Record<string, string | null> = {}) =>
  ClassicApplySchema.parse(applyInClassicPage(7, values, others, LABELS));

beforeEach(() => {
  delete (window as unknown as Record<symbol, unknown>)[Symbol.for('countersign.classic')];
});

describe('applyInClassicPage (E1 in the classic editor)', () => {
  it('puts the stored title, content and excerpt into an untouched form, as field values', () => {
    const form = classicForm();
    const answer = apply({
      title: 'New <b>title</b>',
      content: '<p>New <img src=x onerror="alert(1)"></p>',
      excerpt: 'New excerpt',
    });
    expect(answer).toEqual({ ok: true, applied: ['title', 'content', 'excerpt'], held: [] });
    expect(field('title').value).toBe('New <b>title</b>');
    expect(field('content').value).toBe('<p>New <img src=x onerror="alert(1)"></p>');
    // Nothing of the value became markup of the admin page.
    expect(document.querySelectorAll('b, img')).toHaveLength(0);
    // The stored values are what the form now counts as loaded: not the person's edits.
    const reading = EditorReadingSchema.parse(readEditorInPage(7, 'post'));
    expect(reading).toEqual({ kind: 'classic', postId: 7, edits: [] });
    (document.getElementById('publish') as HTMLInputElement).click();
    expect(form.submitted()).toBe(1);
  });

  it('keeps typing the person did after the last reading, and holds Update naming the field (G13)', () => {
    const form = classicForm();
    expect(EditorReadingSchema.parse(readEditorInPage(7, 'post'))).toMatchObject({ edits: [] });
    field('title').value = 'Old title, typed';
    const answer = apply({ title: 'Approved title', excerpt: 'New excerpt' });
    expect(answer).toEqual({ ok: true, applied: ['excerpt'], held: ['title'] });
    expect(field('title').value).toBe('Old title, typed');

    (document.getElementById('publish') as HTMLInputElement).click();
    expect(form.submitted()).toBe(0);
    const notice = document.getElementById('countersign-classic-hold')!;
    expect(notice.textContent).toContain('your own typing in Title');
    expect(document.activeElement).toBe(notice);

    const put = [...notice.querySelectorAll('button')].find((b) =>
      b.textContent?.startsWith('Put the approved Title'),
    )!;
    put.click();
    expect(field('title').value).toBe('Approved title');
    expect(document.getElementById('countersign-classic-hold')).toBeNull();
    (document.getElementById('publish') as HTMLInputElement).click();
    expect(form.submitted()).toBe(1);
  });

  it('typing the card was shown over (read at approval) is replaced: the person chose to apply over it', () => {
    classicForm();
    field('title').value = 'Old title, typed';
    expect(EditorReadingSchema.parse(readEditorInPage(7, 'post'))).toMatchObject({
      edits: ['title'],
    });
    expect(apply({ title: 'Approved title' })).toMatchObject({ applied: ['title'], held: [] });
    expect(field('title').value).toBe('Approved title');
  });

  it('a held field the person sets to the approved value themselves no longer holds Update', () => {
    const form = classicForm();
    readEditorInPage(7, 'post');
    field('title').value = 'Typed';
    expect(apply({ title: 'Approved title' })).toMatchObject({ held: ['title'] });
    field('title').value = 'Approved title';
    (document.getElementById('publish') as HTMLInputElement).click();
    expect(form.submitted()).toBe(1);
    expect(document.getElementById('countersign-classic-hold')).toBeNull();
  });

  it('a field the form cannot show holds Update until the person saves anyway', () => {
    const form = classicForm();
    expect(
      apply({ title: 'Approved title' }, { categories: null, status: 'publish' }),
    ).toMatchObject({ held: ['categories'] });
    (document.getElementById('publish') as HTMLInputElement).click();
    expect(form.submitted()).toBe(0);
    const notice = document.getElementById('countersign-classic-hold')!;
    expect(notice.textContent).toContain('cannot show the new Categories');
    const anyway = [...notice.querySelectorAll('button')].find(
      (b) => b.textContent === 'Save this form anyway',
    )!;
    anyway.click();
    expect(form.submitted()).toBe(1);
  });

  it('answers plainly for another post or a page without the form', () => {
    classicForm();
    expect(ClassicApplySchema.parse(applyInClassicPage(8, {}, {}, LABELS))).toEqual({
      ok: false,
      reason: 'other-post',
    });
    document.body.innerHTML = '';
    expect(ClassicApplySchema.parse(applyInClassicPage(7, {}, {}, LABELS))).toEqual({
      ok: false,
      reason: 'no-editor',
    });
  });
});
