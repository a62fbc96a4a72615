import { WILDCARD } from '../gate';

/**
 * G2: the words an admin types to turn on the `"*": "allow"` opt-in. It is the only thing
 * that lifts the always-ask classes, so it is never a click away.
 */
export const WILDCARD_ALLOW_PHRASE = 'allow every call without asking';

/** Whether a policy holds the `"*": "allow"` opt-in. */
export function hasWildcardAllow(policy: Readonly<Record<string, { mode: string }>>): boolean {
  return Object.hasOwn(policy, WILDCARD) && policy[WILDCARD]?.mode === 'allow';
}

/** Whether the typed text is the confirmation phrase (spaces around it and case ignored). */
export function confirmsWildcardAllow(text: string | undefined): boolean {
  return text?.trim().toLowerCase() === WILDCARD_ALLOW_PHRASE;
}
