// Issue 15 item 2: the background names no CMS. Here it runs a CMS it has never heard of,
// "Ledger" (notes behind /ledger/admin/, its own page globals, its own sign-in check and
// admin links), through the same message map, tab state, sessions and thread service the
// WordPress extension uses: a panel message reaches an approval card, the approved write
// runs once, and the result card and the search links come from the adapter.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContextStore } from '../../../src/background/context-store';
import { block, startModelServer, turn, type ModelServer } from '../../support/model-server';
import {
  ADMIN,
  approveOnTab1,
  ledgerTab,
  ledgerThreads,
  ORIGIN,
  site,
  useModelServer,
} from './support/ledger';

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(() => model.close());
afterEach(() => vi.restoreAllMocks());

describe('the background with a CMS it has never heard of (issue 15 item 2)', () => {
  it('reads the tab, checks the session, and runs a gated write through the adapter alone', async () => {
    fakeBrowser.reset();
    await useModelServer(model.url);
    const contexts = new ContextStore(chrome.storage.session);
    const handle = await ledgerTab(contexts);
    const panelPage = { id: chrome.runtime.id, url: chrome.runtime.getURL('/sidepanel.html') };
    expect(await handle({ type: 'tab-state-get', tabId: 1 }, panelPage)).toMatchObject({
      ok: true,
      value: { kind: 'ready', user: { id: 7, roles: [{ id: 'scribe', label: 'Scribe' }] } },
    });
    site.signedIn = false;
    expect(await handle({ type: 'tab-state-get', tabId: 1 }, panelPage)).toMatchObject({
      value: { kind: 'signed-out', loginUrl: `${ADMIN}login` },
    });
    site.signedIn = true;
    // S5: a token refused even fresh asks for a reload of the tab, not a sign-in.
    site.staleToken = true;
    expect(await handle({ type: 'tab-state-get', tabId: 1 }, panelPage)).toMatchObject({
      value: { kind: 'stale-session', origin: ORIGIN },
    });
    site.staleToken = false;

    const { panel, view } = ledgerThreads(contexts);
    model.setScript([
      turn.reply([block.toolUse('ledger_find_notes', { words: 'groceries' }, 'toolu_1')]),
      turn.reply([block.toolUse('ledger_rename_note', { note: 4, title: 'Market' }, 'toolu_2')], {
        match: { toolResultFor: 'toolu_1' },
      }),
      turn.text('Renamed.', { match: { toolResultFor: 'toolu_2' } }),
    ]);
    await panel.handle({ type: 'thread-open', tabId: 1, fresh: true });
    const threadId = view()!.threadId;
    await panel.handle({ type: 'message-send', threadId, text: 'Rename my groceries note' });
    // The read ran at once (the gate allows reads); the write waits for a person.
    expect(view()!.items).toContainEqual(
      expect.objectContaining({ kind: 'tool', tool: 'ledger_find_notes', status: 'run' }),
    );
    const asked = view()!.items.find((i) => i.kind === 'approval');
    if (asked?.kind !== 'approval') throw new Error('no approval card');
    expect(asked.card).toMatchObject({ toolLabel: 'Rename note', site: 'notes.example/' });
    expect(site.writes).toEqual([]);
    await panel.handle(approveOnTab1(threadId, asked.card));
    expect(site.writes).toEqual(['4:Market']);
    expect(view()!.items.find((i) => i.kind === 'result')).toMatchObject({
      card: { entity: { id: 4, type: 'note' }, visibleToVisitors: true },
    });
    expect(view()!.items.at(-1)).toMatchObject({ kind: 'assistant', text: 'Renamed.' });
    // The model is told which CMS it works in by the adapter.
    expect(JSON.stringify(model.messageRequests[0]?.body)).toContain('Ledger');
  });

  it("without a model, what the person types is a search in Ledger's own tool (R3)", async () => {
    fakeBrowser.reset();
    const contexts = new ContextStore(chrome.storage.session);
    await ledgerTab(contexts);
    const { panel, view } = ledgerThreads(contexts);
    await panel.handle({ type: 'thread-open', tabId: 1, fresh: true });
    const threadId = view()!.threadId;
    expect(view()!.mode).toBe('commands');
    await panel.handle({ type: 'message-send', threadId, text: 'groceries' });
    expect(view()!.items).toContainEqual(
      expect.objectContaining({ kind: 'tool', tool: 'ledger_find_notes', status: 'run' }),
    );
    expect(view()!.items).toContainEqual(
      expect.objectContaining({
        kind: 'links',
        links: [expect.objectContaining({ href: 'notes/4' })],
      }),
    );
  });
});
