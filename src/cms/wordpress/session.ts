import type { ToolContext } from '../../tools/tool';
import { InputError } from '../../shared/errors';
import type { AdminTabsPort } from '../adapter';
import type { WpRestClient } from './rest-client';

/**
 * One signed-in person's WordPress session in the background: the REST client that carries
 * their cookies and nonce, the admin URL, and per-session caches (capabilities, post
 * types), so every `access()` reads them once.
 */
export class WpSession {
  readonly client: WpRestClient;
  /** `…/wp-admin/`, with a trailing slash. */
  readonly adminUrl: string;
  readonly navigate?: (url: string) => Promise<void>;
  /** E1: the person's admin tabs, where an editor that holds an entity is found. */
  readonly tabs?: AdminTabsPort;
  /** The admin tab this session was opened for (where its page's own abilities run). */
  readonly tabId?: number;
  /** The site origin and the signed-in user, to match the tabs of this person only. */
  readonly origin?: string;
  readonly userId?: number;
  /** The site's WordPress version (`6.5.5`), when the admin page said it (G10's CSS rules). */
  readonly wpVersion?: string;
  readonly #cache = new Map<string, Promise<unknown>>();

  constructor(options: {
    client: WpRestClient;
    adminUrl: string;
    navigate?: (url: string) => Promise<void>;
    tabs?: AdminTabsPort;
    tabId?: number;
    origin?: string;
    userId?: number;
    wpVersion?: string;
  }) {
    this.client = options.client;
    this.tabs = options.tabs;
    this.tabId = options.tabId;
    this.origin = options.origin;
    this.userId = options.userId;
    this.wpVersion = options.wpVersion;
    this.adminUrl = options.adminUrl.endsWith('/') ? options.adminUrl : options.adminUrl + '/';
    this.navigate = options.navigate;
  }

  /**
   * Runs `load` once per key for this session. A failed load is forgotten, so a transient
   * error (a timeout, an expired nonce) does not stick.
   */
  cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.#cache.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const promise = load();
    this.#cache.set(key, promise);
    promise.catch(() => this.#cache.delete(key));
    return promise;
  }

  /** Forgets cached capabilities and types (after a role change, for example). */
  forget(): void {
    this.#cache.clear();
  }
}

/** The WordPress session a tool runs with; a wrong `cms` object is a wiring bug. */
export function sessionOf(ctx: Pick<ToolContext, 'cms'>): WpSession {
  if (ctx.cms instanceof WpSession) return ctx.cms;
  throw new InputError('This tool needs a WordPress session, and none was given.');
}
