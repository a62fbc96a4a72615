import type { Page } from '@playwright/test';

/* WordPress's classic editor, as the tests read and drive it (the page's own globals). */
type Tiny = {
  get(id: string): { isHidden(): boolean; getContent(): string } | null;
};

/** The classic form's value of a field; content from TinyMCE when the visual tab shows. */
export async function classicValue(
  page: Page,
  field: 'title' | 'content' | 'excerpt',
): Promise<string> {
  return page.evaluate((name) => {
    if (name === 'content') {
      const editor = (window as unknown as { tinymce?: Tiny }).tinymce?.get('content');
      if (editor && !editor.isHidden()) return editor.getContent();
    }
    const id = name === 'title' ? 'title' : name;
    return (document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement).value;
  }, field);
}

/** The person presses Update in the classic editor and waits for WordPress's answer page. */
export async function pressUpdate(page: Page): Promise<void> {
  await Promise.all([
    // WordPress has stored the form once its answer page starts; its scripts may load later.
    page.waitForURL(/message=\d+/, { timeout: 30_000, waitUntil: 'domcontentloaded' }),
    page.locator('#publish').click(),
  ]);
}
