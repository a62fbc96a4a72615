import { siteRootOf, type RecordOwner } from '../audit';
import type { CmsAdapter } from '../cms/adapter';
import type { ActingUser, ToolContext } from '../tools/tool';
import { CountersignError } from '../shared/errors';
import type { PageContext } from '../shared/protocols/page-context';
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
  constructor(site: string, cms: string) {
    super(
      'no-session',
      `Open the ${cms} admin of ${site} in a tab (signed in as the thread's owner) to continue.`,
    );
  }
}

/** The thread owner a tab's session stands for: the person on that site (its REST root). */
export function ownerOf(site: Pick<SiteSession, 'context' | 'user'>): RecordOwner {
  return {
    userId: String(site.user.id),
    siteOrigin: site.context.origin,
    siteRoot: site.context.restRoot,
  };
}

/** How a site is named to people: its address without the scheme (`example.org/shop/`). */
export function siteLabel(siteUrl: string): string {
  return siteUrl.replace(/^https?:\/\//, '');
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
    if (entry?.kind !== 'context') throw new NoSessionError('this site', this.adapter.label);
    return this.open(tabId, entry.context, entry.nonce);
  }

  /**
   * An open admin tab of the owner's site (origin and REST root: two sites may share an
   * origin) with the owner signed in. `preferTab`, the tab the panel serves, is taken when
   * it shows that site; otherwise another tab of the same site.
   */
  async forOwner(owner: RecordOwner, preferTab?: number): Promise<SiteSession> {
    const tabs = await this.store.contexts();
    const root = siteRootOf(owner);
    const ofSite = tabs.filter(
      (t) =>
        t.context.origin === owner.siteOrigin &&
        t.context.restRoot === root &&
        String(t.context.userId) === owner.userId,
    );
    const match = ofSite.find((t) => t.tabId === preferTab) ?? ofSite[0];
    if (!match) throw new NoSessionError(this.adapter.siteOfRoot(root), this.adapter.label);
    return this.open(match.tabId, match.context, match.nonce, match.pageNonce);
  }

  /** The tool context the run loop gives tools: the acting user and their CMS session. */
  async toolContext(
    thread: { threadId: string; owner: RecordOwner },
    preferTab?: number,
  ): Promise<ToolContext> {
    const site = await this.forOwner(thread.owner, preferTab);
    return { user: site.user, threadId: thread.threadId, cms: site.session };
  }

  /**
   * One session per tab, site, person and page nonce. A nonce a refresh brought (S5: any
   * part of the worker refreshes when WordPress refuses one) keeps the session, which
   * refreshes its own on a refusal; only a page load with another nonce opens a new one.
   */
  private open(
    tabId: number,
    context: PageContext,
    nonce?: string,
    pageNonce?: string,
  ): Promise<SiteSession> {
    const key = `${tabId}|${context.restRoot}|${context.userId}|${pageNonce ?? ''}`;
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
          tabId,
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
