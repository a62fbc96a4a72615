import { z } from 'zod';

/**
 * The closed vocabularies more than one part of Countersign speaks, written once: the
 * audit log stores them, retention and the options page read them, the gate applies
 * them. A new word is added here, and every reader's schema knows it at once.
 */

/** A1: every status a tool-call record can hold. */
export const AUDIT_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'run',
  'failed',
  'refused',
  'skipped',
  'expired',
] as const;
export const AuditStatusSchema = z.enum(AUDIT_STATUSES);
export type AuditStatus = z.infer<typeof AuditStatusSchema>;

/** A2: the statuses retention may purge: every one but `pending` (a call waiting for a person). */
export const PURGEABLE_STATUSES: readonly AuditStatus[] = AUDIT_STATUSES.filter(
  (status) => status !== 'pending',
);

/** G1: `allow` runs at once, `once` asks once per thread, `ask` asks every call, `deny` refuses. */
export const POLICY_MODES = ['allow', 'once', 'ask', 'deny'] as const;
export const PolicyModeSchema = z.enum(POLICY_MODES);
export type PolicyMode = z.infer<typeof PolicyModeSchema>;

/**
 * Issue 34: the class a site's rules may give one of its abilities: it classifies an
 * unclassified one or tightens a claim, never loosens (`tools/site-class.ts`).
 */
export const SITE_CLASSES = ['read', 'write', 'destructive'] as const;
export const SiteClassSchema = z.enum(SITE_CLASSES);
export type SiteClass = z.infer<typeof SiteClassSchema>;

/** The mode a record names: a policy mode, or `command` for a call a person typed (R3). */
export const ApprovalModeSchema = z.enum([...POLICY_MODES, 'command']);
export type ApprovalMode = z.infer<typeof ApprovalModeSchema>;

/** `decidedBy` for a call the gate approved or refused without asking anyone. */
export const DECIDED_BY_POLICY = 'countersign:policy';
/** `decidedBy` for a pending call that timed out (G12). */
export const DECIDED_BY_EXPIRY = 'countersign:expiry';

/**
 * R3: the panel's "/" commands, what a person can do without a model. The panel offers them
 * and the background's command translator reads them; the CMS adapter says which tool call
 * each one becomes (`tools/command-calls.ts`).
 */
export const COMMAND_NAMES = ['search', 'open', 'publish', 'trash'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/**
 * Admin screens people know by name, whatever a CMS calls them: the page context names one
 * when the page is one (`screen.named`), and the panel says it in the person's language.
 */
export const ADMIN_SCREENS = [
  'dashboard',
  'media',
  'comments',
  'users',
  'profile',
  'settings-general',
  'settings-reading',
  'settings-writing',
  'themes',
  'plugins',
] as const;
export const AdminScreenSchema = z.enum(ADMIN_SCREENS);
export type AdminScreen = z.infer<typeof AdminScreenSchema>;
