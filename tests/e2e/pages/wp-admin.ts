import { expect, type Page } from '@playwright/test';
import type { WpSeed, WpUserKey } from '../../support/wp-env';

/** The WordPress admin, driven as a person would: the login form, then admin screens. */
export class WpAdmin {
  constructor(
    readonly page: Page,
    readonly seed: WpSeed,
    readonly origin: 'primary' | 'secondary' = 'primary',
  ) {}

  get url(): string {
    return this.seed.origins[this.origin].url.replace(/\/$/, '');
  }

  async login(user: WpUserKey): Promise<void> {
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
