import { expect, type Page } from '@playwright/test';
import type { WpSeed, WpUserKey } from '../../support/wp-env';
import { signInByCookie } from '../support/wp-cookie';

/** The WordPress admin, driven as a person would: signed in, then admin screens. */
export class WpAdmin {
  constructor(
    readonly page: Page,
    readonly seed: WpSeed,
    readonly origin: 'primary' | 'secondary' = 'primary',
  ) {}

  get url(): string {
    return this.seed.origins[this.origin].url.replace(/\/$/, '');
  }

  /**
   * Signs `user` in and opens an admin screen: `screen` (a path under wp-admin/), Profile when
   * none is named. The sign-in is WordPress's own auth cookies, made server-side with a real
   * session (support/wp-cookie.ts; reused within a worker, made anew when the site refuses
   * them): the login form and the dashboard it lands on cost 13-28 s a test under load (issue
   * 38). A cookie the site refuses lands on wp-login.php, and this fails. `loginWithForm`
   * drives the form.
   */
  async login(user: WpUserKey, screen = 'profile.php'): Promise<void> {
    const target = `${this.url}/wp-admin/${screen.replace(/^\//, '')}`;
    await signInByCookie(this.page.context(), this.seed, this.origin, user);
    await this.page.goto(target);
    if (this.page.url().includes('/wp-login.php')) {
      // The session of this worker's earlier cookies was ended (a test signed out): anew.
      await signInByCookie(this.page.context(), this.seed, this.origin, user, { fresh: true });
      await this.page.goto(target);
    }
    const path = new URL(target).pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(this.page).toHaveURL(new RegExp(path));
  }

  /** Signs in through the login form as a person does, landing on the dashboard. */
  async loginWithForm(user: WpUserKey): Promise<void> {
    const { login, password } = this.seed.users[user];
    await this.page.goto(`${this.url}/wp-login.php`);
    await this.page.fill('#user_login', login);
    await this.page.fill('#user_pass', password);
    await Promise.all([this.page.waitForURL(/\/wp-admin\//), this.page.click('#wp-submit')]);
  }

  /** Opens a post in the block editor and waits until the editor is ready. */
  async editPost(id: number): Promise<void> {
    await this.page.goto(`${this.url}/wp-admin/post.php?post=${id}&action=edit`);
    await expect(this.page.locator('body.block-editor-page')).toBeVisible();
  }

  async open(path: string): Promise<void> {
    await this.page.goto(`${this.url}/wp-admin/${path.replace(/^\//, '')}`);
  }
}
