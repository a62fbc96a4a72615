import { z } from 'zod';
import { PolicyModeSchema, SiteClassSchema, type PolicyMode } from '../vocabulary';

/** G1: the approval modes, as the options page shows them (the gate's own words). */
export const ModeViewSchema = PolicyModeSchema;
export type ModeView = PolicyMode;

/** One policy entry as the page edits it: a mode and, for ask/once, a JSON-Logic rule. */
export const PolicyEntryViewSchema = z.object({ mode: ModeViewSchema, rule: z.json().optional() });
export type PolicyEntryView = z.infer<typeof PolicyEntryViewSchema>;

/** A policy as the page shows it: entries keyed by tool name or "*". */
export const PolicyViewRecordSchema = z.record(z.string(), PolicyEntryViewSchema);
export type PolicyViewRecord = z.infer<typeof PolicyViewRecordSchema>;

/**
 * G2 in the editor's words: which calls of a tool ask whatever its entry says.
 * `live-write-unless-draft`: a write that asks when it would go live, and follows its
 * entry when it lands as a draft.
 */
export const AlwaysAskViewSchema = z.enum([
  'unclassified',
  'destructive',
  'live-write',
  'live-write-unless-draft',
]);
export type AlwaysAskView = z.infer<typeof AlwaysAskViewSchema>;

/**
 * Where a site tool's class came from: what its author claims (its annotations), its group,
 * and the class the site's rules gave it, when that took effect (issue 34).
 */
export const SiteToolOriginViewSchema = z.object({
  claims: z.object({
    readonly: z.boolean().optional(),
    destructive: z.boolean().optional(),
    idempotent: z.boolean().optional(),
  }),
  group: z.string().max(200).optional(),
  siteClass: SiteClassSchema.optional(),
  /** Issue 34 item 3: registered by the admin page (runs there), not by the site. */
  page: z.literal(true).optional(),
});
export type SiteToolOriginView = z.infer<typeof SiteToolOriginViewSchema>;

/** A tool as the rules editor lists it (T1, T2, A4). */
export const ToolSummarySchema = z.object({
  name: z.string(),
  label: z.string(),
  cardDescription: z.string(),
  /** Null for an unclassified tool. */
  kind: z.enum(['read', 'write', 'run', 'send', 'delete']).nullable(),
  destructive: z.boolean(),
  alwaysAsk: AlwaysAskViewSchema.nullable(),
  /** G3: what applies when no entry names the tool. */
  defaultMode: z.enum(['allow', 'ask']),
  accessHint: z.string().optional(),
  /** A sample call `{ input, facts }` for the "try it" box, as JSON text. */
  sample: z.string(),
  /** Set for a tool a site added (an ability). */
  siteOrigin: SiteToolOriginViewSchema.optional(),
});
export type ToolSummary = z.infer<typeof ToolSummarySchema>;

/**
 * The tools a site adds, as the rules editor lists them: `listed` (maybe none), `no-tab`
 * (no admin tab of that person on that site is open to read them with).
 */
export const SiteToolsViewSchema = z.object({
  status: z.enum(['listed', 'no-tab']),
  tools: z.array(ToolSummarySchema),
});
export type SiteToolsView = z.infer<typeof SiteToolsViewSchema>;

/** G11: the managed policy as the page shows it; `invalid` means it failed closed. */
export const ManagedViewSchema = z.object({
  status: z.enum(['none', 'ok', 'invalid']),
  entries: PolicyViewRecordSchema,
});
export type ManagedView = z.infer<typeof ManagedViewSchema>;

/** Everything the rules editor needs. */
export const PolicyViewSchema = z.object({
  tools: z.array(ToolSummarySchema),
  admin: PolicyViewRecordSchema,
  managed: ManagedViewSchema,
  /** Problems found reading the policies (entries ignored, managed policy unreadable). */
  problems: z.array(z.string()),
  /** When the admin policy was last saved (epoch ms), or null. */
  updatedAt: z.number().nullable(),
  /** The words to type to turn on `"*": "allow"` (G2). */
  wildcardPhrase: z.string(),
  /** How the names of the tools a site adds start (its abilities): rules for them are kept. */
  siteToolPrefixes: z.array(z.string().min(1).max(20)).max(10),
});
export type PolicyView = z.infer<typeof PolicyViewSchema>;

/** What "try it" found for a sample call: the rule alone, then the whole gate. */
export const RuleTryViewSchema = z.object({
  rule: z.enum(['approves', 'does-not-approve', 'none']),
  decision: z.enum(['allow', 'ask', 'deny']),
  reason: z.string(),
  /** The sample's input does not validate against the tool's schema (shown, not fatal). */
  inputProblem: z.string().optional(),
});
export type RuleTryView = z.infer<typeof RuleTryViewSchema>;
