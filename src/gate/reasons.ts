import type { AlwaysAskClass, GateTool } from './always-ask';
import { approversLabel, type SecondApproverRequirement } from './approver-policy';
import type { ResolvedEntry } from './merge-policies';

/** The source of an entry in words: "the managed policy", "the admin policy". */
function sourceLabel(entry: ResolvedEntry): string {
  if (entry.source === 'managed') return 'The managed policy';
  if (entry.source === 'site') return "This site's policy";
  if (entry.source === 'admin') return 'The admin policy';
  return 'The default';
}

/** Why a call is refused (the model reads this as the tool error). */
export function denyReason(tool: GateTool, entry: ResolvedEntry): string {
  if (entry.failedClosed) {
    return `This site's policy could not be read where it sets ${entry.entry === '*' ? 'every tool' : tool.name}, and what could be read refuses it, so ${tool.name} is refused until an admin fixes the site's rules.`;
  }
  return `${sourceLabel(entry)} does not allow ${tool.name} (entry "${entry.entry}").`;
}

/**
 * Why an always-ask class forces a question (G2). When the site's rule would have let the
 * call run, the reason says so: the site asked for it, and G2 still asks.
 */
export function alwaysAskReason(
  tool: GateTool,
  cls: AlwaysAskClass,
  entry?: ResolvedEntry,
): string {
  const why =
    cls === 'destructive'
      ? `${tool.name} is destructive, so every call asks.`
      : cls === 'unclassified'
        ? `${tool.name} has no classification, so every call asks.`
        : `This ${tool.name} call would go live (it does not land as a draft), so it asks.`;
  if (entry?.source !== 'site' || entry.mode === 'ask' || entry.mode === 'deny') return why;
  const rule = entry.entry === '*' ? 'for every tool' : `for ${tool.name}`;
  return `The site's rule ${rule} would let it run, but a site can never switch this question off: ${why}`;
}

/** Why a call waits for a second approver (G15). */
export function secondApproverReason(tool: GateTool, need: SecondApproverRequirement): string {
  if ('unknown' in need) {
    return `Waiting: the site may require a second approver for ${tool.name}, and its rules could not be read just now. Nothing runs until they can be read.`;
  }
  return `The site requires a second approver for ${tool.name} (${approversLabel(need.capability)}); you asked for it, so you cannot approve it yourself.`;
}

/** Why the policy entry (or default) asks. */
export function entryAskReason(tool: GateTool, entry: ResolvedEntry): string {
  if (entry.failedClosed) {
    return `This site's rules for Countersign could not be read${entry.entry === '*' ? '' : ` for ${tool.name}`}, so this call asks for approval until an admin fixes them.`;
  }
  if (entry.source === 'default') {
    return `${tool.name} has a side effect, and by default nothing with one runs unasked.`;
  }
  if (entry.mode === 'once') {
    return `${sourceLabel(entry)} asks for the first ${tool.name} call in each thread (entry "${entry.entry}").`;
  }
  return `${sourceLabel(entry)} asks for every ${tool.name} call (entry "${entry.entry}").`;
}

/** Why an untrusted thread asks although the policy would approve (S2, G4). */
export function untrustedReason(byRule: boolean): string {
  const what = byRule
    ? 'auto-approval rules do not apply'
    : 'nothing that goes live is approved automatically';
  return `This thread holds words others may have written, so ${what}.`;
}
