import type { ActingUser, AnyTool, ToolContext } from '../tools/tool';
import type { CardField, EntityRef } from '../tools/write-card';
import type { CommandCalls } from '../tools/command-calls';
import type { PageContext } from '../shared/protocols/page-context';

export type { CardField, EntityRef, FieldSnapshot, WriteCardData } from '../tools/write-card';

/**
 * E4: a write's before-state as its audit record keeps it (validated there on write and
 * read): the entity, its fields and status before the write, and as the write left it.
 */
export interface RecordedUndo {
  entity: { type: string; id: number };
  before: {
    status: string;
    fields: Record<string, unknown>;
    comments?: Array<{ id: number; status: string }>;
  };
  after: { status: string; modified: string; fields: Record<string, unknown> };
}

/** C5: after a write, whether visitors see it and, for a draft, how it differs. */
export interface VisibilityReport {
  visitorsSee: boolean;
  status: string;
  summary: string;
  /** The published version compared with the draft; null when none exists. */
  published: { fields: CardField[] } | null;
  /** U1, U2: for a draft, its state now, so Publish can tell whether it changed since. */
  stamp?: DraftStamp;
}

/**
 * U1, U2, C5: a draft's state when its result card was built: the CMS's modification time
 * and the values visitors would see once published. Publish compares it with the draft now.
 */
export interface DraftStamp {
  modified: string;
  fields: Array<{ key: string; label: string; value: string }>;
}

/** C3: a media item an argument names, as the account may view it. */
export interface MediaSummary {
  id: number;
  title: string;
  mimeType: string;
  sourceUrl: string;
  /** A small rendition for images; absent for other media. */
  thumbnailUrl?: string;
}

/** E2/E3: the editors of the person that hold the entry a pending write targets. */
export interface EditorNoticeData {
  /** Labels of fields the call changes that have unsaved edits in an open block editor. */
  unsaved: string[];
  /** A classic editor holds the entry (its Update sends every field back). */
  classic: boolean;
  /** A block editor holds the entry (the write is brought into it, E1). */
  block: boolean;
  /**
   * An editor tab that holds the entry did not answer (its page hangs, or its editor store
   * is gone): it may still save its old copy, so the write waits for the person (E1, E3).
   */
  unanswered: boolean;
  /** E3: the display name of another user who holds the entry's post lock. */
  lockedBy?: string;
}

/** A tab of the profile that shows an admin page of a CMS, as its content scripts reported it. */
export interface AdminTab {
  tabId: number;
  context: PageContext;
}

/**
 * E1: the background's way into the person's admin tabs, so an adapter can find an editor
 * that holds an entity and apply an approved write through it. `run` executes a
 * self-contained function in the tab's page (MAIN) world and answers what it returned, or
 * throws when the tab is gone or did not answer within `timeoutMs`. The answer comes from
 * the page, so it is untrusted: the adapter validates it.
 */
export interface AdminTabsPort {
  tabs(): Promise<AdminTab[]>;
  run(
    tabId: number,
    func: (...args: never[]) => unknown,
    args: unknown[],
    timeoutMs: number,
  ): Promise<unknown>;
}

/** What an admin tab's content scripts reported, as the background received it. */
export interface PageReport {
  /** The page's globals as the MAIN-world reader sent them: unvalidated. */
  globals: unknown;
  dom: { bodyClasses: string[]; postIdInput?: string; hasClassicForm: boolean };
  /** The page's address, from the browser's record of the sender (never from the page). */
  href: string;
}

/**
 * A tab's page context read from its report, or why it cannot be trusted.
 * `waitingForEditor`: an editor still setting up its entity; the panel waits for it.
 */
export type ContextReading =
  | { ok: true; context: PageContext; nonce?: string; waitingForEditor?: true }
  | { ok: false; reason: string };

/** Who is signed in on a tab's site, as the site says now, and the entity the page shows. */
export interface SignedIn {
  user: { id: number; name: string; roles: string[] };
  entity?: { id: number; type: string; typeLabel: string; title: string; status: string };
}

/**
 * The content scripts that read a CMS admin page (their built files, WXT output paths, and
 * world), and the pages of a granted origin they run on.
 */
export interface PageReaders {
  scripts: Array<{ id: string; js: string[]; world: 'MAIN' | 'ISOLATED' }>;
  /** `http://example.org/*` → the match pattern of that origin's admin pages. */
  matchesFor(originPattern: string): string;
}

/** The request token a CMS checks beside the person's cookies (WordPress: the REST nonce). */
export interface NonceSource {
  /** The request header that carries the token (WordPress: `X-WP-Nonce`). */
  readonly header: string;
  /**
   * Whether a refused answer says the token expired, so one fresh token may be tried
   * (WordPress: 403 with `rest_cookie_invalid_nonce`). Reads a clone of the response.
   */
  expired(response: Response): Promise<boolean>;
  current(): string | undefined;
  /** Fetches a fresh nonce (the old one expired) and remembers it. */
  refresh(): Promise<string>;
}

/**
 * A server part on the site that speaks Countersign's own API (`countersign/v1`,
 * docs/server-api.md) as the signed-in person, under the site's REST root.
 */
export interface CompanionServer {
  /** The URL of a route under a site's REST root (the audit mirror's, A5). */
  restUrl(
    restRoot: string,
    path: string,
    query?: Record<string, string | number | boolean | undefined>,
  ): URL;
  /**
   * A request token for the person's session, from an admin page's (`nonce`) or fetched
   * through `tokenUrl` when it expired; a fresh one goes to `onNonce`.
   */
  nonceSource(tokenUrl: string, nonce?: string, onNonce?: (fresh: string) => void): NonceSource;
}

/** What an adapter needs to open a session for the signed-in person. */
export interface SessionOptions {
  page: PageContext;
  /** The REST nonce read from the page (never persisted). */
  nonce?: string;
  fetch?: typeof fetch;
  /** R5: moves the admin tab to a URL the adapter has checked. */
  navigate?: (url: string) => Promise<void>;
  /** Called when the adapter refreshed the nonce, so the caller can keep it for the session. */
  onNonce?: (nonce: string) => void;
  /** E1: the person's admin tabs, where open editors are found and written through. */
  tabs?: AdminTabsPort;
  /** The admin tab the session is for (issue 34: where the page's own abilities run). */
  tabId?: number;
}

/**
 * One CMS behind one interface (DESIGN 9). The run loop, the cards and the panel talk to a
 * CMS only through this; an adapter never imports a sibling adapter.
 */
export interface CmsAdapter {
  readonly id: string;
  /** How people name the CMS ("WordPress"): in the model's prompt and in sentences. */
  readonly label: string;
  /** The content scripts registered on every granted origin. */
  readonly pageReaders: PageReaders;
  /** Whether an address looks like one of the CMS's admin pages, before the page was read. */
  looksLikeAdmin(url: URL): boolean;
  /** Builds a tab's page context from what its content scripts reported (validated here). */
  readPageContext(report: PageReport): ContextReading;
  /**
   * Asks the site who is signed in and reads the entity the page shows; throws a
   * `CmsHttpError` of kind `logged-out` when nobody is.
   */
  signedIn(options: SessionOptions): Promise<SignedIn>;
  /** Where the person signs in again. */
  loginUrl(context: PageContext): string;
  /** The site's address (without scheme) for its REST root, to name it to people. */
  siteOfRoot(restRoot: string): string;
  /**
   * Optional: the site's companion server (WordPress: the Countersign plugin). Without one
   * the gate, the cards and the local audit work as ever; the audit mirror (A5), the site's
   * rules (G11), second approvers (G15) and the site's AI connection are not offered, and a
   * call a rule sends to a second approver waits, saying why, and never runs without one.
   */
  readonly companion?: CompanionServer;
  /** The session object tools receive as `ToolContext.cms`. */
  openSession(options: SessionOptions): unknown;
  /** Every tool the adapter offers the model. */
  tools(): AnyTool[];
  /** R3: the calls of {@link tools} the panel's commands become when no model is set. */
  readonly commands: CommandCalls;
  /**
   * The tools one site offers besides {@link tools} (WordPress 6.9+: its abilities), as
   * the session's person may see them, read once per session; none when the site has none.
   */
  siteTools?(session: unknown): Promise<AnyTool[]>;
  /** How the names of {@link siteTools} start, never like one of {@link tools} (`ab_`). */
  readonly siteToolPrefixes?: readonly string[];
  /** The signed-in person's roles and capabilities, cached per session. */
  capabilities(session: unknown): Promise<ActingUser>;
  /**
   * C5: whether visitors see the entity now, compared with its published version. `target` is the publish tool's read of it
   * (`readTarget` of {@link publishCall}'s tool), which the adapter uses when it holds what
   * it needs, so one read serves the visibility and the Publish checks; else it reads.
   */
  visibility(ctx: ToolContext, ref: EntityRef, target?: unknown): Promise<VisibilityReport>;
  /** C3: media named by the call's arguments, keyed by argument name. */
  describeMediaArgs(
    ctx: ToolContext,
    tool: AnyTool,
    input: unknown,
  ): Promise<Record<string, MediaSummary[]>>;
  /**
   * E2/E3: the person's open editors that hold the entry the call writes, asked now; null
   * when none does. Cards show it, and approving over unsaved edits or a classic editor
   * needs the person's explicit choice.
   */
  editorNotice(ctx: ToolContext, tool: AnyTool, input: unknown): Promise<EditorNoticeData | null>;
  /**
   * U1, U2: the call that publishes the draft `ref` from the result card of the write
   * `recordId`: a person-only tool, proposed from the card and gated like any call.
   */
  publishCall(recordId: string, ref: EntityRef): { tool: string; input: unknown };
  /**
   * E4: the call that undoes a recorded write (its before-state back), proposed from the
   * result card and gated like any call. `recordId` is the write's audit record.
   */
  undoCall(recordId: string, state: RecordedUndo): { tool: string; input: unknown };
}
