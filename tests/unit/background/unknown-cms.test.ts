// Issue 15 item 2: the background names no CMS. Here it runs a CMS it has never heard of,
// "Ledger" (notes behind /ledger/admin/, its own page globals, its own sign-in check and
// admin links), through the same message map, tab state, sessions and thread service the
// WordPress extension uses: a panel message reaches an approval card, the approved write
// runs once, and the result card and the search links come from the adapter.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { z } from 'zod';
import { AuditDb, AuditLog } from '../../../src/audit';
import { ContextStore } from '../../../src/background/context-store';
import { createMessageHandler } from '../../../src/background/messages';
import { Sessions } from '../../../src/background/sessions';
import { ThreadService } from '../../../src/background/threads/thread-service';
import { ThreadViewStore } from '../../../src/background/threads/thread-view-store';
import { CmsHttpError } from '../../../src/cms/http-error';
import type { CmsAdapter, PageReport } from '../../../src/cms/adapter';
import { mergePolicies } from '../../../src/gate';
import { SealedRunStore } from '../../../src/run';
import type { ThreadPush } from '../../../src/shared/protocols/thread-protocol';
import { SealedStore } from '../../../src/store';
import { ToolRegistry } from '../../../src/tools/registry';
import { SiteTools } from '../../../src/background/site-tools';
import type { AnyTool } from '../../../src/tools/tool';
import { block, startModelServer, turn, type ModelServer } from '../../support/model-server';

const ORIGIN = 'https://notes.example';
const ADMIN = `${ORIGIN}/ledger/admin/`;

/** The Ledger site: its notes, who is signed in, and every write it saw. */
const site = {
  notes: new Map([[4, 'Groceries']]),
  signedIn: true,
  /** Signed in by cookie, but every request token refused (the session changed under it). */
  staleToken: false,
  writes: [] as string[],
};

const GlobalsSchema = z.object({ ledger: z.object({ user: z.number().int(), api: z.url() }) });

const rename: AnyTool = {
  name: 'ledger_rename_note',
  label: 'Rename note',
  description: 'Rename a note.',
  cardDescription: 'Renames a note.',
  input: z.strictObject({
    note: z.number().int().describe('The note id.'),
    title: z.string().min(1).describe('The new title.'),
  }),
  classification: { kind: 'write', destructive: false },
  access: () => Promise.resolve({ ok: true }),
  execute: (_ctx, input: { note: number; title: string }) => {
    site.writes.push(`${input.note}:${input.title}`);
    site.notes.set(input.note, input.title);
    return Promise.resolve({
      summary: `Renamed note ${input.note}.`,
      data: { note: input.note },
      display: { entity: { type: 'note', id: input.note } },
    });
  },
};

const find: AnyTool = {
  name: 'ledger_find_notes',
  label: 'Find notes',
  description: 'Find notes.',
  cardDescription: 'Finds notes.',
  input: z.strictObject({ words: z.string().describe('Words to look for.') }),
  classification: { kind: 'read', destructive: false },
  access: () => Promise.resolve({ ok: true }),
  execute: () => {
    const notes = [...site.notes];
    return Promise.resolve({
      summary: `${notes.length} notes.`,
      data: notes,
      display: {
        links: notes.map(([id, title]) => ({ label: title, detail: 'note', href: `notes/${id}` })),
      },
    });
  },
};

const ledger: CmsAdapter = {
  id: 'ledger',
  label: 'Ledger',
  pageReaders: {
    scripts: [{ id: 'ledger', js: ['content-scripts/ledger.js'], world: 'ISOLATED' }],
    matchesFor: (origin) => origin.replace(/\/\*$/, '/ledger/admin/*'),
  },
  looksLikeAdmin: (url) => url.pathname.startsWith('/ledger/admin/'),
  readPageContext(report: PageReport) {
    const globals = GlobalsSchema.safeParse(report.globals);
    if (!globals.success) return { ok: false, reason: 'not a Ledger page' };
    return {
      ok: true,
      context: {
        cms: 'ledger',
        origin: ORIGIN,
        siteUrl: `${ORIGIN}/`,
        adminUrl: ADMIN,
        restRoot: globals.data.ledger.api,
        tokenUrl: `${ADMIN}token`,
        userId: globals.data.ledger.user,
        screen: { id: 'notes', view: 'list', contentType: 'note' },
        editor: 'none',
      },
    };
  },
  signedIn: async (options) => {
    if (site.staleToken)
      throw new CmsHttpError('forbidden', 'Token refused.', {
        status: 419,
        endpoint: 'me',
        staleSession: true,
      });
    if (!site.signedIn)
      throw new CmsHttpError('logged-out', 'Signed out of Ledger.', {
        status: 401,
        endpoint: 'me',
      });
    return { user: { id: options.page.userId, name: 'Noor', roles: ['scribe'] } };
  },
  loginUrl: (context) => `${context.adminUrl}login`,
  siteOfRoot: (root) => root.replace(/^https:\/\//, '').replace(/ledger\/api\/$/, ''),
  restUrl: (root, path) => new URL(path, root),
  nonceSource: (_url, nonce) => ({
    header: 'X-Ledger-Token',
    expired: async (response) => response.status === 419,
    current: () => nonce,
    refresh: async () => 'fresh',
  }),
  openSession: (options) => ({ user: options.page.userId }),
  tools: () => [rename, find],
  // R3: Ledger's own tools behind the panel's commands (it has no screens to open by path,
  // no drafts and no bin: those commands name tools it does not offer, refused as unknown).
  commands: {
    search: (words) => ({ tool: 'ledger_find_notes', input: { words } }),
    open: (path) => ({ tool: 'ledger_open_screen', input: { path } }),
    publish: (ref) => ({ tool: 'ledger_publish_note', input: { note: ref.id } }),
    trash: (ref) => ({ tool: 'ledger_drop_note', input: { note: ref.id } }),
    commandOf: (tool) => (tool === 'ledger_find_notes' ? 'search' : undefined),
  },
  capabilities: async (session) => ({
    id: (session as { user: number }).user,
    name: 'Noor',
    roles: ['scribe'],
    capabilities: {},
  }),
  visibility: async () => ({ visitorsSee: true, status: 'kept', summary: '', published: null }),
  describeMediaArgs: async () => ({}),
  editorNotice: async () => null,
  publishCall: () => {
    throw new Error('no drafts in Ledger');
  },
  undoCall: () => {
    throw new Error('no undo in Ledger');
  },
};

/** The thread service over Ledger, with the panel's pushes and the last view it was sent. */
function ledgerThreads(contexts: ContextStore) {
  // One database: a call's audit record and its run state commit together (item 6).
  const audit = new AuditLog(new AuditDb(`ledger-audit-${crypto.randomUUID()}`));
  const sealed = new SealedStore(audit.db);
  const registry = new ToolRegistry().register(...ledger.tools());
  const service = new ThreadService(
    {
      audit,
      runStore: new SealedRunStore(sealed),
      registry,
      siteTools: new SiteTools(registry, ledger),
      adapter: ledger,
      sessions: new Sessions(contexts, ledger),
      policy: () => Promise.resolve(mergePolicies({}, {})),
      runOptions: () => Promise.resolve({}),
    },
    new ThreadViewStore(sealed),
  );
  const pushes: ThreadPush[] = [];
  const panel = service.connect((push) => pushes.push(push));
  const view = () => {
    const last = pushes.filter((p) => p.type === 'thread-view').at(-1);
    return last?.type === 'thread-view' ? last.view : undefined;
  };
  return { panel, view };
}

/** A Ledger admin tab (tab 1, notes/4) reported to a new message handler, signed in. */
async function ledgerTab(contexts: ContextStore) {
  const handle = createMessageHandler(contexts, () => undefined, {
    adapter: ledger,
    options: () => Promise.reject(new Error('no options here')),
  });
  const url = `${ADMIN}notes/4`;
  const facts = {
    type: 'page-facts',
    globals: { ledger: { user: 7, api: `${ORIGIN}/ledger/api/` } },
    dom: { bodyClasses: [], hasClassicForm: false },
  };
  const tab = { id: chrome.runtime.id, tab: { id: 1 } as chrome.tabs.Tab, frameId: 0, url };
  expect(await handle(facts, tab)).toEqual({ ok: true, value: null });
  vi.spyOn(chrome.tabs, 'get').mockResolvedValue({ id: 1, url } as never);
  vi.spyOn(chrome.permissions, 'contains').mockResolvedValue(true as never);
  return handle;
}

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(() => model.close());
afterEach(() => vi.restoreAllMocks());

describe('the background with a CMS it has never heard of (issue 15 item 2)', () => {
  it('reads the tab, checks the session, and runs a gated write through the adapter alone', async () => {
    fakeBrowser.reset();
    await chrome.storage.local.set({
      apiKey: 'sk-ant-test-key-0123456789',
      connection: { apiBaseUrl: model.url, defaultModel: 'claude-sonnet-5-5' },
      connection$: { v: 2 },
    });
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
    await panel.handle({
      type: 'decision',
      threadId,
      tabId: 1,
      recordId: asked.card.recordId,
      payloadHash: asked.card.payloadHash,
      targetModified: asked.card.targetModified ?? null,
      approve: true,
    });
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
