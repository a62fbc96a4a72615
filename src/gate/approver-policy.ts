import { z } from 'zod';
import { alwaysAskClass, type GateTool } from './always-ask';
import type { CallFacts } from '../tools/tool';
import { t } from '../i18n';

/**
 * G15: the classes of call a site policy may put behind a second approver. The names are
 * G2's always-ask classes: a write that goes live, and a destructive call.
 */
export const ApproverClassSchema = z.enum(['live-write', 'destructive']);
export type ApproverClass = z.infer<typeof ApproverClassSchema>;

/** A WordPress capability name (`edit_others_posts`, `manage_options`, a plugin's own). */
export const CapabilityNameSchema = z
  .string()
  .regex(/^[a-z0-9_]{1,100}$/, 'a capability is 1 to 100 characters of a-z, 0-9 and _');

/**
 * One "requires a second approver" entry: the requester may not approve the call; a
 * person holding `capability` decides. Without `capability`, the default for the tool
 * ({@link defaultApproverCapability}).
 */
export const SecondApproverRuleSchema = z.strictObject({
  capability: CapabilityNameSchema.optional(),
});
export type SecondApproverRule = z.infer<typeof SecondApproverRuleSchema>;

/** As the registry allows (`-` in later words: a site's ability). */
const TOOL_NAME = /^[a-z][a-z0-9]*(?:_[a-z0-9-]+)+$/;

/**
 * G15: the `approvals` part of the site policy document (GET/PUT /policy of the companion
 * plugin, docs/server-api.md). `tools` names tools, `classes` names G2 classes; a tool's own
 * entry wins over a class entry. Only the site's policy holds it: local and managed
 * policies do not.
 */
export const SecondApproverPolicySchema = z.strictObject({
  tools: z
    .record(
      z.string().regex(TOOL_NAME, 'a tool name is snake_case verb_noun'),
      SecondApproverRuleSchema,
    )
    .optional(),
  classes: z.partialRecord(ApproverClassSchema, SecondApproverRuleSchema).optional(),
});
export type SecondApproverPolicy = z.infer<typeof SecondApproverPolicySchema>;

/** What a site policy asks of one call: who may approve it, and which entry said so. */
export const SecondApproverNeedSchema = z.strictObject({
  capability: CapabilityNameSchema,
  /** The entry that applied: `tool` (the tool's own) or a class name. */
  by: z.union([z.literal('tool'), ApproverClassSchema]),
});
export type SecondApproverNeed = z.infer<typeof SecondApproverNeedSchema>;

/**
 * G15 as the gate decides it and the run state keeps it: the site's approvals cover the
 * call (who may approve it), or the site holds the plugin but its approvals could not be
 * read, so nobody here can tell whether they cover it (`unknown`: the call waits).
 */
export const SecondApproverRequirementSchema = z.union([
  SecondApproverNeedSchema,
  z.strictObject({ unknown: z.literal(true) }),
]);
export type SecondApproverRequirement = z.infer<typeof SecondApproverRequirementSchema>;

/**
 * G15 default approving capability: administrators for settings (`manage_options`),
 * editors and administrators for content (`edit_others_posts`). Settings tools are the
 * ones whose name ends in `_settings`.
 */
export function defaultApproverCapability(toolName: string): string {
  return toolName.endsWith('_settings') ? 'manage_options' : 'edit_others_posts';
}

/**
 * G15: whether a call needs a second approver under the site's `approvals`, and with which
 * capability; null when it does not (and always for a site without approvals).
 */
export function secondApproverFor(
  approvals: SecondApproverPolicy | undefined,
  tool: GateTool,
  input: unknown,
  facts: CallFacts,
): SecondApproverNeed | null {
  if (!approvals) return null;
  const cls = alwaysAskClass(tool, input, facts);
  return secondApproverForClass(
    approvals,
    tool.name,
    cls === 'destructive' || cls === 'live-write' ? cls : null,
  );
}

/** As {@link secondApproverFor}, for a call whose G2 class is already known. */
export function secondApproverForClass(
  approvals: SecondApproverPolicy | undefined,
  toolName: string,
  cls: ApproverClass | null,
): SecondApproverNeed | null {
  if (!approvals) return null;
  const own = approvals.tools?.[toolName];
  if (own) return { capability: own.capability ?? defaultApproverCapability(toolName), by: 'tool' };
  const entry = cls ? approvals.classes?.[cls] : undefined;
  if (!entry || !cls) return null;
  return { capability: entry.capability ?? defaultApproverCapability(toolName), by: cls };
}

/** Who holds an approving capability, in words for the requester's card. */
export function approversLabel(capability: string): string {
  if (capability === 'edit_others_posts') return t('worker.reason.approvers.editors');
  if (capability === 'manage_options') return t('worker.reason.approvers.admins');
  return t('worker.reason.approvers.capability', { capability });
}
