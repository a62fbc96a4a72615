/**
 * Admin files that act on a plain GET whatever the query says: the generic action
 * endpoints, the updater and the installer.
 */
const ACTING_FILES = new Set([
  'admin-post.php',
  'admin-ajax.php',
  'async-upload.php',
  'update.php',
  'upgrade.php',
  'install.php',
  'setup-config.php',
  'ms-delete-site.php',
  'ms-edit.php',
  'press-this.php',
]);

/**
 * Query keys that turn an admin screen into an action: the action switches (list-table
 * bulk actions read `action2` and `doaction`), any nonce (a link holding one is a signed
 * action), the delete-all buttons of the trash and spam screens, and the export download.
 */
const ACTING_KEYS =
  /^(?:action\d*|doaction\d*|[\w-]*nonce[\w-]*|delete_all\d*|delete_comments|download|activate|deactivate|trashed|untrashed|deleted|spam|unspam|approved|unapproved)$/i;

/** `action=` values that only open a screen (the post editor, a user or term edit form). */
const SCREEN_ACTIONS: Record<string, ReadonlySet<string>> = {
  'post.php': new Set(['edit']),
};

/**
 * Whether a link into wp-admin would do something when followed, rather than show a screen
 * (issue 33, R5): a link in the model's words must never be one click away from trashing a
 * post or activating a plugin with the person's session. Files are compared lower-case and
 * on every path segment, since PHP runs `admin-post.php/anything` as `admin-post.php`.
 */
export function isAdminAction(url: URL): boolean {
  const segments = url.pathname.toLowerCase().split('/').map(safeDecode);
  if (segments.some((segment) => ACTING_FILES.has(segment))) return true;
  const file = segments.find((segment) => segment.endsWith('.php')) ?? '';
  for (const [raw, value] of url.searchParams) {
    // PHP reads `action[]` as `action`, `a.b` and `a b` as `a_b`, and drops leading spaces.
    const key = raw.trimStart().replace(/\[.*$/, '').replace(/[. ]/g, '_');
    if (!ACTING_KEYS.test(key)) continue;
    if (/^action$/i.test(key) && SCREEN_ACTIONS[file]?.has(value.toLowerCase())) continue;
    return true;
  }
  return false;
}

/** Whether a URL is in a WordPress admin or log-in, however its path is encoded. */
export function isWordPressAdmin(url: URL): boolean {
  return /\/wp-admin(?:\/|$)|\/wp-login\.php/i.test(safeDecode(url.pathname));
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
