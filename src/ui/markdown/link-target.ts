/**
 * A link target the panel accepts: http(s) addresses, and admin pages of the site
 * (`post.php?…`, `/wp-admin/…`) made absolute against `adminUrl`. Anything else
 * (javascript:, data:, mailto:, other schemes, relative paths without an admin URL) is
 * refused, and so is an address holding quotes, angle brackets, backticks, backslashes or
 * whitespace; a refused link shows as its text.
 */
export function linkTarget(href: string, adminUrl?: string): string | undefined {
  // A real address has these percent-encoded; raw, they are an attempt at the attribute.
  if (/["'<>`\s\\]/.test(href)) return undefined;
  if (/^https?:\/\//i.test(href)) return href;
  if (!adminUrl || !/^(?:\/wp-admin\/|[\w-]+\.php(?:[?#]|$))/.test(href)) return undefined;
  try {
    return new URL(href, adminUrl).href;
  } catch {
    return undefined;
  }
}
