import { z } from 'zod';
import { PageContextSchema } from './page-context';

/**
 * The one typed protocol between contexts (STYLE 2). Every message is validated where it
 * is received; senders are checked too (S6): content scripts may only report page
 * context, and only extension pages may ask for anything else.
 */

/** From a content script in a CMS admin tab. The tab is taken from the sender, never from the message. */
export const ContentMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('page-facts'),
    /** The MAIN-world globals, unvalidated: the background reads them with a schema. */
    globals: z.unknown(),
    dom: z.object({
      bodyClasses: z.array(z.string().max(200)).max(200),
      postIdInput: z.string().max(20).optional(),
      hasClassicForm: z.boolean(),
    }),
  }),
]);
export type ContentMessage = z.infer<typeof ContentMessageSchema>;

/** From an extension page (side panel, options). */
export const PanelRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('tab-state-get'),
    tabId: z.number().int().nonnegative(),
    /** Answer from what the background already knows, without asking the site (no REST). */
    quick: z.boolean().optional(),
  }),
  z.object({ type: z.literal('site-granted'), tabId: z.number().int().nonnegative() }),
  /** Issue 34: what the agent may use on this tab's site and page, for the panel's list. */
  z.object({ type: z.literal('tools-here'), tabId: z.number().int().nonnegative() }),
]);
export type PanelRequest = z.infer<typeof PanelRequestSchema>;

export const RoleSchema = z.object({ id: z.string(), label: z.string() });

/** What the panel shows for one tab: a closed set of states, each with what it needs. */
export const TabStateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('no-tab') }),
  z.object({ kind: z.literal('not-cms'), url: z.string().optional() }),
  z.object({ kind: z.literal('not-granted'), origin: z.string(), looksLikeCms: z.boolean() }),
  z.object({ kind: z.literal('detecting'), origin: z.string() }),
  /** A block editor still loading its post (bounded: the readers stop waiting after seconds). */
  z.object({
    kind: z.literal('waiting-editor'),
    origin: z.string(),
    entity: z.object({ id: z.number(), type: z.string() }).optional(),
  }),
  z.object({ kind: z.literal('invalid-context'), origin: z.string(), reason: z.string() }),
  z.object({ kind: z.literal('signed-out'), origin: z.string(), loginUrl: z.string() }),
  /** Signed in, but WordPress refuses even a fresh REST nonce for this tab: it needs a reload. */
  z.object({ kind: z.literal('stale-session'), origin: z.string() }),
  z.object({ kind: z.literal('error'), origin: z.string(), message: z.string() }),
  /** A granted CMS page whose session is being checked: the thread can open meanwhile. */
  z.object({ kind: z.literal('checking'), context: PageContextSchema }),
  z.object({
    kind: z.literal('ready'),
    context: PageContextSchema,
    user: z.object({ id: z.number(), name: z.string(), roles: z.array(RoleSchema) }),
    entity: z
      .object({
        id: z.number(),
        type: z.string(),
        typeLabel: z.string(),
        title: z.string(),
        status: z.string(),
      })
      .optional(),
  }),
]);
export type TabState = z.infer<typeof TabStateSchema>;

/** Replies always carry either a result or a wire error, never an Error object. */
export type Reply<T> =
  { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

/** One tool the agent may use on a tab, as the panel lists it (issue 34). */
export const ToolHereSchema = z.object({
  name: z.string().max(64),
  label: z.string().max(200),
  /** The CMS's own tool, the site's (its abilities), or the open admin page's. */
  where: z.enum(['cms', 'site', 'page']),
  /** The site's group for it (an ability's category), when it has one. */
  group: z.string().max(200).optional(),
  /** Null: the tool does not say what it does, so it always asks. */
  kind: z.enum(['read', 'write', 'run', 'send', 'delete']).nullable(),
  destructive: z.boolean(),
});
export type ToolHere = z.infer<typeof ToolHereSchema>;
export const ToolsHereSchema = z.object({
  /** How people name the CMS ("WordPress"): the heading of its own tools. */
  cms: z.string().min(1).max(40),
  tools: z.array(ToolHereSchema).max(2000),
});
export type ToolsHere = z.infer<typeof ToolsHereSchema>;
