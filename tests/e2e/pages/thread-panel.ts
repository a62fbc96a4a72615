import {
  expect,
  type BrowserContext,
  type Locator,
  type Page,
  type Worker,
} from '@playwright/test';
import { tabIdOf } from '../fixtures';

/** The side panel's thread, driven as a person would: type, read the card, click. */
export class ThreadPanel {
  private constructor(
    readonly page: Page,
    readonly tabId: number,
  ) {}

  static async open(
    context: BrowserContext,
    worker: Worker,
    extensionId: string,
    tab: Page,
  ): Promise<ThreadPanel> {
    const panel = await ThreadPanel.openFor(context, extensionId, await tabIdOf(worker, tab));
    await expect(panel.composer).toBeEnabled();
    return panel;
  }

  /** A panel page already open on the tab `tabId` (its thread may still be loading). */
  static onPage(page: Page, tabId: number): ThreadPanel {
    return new ThreadPanel(page, tabId);
  }

  /**
   * The panel of the tab `tabId` again (a person reopens it after the browser closed it). Its
   * composer may be disabled: a card offered again waits for a decision first.
   */
  static async openFor(
    context: BrowserContext,
    extensionId: string,
    tabId: number,
  ): Promise<ThreadPanel> {
    const page = await context.newPage();
    await page.setViewportSize({ width: 400, height: 900 });
    await page.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
    const panel = new ThreadPanel(page, tabId);
    // On a block editor the panel first says "Waiting for the editor…" until the editor holds
    // its post (the page readers stop waiting 8 s after they start, and under load they start
    // late): a 7.1 editor in a clean-clone run took longer than the default 15 s.
    await expect(panel.composer).toBeVisible({ timeout: 30_000 });
    // The thread opens asynchronously; typing before its first view arrives is lost.
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await page.waitForTimeout(500);
    return panel;
  }

  get composer(): Locator {
    return this.page.getByRole('textbox', { name: 'Message' });
  }

  get card(): Locator {
    return this.page.getByTestId('approval-card');
  }

  get result(): Locator {
    return this.page.getByTestId('result-card');
  }

  async newThread(): Promise<void> {
    await this.page.getByRole('button', { name: 'New thread' }).click();
    // The new thread's view replaces the old one; the composer resets with it.
    await expect(this.page.getByRole('heading', { name: 'New thread' })).toBeVisible();
    await this.page.waitForTimeout(500);
  }

  /**
   * Sends a message as a person does: once the step before it has ended. While "Working…"
   * shows, the composer keeps what is typed and sends nothing (the card of a call the run
   * went past hides as the run moves on, a moment before its operation ends).
   */
  async ask(text: string): Promise<void> {
    await expect(this.page.getByTestId('busy')).toBeHidden({ timeout: 30_000 });
    await expect(this.composer).toBeEnabled();
    await this.composer.fill(text);
    await this.composer.press('Enter');
    await expect(this.page.getByRole('log', { name: 'Thread' })).toContainText(text);
  }

  /** Clicks Approve once the card accepts input (it ignores clicks just after it appears). */
  async approve(): Promise<void> {
    await expect(this.card).toBeVisible({ timeout: 30_000 });
    await this.page.waitForTimeout(700);
    await this.card.getByRole('button', { name: 'Approve', exact: true }).click();
  }

  async reject(note: string): Promise<void> {
    await expect(this.card).toBeVisible({ timeout: 30_000 });
    await this.page.waitForTimeout(700);
    await this.card.getByRole('button', { name: 'Reject', exact: true }).click();
    await this.card.getByLabel('Note with the rejection (optional)').fill(note);
    await this.card.getByRole('button', { name: 'Confirm reject' }).click();
  }

  async shot(path: string): Promise<void> {
    await this.page.screenshot({ path, fullPage: true });
  }
}
