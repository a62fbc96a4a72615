import type { Browser } from 'wxt/browser';

type Manifest = Browser.runtime.Manifest;
/** The loopback match patterns of the local stacks. */
export const LOOPBACK_MATCHES: string[];
/** Whether this build may reach loopback hosts without asking (dev server or COUNTERSIGN_LOOPBACK=1). */
export function loopbackAllowed(command: string, env?: Record<string, string | undefined>): boolean;
/** A match pattern or origin on a loopback host. */
export function isLoopbackPattern(pattern: string): boolean;
/** Removes every loopback host permission and content-script match, in place. */
export function stripLoopback<M extends Manifest>(manifest: M): M;
/** The loopback patterns a built manifest still holds. */
export function loopbackIn(manifest: Manifest): string[];
