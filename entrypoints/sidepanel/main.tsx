import { currentTabId } from '@/src/ui/panel/current-tab';
import { askTabStateEarly } from '@/src/ui/panel/early-tab-state';
import { openEarly } from '@/src/ui/panel/thread/early-port';
import '@/src/ui/styles.css';

// Issue 15: the tab's state and thread are asked for first, from this small script; the
// panel's code loads while the background answers.
void currentTabId().then((tabId) => {
  if (tabId === undefined) return;
  openEarly(tabId);
  askTabStateEarly(tabId);
});
void import('./panel');
