import { z } from 'zod';
import { findRuleProblem } from './json-logic-rule';
import {
  PolicyModeSchema,
  SiteClassSchema,
  type PolicyMode,
  type SiteClass,
} from '../shared/vocabulary';
import { SecondApproverPolicySchema } from './approver-policy';

/** The policy key that applies to every tool without an entry of its own. */
export const WILDCARD = '*';

// G1's modes are written once, in src/shared/vocabulary.ts.
export { PolicyModeSchema, type PolicyMode };

/** G4: a JSON-Logic expression over `{ input, facts }`, checked for known operators. */
export const JsonLogicRuleSchema = z.json().superRefine((rule, ctx) => {
  const problem = findRuleProblem(rule);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
export type JsonLogicRule = z.infer<typeof JsonLogicRuleSchema>;

const entryShape = { mode: PolicyModeSchema, rule: JsonLogicRuleSchema.optional() };

/** A rule only narrows auto-approval of an `ask` or `once` entry (G4). */
function ruleNarrowsOnly(entry: { mode: PolicyMode; rule?: unknown }, ctx: z.RefinementCtx): void {
  if (entry.rule !== undefined && (entry.mode === 'allow' || entry.mode === 'deny')) {
    ctx.addIssue({
      code: 'custom',
      path: ['rule'],
      message: `a rule only auto-approves calls of an "ask" or "once" entry; with mode "${entry.mode}" it would do nothing`,
    });
  }
}

/** G1/G4: one policy entry: its mode and, optionally, a rule that approves matching calls. */
export const PolicyEntrySchema = z.strictObject(entryShape).superRefine(ruleNarrowsOnly);
export type PolicyEntry = z.infer<typeof PolicyEntrySchema>;

/**
 * Tool names as the registry allows them (gate may not import tool code, so it is repeated):
 * words after the first may hold `-` (a site's ability, `ab_core_get-site-info`).
 */
const POLICY_KEY = /^(?:\*|[a-z][a-z0-9]*(?:_[a-z0-9-]+)+)$/;

// Issue 34's site classes are written once, in src/shared/vocabulary.ts.
export { SiteClassSchema, type SiteClass };

/** G11: a policy from one source: entries keyed by tool name, or `"*"` for every other tool. */
export const PolicySchema = z.record(
  z.string().regex(POLICY_KEY, 'a policy key is a tool name (snake_case verb_noun) or "*"'),
  PolicyEntrySchema,
);
export type Policy = z.infer<typeof PolicySchema>;

/**
 * G11: where a policy entry came from, strongest first: managed (enterprise), the site's
 * policy (held by the CMS), the local admin's rules.
 */
export const PolicySourceSchema = z.enum(['managed', 'site', 'admin']);
export type PolicySource = z.infer<typeof PolicySourceSchema>;

/**
 * An entry of the effective policy, with the source it came from. `failedClosed` marks an
 * entry the site's policy held but that did not validate: it asks (or refuses, when the
 * entry said `deny`) and never approves anything by itself.
 */
export const SourcedEntrySchema = z
  .strictObject({
    ...entryShape,
    source: PolicySourceSchema,
    failedClosed: z.literal(true).optional(),
  })
  .superRefine(ruleNarrowsOnly);
export type SourcedEntry = z.infer<typeof SourcedEntrySchema>;

/**
 * G11: managed, site and admin policies merged. `entries` holds, per key, the entry of the
 * strongest source; `shadowed` lists keys of a weaker source a stronger entry replaced.
 * G15: `approvals` is the site's second-approver part; `approvalsUnknown` says the site
 * holds the plugin but its approvals could not be read (every call with a side effect waits).
 */
export const EffectivePolicySchema = z.strictObject({
  entries: z.record(z.string(), SourcedEntrySchema),
  shadowed: z.array(z.string()),
  approvals: SecondApproverPolicySchema.optional(),
  approvalsUnknown: z.literal(true).optional(),
  /** Issue 34: the classes the site's rules give its own tools, by tool name. */
  classes: z.record(z.string(), SiteClassSchema).optional(),
});
export type EffectivePolicy = z.infer<typeof EffectivePolicySchema>;
