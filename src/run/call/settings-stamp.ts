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
 * its card so that approval can tell whether someone changed them since, and their hash,
 * which goes into the card's stamp (cardStamp).
 */
export async function settingsStamp(
  facts: CallFacts,
): Promise<Pick<Approval, 'targetSettings' | 'settingsHash'>> {
  const settings = settingsOf(facts);
  if (!settings) return {};
  return { targetSettings: settings, settingsHash: await hashOf(settings) };
}

/**
 * G7, G13, G15: the stamp a card carries and a decision must send back: the target's
 * `modified` for entities, and for configuration writes the hash of the current values of
 * the items the call touches, so every target's stamp changes when the target changes. A
 * site keeps a second approver's decision only for an offer with the same stamp.
 */
export function cardStamp(approval: Approval): string | null {
  if (!approval.settingsHash) return approval.targetModified;
  const settings = `settings:${approval.settingsHash}`;
  return approval.targetModified === null ? settings : `${approval.targetModified}|${settings}`;
}

async function hashOf(settings: Record<string, unknown>): Promise<string> {
  let text: string;
  try {
    text = canonicalJson(settings);
  } catch {
    // No canonical form: a stamp that matches no other, so no old decision fits it.
    text = crypto.randomUUID();
  }
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
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
