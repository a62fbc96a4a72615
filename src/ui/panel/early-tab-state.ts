/** The background's answers to the panel's first script, by tab and kind, taken once. */
const answers = new Map<string, Promise<unknown>>();
const key = (tabId: number, quick: boolean) => `${tabId}:${quick ? 'quick' : 'full'}`;

/** The `tab-state-get` request the panel sends (quick: what the background knows now). */
export function requestTabState(tabId: number, quick: boolean): Promise<unknown> {
  return chrome.runtime.sendMessage({ type: 'tab-state-get', tabId, ...(quick ? { quick } : {}) });
}

/**
 * Issue 15: asks for the tab's state, quick and full, from the panel's first script, so the
 * answers are there when the panel's code has loaded. Only raw answers are kept: the tab
 * model validates them when it takes them ({@link takeTabState}).
 */
export function askTabStateEarly(tabId: number): void {
  for (const quick of [true, false]) {
    const answer = requestTabState(tabId, quick);
    answer.catch(() => undefined); // read by the tab model, which says what went wrong
    answers.set(key(tabId, quick), answer);
  }
}

/** The early answer for the tab (once), else a new request. */
export function takeTabState(tabId: number, quick: boolean): Promise<unknown> {
  const early = answers.get(key(tabId, quick));
  answers.delete(key(tabId, quick));
  return early ?? requestTabState(tabId, quick);
}
