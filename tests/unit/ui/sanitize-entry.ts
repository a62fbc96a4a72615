// Bundled into Chromium by browser-sanitize.ts: the panel's sanitize paths, as shipped.
export { safeImageSrc, sanitizeHtml } from '../../../src/ui/sanitize';
export { renderMarkdown } from '../../../src/ui/markdown/render-markdown';
export { renderedDiffHtml } from '../../../src/cards/html-diff';
