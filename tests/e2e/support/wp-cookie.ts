import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { BrowserContext } from '@playwright/test';
import type { WpSeed, WpUserKey } from '../../support/wp-env';

const run = promisify(execFile);

/**
 * WordPress's own sign-in cookies for `login` on the site as `host` (host:port) sees it: the
 * install follows the Host header (127.0.0.1 or 127.0.0.2), and its cookie names hash the
 * site URL. `wp_generate_auth_cookie` creates a real session token, exactly what the login
 * form's `wp_set_auth_cookie` does; only the form's page loads and redirect are skipped.
 */
const PHP = String.raw`
[, $dir, $host, $login] = $argv;
$_SERVER['HTTP_HOST'] = $host;
$_SERVER['SERVER_NAME'] = explode(':', $host)[0];
$_SERVER['SERVER_PORT'] = explode(':', $host)[1] ?? '80';
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
require $dir . '/www/wp-load.php';
$user = get_user_by('login', $login);
if (!$user) { fwrite(STDERR, "no such user: $login\n"); exit(2); }
$expires = time() + 2 * DAY_IN_SECONDS;
$token = WP_Session_Tokens::get_instance($user->ID)->create($expires);
$auth = wp_generate_auth_cookie($user->ID, $expires, 'auth', $token);
$logged_in = wp_generate_auth_cookie($user->ID, $expires, 'logged_in', $token);
echo json_encode([
  'expires' => $expires,
  'cookies' => [
    [AUTH_COOKIE, $auth, ADMIN_COOKIE_PATH],
    [AUTH_COOKIE, $auth, PLUGINS_COOKIE_PATH],
    [LOGGED_IN_COOKIE, $logged_in, COOKIEPATH],
    [LOGGED_IN_COOKIE, $logged_in, SITECOOKIEPATH],
  ],
]);
`;

/**
 * Signs `user` in to the stack's site at `origin` by adding WordPress's auth cookies to the
 * browser (generated server-side: scripts/wp-stack's PHP with WordPress loaded), instead of
 * loading and submitting the login form (13-28 s under load, issue 38).
 */
export async function signInByCookie(
  context: BrowserContext,
  seed: WpSeed,
  origin: 'primary' | 'secondary',
  user: WpUserKey,
): Promise<void> {
  const url = new URL(seed.origins[origin].url);
  const { stdout } = await run('php', [
    '-r',
    PHP,
    '--',
    seed.dir,
    url.host,
    seed.users[user].login,
  ]);
  const { expires, cookies } = JSON.parse(stdout) as {
    expires: number;
    cookies: Array<[string, string, string]>;
  };
  await context.addCookies(
    cookies.map(([name, value, path]) => ({
      name,
      value,
      domain: url.hostname,
      path: path || '/',
      expires,
      httpOnly: true,
      secure: false,
      sameSite: 'Lax' as const,
    })),
  );
}
