/** What the ISOLATED content script reads from the DOM itself. */
export interface WpDomFacts {
  href: string;
  bodyClasses: string[];
  /** `#post_ID` of the classic form or the block editor's meta-box form. */
  postIdInput?: string;
  hasClassicForm: boolean;
}

/** Whether the DOM is a WordPress admin page at all (before reading any globals). */
export function looksLikeWordPressAdmin(dom: Pick<WpDomFacts, 'href' | 'bodyClasses'>): boolean {
  return dom.bodyClasses.includes('wp-admin') && /\/wp-admin\//.test(new URL(dom.href).pathname);
}
