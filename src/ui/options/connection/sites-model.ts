import { signal } from '@preact/signals';

/** One origin the extension may act on; built-in ones come with the install (loopback). */
export interface SiteGrant {
  pattern: string;
  label: string;
  builtIn: boolean;
}

export const sites = signal<SiteGrant[] | null>(null);
export const sitesMessage = signal<{ kind: 'ok' | 'error'; text: string } | null>(null);

/** `http://127.0.0.2:8885/*` as `http://127.0.0.2:8885`; a host without port as "any port". */
function labelOf(pattern: string): string {
  const match = /^(\w+):\/\/([^/]+)\/\*$/.exec(pattern);
  if (!match) return pattern;
  const [, scheme, host] = match;
  return host?.includes(':') ? `${scheme}://${host}` : `${scheme}://${host} (any port)`;
}

/** Reads the granted host permissions; those in the manifest are built in. */
export async function loadSites(): Promise<void> {
  const builtIn = new Set(chrome.runtime.getManifest().host_permissions ?? []);
  const { origins = [] } = await chrome.permissions.getAll();
  sites.value = origins
    .map((pattern) => ({ pattern, label: labelOf(pattern), builtIn: builtIn.has(pattern) }))
    .sort((a, b) => Number(b.builtIn) - Number(a.builtIn) || a.label.localeCompare(b.label));
}

/** Revokes a granted site; Countersign stops reading and acting on it at once. */
export async function revokeSite(site: SiteGrant): Promise<void> {
  try {
    const removed = await chrome.permissions.remove({ origins: [site.pattern] });
    sitesMessage.value = removed
      ? {
          kind: 'ok',
          text: `Access to ${site.label} was revoked. Grant it again from the side panel on that site.`,
        }
      : { kind: 'error', text: `The browser kept access to ${site.label}.` };
  } catch {
    sitesMessage.value = { kind: 'error', text: `Access to ${site.label} cannot be revoked here.` };
  }
  await loadSites();
}

/** Keeps the list current when access is granted or revoked elsewhere. */
export function followSites(): () => void {
  const refresh = () => void loadSites();
  chrome.permissions.onAdded.addListener(refresh);
  chrome.permissions.onRemoved.addListener(refresh);
  refresh();
  return () => {
    chrome.permissions.onAdded.removeListener(refresh);
    chrome.permissions.onRemoved.removeListener(refresh);
  };
}
