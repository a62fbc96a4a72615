/**
 * The cards, loaded apart from the panel's first paint: they bring the diff code, and a
 * thread shows its messages before its first card. See lazy-cards.ts.
 */
export { ApprovalCard } from './approval-card';
export { DecidedCard } from './decided-card';
export { ResultCard } from './result-card';
export { YamlDiffList } from './yaml-diff-list';
