import type { AlwaysAskClass, GateTool } from './always-ask';
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

/** Why an always-ask class forces a question (G2). */
export function alwaysAskReason(tool: GateTool, cls: AlwaysAskClass): string {
  if (cls === 'destructive') return `${tool.name} is destructive, so every call asks.`;
  if (cls === 'unclassified') return `${tool.name} has no classification, so every call asks.`;
  return `This ${tool.name} call would go live (it does not land as a draft), so it asks.`;
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
