import type { CallFacts } from '../../tools/tool';

/** Statuses visitors never see: a write to an entity in one of them lands as a draft. */
export const DRAFT_STATUSES: ReadonlySet<string> = new Set(['draft', 'pending', 'auto-draft']);

/** Whether a status is one visitors never see. */
export function isDraftStatus(status: string | undefined): boolean {
  return status !== undefined && DRAFT_STATUSES.has(status);
}

/**
 * T2/G2 draft semantics: a write lands as a draft when the entity is draft, pending or
 * auto-draft now and stays so (`nextStatus`, when the call changes the status, is one of
 * those too). Without facts about the entity we cannot tell, so the write counts as live.
 */
export function landsAsDraft(facts: CallFacts, nextStatus?: string): boolean {
  const current = facts.entity?.status;
  if (!isDraftStatus(typeof current === 'string' ? current : undefined)) return false;
  return nextStatus === undefined || isDraftStatus(nextStatus);
}
