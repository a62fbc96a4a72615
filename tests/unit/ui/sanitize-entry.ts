// Bundled into Chromium by browser-sanitize.ts: the panel's sanitize and markdown, as shipped.
export { safeImageSrc, sanitizeHtml } from '../../../src/ui/sanitize';
export { renderMarkdown } from '../../../src/ui/markdown/render-markdown';
