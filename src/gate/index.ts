/** The gate (G): a pure policy function. See docs/gate.md for the precedence table. */
export { evaluate, canGrantOnce, type GateCall, type GateContext } from './evaluate';
export {
  mergePolicies,
  mergeSources,
  lockedBy,
  resolvePolicyEntry,
  wildcardAllowOptIn,
} from './merge-policies';
export type { FailedClosedMode, PolicySources, ResolvedEntry, SiteLayer } from './merge-policies';
export { isKnownTool, parsePolicy, type ParsePolicyOptions } from './parse-policy';
export { PolicyError } from './policy-error';
export * from './policy-schema';
export * from './decision';
export * from './grants';
export {
  AlwaysAskClassSchema,
  alwaysAskClass,
  defaultMode,
  goesLive,
  landsAsDraft,
  type AlwaysAskClass,
  type GateTool,
} from './always-ask';
export { RULE_OPERATORS, findRuleProblem, ruleApproves } from './json-logic-rule';
