import { isAdminAction } from '../../shared/admin-action';

/** R5: where `wp_open_admin` may go, or why not. */
export type AdminPathCheck = { ok: true; url: string } | { ok: false; reason: string };

const SAFE_PATH = /^[A-Za-z0-9._~\-/]*$/;

/**
 * Resolves a path inside wp-admin (`post.php?post=4&action=edit`, `/wp-admin/edit.php`,
 * `options-general.php`) against the site's admin URL, and refuses anything that would
 * leave it: other origins, schemes, protocol-relative URLs, `..` segments (also encoded),
 * backslashes, and control characters; and any address that acts when opened (a nonce, an
 * `action=trash`, `admin-post.php`: isAdminAction), since the model may have read a signed
 * link in a page (issue 33). Pure, so it is tested without a browser.
 */
export function resolveAdminPath(adminUrl: string, path: string): AdminPathCheck {
  const admin = new URL(adminUrl);
  const base = admin.pathname.endsWith('/') ? admin.pathname : admin.pathname + '/';
  const refuse = (why: string): AdminPathCheck => ({
    ok: false,
    reason: `"${path.slice(0, 200)}" is not a page inside the WordPress admin: ${why}.`,
  });
  // eslint-disable-next-line no-control-regex
  if (/[\\\x00-\x1F\x7F\s]/.test(path))
    return refuse('it holds spaces, backslashes or control characters');
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(path)) return refuse('only paths are allowed, not URLs');
  const [pathPart = '', ...rest] = path.split(/(?=[?#])/);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    return refuse('it is not a valid URL path');
  }
  if (!SAFE_PATH.test(decoded)) return refuse('the path has characters admin paths never use');
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) {
    return refuse('it climbs out with ".."');
  }
  const relative =
    decoded === base.slice(0, -1)
      ? ''
      : decoded.startsWith(base)
        ? decoded.slice(base.length)
        : decoded.startsWith('/')
          ? null
          : decoded;
  if (relative === null) return refuse(`it is outside ${base}`);
  const url = new URL(base + relative + rest.join(''), admin.origin);
  if (url.origin !== admin.origin || !url.pathname.startsWith(base)) {
    return refuse(`it is outside ${base}`);
  }
  if (isAdminAction(url)) {
    return {
      ok: false,
      reason:
        `"${path.slice(0, 200)}" would act on the site when opened (it holds an action or a ` +
        'security token). Open the screen itself; the person takes the action there.',
    };
  }
  return { ok: true, url: url.href };
}
