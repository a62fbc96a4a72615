import { sanitizeHtml } from '../sanitize';
import { markdownHtml } from './markdown-html';

/**
 * Assistant text as safe HTML (S1): the markdown subset renderer escapes everything it
 * does not write itself, and the result still passes through the one sanitize function.
 */
export function renderMarkdown(text: string, adminUrl?: string): string {
  return sanitizeHtml(markdownHtml(text, adminUrl));
}
