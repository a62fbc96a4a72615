import type { CallFacts } from '../../tools/tool';
import { canonicalJson } from './payload-hash';
import type { Approval } from '../state/run-state-schema';

/** The configuration items a call's facts hold (`facts.settings`), or undefined. */
function settingsOf(facts: CallFacts): Record<string, unknown> | undefined {
  const settings = facts['settings'];
  if (!settings || typeof settings !== 'object' || Array.isArray(settings)) return undefined;
  return settings as Record<string, unknown>;
}

/**
 * G13 for configuration writes: the current values of the items the call changes, kept with
 * its card so that approval can tell whether someone changed them since.
 */
export function settingsStamp(facts: CallFacts): Pick<Approval, 'targetSettings'> {
  const settings = settingsOf(facts);
  return settings ? { targetSettings: settings } : {};
}

/**
 * G13: the items whose current value differs from the one the card was built with. A card
 * built without a stamp (before stamps were kept) counts every item as changed, so it is
 * refreshed once rather than approved blind.
 */
export function changedSettings(approval: Approval, facts: CallFacts): string[] {
  const now = settingsOf(facts);
  if (!now) return [];
  const then = approval.targetSettings;
  const keys = new Set([...Object.keys(now), ...Object.keys(then ?? {})]);
  return [...keys].filter(
    (key) => !then || !(key in then) || !(key in now) || same(then[key], now[key]) === false,
  );
}

function same(a: unknown, b: unknown): boolean {
  try {
    return canonicalJson(a) === canonicalJson(b);
  } catch {
    return false; // a value without a canonical form is never taken as unchanged
  }
}
