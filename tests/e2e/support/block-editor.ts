import { expect, type FrameLocator, type Page } from '@playwright/test';

/* The block editor's data stores, as the tests read them (the page's own `wp` global). */
type Wp = {
  data: {
    select(store: string): Record<string, (...args: unknown[]) => unknown>;
    dispatch(store: string): Record<string, (...args: unknown[]) => unknown>;
  };
};

/** A post as WordPress answers it in context=edit. */
export interface RawPost {
  id: number;
  title: { raw: string };
  content: { raw: string };
  excerpt: { raw: string };
  modified_gmt: string;
}

/** A REST nonce for the signed-in person (WordPress's own `rest-nonce` admin-ajax action). */
async function restNonce(page: Page): Promise<string> {
  return page.evaluate(() =>
    fetch('/wp-admin/admin-ajax.php?action=rest-nonce').then((r) => r.text()),
  );
}

/** Creates a published post as the signed-in person (REST with the page's nonce). */
export async function createPost(
  page: Page,
  fields: { title: string; content: string; excerpt?: string },
): Promise<number> {
  const nonce = await restNonce(page);
  return page.evaluate(
    async ({ body, nonce }) => {
      const response = await fetch('/wp-json/wp/v2/posts', {
        method: 'POST',
        headers: { 'X-WP-Nonce': nonce, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...body, status: 'publish' }),
      });
      return ((await response.json()) as { id: number }).id;
    },
    { body: fields, nonce },
  );
}

/** What WordPress holds for a post now (raw values). */
export async function readPost(page: Page, id: number): Promise<RawPost> {
  const nonce = await restNonce(page);
  return page.evaluate(
    async ({ postId, nonce }) => {
      const response = await fetch(`/wp-json/wp/v2/posts/${postId}?context=edit`, {
        headers: { 'X-WP-Nonce': nonce },
      });
      return (await response.json()) as RawPost;
    },
    { postId: id, nonce },
  );
}

/** The editor's current value of a field (content serialized from its blocks). */
export async function editorValue(page: Page, field: string): Promise<string> {
  return page.evaluate((name) => {
    const editor = (window as unknown as { wp: Wp }).wp.data.select('core/editor');
    const value =
      name === 'content' ? editor.getEditedPostContent!() : editor.getEditedPostAttribute!(name);
    return String(value ?? '');
  }, field);
}

/** The fields the editor has unsaved edits to (its working copy of blocks aside). */
export async function unsavedFields(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const editor = (window as unknown as { wp: Wp }).wp.data.select('core/editor');
    const edits = (editor.getPostEdits!() ?? {}) as Record<string, unknown>;
    return Object.keys(edits)
      .filter((key) => key !== 'blocks' && key !== 'selection')
      .sort();
  });
}

/** The editor canvas: an iframe on newer WordPress, the page itself on 6.1. */
export async function canvas(page: Page): Promise<Page | FrameLocator> {
  const framed = await page.locator('iframe[name="editor-canvas"]').count();
  return framed > 0 ? page.frameLocator('iframe[name="editor-canvas"]') : page;
}

/** Types as a person would: clicks into the paragraph that shows `text`, at its end. */
export async function typeInParagraph(page: Page, text: string, typed: string): Promise<void> {
  const area = await canvas(page);
  const paragraph = area.locator('p[role="document"], p.block-editor-rich-text__editable', {
    hasText: text,
  });
  await paragraph.first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(typed);
}

/** Types into the post title, replacing nothing: at its end. */
export async function typeInTitle(page: Page, typed: string): Promise<void> {
  const area = await canvas(page);
  const title = area.locator('.editor-post-title__input, h1.wp-block-post-title').first();
  await title.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(typed);
}

/** Ctrl+S in the editor, then waits until its save finished and nothing is left unsaved. */
export async function saveInEditor(page: Page): Promise<void> {
  await page.keyboard.press('Control+S');
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const editor = (window as unknown as { wp: Wp }).wp.data.select('core/editor');
          return !editor.isSavingPost!() && !editor.isEditedPostDirty!();
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Edits a field in the editor's store as typing would, without saving. */
export async function editInEditor(page: Page, field: string, value: string): Promise<void> {
  await page.evaluate(
    ({ name, text }) => {
      (window as unknown as { wp: Wp }).wp.data.dispatch('core/editor').editPost!({ [name]: text });
    },
    { name: field, text: value },
  );
}

/** A block of one paragraph, as the editor stores it. */
export const paragraph = (text: string) =>
  `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;
