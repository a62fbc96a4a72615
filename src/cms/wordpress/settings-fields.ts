import { z } from 'zod';

/** Named entities `esc_html()` is known to keep; others it would encode a second time. */
const PLAIN_TEXT =
  /^(?:[^&]|&(?:amp|lt|gt|quot|nbsp|copy|reg|hellip|ndash|mdash|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});|&(?![A-Za-z][A-Za-z0-9]*;))*$/;
const text = (max: number, what: string) =>
  z
    .string()
    .max(max)
    .regex(PLAIN_TEXT, 'plain text; write & instead of named entities')
    .describe(what);
const format = (what: string) =>
  z
    .string()
    .min(1)
    .max(50)
    .regex(/^[^<>&]*$/, 'a PHP date format without <, > or &')
    .describe(what);
const id = (what: string) =>
  z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .describe(what);

/**
 * The site settings `wp_update_settings` may change, by REST name, each limited to values
 * WordPress's `sanitize_option()` stores as given (apart from the HTML escaping of the
 * title and tagline, which {@link sanitizeSetting} reproduces). Left out on purpose: `url`
 * (moving the site would sign everyone out of this admin) and `language` (it needs
 * installed language packs).
 */
export const settingsFields = {
  title: text(200, 'Site title (plain text).').optional(),
  description: text(500, 'Tagline (plain text).').optional(),
  email: z.email().max(100).optional().describe('Administration email address.'),
  timezone: z
    .string()
    .regex(
      /^(UTC|[A-Z][A-Za-z_]+(\/[A-Z][A-Za-z0-9_+-]+){1,2})$/,
      'a city timezone like Europe/Berlin',
    )
    .optional()
    .describe('Timezone as a city, such as "Europe/Berlin", or "UTC".'),
  date_format: format('PHP date format, such as "F j, Y".').optional(),
  time_format: format('PHP time format, such as "g:i a".').optional(),
  start_of_week: z.number().int().min(0).max(6).optional().describe('0 is Sunday, 1 Monday.'),
  use_smilies: z.boolean().optional().describe('Convert emoticons to graphics.'),
  default_category: id('Id of the default post category.').optional(),
  default_post_format: z
    .enum(['0', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'])
    .optional()
    .describe('Default post format; "0" is standard.'),
  posts_per_page: z.number().int().min(1).max(100).optional().describe('Posts per blog page.'),
  show_on_front: z
    .enum(['posts', 'page'])
    .optional()
    .describe('"posts" for the latest posts, "page" for a static page.'),
  page_on_front: id('Id of the page shown as the front page (0 for none).').optional(),
  page_for_posts: id('Id of the page that lists the posts (0 for none).').optional(),
  default_ping_status: z.enum(['open', 'closed']).optional().describe('Pingbacks on new posts.'),
  default_comment_status: z.enum(['open', 'closed']).optional().describe('Comments on new posts.'),
  site_logo: id('Media id of the site logo (0 for none).').optional(),
  site_icon: id('Media id of the site icon (0 for none).').optional(),
};

/** The keys of {@link settingsFields}. */
export const SETTING_KEYS = Object.keys(settingsFields);

/**
 * What WordPress stores for a value, as `sanitize_option()` computes it: the title and
 * tagline go through `esc_html()` (which leaves valid entities alone); every other
 * accepted value is stored as given.
 */
export function sanitizeSetting(key: string, value: unknown): unknown {
  if ((key === 'title' || key === 'description') && typeof value === 'string') {
    return escHtml(value);
  }
  return value;
}

/** `esc_html()`: special characters to entities, without encoding an entity twice. */
export function escHtml(text: string): string {
  return text
    .replace(/&(?!#[0-9]+;|#x[0-9a-f]+;|[a-z][a-z0-9]*;)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}
