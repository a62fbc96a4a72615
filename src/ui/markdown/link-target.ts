import { isAdminAction, isWordPressAdmin } from '../../shared/admin-action';

/**
 * A link target the panel accepts: http(s) addresses, and admin pages of the site
 * (`post.php?…`, `/wp-admin/…`) made absolute against `adminUrl`. Anything else
 * (javascript:, data:, mailto:, other schemes, relative paths without an admin URL) is
 * refused, and so is an address holding quotes, angle brackets, backticks, backslashes or
 * whitespace, and any WordPress admin or log-in address that acts when opened (a nonce,
 * `action=trash`, `admin-post.php`; see isAdminAction). A refused link shows as its text.
 */
export function linkTarget(href: string, adminUrl?: string): string | undefined {
  // A real address has these percent-encoded; raw, they are an attempt at the attribute.
  if (/["'<>`\s\\]/.test(href)) return undefined;
  let url: URL;
  try {
    if (/^https?:\/\//i.test(href)) url = new URL(href);
    else if (adminUrl && /^(?:\/wp-admin\/|[\w-]+\.php(?:[?#]|$))/.test(href)) {
      url = new URL(href, adminUrl);
    } else return undefined;
  } catch {
    return undefined;
  }
  // Any site's admin, not only this one: the person may be signed in to others too.
  if (isWordPressAdmin(url) && isAdminAction(url)) return undefined;
  return /^https?:\/\//i.test(href) ? href : url.href;
}
