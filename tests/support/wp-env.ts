// What scripts/wp-stack.sh seeded into a local WordPress stack: reads and validates
// <stack dir>/seed.json (written by scripts/wp-stack/seed.php).
import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root (this file is tests/support/wp-env.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Default test stack; `npm start` uses .stack/dev on 8881, so both can run side by side. */
export const TEST_STACK_DIR = '.stack/test';
export const TEST_STACK_PORT = 8885;

/**
 * The WordPress versions the stack runs (scripts/wp-stack.sh --wp): the oldest and the newest
 * Countersign supports, Debian bookworm's 6.1.9 and sid's 7.1.x, and trixie's 6.8.x between.
 */
export const WP_VERSIONS = ['6.1', '7.1', '6.8'] as const;
export type WpVersion = (typeof WP_VERSIONS)[number];
/**
 * The other versions' test stacks run beside the 6.1 one: each its own directory
 * (`<dir>-7.1`, `<dir>-6.8`) and port (+10, +5; a worker slot spans 20 ports).
 */
const VERSION_PORT_OFFSET: Record<WpVersion, number> = { '6.1': 0, '7.1': 10, '6.8': 5 };

/** COUNTERSIGN_WP_VERSION as the stack script reads it ("6.1", "7.1.4", ...); default 6.1. */
export function wpVersionFrom(value: string | undefined): WpVersion {
  if (value === undefined || value === '' || value === '6.1.9') return '6.1';
  const branch = WP_VERSIONS.find((v) => value === v || value.startsWith(`${v}.`));
  if (branch === undefined || (branch === '6.1' && value !== '6.1')) {
    throw new Error(
      `COUNTERSIGN_WP_VERSION must be one of ${WP_VERSIONS.join(', ')}, got "${value}"`,
    );
  }
  return branch;
}

const Id = z.int().positive();
const Url = z.url({ protocol: /^https?$/ });

const Origin = z.object({
  url: Url,
  restRoot: Url,
  adminUrl: Url,
  loginUrl: Url,
});

export const WpRoleSchema = z.enum([
  'administrator',
  'editor',
  'editor_nofilter',
  'author',
  'contributor',
  'subscriber',
]);
export type WpRole = z.infer<typeof WpRoleSchema>;

const User = z.object({
  id: Id,
  login: z.string().min(1),
  password: z.string().min(1),
  role: WpRoleSchema,
  email: z.string().min(3),
  /** Application password (Basic auth, no nonce); only seeded for admin. */
  appPassword: z.string().optional(),
});
export type WpSeedUser = z.infer<typeof User>;

export const WpSeedSchema = z.object({
  schema: z.literal(1),
  dir: z.string(),
  port: z.int(),
  dbPort: z.int(),
  wpVersion: z.string(),
  siteTitle: z.string(),
  origins: z.object({
    /** http://127.0.0.1:PORT: the extension holds a host permission for it. */
    primary: Origin,
    /** http://127.0.0.2:PORT: the same site on an origin the extension has no permission for. */
    secondary: Origin,
  }),
  users: z.object({
    admin: User,
    editor1: User,
    /** Role editor_nofilter: an editor without unfiltered_html (kses applies). */
    editor2: User,
    author1: User,
    contributor1: User,
    subscriber1: User,
    /** An editor whose display name is "Ana": holds post locks in tests (E3). */
    ana: User,
  }),
  posts: z.object({
    /** Block content, category "Testing", tags alpha + beta, one revision, featured image. */
    published: Id,
    /** Classic HTML, no block comments. */
    classic: Id,
    /** Draft by author1. */
    draft: Id,
    /** Published, by editor1. */
    editorPost: Id,
    /** Pending review, by contributor1. */
    pending: Id,
    private: Id,
    /** Scheduled a year ahead. */
    future: Id,
    page: Id,
    /** Created by wp_install(); 0 when deleted since. */
    helloWorld: z.int().nonnegative(),
    samplePage: z.int().nonnegative(),
  }),
  media: z.object({ image: Id }),
  comments: z.object({
    /** By editor1 (a user). */
    editor: Id,
    /** By "Mallory", not a user; its text is a prompt-injection attempt. */
    injection: Id,
  }),
  categories: z.object({ uncategorized: Id, testing: Id, news: Id }),
  tags: z.object({ alpha: Id, beta: Id }),
});
export type WpSeed = z.infer<typeof WpSeedSchema>;
export type WpUserKey = keyof WpSeed['users'];
export type WpPostKey = keyof WpSeed['posts'];

/** Resolves a stack directory the way scripts/wp-stack.sh does when run from the repo root. */
export function resolveStackDir(dir: string): string {
  return isAbsolute(dir) ? dir : resolve(REPO_ROOT, dir);
}

/**
 * The test stack of a WordPress version: its directory and port, honouring COUNTERSIGN_WP_DIR /
 * COUNTERSIGN_WP_PORT (the 6.1 stack's; 7.1 uses `<dir>-7.1` and port + 10, 6.8 `<dir>-6.8` and
 * port + 5) and, for the
 * version, COUNTERSIGN_WP_VERSION.
 */
export function testStackOptions(
  env: NodeJS.ProcessEnv = process.env,
  version: WpVersion = wpVersionFrom(env.COUNTERSIGN_WP_VERSION),
): { dir: string; port: number; version: WpVersion } {
  const base = resolveStackDir(env.COUNTERSIGN_WP_DIR || TEST_STACK_DIR);
  const dir = version === '6.1' ? base : `${base}-${version}`;
  const basePort = env.COUNTERSIGN_WP_PORT ? Number(env.COUNTERSIGN_WP_PORT) : TEST_STACK_PORT;
  if (!Number.isInteger(basePort) || basePort < 1024 || basePort > 65525) {
    throw new Error(`COUNTERSIGN_WP_PORT must be a port number, got "${env.COUNTERSIGN_WP_PORT}"`);
  }
  return { dir, port: basePort + VERSION_PORT_OFFSET[version], version };
}

/** The `wp-stack.sh up` arguments for a test stack. */
export function stackUpArgs(options: { dir: string; port: number; version: WpVersion }): string[] {
  return ['up', '--wp', options.version, '--dir', options.dir, '--port', String(options.port)];
}

/** Parses and validates seed.json content (throws with a readable list of problems). */
export function parseWpSeed(json: unknown, source = 'seed.json'): WpSeed {
  const parsed = WpSeedSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`${source} does not match WpSeedSchema:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** Reads <dir>/seed.json of a stack started by `scripts/wp-stack.sh up --dir <dir>`. */
export function readWpSeed(dir: string): WpSeed {
  const file = join(resolveStackDir(dir), 'seed.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`cannot read ${file}: run scripts/wp-stack.sh up --dir ${dir}`, { cause: err });
  }
  return parseWpSeed(JSON.parse(text), file);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded test stack, provided by tests/support/wp-global-setup.ts. */
    wpSeed: WpSeed;
  }
}

/** The stack's second WordPress under /second/ on the same origin (second-site.json). */
export const SecondSiteSchema = z.object({
  schema: z.literal(1),
  url: Url,
  restRoot: Url,
  adminUrl: Url,
  loginUrl: Url,
  siteTitle: z.string(),
  admin: z.object({ id: Id, login: z.string().min(1), password: z.string().min(1) }),
  posts: z.object({ published: Id, helloWorld: z.int().nonnegative() }),
});
export type SecondSite = z.infer<typeof SecondSiteSchema>;

/** Reads <dir>/second-site.json, written by scripts/wp-stack/second-site.php on every `up`. */
export function readSecondSite(dir: string): SecondSite {
  const file = join(resolveStackDir(dir), 'second-site.json');
  const parsed = SecondSiteSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${file} does not match SecondSiteSchema:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
