import type { AlwaysAskClass, GateTool } from './always-ask';
import { approversLabel, type SecondApproverRequirement } from './approver-policy';
import type { ResolvedEntry } from './merge-policies';
import { t } from '../i18n';

/** The source of an entry in words: "the managed policy", "the admin policy". */
function sourceLabel(entry: ResolvedEntry): string {
  if (entry.source === 'managed') return 'The managed policy';
  if (entry.source === 'site') return "This site's policy";
  if (entry.source === 'admin') return 'The admin policy';
  return 'The default';
}

/**
 * Why a call is refused. The model reads this as the tool error and the audit record keeps it
 * as the outcome, so it stays English (issue 37: what the model reads is not translated).
 */
export function denyReason(tool: GateTool, entry: ResolvedEntry): string {
  if (entry.failedClosed) {
    return `This site's policy could not be read where it sets ${entry.entry === '*' ? 'every tool' : tool.name}, and what could be read refuses it, so ${tool.name} is refused until an admin fixes the site's rules.`;
  }
  return `${sourceLabel(entry)} does not allow ${tool.name} (entry "${entry.entry}").`;
}

/** The tool as a card's reason names it: the words a person knows it by. */
function named(tool: GateTool): string {
  return tool.label ?? tool.name;
}

/**
 * Why an always-ask class forces a question (G2). When the site's rule would have let the
 * call run, the reason says so: the site asked for it, and G2 still asks. The person reads
 * this on the card, so it is in their language (issue 37).
 */
export function alwaysAskReason(
  tool: GateTool,
  cls: AlwaysAskClass,
  entry?: ResolvedEntry,
): string {
  const why =
    cls === 'destructive'
      ? t('worker.reason.alwaysAsk.destructive', { tool: named(tool) })
      : cls === 'unclassified'
        ? t('worker.reason.alwaysAsk.unclassified', { tool: named(tool) })
        : t('worker.reason.alwaysAsk.live', { tool: named(tool) });
  if (entry?.source !== 'site' || entry.mode === 'ask' || entry.mode === 'deny') return why;
  return entry.entry === '*'
    ? t('worker.reason.alwaysAsk.siteAllAllowed', { why })
    : t('worker.reason.alwaysAsk.siteToolAllowed', { tool: named(tool), why });
}

/** Why a call waits for a second approver (G15), on the card. */
export function secondApproverReason(tool: GateTool, need: SecondApproverRequirement): string {
  if ('unknown' in need) return t('worker.reason.second.unknown', { tool: named(tool) });
  return t('worker.reason.second.required', {
    tool: named(tool),
    approvers: approversLabel(need.capability),
  });
}

/** Why the policy entry (or default) asks, on the card. */
export function entryAskReason(tool: GateTool, entry: ResolvedEntry): string {
  if (entry.failedClosed) {
    return entry.entry === '*'
      ? t('worker.reason.entry.unreadableAll')
      : t('worker.reason.entry.unreadableTool', { tool: named(tool) });
  }
  if (entry.source === 'default') return t('worker.reason.entry.default', { tool: named(tool) });
  const params = {
    tool: named(tool),
    entry: t(entry.entry === '*' ? 'worker.reason.entry.anyTool' : 'worker.reason.entry.thisTool'),
  };
  return entry.mode === 'once'
    ? t(`worker.reason.entry.once.${entry.source}`, params)
    : t(`worker.reason.entry.every.${entry.source}`, params);
}

/** Why an untrusted thread asks although the policy would approve (S2, G4), on the card. */
export function untrustedReason(byRule: boolean): string {
  return byRule ? t('worker.reason.untrusted.rules') : t('worker.reason.untrusted.live');
}
