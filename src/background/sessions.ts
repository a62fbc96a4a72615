import type { RecordOwner } from '../audit';
import type { CmsAdapter } from '../cms/adapter';
import type { ActingUser, ToolContext } from '../tools/tool';
import { CountersignError } from '../shared/errors';
import type { PageContext } from '../shared/page-context';
import type { ContextStore } from './context-store';
import { adminTabsPort } from './admin-tabs';

/** A CMS session for one person on one site, opened from a tab that shows its admin. */
export interface SiteSession {
  tabId: number;
  context: PageContext;
  session: unknown;
  user: ActingUser;
}

/** No admin tab of the thread's site is open with the owner signed in. */
export class NoSessionError extends CountersignError {
  constructor(origin: string) {
    super(
      'no-session',
      `Open the WordPress admin of ${origin} in a tab (signed in as the thread's owner) to continue.`,
    );
  }
}

/**
 * Opens CMS sessions from the page contexts the tabs reported, so tools act with the
 * person's own cookies and nonce. Sessions are cached per tab and nonce; a refreshed nonce
 * is written back to the tab's context (session storage only).
 */
export class Sessions {
  private readonly cache = new Map<string, Promise<SiteSession>>();

  constructor(
    private readonly store: ContextStore,
    private readonly adapter: CmsAdapter,
  ) {}

  /** The session of a given tab. */
  async forTab(tabId: number): Promise<SiteSession> {
    const entry = await this.store.get(tabId);
    if (entry?.kind !== 'context') throw new NoSessionError('this site');
    return this.open(tabId, entry.context, entry.nonce);
  }

  /** Any open admin tab of the owner's site and user. */
  async forOwner(owner: RecordOwner): Promise<SiteSession> {
    const tabs = await this.store.contexts();
    const match = tabs.find(
      (t) => t.context.origin === owner.siteOrigin && String(t.context.userId) === owner.userId,
    );
    if (!match) throw new NoSessionError(owner.siteOrigin);
    return this.open(match.tabId, match.context, match.nonce);
  }

  /** The tool context the run loop gives tools: the acting user and their CMS session. */
  async toolContext(thread: { threadId: string; owner: RecordOwner }): Promise<ToolContext> {
    const site = await this.forOwner(thread.owner);
    return { user: site.user, threadId: thread.threadId, cms: site.session };
  }

  private open(tabId: number, context: PageContext, nonce?: string): Promise<SiteSession> {
    const key = `${tabId}|${context.origin}|${context.userId}|${nonce ?? ''}`;
    let hit = this.cache.get(key);
    if (!hit) {
      hit = (async () => {
        const session = this.adapter.openSession({
          page: context,
          nonce,
          navigate: async (url) => {
            await chrome.tabs.update(tabId, { url });
          },
          onNonce: (fresh) => void this.store.setNonce(tabId, fresh),
          tabs: adminTabsPort(this.store),
        });
        const user = await this.adapter.capabilities(session);
        return { tabId, context, session, user };
      })();
      this.cache.set(key, hit);
      hit.catch(() => this.cache.delete(key));
    }
    return hit;
  }
}
