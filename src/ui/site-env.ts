/** What panel components need to know about the site beside them. */
export interface SiteEnv {
  /** The admin page's origin: images load only from here, admin links stay here. */
  origin?: string;
  /** `https://site/wp-admin/`: relative admin links resolve against it. */
  adminUrl?: string;
  /** The admin tab the panel serves: admin links open in it. */
  tabId?: number;
}

/** Whether `url` is a page of the site's admin (then it opens in the admin tab). */
export function isAdminLink(url: string, site: SiteEnv): boolean {
  if (!site.adminUrl) return false;
  try {
    const target = new URL(url);
    const admin = new URL(site.adminUrl);
    return target.origin === admin.origin && target.pathname.startsWith(admin.pathname);
  } catch {
    return false;
  }
}

/**
 * Sends the admin tab to `url` when it is a page of the site's admin; returns false (and
 * does nothing) otherwise, so the caller lets the link open in a new tab.
 */
export function openInAdminTab(url: string, site: SiteEnv): boolean {
  if (site.tabId === undefined || !isAdminLink(url, site)) return false;
  void chrome.tabs.update(site.tabId, { url });
  return true;
}

/** Image origins a sanitized view may load from: the site's own. */
export function imageOrigins(site: SiteEnv): string[] {
  return site.origin ? [site.origin] : [];
}
