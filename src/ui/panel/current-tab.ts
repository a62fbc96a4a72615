/**
 * The tab the panel serves: `?tabId=` when a notification or a test opened the panel page
 * for a given tab, otherwise the active tab of the panel's window (followed as it changes).
 * Its own small module: the panel's first script asks for the thread with it (issue 15).
 */
export async function currentTabId(): Promise<number | undefined> {
  const fromUrl = Number(new URLSearchParams(location.search).get('tabId'));
  if (Number.isInteger(fromUrl) && fromUrl > 0) return fromUrl;
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}
