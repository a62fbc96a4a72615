import type { CallFacts } from '../tools/tool';
import { alwaysAskClass, defaultMode, goesLive, type GateTool } from './always-ask';
import type { Decision, DecisionRule } from './decision';
import { hasGrant, type ThreadGrant } from './grants';
import { ruleApproves } from './json-logic-rule';
import { resolvePolicyEntry, wildcardAllowOptIn, type ResolvedEntry } from './merge-policies';
import type { EffectivePolicy, PolicyMode } from './policy-schema';
import { secondApproverFor, type SecondApproverRequirement } from './approver-policy';
import {
  alwaysAskReason,
  denyReason,
  entryAskReason,
  secondApproverReason,
  untrustedReason,
} from './reasons';

/** The call the gate judges: its tool (name and classification) and validated input. */
export interface GateCall {
  tool: GateTool;
  input: unknown;
}

/** What the gate knows about the thread and target beyond the call itself. */
export interface GateContext {
  /** Facts about the target gathered before the gate (T2 `draft()`, G4 rules). */
  facts: CallFacts;
  /** The thread holds words others may have written (R6, S2). */
  untrusted: boolean;
  /** G14: the thread's "allow this tool for the rest of the thread" grants. */
  grants: readonly ThreadGrant[];
}

/**
 * The gate: a pure function of policy, call and context, with the precedence in
 * docs/gate.md. In order: the applying entry (managed > site > admin > default, G11, G3);
 * `deny` refuses; a call the site's approvals cover (or might, when they could not be read)
 * asks a second approver, whatever approves it locally (G15); an always-ask class asks (G2)
 * unless the managed or admin `"*": "allow"` opt-in is on;
 * otherwise `allow`, a `once` grant (G14) or a matching rule (G4) approves, except that
 * an untrusted thread gets no rule approvals and nothing that goes live (S2).
 */
export function evaluate(policy: EffectivePolicy, call: GateCall, ctx: GateContext): Decision {
  const { tool, input } = call;
  const entry: ResolvedEntry = resolvePolicyEntry(policy, tool.name) ?? {
    mode: defaultMode(tool),
    source: 'default',
    entry: tool.name,
  };
  const mode = entry.mode;
  const byEntry: DecisionRule = { source: entry.source, entry: entry.entry };
  if (mode === 'deny') {
    return { decision: 'deny', mode, rule: byEntry, reason: denyReason(tool, entry) };
  }
  const second = secondApproverOf(policy, call, ctx);
  if (second) {
    const rule: DecisionRule = { source: 'site', entry: tool.name, secondApprover: true };
    const reason = secondApproverReason(tool, second);
    return { decision: 'ask', mode, rule, reason, secondApprover: second };
  }
  const forced = alwaysAskClass(tool, input, ctx.facts);
  if (forced && !wildcardAllowOptIn(policy)) {
    const rule: DecisionRule = { source: 'always-ask', entry: entry.entry, alwaysAsk: forced };
    return ask(mode, rule, alwaysAskReason(tool, forced, entry));
  }
  const approval = autoApproval(entry, byEntry, call, ctx);
  if (!approval) return ask(mode, byEntry, entryAskReason(tool, entry));
  if (ctx.untrusted && (approval.byRule || goesLive(tool, input, ctx.facts))) {
    const rule: DecisionRule = { source: 'untrusted', entry: entry.entry };
    return ask(mode, rule, untrustedReason(approval.byRule === true));
  }
  return { decision: 'allow', mode, rule: forced ? { ...approval, alwaysAsk: forced } : approval };
}

/**
 * G15: what the site's approvals ask of the call. When the site holds the plugin but its
 * approvals could not be read, any call with a side effect might be covered: it waits.
 */
function secondApproverOf(
  policy: EffectivePolicy,
  call: GateCall,
  ctx: GateContext,
): SecondApproverRequirement | null {
  if (policy.approvalsUnknown) {
    return call.tool.classification?.kind === 'read' ? null : { unknown: true };
  }
  return secondApproverFor(policy.approvals, call.tool, call.input, ctx.facts);
}

/** What would approve the call without asking, before the thread's trust is considered. */
function autoApproval(
  entry: ResolvedEntry,
  byEntry: DecisionRule,
  call: GateCall,
  ctx: GateContext,
): DecisionRule | null {
  if (entry.mode === 'allow') return byEntry;
  if (entry.mode === 'once' && hasGrant(ctx.grants, call.tool.name)) {
    return { source: 'grant', entry: entry.entry };
  }
  if (
    entry.rule !== undefined &&
    ruleApproves(entry.rule, { input: call.input, facts: ctx.facts })
  ) {
    return { ...byEntry, byRule: true };
  }
  return null;
}

function ask(mode: PolicyMode, rule: DecisionRule, reason: string): Decision {
  return { decision: 'ask', mode, rule, reason };
}

/**
 * G14: whether the card may offer "approve, and allow this tool for the rest of the
 * thread": only when the entry's mode is `once` and a grant would actually let this call
 * run (G2 does not force the ask, and an untrusted thread does not block it).
 */
export function canGrantOnce(
  policy: EffectivePolicy,
  call: GateCall,
  ctx: Omit<GateContext, 'grants'>,
): boolean {
  const entry = resolvePolicyEntry(policy, call.tool.name);
  if (entry?.mode !== 'once') return false;
  const grants = [{ tool: call.tool.name, grantedAt: 0 }];
  return evaluate(policy, call, { ...ctx, grants }).decision === 'allow';
}
