import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { WpAdmin } from './pages/wp-admin';
import { ThreadPanel } from './pages/thread-panel';
import { useModel } from './support/agent-setup';
import { forgiveKills } from './support/kill-live';
import { expectWorkerBack, stopExtensionWorker } from './support/worker-stop';
import { startModelServer, turn, type ModelServer } from '../support/model-server';

// C6, issue 15: a saved thread view this version cannot show (here: one a newer Countersign
// wrote) is refused with words the person reads, in the real panel over the real worker, and
// its stored bytes stay as they were; the panel goes on with a new thread that says why.
let model: ModelServer;
test.beforeAll(async () => {
  model = await startModelServer();
});
test.afterAll(async () => model.close());
test.beforeEach(() => model.reset());

/**
 * In an extension page (the sealed store's origin): marks the thread view holding `text` as
 * saved in format 3, sealed as the store seals it, and returns its key and sealed bytes.
 */
function markNewerFormat(page: Page, text: string) {
  return page.evaluate(async (match) => {
    const req = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const open = indexedDB.open('countersign');
    const db = await req(open as IDBRequest<IDBDatabase>);
    type Row = { key: string; iv: Uint8Array<ArrayBuffer>; data: Uint8Array<ArrayBuffer> };
    const { key } = (await req(
      db.transaction('keys').objectStore('keys').get('sealing-key-v1'),
    )) as {
      key: CryptoKey;
    };
    const rows = (await req(db.transaction('sealed').objectStore('sealed').getAll())) as Row[];
    const enc = new TextEncoder();
    for (const row of rows) {
      if (!row.key.startsWith('thread-view:')) continue;
      const additionalData = enc.encode(`countersign:sealed:v1:${row.key}`);
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: row.iv, additionalData },
        key,
        row.data,
      );
      const view = JSON.parse(new TextDecoder().decode(plain)) as Record<string, unknown>;
      if (!JSON.stringify(view.items).includes(match)) continue;
      view.schemaVersion = 3;
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData },
        key,
        enc.encode(JSON.stringify(view)),
      );
      const data = new Uint8Array(sealed);
      await req(
        db
          .transaction('sealed', 'readwrite')
          .objectStore('sealed')
          .put({ ...row, iv, data }),
      );
      db.close();
      return { key: row.key, bytes: Array.from(data).join(',') };
    }
    db.close();
    throw new Error(`no stored view holds ${match}`);
  }, text);
}

/** The sealed bytes stored under `key` now. */
function storedBytes(page: Page, key: string) {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('countersign');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const row = await new Promise<{ data: Uint8Array } | undefined>((resolve, reject) => {
      const get = db.transaction('sealed').objectStore('sealed').get(name);
      get.onsuccess = () => resolve(get.result as { data: Uint8Array } | undefined);
      get.onerror = () => reject(get.error);
    });
    db.close();
    return row ? Array.from(row.data).join(',') : undefined;
  }, key);
}

test('a thread saved by a newer Countersign is refused with a notice and kept as it was (C6) @kill', async ({
  context,
  serviceWorker,
  extensionId,
  seed,
  extensionErrors,
}, info) => {
  model.setScript([turn.text('Hello from the first thread.')]);
  await useModel(serviceWorker, model.url);
  const admin = new WpAdmin(await context.newPage(), seed);
  await admin.login('editor1', 'edit.php');
  const panel = await ThreadPanel.open(context, serviceWorker, extensionId, admin.page);
  const log = panel.page.getByRole('log', { name: 'Thread' });
  await panel.ask('Say hello');
  await expect(log).toContainText('Hello from the first thread.');
  await expect(panel.composer).toBeEnabled();
  await panel.page.waitForTimeout(500); // the operation's last commit is on disk

  const marked = await markNewerFormat(panel.page, 'Hello from the first thread.');
  // A new worker reads the view from the store (the old one held it in memory).
  const stopped = await stopExtensionWorker(context, extensionId);
  // The open panel reconnects by itself (it is what this test is about), starting a new worker.
  await expectWorkerBack(context, stopped);

  // The open panel reconnects and asks for its thread again: the worker says why it cannot.
  const alert = panel.page.getByRole('alert').filter({ hasText: 'newer version of Countersign' });
  await expect(alert).toContainText('format 3', { timeout: 30_000 });
  await expect(alert).toContainText('Update the extension to open it. It is kept as it was.');
  await expect(panel.page.getByText('This thread no longer exists')).toHaveCount(0);
  await panel.shot(info.outputPath('view-newer-format-refused.png'));

  // Opened afresh, the panel shows a new thread whose first notice says why.
  await panel.page.reload();
  const notice = panel.page.getByText(
    'Your last thread could not be opened, so this is a new one. It was saved by a newer version of Countersign (format 3',
  );
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(log).not.toContainText('Hello from the first thread.');
  await panel.shot(info.outputPath('view-newer-format-new-thread.png'));
  // The thread stays listed, and its stored bytes were never written over.
  await panel.page.getByRole('button', { name: /Threads/ }).click();
  await expect(panel.page.getByRole('list', { name: 'Threads' })).toContainText('Say hello');
  expect(await storedBytes(panel.page, marked.key)).toBe(marked.bytes);
  forgiveKills(extensionErrors);
});
