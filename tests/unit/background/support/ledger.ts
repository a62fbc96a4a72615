// "Ledger", a CMS the background has never heard of (issue 15 item 2, issue 35 item 5): notes
// behind /ledger/admin/, its own page globals, sign-in check, tools and commands, and no
// companion server. tests/unit/background/unknown-cms.test.ts and no-companion.test.ts run it.
import { expect, vi } from 'vitest';
import { z } from 'zod';
import { AuditDb, AuditLog } from '../../../../src/audit';
import type { ContextStore } from '../../../../src/background/context-store';
import { createMessageHandler } from '../../../../src/background/messages';
import { Sessions } from '../../../../src/background/sessions';
import { ThreadService } from '../../../../src/background/threads/thread-service';
import { ThreadViewStore } from '../../../../src/background/threads/thread-view-store';
import { CmsHttpError } from '../../../../src/cms/http-error';
import type { CmsAdapter, PageReport } from '../../../../src/cms/adapter';
import { mergePolicies } from '../../../../src/gate';
import { SealedRunStore } from '../../../../src/run';
import type { ApprovalCard } from '../../../../src/shared/protocols/card-protocol';
import type { ThreadPush, ThreadView } from '../../../../src/shared/protocols/thread-protocol';
import { SealedStore } from '../../../../src/store';
import { ToolRegistry } from '../../../../src/tools/registry';
import { SiteTools } from '../../../../src/background/site-tools';
import type { AnyTool } from '../../../../src/tools/tool';
import { ModelClients } from '../../../../src/background/threads/model-clients';

export const ORIGIN = 'https://notes.example';
export const ADMIN = `${ORIGIN}/ledger/admin/`;

/** The Ledger site: its notes, who is signed in, and every write it saw. */
export const site = {
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

export const ledger: CmsAdapter = {
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
  // No companion server: the audit stays in this browser; no site rules, no second approvers.
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
export function ledgerThreads(contexts: ContextStore) {
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
      models: new ModelClients(),
    },
    new ThreadViewStore(sealed),
  );
  const pushes: ThreadPush[] = [];
  const panel = service.connect((push) => pushes.push(push));
  const view = () => lastView(pushes);
  return { panel, view };
}

/** A Ledger admin tab (tab 1, notes/4) reported to a new message handler, signed in. */
export async function ledgerTab(contexts: ContextStore) {
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

/** A key and the scripted model server's address, as the options page saves them (v2). */
export async function useModelServer(url: string): Promise<void> {
  await chrome.storage.local.set({
    apiKey: 'sk-ant-test-key-0123456789',
    connection: { apiBaseUrl: url, defaultModel: 'claude-sonnet-5-5' },
    connection$: { v: 2 },
  });
}

/** The last thread view among a panel's pushes. */
export function lastView(pushes: readonly ThreadPush[]): ThreadView | undefined {
  const last = pushes.filter((p) => p.type === 'thread-view').at(-1);
  return last?.type === 'thread-view' ? last.view : undefined;
}

/** The approval a panel's Approve click sends for a card on tab 1 (its hash and stamp). */
export function approveOnTab1(threadId: string, card: ApprovalCard) {
  return {
    type: 'decision' as const,
    threadId,
    tabId: 1,
    recordId: card.recordId,
    payloadHash: card.payloadHash,
    targetModified: card.targetModified ?? null,
    approve: true,
  };
}
