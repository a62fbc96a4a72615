/**
 * Loopback hosts are where the local WordPress stacks run. Only development (`wxt`, the dev
 * server) and test builds (COUNTERSIGN_LOOPBACK=1: `npm run build:test`, scripts/test-all.sh,
 * scripts/start.sh) may grant them at install or match content scripts on them; a
 * production build (`npm run build`, `npm run zip`, a bare `wxt build`) asks for every host
 * at run time like any site, so an installed release never reaches a local service
 * (a router, a dev server, another app's admin on 127.0.0.1) unasked.
 */
export const LOOPBACK_MATCHES = ['http://127.0.0.1/*', 'http://localhost/*'];

/** Whether this build may reach loopback hosts without asking. */
export function loopbackAllowed(command, env = process.env) {
  if (env.COUNTERSIGN_LOOPBACK !== undefined && !['0', '1'].includes(env.COUNTERSIGN_LOOPBACK)) {
    throw new Error(`COUNTERSIGN_LOOPBACK must be "1" or "0", got "${env.COUNTERSIGN_LOOPBACK}"`);
  }
  return command === 'serve' || env.COUNTERSIGN_LOOPBACK === '1';
}

/** A match pattern or origin on a loopback host (127.0.0.0/8, localhost, [::1]), any scheme. */
export function isLoopbackPattern(pattern) {
  const host = /^[a-z*]+:\/\/([^/]*)/i.exec(pattern)?.[1] ?? '';
  const name = host.replace(/:\d+$|:\*$/, '').toLowerCase();
  return name === 'localhost' || name === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(name);
}

/** Removes every loopback host permission and content-script match, in place. */
export function stripLoopback(manifest) {
  const keep = (patterns) => patterns?.filter((p) => !isLoopbackPattern(p));
  if (manifest.host_permissions) manifest.host_permissions = keep(manifest.host_permissions);
  for (const script of manifest.content_scripts ?? []) script.matches = keep(script.matches);
  manifest.content_scripts = manifest.content_scripts?.filter((s) => s.matches?.length);
  if (manifest.content_scripts?.length === 0) delete manifest.content_scripts;
  return manifest;
}

/** The loopback patterns a built manifest still holds (none for a production build). */
export function loopbackIn(manifest) {
  const all = [
    ...(manifest.host_permissions ?? []),
    ...(manifest.content_scripts ?? []).flatMap((s) => s.matches ?? []),
    ...(manifest.externally_connectable?.matches ?? []),
  ];
  return all.filter(isLoopbackPattern);
}
