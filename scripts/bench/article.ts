/**
 * A realistic block-editor article for the gate bench: a draft of about 4 KB of raw
 * content (headings, paragraphs with links and emphasis, a list, a quote, an image), in a
 * "before" version as WordPress stores it and an "after" version as the model rewrites it.
 */

const PARAGRAPHS = [
  'Our spring release brings the features readers asked for most: faster search, an <a href="https://example.test/archive/">archive</a> that loads by month, and comments that keep their threads when a post is moved.',
  'We spent the winter on the <strong>editing experience</strong>. Drafts now save every few seconds, revisions can be compared side by side, and a scheduled post shows its time in the reader’s own zone.',
  'Search now looks at titles, excerpts and tags before the body, which puts the post you meant at the top far more often. In our tests the first result was right for nine queries out of ten.',
  'The archive groups posts by month and loads the next month only when you scroll to it. On a slow connection the first screen appears in under a second, and nothing moves while images arrive.',
  'Comment threads are kept when an editor moves a post to another category or changes its address. Old links redirect to the new one, and replies stay attached to the comment they answered.',
  'Accessibility was part of every change: every control can be reached from the keyboard, focus is always visible, and images without a description are flagged before the post is published.',
];

const LIST = [
  'Faster search, ranked by title and tags',
  'A monthly archive',
  'Threads that survive moves',
  'Visible keyboard focus',
];

function paragraph(text: string): string {
  return `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;
}

function heading(text: string): string {
  return `<!-- wp:heading -->\n<h2 class="wp-block-heading">${text}</h2>\n<!-- /wp:heading -->`;
}

function list(items: readonly string[]): string {
  const lis = items.map(
    (item) => `<!-- wp:list-item -->\n<li>${item}</li>\n<!-- /wp:list-item -->`,
  );
  return `<!-- wp:list -->\n<ul class="wp-block-list">${lis.join('\n')}</ul>\n<!-- /wp:list -->`;
}

function quote(text: string, cite: string): string {
  return (
    `<!-- wp:quote -->\n<blockquote class="wp-block-quote">${paragraph(text)}` +
    `<cite>${cite}</cite></blockquote>\n<!-- /wp:quote -->`
  );
}

function image(id: number, alt: string): string {
  return (
    `<!-- wp:image {"id":${id},"sizeSlug":"large"} -->\n<figure class="wp-block-image size-large">` +
    `<img src="http://127.0.0.1:8885/wp-content/uploads/2026/11/spring-${id}.png" alt="${alt}" class="wp-image-${id}"/>` +
    `</figure>\n<!-- /wp:image -->`
  );
}

/** The article's raw content; `revised` is the model's rewrite (new intro, an extra section). */
export function articleContent(revised: boolean): string {
  const [intro = '', ...rest] = PARAGRAPHS;
  const blocks = [
    paragraph(revised ? `${intro} Here is what changed, and why.` : intro),
    heading('What is new'),
    list(revised ? [...LIST, 'Drafts that save themselves'] : LIST),
    image(13, 'The new monthly archive on a phone'),
    heading('In detail'),
    ...rest.map(paragraph),
    quote('The archive finally feels like a magazine, not a database.', 'A reader'),
  ];
  if (revised) {
    blocks.push(heading('What comes next'), paragraph(rest[0] ?? ''));
  }
  return blocks.join('\n\n');
}

/** WordPress's rendered form of raw block content: the markup without block comments. */
export function rendered(raw: string): string {
  return raw.replace(/<!-- \/?wp:[^>]*-->\n?/g, '');
}
