import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { keepsBrowser, launchWithExtension, takeKeptBrowser, type Motion } from '../fixtures';
import { WpAdmin } from '../pages/wp-admin';
import { ensurePrivateDisplay } from './private-display';
import { siteSql } from './site-db';
import type { WpSeed, WpUserKey } from '../../support/wp-env';

/** G15 e2e helpers: the site policy's approvals and the approver's own browser profile. */

/** Adds a site policy version whose approvals send live writes to a second person. */
export async function requireSecondApprover(seed: WpSeed): Promise<() => Promise<void>> {
  await siteSql(seed, "DELETE FROM wp_countersign_approvals WHERE status = 'waiting'");
  const rows = await siteSql(seed, 'SELECT COALESCE(MAX(version), 0) FROM wp_countersign_policy');
  const version = Number(rows[0]?.[0]) + 1;
  await siteSql(
    seed,
    `INSERT INTO wp_countersign_policy (version, policy, approvals, user_id, created_at, record_id) VALUES (${version}, '{}', '{"classes":{"live-write":{}}}', ${seed.users.admin.id}, ${Date.now()}, 'e2e-approvals-${version}')`,
  );
  return async () => {
    await siteSql(seed, `DELETE FROM wp_countersign_policy WHERE version = ${version}`);
  };
}

/** The site admin's expiry for calls waiting for a second approver (null: never). */
export async function setApprovalExpiry(seed: WpSeed, minutes: number | null): Promise<void> {
  await siteSql(
    seed,
    "DELETE FROM wp_options WHERE option_name = 'countersign_approval_expiry_minutes'",
  );
  if (minutes !== null)
    await siteSql(
      seed,
      `INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('countersign_approval_expiry_minutes', '${minutes}', 'no')`,
    );
}

/** The test holding the worker's kept approver browser (until its `close()`). */
let keptBy: string | undefined;

/** The approver's own browser profile (the extension in it), signed in as the admin. */
export interface ApproverBrowser {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  admin: WpAdmin;
  /** Opens the approvals view on one call, as the notification's click does. */
  view(siteRoot: string, id: string): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Launches a second browser profile with the extension and signs `user` (the admin) in.
 * `headful`: a real window on the worker's private Xvfb, where Chromium draws its own
 * notification popups for a test to click (support/native-notification.ts). `motion`: as the
 * fixtures' option of that name.
 */
export async function approverBrowser(
  seed: WpSeed,
  user: WpUserKey = 'admin',
  { headful = false, motion = 'reduce' }: { headful?: boolean; motion?: Motion } = {},
): Promise<ApproverBrowser> {
  // Headless and still motion: the worker's kept approver browser, reset as a fresh profile
  // would be (support/browser-reuse.ts); a real window or animations: a profile of its own.
  // Two approvers at once in one test: the second has a profile of its own.
  const testId = test.info().testId;
  const own = !keepsBrowser(headful, motion) || keptBy === testId;
  if (!own) keptBy = testId;
  if (headful) await ensurePrivateDisplay();
  const dir = own ? mkdtempSync(join(tmpdir(), 'countersign-e2e-approver-')) : undefined;
  const kept = dir ? undefined : await takeKeptBrowser('approver');
  const context = kept?.shared.context ?? (await launchWithExtension(dir!, headful, motion));
  const worker =
    kept?.worker ?? context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login(user, 'edit.php');
  return {
    context,
    worker,
    extensionId,
    admin,
    async view(siteRoot, id) {
      const page = await context.newPage();
      await page.goto(
        `chrome-extension://${extensionId}/approvals.html#${new URLSearchParams({ site: siteRoot, id })}`,
      );
      return page;
    },
    async close() {
      // A kept browser stays open for the next test, which resets it.
      if (!dir) {
        keptBy = undefined;
        return;
      }
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The post's title as WordPress stores it. */
export async function postTitle(seed: WpSeed, postId: number): Promise<string | undefined> {
  return (await siteSql(seed, `SELECT post_title FROM wp_posts WHERE ID = ${postId}`))[0]?.[0];
}

/** How many revisions of the post carry this title (one per write WordPress ran). */
export async function revisionsTitled(seed: WpSeed, postId: number, title: string) {
  const rows = await siteSql(
    seed,
    `SELECT COUNT(*) FROM wp_posts WHERE post_parent = ${postId} AND post_type = 'revision' AND post_title = '${title}'`,
  );
  return Number(rows[0]?.[0]);
}

/** The call's status on the site (`wp_countersign_approvals`). */
export async function siteStatus(seed: WpSeed, id: string): Promise<string | undefined> {
  return (
    await siteSql(seed, `SELECT status FROM wp_countersign_approvals WHERE id = '${id}'`)
  )[0]?.[0];
}
