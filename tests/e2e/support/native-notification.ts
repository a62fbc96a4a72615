import { execFileSync } from 'node:child_process';

/**
 * Chromium's own notification popups, which no page, CDP or Playwright API can reach. In
 * a real window under Xvfb (no desktop notification service), Chromium draws each
 * notification as a small top-level X window at the bottom right of the screen; xdotool
 * finds it by size and clicks it as a person would, which fires
 * `chrome.notifications.onClicked` in the extension.
 */
interface XWindow {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

function visibleWindows(): XWindow[] {
  let ids: string[];
  try {
    ids = execFileSync('xdotool', ['search', '--onlyvisible', '--name', '.*'])
      .toString()
      .trim()
      .split('\n')
      .filter(Boolean);
  } catch {
    return []; // xdotool exits 1 when nothing matches
  }
  return ids.flatMap((id) => {
    try {
      const shell = execFileSync('xdotool', ['getwindowgeometry', '--shell', id]).toString();
      const v = Object.fromEntries(
        shell
          .trim()
          .split('\n')
          .map((line) => line.split('=')),
      );
      return [{ id, x: +v.X, y: +v.Y, width: +v.WIDTH, height: +v.HEIGHT }];
    } catch {
      return []; // the window went away meanwhile
    }
  });
}

/** The X screen's size (xdotool getdisplaygeometry: "WIDTH HEIGHT"). */
function screenSize(): { width: number; height: number } {
  const [width, height] = execFileSync('xdotool', ['getdisplaygeometry'])
    .toString()
    .trim()
    .split(/\s+/)
    .map(Number);
  return { width: width ?? 0, height: height ?? 0 };
}

/**
 * Waits for a notification popup and returns it: a small window whose bottom right is near
 * the screen's, where Chromium stacks them. Other small windows (a bubble of the browser's
 * own, a tooltip) sit elsewhere; one of them was once clicked instead. The popup is returned
 * once it has kept its place for 300 ms: a popup still sliding in is not yet clickable.
 */
export async function waitForNotificationPopup(timeoutMs = 20_000): Promise<XWindow> {
  if (!process.env.DISPLAY) {
    throw new Error('notification popups need a display (a headful test gets its own Xvfb)');
  }
  const screen = screenSize();
  const CORNER = 120; // px from the screen's right and bottom edges
  const deadline = Date.now() + timeoutMs;
  const place = (w: XWindow) => `${w.id} ${w.x} ${w.y} ${w.width} ${w.height}`;
  let seen: { place: string; since: number } | null = null;
  while (Date.now() < deadline) {
    const popup = visibleWindows().find(
      (w) =>
        w.width >= 200 &&
        w.width <= 420 &&
        w.height >= 40 &&
        w.height <= 200 &&
        screen.width - (w.x + w.width) <= CORNER &&
        screen.height - (w.y + w.height) <= CORNER,
    );
    if (!popup) seen = null;
    else if (seen?.place !== place(popup)) seen = { place: place(popup), since: Date.now() };
    else if (Date.now() - seen.since >= 300) return popup;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no notification popup appeared at the bottom right of the screen');
}

/** Clicks a popup on its text (left part: clear's × and settings sit at the top right). */
export function clickPopup(popup: XWindow): void {
  execFileSync('xdotool', [
    'mousemove',
    String(popup.x + Math.round(popup.width * 0.3)),
    String(popup.y + Math.round(popup.height * 0.6)),
    'click',
    '1',
  ]);
}

/** Saves the whole X screen (the popup is outside every page) as a PNG. */
export function screenshotScreen(path: string): void {
  execFileSync('import', ['-window', 'root', path]);
}
