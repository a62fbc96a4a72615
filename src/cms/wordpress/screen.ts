import type { AdminScreen } from '../../shared/vocabulary';
import type { PageContext } from '../../shared/protocols/page-context';

/** WordPress's screens (`pagenow`) that people know by name. */
const NAMED = new Map<string, AdminScreen>([
  ['dashboard', 'dashboard'],
  ['upload', 'media'],
  ['edit-comments', 'comments'],
  ['users', 'users'],
  ['profile', 'profile'],
  ['options-general', 'settings-general'],
  ['options-reading', 'settings-reading'],
  ['options-writing', 'settings-writing'],
  ['themes', 'themes'],
  ['plugins', 'plugins'],
]);

/**
 * The page context's screen from WordPress's globals: an editor when the page has one (or is
 * `post.php`/`post-new.php` of posts and pages), a list on `edit-<type>` screens of a post
 * type, else the screen by its own name (`pagenow`), named for people when it is one they
 * know.
 */
export function wordpressScreen(
  globals: { pagenow: string; typenow: string },
  editor: PageContext['editor'],
): PageContext['screen'] {
  const { pagenow, typenow } = globals;
  const view =
    editor !== 'none' || pagenow === 'post' || pagenow === 'page'
      ? 'editor'
      : pagenow.startsWith('edit-') && typenow
        ? 'list'
        : 'other';
  const named = NAMED.get(pagenow);
  return { id: pagenow, view, contentType: typenow, ...(named ? { named } : {}) };
}
