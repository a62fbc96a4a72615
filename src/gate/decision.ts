import { z } from 'zod';
import { AlwaysAskClassSchema } from './always-ask';
import { SecondApproverRequirementSchema } from './approver-policy';
import { PolicyModeSchema } from './policy-schema';

/**
 * What decided a call: a policy source (managed, site, admin, the tool's default), an
 * always-ask class (G2), the untrusted thread (S2), or a thread grant (G14).
 */
export const DecisionSourceSchema = z.enum([
  'managed',
  'site',
  'admin',
  'default',
  'always-ask',
  'untrusted',
  'grant',
]);
export type DecisionSource = z.infer<typeof DecisionSourceSchema>;

/** The rule behind a decision, for the audit record and the card. */
export const DecisionRuleSchema = z.strictObject({
  source: DecisionSourceSchema,
  /** The policy entry that applied: the tool's name or `"*"`. */
  entry: z.string(),
  /** Set when the entry's JSON-Logic rule approved the call (G4). */
  byRule: z.literal(true).optional(),
  /**
   * The always-ask class of the call (G2). With `ask`, it forced the ask; with
   * `allow`, the admin's explicit `"*": "allow"` opt-in lifted it.
   */
  alwaysAsk: AlwaysAskClassSchema.optional(),
  /** G15: the site's approvals sent the call to a second approver (or could not be read). */
  secondApprover: z.literal(true).optional(),
});
export type DecisionRule = z.infer<typeof DecisionRuleSchema>;

const common = { mode: PolicyModeSchema, rule: DecisionRuleSchema };

/**
 * The gate's answer (DESIGN: Decision). `mode` is the approval mode of the policy entry
 * (or default) that applied, as recorded in the audit (A1); `reason` says why in words.
 */
export const DecisionSchema = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('allow'), ...common }),
  z.strictObject({
    decision: z.literal('ask'),
    reason: z.string(),
    /** G15: someone other than the requester must approve (or the site's word is unknown). */
    secondApprover: SecondApproverRequirementSchema.optional(),
    ...common,
  }),
  z.strictObject({ decision: z.literal('deny'), reason: z.string(), ...common }),
]);
export type Decision = z.infer<typeof DecisionSchema>;
