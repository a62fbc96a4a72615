import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AuditDb, AuditLog } from '../../../../src/audit';
import { ContextStore } from '../../../../src/background/context-store';
import { createMessageHandler } from '../../../../src/background/messages';
import { Sessions } from '../../../../src/background/sessions';
import { ThreadService } from '../../../../src/background/threads/thread-service';
import { ThreadViewStore } from '../../../../src/background/threads/thread-view-store';
import type { CmsAdapter } from '../../../../src/cms/adapter';
import { wordpressAdapter } from '../../../../src/cms/wordpress/wordpress-adapter';

function pick<T extends object, K extends keyof T>(from: T, keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;
}
import { mergePolicies, type Policy } from '../../../../src/gate';
import { SealedRunStore } from '../../../../src/run';
import { SealedStore } from '../../../../src/store';
import type {
  ThreadPush,
  ThreadRequest,
  ThreadView,
} from '../../../../src/shared/protocols/thread-protocol';
import { ToolRegistry } from '../../../../src/tools/registry';
import { SiteTools } from '../../../../src/background/site-tools';
import type { ActingUser, AnyTool } from '../../../../src/tools/tool';
import { FakeCms, updatePostTool } from '../../run/support/fake-cms';
import { ModelClients } from '../../../../src/background/threads/model-clients';

/** The person signed in to the fake site: WordPress user 3. */
export const SITE_USER: ActingUser = { id: 3, name: 'Eve', roles: ['editor'], capabilities: {} };
export const SITE_ORIGIN = 'http://127.0.0.1:8881';

/** The page facts an admin tab's content scripts send for `userId`. */
export function pageFacts(userId: number) {
  return {
    type: 'page-facts',
    globals: {
      wpApiSettings: { root: `${SITE_ORIGIN}/wp-json/`, nonce: `${userId}2725adda2`.slice(0, 10) },
      pagenow: 'post',
      typenow: 'post',
      adminpage: 'post-php',
      userSettingsUid: String(userId),
    },
    dom: {
      bodyClasses: ['wp-admin', 'block-editor-page'],
      postIdInput: '1',
      hasClassicForm: false,
    },
  };
}

/** A fake WordPress behind the adapter contract: sessions are the user id the tab showed. */
function fakeAdapter(
  cms: FakeCms,
  users: Map<number, ActingUser>,
  tools: (cms: FakeCms) => AnyTool[],
): CmsAdapter {
  return {
    // The admin pages are WordPress's: the tabs report WordPress page facts.
    ...pick(wordpressAdapter, [
      'label',
      'pageReaders',
      'looksLikeAdmin',
      'readPageContext',
      'loginUrl',
      'siteOfRoot',
      'companion',
      'commands',
    ]),
    id: 'fake',
    signedIn: (options) =>
      Promise.resolve({
        user: users.get(options.page.userId) ?? { ...SITE_USER, id: options.page.userId },
      }),
    openSession: (options) => ({ userId: options.page.userId }),
    tools: () => tools(cms),
    capabilities: (session) => {
      const id = (session as { userId: number }).userId;
      return Promise.resolve(users.get(id) ?? { ...SITE_USER, id, name: `User ${id}` });
    },
    visibility: () => Promise.reject(new Error('no visibility in the fake')),
    describeMediaArgs: () => Promise.resolve({}),
    editorNotice: () => Promise.resolve(null),
    undoCall: () => {
      throw new Error('no undo in the fake');
    },
    publishCall: () => {
      throw new Error('no publish in the fake');
    },
  };
}

/** A panel connected to the service: what it sent and every push it got. */
export interface FakePanel {
  pushes: ThreadPush[];
  send(request: ThreadRequest): Promise<void>;
  view(): ThreadView | undefined;
}

/**
 * The background's thread service over real stores (fake-indexeddb, the fake browser's
 * storage) and a fake CMS that outlives workers. `worker()` starts a fresh service over
 * the same databases, as a restarted service worker would.
 */
export class ServiceWorld {
  readonly cms = new FakeCms();
  readonly users = new Map<number, ActingUser>([[3, SITE_USER]]);
  private readonly auditName = `audit-svc-${crypto.randomUUID()}`;
  contexts = new ContextStore(chrome.storage.session);
  /** The tools the fake CMS offers; a test may replace them before `worker()`. */
  tools: (cms: FakeCms) => AnyTool[] = (cms) => [updatePostTool(cms)];
  audit = new AuditLog(new AuditDb(this.auditName));
  /** The admin's gate rules; a test may set them before `worker()`. */
  adminPolicy: Policy = {};

  /**
   * Resets the fake browser and points the extension at the scripted model at `modelUrl`;
   * without `apiKey` the panel runs commands (R3).
   */
  static async create(modelUrl: string, { apiKey = true } = {}): Promise<ServiceWorld> {
    fakeBrowser.reset();
    await chrome.storage.local.set({
      ...(apiKey ? { apiKey: 'sk-ant-test-key-0123456789' } : {}),
      connection: { apiBaseUrl: modelUrl, defaultModel: 'claude-sonnet-5-5' },
      connection$: { v: 2 },
    });
    return new ServiceWorld();
  }

  /** An admin tab of the site, signed in as `userId`, reported by its content scripts. */
  async openTab(tabId: number, userId = 3): Promise<void> {
    const handle = createMessageHandler(this.contexts, () => undefined, {
      adapter: this.adapter(),
      options: () => Promise.reject(new Error('no options requests here')),
    });
    const url = `${SITE_ORIGIN}/wp-admin/post.php?post=1&action=edit`;
    await handle(pageFacts(userId), {
      id: chrome.runtime.id,
      tab: { id: tabId } as chrome.tabs.Tab,
      frameId: 0,
      url,
    });
  }

  /** The fake CMS behind the adapter contract, with the tools the test chose. */
  adapter(): CmsAdapter {
    return fakeAdapter(this.cms, this.users, this.tools);
  }

  /** A fresh worker: new connections, new in-memory caches, the same databases. */
  worker(): ThreadService {
    this.contexts = new ContextStore(chrome.storage.session);
    this.audit = new AuditLog(new AuditDb(this.auditName));
    const adapter = this.adapter();
    const registry = new ToolRegistry().register(...adapter.tools());
    // One database for the audit log and the sealed store, as the background has it.
    const sealed = new SealedStore(this.audit.db);
    return new ThreadService(
      {
        audit: this.audit,
        runStore: new SealedRunStore(sealed),
        registry,
        siteTools: new SiteTools(registry, adapter),
        adapter,
        sessions: new Sessions(this.contexts, adapter),
        policy: () => Promise.resolve(mergePolicies({}, this.adminPolicy)),
        runOptions: () => Promise.resolve({}),
        models: new ModelClients(),
      },
      new ThreadViewStore(sealed),
    );
  }

  /** Connects a panel to `service`. */
  panel(service: ThreadService): FakePanel {
    const pushes: ThreadPush[] = [];
    const session = service.connect((push) => pushes.push(push));
    return {
      pushes,
      send: (request) => session.handle(request),
      view: () => {
        const last = pushes.filter((p) => p.type === 'thread-view').at(-1);
        return last?.type === 'thread-view' ? last.view : undefined;
      },
    };
  }
}
