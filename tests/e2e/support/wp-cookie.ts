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

/** A sign-in's cookies, as WordPress made them. */
interface SignIn {
  expires: number;
  cookies: Array<[string, string, string]>;
}

/**
 * Cookies made in this worker process, by stack, host and login: PHP with WordPress loaded
 * costs 1-2.5 s under load, and a session stays valid for two days unless a test ends it
 * (logs out, resets the stack), which `fresh` is for.
 */
const made = new Map<string, SignIn>();

async function makeSignIn(seed: WpSeed, host: string, login: string): Promise<SignIn> {
  const { stdout } = await run('php', ['-r', PHP, '--', seed.dir, host, login]);
  return JSON.parse(stdout) as SignIn;
}

/**
 * Signs `user` in to the stack's site at `origin` by adding WordPress's auth cookies to the
 * browser (generated server-side: PHP with the stack's WordPress loaded), instead of loading
 * and submitting the login form (13-28 s under load, issue 38). The cookies of an earlier
 * sign-in of this worker are reused unless `fresh` (the caller saw the site refuse them).
 */
export async function signInByCookie(
  context: BrowserContext,
  seed: WpSeed,
  origin: 'primary' | 'secondary',
  user: WpUserKey,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<void> {
  const url = new URL(seed.origins[origin].url);
  const key = `${seed.dir}|${url.host}|${seed.users[user].login}`;
  let signIn = fresh ? undefined : made.get(key);
  if (!signIn || signIn.expires * 1000 < Date.now() + 3_600_000) {
    signIn = await makeSignIn(seed, url.host, seed.users[user].login);
    made.set(key, signIn);
  }
  await context.addCookies(
    signIn.cookies.map(([name, value, path]) => ({
      name,
      value,
      domain: url.hostname,
      path: path || '/',
      expires: signIn.expires,
      httpOnly: true,
      secure: false,
      sameSite: 'Lax' as const,
    })),
  );
}
