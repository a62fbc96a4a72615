import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { NewToolCallRecord } from '../../../src/audit/record-schema';

/** The sections of the options page (their `#hash`). */
export type OptionsSection = 'connection' | 'rules' | 'audit' | 'sync' | 'refused' | 'retention';
type Mode = 'default' | 'allow' | 'once' | 'ask' | 'deny';

/** G4: "update post fields: allow when the post is a draft". */
export const DRAFT_RULE = { '==': [{ var: 'facts.entity.status' }, 'draft'] };

/** The options page, driven as an admin would: labels, buttons and links. */
export class OptionsPage {
  constructor(
    readonly page: Page,
    readonly extensionId: string,
  ) {}

  /** Opens the options page in a new tab at a section. */
  static async open(
    context: BrowserContext,
    extensionId: string,
    section: OptionsSection = 'connection',
  ): Promise<OptionsPage> {
    const options = new OptionsPage(await context.newPage(), extensionId);
    await options.goto(section);
    return options;
  }

  async goto(section: OptionsSection): Promise<void> {
    await this.page.goto(`chrome-extension://${this.extensionId}/options.html#${section}`);
    if (section === 'rules') await expect(this.toolRow('wp_update_post')).toBeVisible();
  }

  /** One tool of the rules editor. */
  toolRow(tool: string): Locator {
    return this.page.getByTestId(`tool-${tool}`);
  }

  async setMode(tool: string, mode: Mode): Promise<void> {
    await this.toolRow(tool).getByLabel('Mode').selectOption(mode);
  }

  /** Opens the tool's rule editor (a disclosure) and types the rule as JSON. */
  async setRule(tool: string, rule: unknown): Promise<void> {
    const row = this.toolRow(tool);
    const field = row.getByLabel(/Approve without asking when/);
    if (!(await field.isVisible())) await row.getByText('Auto-approval rule').click();
    await field.fill(typeof rule === 'string' ? rule : JSON.stringify(rule));
  }

  /** Saves and waits for the page to say so (or for the problems it shows instead). */
  async saveRules(expectSaved = true): Promise<void> {
    await this.page.getByRole('button', { name: 'Save rules' }).click();
    const status = this.page.getByTestId('rules-save-bar').getByRole('status');
    await expect(status).toHaveText(expectSaved ? /^Saved\./ : /^Nothing was saved/);
  }

  /** The admin sets "update post fields: allow when the post is a draft" (G4). */
  async allowDraftUpdates(): Promise<void> {
    await this.goto('rules');
    await this.setMode('wp_update_post', 'ask');
    await this.setRule('wp_update_post', DRAFT_RULE);
    await this.saveRules();
  }

  /** Runs "try it" for a tool with a sample call and returns the result text. */
  async tryRule(tool: string, sample: unknown): Promise<Locator> {
    const row = this.toolRow(tool);
    await row.getByLabel('Try it on a sample call').fill(JSON.stringify(sample));
    await row.getByRole('button', { name: 'Try it' }).click();
    const result = this.page.getByTestId(`try-result-${tool}`);
    await expect(result).not.toBeEmpty();
    return result;
  }

  /** Applies audit filters through the form (dates as YYYY-MM-DD). */
  async filterAudit(filter: {
    thread?: string;
    tool?: string;
    status?: string;
    decidedBy?: string;
    from?: string;
    to?: string;
  }): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Filter records' });
    await form.getByLabel('Thread', { exact: true }).fill(filter.thread ?? '');
    await form.getByLabel('Tool', { exact: true }).fill(filter.tool ?? '');
    await form.getByLabel('Status', { exact: true }).selectOption(filter.status ?? '');
    await form.getByLabel('Decided by', { exact: true }).fill(filter.decidedBy ?? '');
    await form.getByLabel('From', { exact: true }).fill(filter.from ?? '');
    await form.getByLabel('To', { exact: true }).fill(filter.to ?? '');
    await form.getByRole('button', { name: 'Apply filters' }).click();
  }

  /**
   * Time passes for stored audit records: the creation and update times of the first
   * `count` of them (all by default) move `ms` back. The only test hook of retention (A2).
   */
  async ageRecords(ms: number, count?: number): Promise<void> {
    await this.page.evaluate(
      async ({ shift, count }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('countersign');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('records', 'readwrite');
          const store = tx.objectStore('records');
          const rows = store.getAll(null, count);
          rows.onsuccess = () => {
            for (const row of rows.result as Array<{ createdAt: number; updatedAt: number }>) {
              store.put({
                ...row,
                createdAt: row.createdAt - shift,
                updatedAt: row.updatedAt - shift,
              });
            }
          };
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        db.close();
      },
      { shift: ms, count },
    );
  }

  /** The admin keeps records for `days` days, saves, and purges now; returns what it said. */
  async purgeOlderThan(days: number): Promise<Locator> {
    await this.goto('retention');
    await this.page.getByLabel('Keep every record').uncheck();
    await this.page.getByLabel('Keep audit records for (days)').fill(String(days));
    await this.page.getByRole('button', { name: 'Save retention' }).click();
    await expect(this.page.getByTestId('retention-status')).toContainText('Saved');
    await this.page.getByRole('button', { name: 'Purge now' }).click();
    return this.page.getByTestId('last-purge');
  }

  /** Exports the filtered records and returns the file's text and how long it took. */
  async exportAudit(
    format: 'jsonl' | 'csv',
  ): Promise<{ text: string; ms: number; pageMs: number }> {
    const started = Date.now();
    const [download] = await Promise.all([
      this.page.waitForEvent('download', { timeout: 300_000 }),
      this.page.getByRole('button', { name: `Export ${format.toUpperCase()}` }).click(),
    ]);
    const ms = Date.now() - started;
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    // The page's own measure, first request to Blob handed to the download (no test tooling).
    const status = await this.page.getByTestId('export-status').textContent();
    const pageMs = Number(/in ([\d.]+) s/.exec(status ?? '')?.[1] ?? NaN) * 1000;
    return { text: Buffer.concat(chunks).toString('utf8'), ms, pageMs };
  }
}

/** A record as the audit log stores it (what `AuditLog.create` would have written). */
export function asStoredRecord(record: NewToolCallRecord): Record<string, unknown> {
  const createdAt = record.createdAt ?? Date.now();
  const decidedBy = record.decidedBy ?? null;
  return {
    ...record,
    decidedBy,
    decidedAt: record.decidedAt ?? null,
    createdAt,
    updatedAt: createdAt,
    version: 1,
    history: [{ status: record.status, at: createdAt, by: decidedBy }],
  };
}

/**
 * Test-only seeding, with no hook in the extension: writes records straight into the
 * extension's IndexedDB (`countersign`, table `records`) from one of its own pages, in
 * batches. The worker must have opened the database first (any audit request does), so
 * its Dexie schema and indexes exist; IndexedDB keeps those indexes for these rows too.
 */
export async function seedAuditRecords(
  page: Page,
  records: Record<string, unknown>[],
  batch = 10_000,
): Promise<void> {
  for (let start = 0; start < records.length; start += batch) {
    // One JSON string per batch: Playwright passes a string far faster than objects.
    await page.evaluate(
      async (json) => {
        const rows = JSON.parse(json) as unknown[];
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('countersign');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('records', 'readwrite', { durability: 'relaxed' });
          const store = tx.objectStore('records');
          for (const row of rows) store.put(row);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        db.close();
      },
      JSON.stringify(records.slice(start, start + batch)),
    );
  }
}
