import type { BrowserContext, Locator, Page, Worker } from '@playwright/test';
import { tabIdOf } from '../fixtures';

/** The side panel page, opened for one admin tab (as a notification or a test opens it). */
export class Panel {
  private constructor(readonly page: Page) {}

  static async openFor(
    context: BrowserContext,
    worker: Worker,
    extensionId: string,
    tab: Page,
  ): Promise<Panel> {
    const tabId = await tabIdOf(worker, tab);
    const page = await context.newPage();
    await page.setViewportSize({ width: 400, height: 720 });
    await page.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
    return new Panel(page);
  }

  state(name: string): Locator {
    return this.page.getByTestId(`state-${name}`);
  }

  get userRole(): Locator {
    return this.page.getByTestId('user-role');
  }

  get entityTitle(): Locator {
    return this.page.getByTestId('entity-title');
  }
}
